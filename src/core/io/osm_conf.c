/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osm_conf.c - the lines of an opensm.conf osmcloud reads (osm_conf.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "base/textscan.h"
#include "io/osm_conf.h"

static const char *const key_names[OC_CONF_NUM_KEYS] = {
	[OC_CONF_EVENT_PLUGIN_NAME] = "event_plugin_name",
	[OC_CONF_EVENT_PLUGIN_OPTIONS] = "event_plugin_options",
	[OC_CONF_ROUTING_ENGINE] = "routing_engine",
	[OC_CONF_ROOT_GUID_FILE] = "root_guid_file",
	[OC_CONF_CN_GUID_FILE] = "cn_guid_file",
	[OC_CONF_IO_GUID_FILE] = "io_guid_file",
	[OC_CONF_NODE_NAME_MAP_NAME] = "node_name_map_name",
	[OC_CONF_DUMP_FILES_DIR] = "dump_files_dir",
};

const char *oc_osm_conf_key_name(enum oc_osm_conf_key key)
{
	return key < OC_CONF_NUM_KEYS ? key_names[key] : "?";
}

/* The value as OpenSM's clean_val() leaves it, in place. */
static char *clean_value(char *v)
{
	char *end;

	while (isspace((unsigned char)*v))
		v++;
	if (!*v)
		return v;
	end = v + strlen(v) - 1;
	while (end > v && isspace((unsigned char)*end))
		end--;
	end[1] = '\0';
	if (end > v &&
	    ((*v == '"' && *end == '"') || (*v == '\'' && *end == '\''))) {
		v++;
		*end = '\0';
	}
	return v;
}

/* One line: the key it sets, if one of ours. */
static int take_line(struct oc_osm_conf *conf, char *line, unsigned no)
{
	char *hash = strchr(line, '#'), *key, *rest = NULL, *value;
	unsigned k;

	if (hash)
		*hash = '\0';
	key = strtok_r(line, " \t\r\n", &rest);
	if (!key)
		return 0;
	for (k = 0; k < OC_CONF_NUM_KEYS; k++)
		if (!strcmp(key, key_names[k]))
			break;
	if (k == OC_CONF_NUM_KEYS)
		return 0;
	value = clean_value(rest ? rest : (char *)"");
	free(conf->value[k]);
	conf->value[k] = NULL;
	conf->line[k] = no;
	if (!strcmp(value, "(null)"))
		return 0;
	conf->value[k] = strdup(value);
	return conf->value[k] ? 0 : -1;
}

int oc_osm_conf_load(struct oc_osm_conf *conf, const char *path,
		     struct oc_err *err)
{
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	unsigned no = 0;
	int ret = 0;

	memset(conf, 0, sizeof(*conf));
	if (!in)
		return -1;
	while (!ret && (len = oc_getline(&line, &cap, in)) >= 0) {
		no++;
		if (len > OC_CONF_LINE_MAX + 1 && !conf->long_line)
			conf->long_line = no;
		ret = take_line(conf, line, no);
	}
	free(line);
	if (!ret)
		ret = oc_read_to_end(in, path, no + 1, err);
	else
		oc_err_set(err, "%s: out of memory", path);
	fclose(in);
	if (ret)
		oc_osm_conf_free(conf);
	return ret;
}

void oc_osm_conf_free(struct oc_osm_conf *conf)
{
	unsigned k;

	for (k = 0; k < OC_CONF_NUM_KEYS; k++)
		free(conf->value[k]);
	memset(conf, 0, sizeof(*conf));
}
