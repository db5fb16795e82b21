/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osm_files.c - OpenSM's root_guid_file, cn_guid_file, io_guid_file and
 * node_name_map_name in the plugin (see osm_files.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/guidfile.h"
#include "routing/osm_files.h"

static int given(const char *path)
{
	return path && *path;
}

void oc_osm_files_names(struct oc_osm_files *fl,
			const struct oc_osm_file_opts *o,
			const struct oc_osm_log *log, const char *engine)
{
	struct oc_err err;

	oc_name_map_free(fl->names);
	fl->names = NULL;
	if (!given(o->node_name_map_name))
		return;
	fl->names = oc_name_map_load(o->node_name_map_name, &err);
	if (!fl->names)
		oc_osm_err(log, OC_ERR_INPUT,
			   "%s: OpenSM's node_name_map_name: %s; naming the "
			   "nodes by their descriptions",
			   engine, err.msg);
	else
		oc_osm_verbose(log, "%s: %u node names from %s", engine,
			       oc_name_map_count(fl->names),
			       o->node_name_map_name);
}

static void load_roots(struct oc_osm_files *fl, const char *path,
		       const struct oc_fabric *f, const struct oc_osm_log *log,
		       const char *engine)
{
	struct oc_err err;

	if (oc_root_list_load(f, path, &fl->roots, &fl->num_roots, &err)) {
		oc_osm_err(log, OC_ERR_INPUT,
			   "%s: OpenSM's root_guid_file: %s; detecting the "
			   "roots instead",
			   engine, err.msg);
		return;
	}
	snprintf(fl->roots_from, sizeof(fl->roots_from), "root_guid_file=%s",
		 path);
	oc_osm_info(log, "%s: roots: %zu GUIDs from OpenSM's root_guid_file %s",
		    engine, fl->num_roots, path);
}

/* roots= wins; root_guid_file when it is the only one. */
static void pick_roots(struct oc_osm_files *fl,
		       const struct oc_osm_file_opts *o,
		       const struct oc_osm_opts *opts,
		       const struct oc_fabric *f, const struct oc_osm_log *log,
		       const char *engine)
{
	if (!opts->roots_file) {
		if (given(o->root_guid_file))
			load_roots(fl, o->root_guid_file, f, log, engine);
		return;
	}
	snprintf(fl->roots_from, sizeof(fl->roots_from), "roots=%s",
		 opts->roots_file);
	if (given(o->root_guid_file))
		oc_osm_info(log,
			    "%s: roots: from the plugin's roots=%s; OpenSM's "
			    "root_guid_file %s is ignored (roots= wins)",
			    engine, opts->roots_file, o->root_guid_file);
}

static void load_list(const char *option, const char *what, const char *path,
		      uint64_t **guids, size_t *count,
		      const struct oc_osm_log *log, const char *engine)
{
	struct oc_err err;

	if (!given(path))
		return;
	if (oc_guid_list_load(path, guids, count, &err)) {
		oc_osm_err(log, OC_ERR_INPUT,
			   "%s: OpenSM's %s: %s; routing as if it were not "
			   "given",
			   engine, option, err.msg);
		return;
	}
	oc_osm_info(log, "%s: %zu %s GUIDs from OpenSM's %s %s", engine, *count,
		    what, option, path);
}

static void clear_lists(struct oc_osm_files *fl)
{
	free(fl->roots);
	free(fl->cn);
	free(fl->io);
	fl->roots = fl->cn = fl->io = NULL;
	fl->num_roots = fl->num_cn = fl->num_io = 0;
	fl->roots_from[0] = '\0';
}

void oc_osm_files_lists(struct oc_osm_files *fl,
			const struct oc_osm_file_opts *o,
			const struct oc_osm_opts *opts,
			const struct oc_fabric *f, const struct oc_osm_log *log,
			const char *engine)
{
	clear_lists(fl);
	pick_roots(fl, o, opts, f, log, engine);
	load_list("cn_guid_file", "compute node", o->cn_guid_file, &fl->cn,
		  &fl->num_cn, log, engine);
	load_list("io_guid_file", "I/O node", o->io_guid_file, &fl->io,
		  &fl->num_io, log, engine);
}

const uint64_t *oc_osm_roots_used(const struct oc_osm_files *fl,
				  const struct oc_osm_inputs *in,
				  const struct oc_osm_opts *opts, size_t *n)
{
	if (opts->roots_file) {
		*n = in->num_roots;
		return in->roots;
	}
	*n = fl->num_roots;
	return fl->roots;
}

void oc_osm_files_clear(struct oc_osm_files *fl)
{
	clear_lists(fl);
	oc_name_map_free(fl->names);
	fl->names = NULL;
}
