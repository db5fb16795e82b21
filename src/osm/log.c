/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * log.c - the one door of the plugin's messages into opensm's log (see
 * log.h): every line bounded before OpenSM formats it.
 */
#include <stdarg.h>

#include "base/clip.h"
#include "log.h"

void oc_osm_log_line(osm_log_t *log, osm_log_level_t level, const char *func,
		     const char *fmt, ...)
{
	char line[OC_LOG_LINE_MAX];
	va_list ap;

	if (!osm_log_is_active(log, level))
		return;
	va_start(ap, fmt);
	oc_vformat_clipped(line, sizeof(line), fmt, ap);
	va_end(ap);
	osm_log(log, level, "%s: %s\n", func, line);
}
