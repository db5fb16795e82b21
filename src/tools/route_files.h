/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * route_files.h - the OpenSM files `osmcloud route` reads as the plugin
 * does (--cn-guids, --io-guids: OpenSM's cn_guid_file and io_guid_file;
 * --node-name-map: node_name_map_name) and the dump file it writes as
 * the plugin does after a routing run (--dump, route/route_dump.h).
 */
#ifndef OC_TOOLS_ROUTE_FILES_H
#define OC_TOOLS_ROUTE_FILES_H

#include <stdint.h>

#include "io/node_name_map.h"
#include "model/lft.h"
#include "route/engine.h"

struct route_files {
	const char *cn, *io, *names_path, *dump; /* the options, or NULL */
	const char *roots;			 /* --roots, or NULL */
	uint64_t *cn_guids, *io_guids;
	struct oc_name_map *names;
};

/* Reads the files named into rf and gives the lists to in: 0, or -1
 * after the problem (file and line) on stderr. */
int route_files_load(struct route_files *rf, const struct oc_engine *e,
		     struct oc_engine_input *in);
/* Writes --dump when given: 0, or -1 after the problem on stderr. */
int route_files_dump(const struct route_files *rf, const char *engine,
		     const struct oc_engine_input *in,
		     const struct oc_lfts *lfts);
void route_files_free(struct route_files *rf);

#endif
