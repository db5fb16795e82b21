/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * route_files.c - OpenSM's CN, I/O and node-name-map files and the dump
 * file for `osmcloud route` (see route_files.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "io/guidfile.h"
#include "route/route_dump.h"
#include "route_files.h"

static int load_list(const char *opt, const char *path, uint64_t **guids,
		     size_t *count)
{
	struct oc_err err;

	if (!path || !oc_guid_list_load(path, guids, count, &err))
		return 0;
	fprintf(stderr, "osmcloud route: %s: %s\n", opt, err.msg);
	return -1;
}

int route_files_load(struct route_files *rf, const struct oc_engine *e,
		     struct oc_engine_input *in)
{
	struct oc_err err;

	if (load_list("--cn-guids", rf->cn, &rf->cn_guids, &in->cas.num_cn) ||
	    load_list("--io-guids", rf->io, &rf->io_guids, &in->cas.num_io))
		return -1;
	in->cas.cn = rf->cn_guids;
	in->cas.io = rf->io_guids;
	if (!oc_engine_uses_ca_lists(e))
		memset(&in->cas, 0, sizeof(in->cas));
	if (rf->names_path &&
	    !(rf->names = oc_name_map_load(rf->names_path, &err))) {
		fprintf(stderr, "osmcloud route: --node-name-map: %s\n",
			err.msg);
		return -1;
	}
	return 0;
}

int route_files_dump(const struct route_files *rf, const char *engine,
		     const struct oc_engine_input *in,
		     const struct oc_lfts *lfts)
{
	struct oc_ftree_opts ft = {in->root_guids, in->num_roots, in->cas};
	char roots_from[4200];
	struct oc_route_dump_info info = {
		.engine = engine,
		.version = PACKAGE_VERSION,
		.ft = &ft,
		.vms = in->vms,
		.names = rf->names,
	};
	struct oc_err err;

	if (!rf->dump)
		return 0;
	if (rf->roots) {
		snprintf(roots_from, sizeof(roots_from), "roots=%s", rf->roots);
		info.roots_from = roots_from;
	}
	if (!oc_route_dump_save(rf->dump, in->f, lfts, &info, &err))
		return 0;
	fprintf(stderr, "osmcloud route: --dump: %s\n", err.msg);
	return -1;
}

void route_files_free(struct route_files *rf)
{
	free(rf->cn_guids);
	free(rf->io_guids);
	oc_name_map_free(rf->names);
}
