/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * config_conf.c - the opensm.conf lines of `osmcloud config check`
 * (config_conf.h).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config_conf.h"
#include "io/guidfile.h"
#include "io/node_name_map.h"
#include "base/path_check.h"
#include "route/engine.h"

/* OpenSM 3.3.23's own engines (osm_opensm.c static_routing_modules) and
 * the word that stops its fallback to minhop. */
static const char *const opensm_engines[] = {
	"minhop",     "updn", "dnup",	"file", "ftree", "lash",	"dor",
	"torus-2QoS", "nue",  "dfsssp", "sssp", "none",	 "no_fallback", NULL,
};

static int is_opensm_engine(const char *name)
{
	const char *const *e;

	for (e = opensm_engines; *e; e++)
		if (!strcmp(*e, name))
			return 1;
	return 0;
}

static const char *conf_value(const struct oc_osm_conf *conf,
			      enum oc_osm_conf_key key)
{
	return conf->value[key];
}

/* As OpenSM's load_plugins() splits the names: the first ends at a
 * blank or a comma, the next ones at blanks only, so "a,b c,d" loads
 * "a", "b" and "c,d" (one name, which no library has). */
static void check_plugin_name(struct config_report *r, const char *path,
			      const struct oc_osm_conf *conf)
{
	const char *names = conf_value(conf, OC_CONF_EVENT_PLUGIN_NAME);
	unsigned line = conf->line[OC_CONF_EVENT_PLUGIN_NAME];
	char *copy, *name, *save = NULL;
	int found = 0;

	if (!names) {
		config_problem(r,
			       "%s: no event_plugin_name line: opensm does not "
			       "load the plugin (add: event_plugin_name "
			       "osmcloud)",
			       path);
		return;
	}
	copy = strdup(names);
	for (name = copy ? strtok_r(copy, ", \t", &save) : NULL; name;
	     name = strtok_r(NULL, " \t", &save)) {
		if (strchr(name, ','))
			config_problem(r,
				       "%s:%u: event_plugin_name: opensm reads "
				       "\"%s\" as one plugin name: separate "
				       "plugin names with blanks",
				       path, line, name);
		else if (!strcmp(name, "osmcloud"))
			found = 1;
	}
	free(copy);
	if (found)
		config_checked(r, "event_plugin_name: opensm loads "
				  "libosmcloud.so");
	else
		config_problem(r,
			       "%s:%u: event_plugin_name \"%s\" does not name "
			       "osmcloud: opensm does not load the plugin",
			       path, line, names);
}

/* Each engine of routing_engine is osmcloud's or OpenSM's. */
static void check_engines(struct config_report *r, const char *path,
			  const struct oc_osm_conf *conf)
{
	const char *list = conf_value(conf, OC_CONF_ROUTING_ENGINE);
	unsigned line = conf->line[OC_CONF_ROUTING_ENGINE];
	char *copy, *name, *save = NULL;
	int ours = 0;

	if (!list) {
		config_note(r,
			    "%s: no routing_engine line: opensm routes with "
			    "minhop unless its command line gives -R (e.g. "
			    "routing_engine vswitch_ftree)",
			    path);
		return;
	}
	copy = strdup(list);
	for (name = copy ? strtok_r(copy, ", \t", &save) : NULL; name;
	     name = strtok_r(NULL, ", \t", &save)) {
		if (oc_engine_find(name))
			ours++;
		else if (!is_opensm_engine(name))
			config_problem(r,
				       "%s:%u: routing_engine: unknown engine "
				       "\"%s\": neither osmcloud's nor "
				       "OpenSM's (osmcloud-plugin(5), ENGINES)",
				       path, line, name);
	}
	free(copy);
	if (ours)
		config_checked(r, "routing_engine: %s", list);
	else
		config_note(r,
			    "%s:%u: routing_engine %s names none of osmcloud's "
			    "engines: the plugin loads but does not route",
			    path, line, list);
}

/* root_guid_file, cn_guid_file, io_guid_file: GUID lists (root GUIDs are
 * switches of f when there is one). */
static void check_guid_file(struct config_report *r,
			    const struct oc_osm_conf *conf,
			    enum oc_osm_conf_key key, const struct oc_fabric *f)
{
	const char *path = conf_value(conf, key);
	const char *name = oc_osm_conf_key_name(key);
	struct oc_err err;
	uint64_t *guids = NULL;
	size_t n = 0;
	int ret;

	if (!path)
		return;
	ret = f && key == OC_CONF_ROOT_GUID_FILE
		      ? oc_root_list_load(f, path, &guids, &n, &err)
		      : oc_guid_list_load(path, &guids, &n, &err);
	if (ret)
		config_problem(r, "%s: %s", name, err.msg);
	else
		config_checked(r, "%s: %zu GUIDs in %s", name, n, path);
	free(guids);
}

/* node_name_map_name: read with the plugin's own reader, so a line the
 * plugin would refuse is found before the restart. */
static void check_name_map(struct config_report *r,
			   const struct oc_osm_conf *conf)
{
	const char *path = conf_value(conf, OC_CONF_NODE_NAME_MAP_NAME);
	struct oc_name_map *map;
	struct oc_err err;

	if (!path)
		return;
	map = oc_name_map_load(path, &err);
	if (!map) {
		config_problem(r, "node_name_map_name: %s", err.msg);
		return;
	}
	config_checked(r, "node_name_map_name: %u names in %s",
		       oc_name_map_count(map), path);
	oc_name_map_free(map);
}

static void check_dump_dir(struct config_report *r,
			   const struct oc_osm_conf *conf)
{
	const char *path = conf_value(conf, OC_CONF_DUMP_FILES_DIR);
	struct stat st;

	if (!path)
		return;
	if (stat(path, &st) || !S_ISDIR(st.st_mode))
		config_problem(r,
			       "dump_files_dir: %s is not a folder: opensm and "
			       "the plugin cannot write their dump files",
			       path);
	else
		config_checked(r, "dump_files_dir: %s is a folder", path);
}

void config_check_conf(struct config_report *r, const char *path,
		       const struct oc_osm_conf *conf,
		       const struct oc_fabric *f)
{
	if (conf->long_line)
		config_problem(r,
			       "%s:%u: longer than %d characters: opensm reads "
			       "the rest as a line of its own",
			       path, conf->long_line, OC_CONF_LINE_MAX);
	check_plugin_name(r, path, conf);
	check_engines(r, path, conf);
	check_guid_file(r, conf, OC_CONF_ROOT_GUID_FILE, f);
	check_guid_file(r, conf, OC_CONF_CN_GUID_FILE, f);
	check_guid_file(r, conf, OC_CONF_IO_GUID_FILE, f);
	check_name_map(r, conf);
	check_dump_dir(r, conf);
}
