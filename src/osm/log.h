/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * log.h - osmcloud's messages in OpenSM's log.
 *
 * Every message goes through oc_osm_log_line(), so opensm's own log mask
 * (-D, -V) decides what is written; the plugin's log_level option can
 * only make osmcloud quieter (default: debug, i.e. no extra filter).
 * Errors always start with "ERR OCnn: " like OpenSM's own "ERR XXYY: ",
 * so that `grep ' ERR '` finds them.  A newline is appended.
 *
 * OpenSM formats a log line into a 4,096-byte buffer with vsprintf()
 * (a longer line overflows it: Debian's fortified opensm aborts), so no
 * format reaches OpenSM: the message is formatted here into at most
 * OC_LOG_LINE_MAX - 1 bytes, a longer one cut with "..." (base/clip.h),
 * and handed to osm_log() as "%s", after the function's name as
 * OSM_LOG() writes it.  A client's words echoed in a line are clipped
 * before (OC_LOG_ECHO_MAX).
 */
#ifndef OC_OSM_LOG_H
#define OC_OSM_LOG_H

#include <opensm/osm_log.h>

#include "log_level.h"

struct oc_osm_log {
	osm_log_t *osm; /* opensm's log */
	int level;	/* enum oc_osm_log_level */
};

/* Error codes used after "ERR " (one per kind of failure); each is
 * described in log_codes.c for osmcloud-plugin(5) (man_check.sh). */
#define OC_ERR_OPTIONS "OC01"  /* bad event_plugin_options */
#define OC_ERR_INPUT "OC02"    /* roots= / vms= / OpenSM's files */
#define OC_ERR_REGISTER "OC03" /* engine registration */
#define OC_ERR_NOMEM "OC04"    /* out of memory */
#define OC_ERR_SNAPSHOT "OC10" /* OpenSM subnet -> core fabric */
#define OC_ERR_ROUTE "OC11"    /* the core engine refused the fabric */
#define OC_ERR_OUTPUT "OC12"   /* OpenSM's tables, the dump file */
#define OC_ERR_PROMISE "OC13"  /* the tables break the engine's promise */

/* The longest message of one line, NUL included: well within OpenSM's
 * 4,096 bytes with its time stamp and the function's name. */
#define OC_LOG_LINE_MAX 2048
/* A client's words (a request, an answer) in a log line, JSON-quoted:
 * at most this many bytes, quotes included (io/json_out.h). */
#define OC_LOG_ECHO_MAX 256

/* Formats the message into OC_LOG_LINE_MAX bytes at most and writes
 * "func: message\n" to opensm's log at level when its mask allows. */
void oc_osm_log_line(osm_log_t *log, osm_log_level_t level, const char *func,
		     const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#define oc_osm_err(lg, code, fmt, ...)                                      \
	oc_osm_log_line((lg)->osm, OSM_LOG_ERROR, __func__, "ERR %s: " fmt, \
			code, ##__VA_ARGS__)

#define oc_osm_log_at(lg, ours, theirs, fmt, ...)                         \
	do {                                                              \
		if ((lg)->level >= (ours))                                \
			oc_osm_log_line((lg)->osm, theirs, __func__, fmt, \
					##__VA_ARGS__);                   \
	} while (0)

#define oc_osm_info(lg, fmt, ...) \
	oc_osm_log_at(lg, OC_OSM_LOG_INFO, OSM_LOG_INFO, fmt, ##__VA_ARGS__)
#define oc_osm_verbose(lg, fmt, ...)                                \
	oc_osm_log_at(lg, OC_OSM_LOG_VERBOSE, OSM_LOG_VERBOSE, fmt, \
		      ##__VA_ARGS__)
#define oc_osm_debug(lg, fmt, ...) \
	oc_osm_log_at(lg, OC_OSM_LOG_DEBUG, OSM_LOG_DEBUG, fmt, ##__VA_ARGS__)

#endif
