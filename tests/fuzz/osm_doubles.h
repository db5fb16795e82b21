/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osm_doubles.h - what the request layer of the plugin (requests.c,
 * commands.c, smstate.c, opstats.c, log.c) calls of OpenSM and of the VM
 * operations, for fuzz_requests.c: OpenSM's osm_log() with its
 * 4,096-byte line, a port whose node has a hostile description, and VM
 * operations that must never run (a standby refuses them first).
 */
#ifndef OC_FUZZ_OSM_DOUBLES_H
#define OC_FUZZ_OSM_DOUBLES_H

#include <stddef.h>
#include <stdint.h>

/* OpenSM 3.3.23's log buffer (osm_log.c: LOG_ENTRY_SIZE_MAX). */
#define OSM_LOG_ENTRY_SIZE_MAX 4096

/* What osm_log() was given: lines formatted, the longest, its start. */
struct fuzz_log_seen {
	unsigned long lines;
	size_t longest;
};

extern struct fuzz_log_seen fuzz_log_seen;

/* The description of every node osm_get_port_by_guid() finds. */
void fuzz_osm_set_desc(const char *desc);

#endif
