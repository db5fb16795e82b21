/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * dump_out.c - the dump file of a routing run in dump_files_dir (see
 * dump_out.h).
 */
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "routing/dump_out.h"

void oc_osm_dump_out(const char *dir, const struct oc_fabric *f,
		     const struct oc_lfts *t,
		     const struct oc_route_dump_info *info,
		     const struct oc_osm_log *log)
{
	size_t n = dir ? strlen(dir) : 0;
	double start = oc_now_ms();
	char path[4096];
	struct oc_err err;

	if (!n)
		return;
	if ((size_t)snprintf(path, sizeof(path), "%s%s%s", dir,
			     dir[n - 1] == '/' ? "" : "/",
			     OC_ROUTE_DUMP_FILE) >= sizeof(path)) {
		oc_osm_err(log, OC_ERR_OUTPUT,
			   "%s: dump_files_dir %s: path too long for %s; the "
			   "routing is not affected",
			   info->engine, dir, OC_ROUTE_DUMP_FILE);
		return;
	}
	if (oc_route_dump_save(path, f, t, info, &err)) {
		oc_osm_err(log, OC_ERR_OUTPUT,
			   "%s: cannot write the dump file: %s; the routing is "
			   "not affected",
			   info->engine, err.msg);
		return;
	}
	oc_osm_info(log, "%s: dump: %s written in %.1f ms", info->engine, path,
		    oc_now_ms() - start);
}
