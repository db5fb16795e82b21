/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osm_files.h - OpenSM's own files the plugin's engines honour, named in
 * opensm.conf: root_guid_file, cn_guid_file, io_guid_file and
 * node_name_map_name.
 *
 * Read at every routing run, as OpenSM's ftree reads its files: an
 * edited file takes effect at the next heavy sweep or reroute.  A
 * missing or bad file is an ERR OC02 naming the option, the file and the
 * line, and turns its feature off for that run (roots detected, every CA
 * a compute node, the node descriptions as names): never the routing.
 *
 * Precedence: the plugin's own roots= wins over root_guid_file (an
 * administrator who gave the plugin its roots means them; OpenSM's file
 * may be there for ftree); each run logs at INFO which file gave the
 * roots and that the other was ignored.  The CN and I/O lists are given
 * to vswitch_ftree and sftree (analysis/ca_role.h); the partition-aware
 * engines route by partitions and do not use them.
 */
#ifndef OC_OSM_FILES_H
#define OC_OSM_FILES_H

#include <stddef.h>
#include <stdint.h>

#include "log.h"
#include "options.h"
#include "routing/inputs.h"
#include "io/node_name_map.h"
#include "model/fabric.h"

struct oc_osm_files {
	struct oc_name_map *names; /* NULL: none given, or a bad map */
	uint64_t *roots;	   /* root_guid_file's, when it is used */
	size_t num_roots;
	uint64_t *cn, *io; /* cn_guid_file's, io_guid_file's; NULL: none */
	size_t num_cn, num_io;
	/* where the roots came from, for the dump file: "roots=FILE",
	 * "root_guid_file=FILE", or "" (detected) */
	char roots_from[4200];
};

/* OpenSM's file options the plugin reads (osm_subn_opt_t's). */
struct oc_osm_file_opts {
	const char *root_guid_file, *cn_guid_file, *io_guid_file;
	const char *node_name_map_name;
};

/* The node name map, before the snapshot (which takes its names). */
void oc_osm_files_names(struct oc_osm_files *fl,
			const struct oc_osm_file_opts *o,
			const struct oc_osm_log *log, const char *engine);

/* The roots, CN and I/O lists, on the snapshot f (a root GUID must name
 * one of its physical switches, rule R6). */
void oc_osm_files_lists(struct oc_osm_files *fl,
			const struct oc_osm_file_opts *o,
			const struct oc_osm_opts *opts,
			const struct oc_fabric *f, const struct oc_osm_log *log,
			const char *engine);

void oc_osm_files_clear(struct oc_osm_files *fl);

/* The roots the engines and the VM commands use: roots= (inputs), else
 * root_guid_file's of the last routing run, else NULL (detected).
 * Under OpenSM's lock, which every routing run holds. */
const uint64_t *oc_osm_roots_used(const struct oc_osm_files *fl,
				  const struct oc_osm_inputs *in,
				  const struct oc_osm_opts *opts, size_t *n);

#endif
