/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osm_conf.h - the lines of an opensm.conf that concern osmcloud, read
 * the way OpenSM 3.3.23 reads them (osm_subnet.c
 * osm_subn_parse_conf_file()): '#' starts a comment anywhere on a line,
 * the key is the first word, the value the rest of the line without
 * leading and trailing blanks and one pair of enclosing quotes, the last
 * line of a key wins, and "(null)" means unset.  OpenSM reads a line in
 * pieces of 1022 characters: a longer line is reported (long_line).
 */
#ifndef OC_IO_OSM_CONF_H
#define OC_IO_OSM_CONF_H

#include "base/error.h"

/* The keys kept, in this order. */
enum oc_osm_conf_key {
	OC_CONF_EVENT_PLUGIN_NAME,
	OC_CONF_EVENT_PLUGIN_OPTIONS,
	OC_CONF_ROUTING_ENGINE,
	OC_CONF_ROOT_GUID_FILE,
	OC_CONF_CN_GUID_FILE,
	OC_CONF_IO_GUID_FILE,
	OC_CONF_NODE_NAME_MAP_NAME,
	OC_CONF_DUMP_FILES_DIR,
	OC_CONF_NUM_KEYS
};

/* OpenSM reads at most this many characters of a line at once. */
#define OC_CONF_LINE_MAX 1022

struct oc_osm_conf {
	char *value[OC_CONF_NUM_KEYS];	 /* NULL: not given, or "(null)" */
	unsigned line[OC_CONF_NUM_KEYS]; /* of the line that set it, 0: none */
	unsigned long_line; /* first line longer than OC_CONF_LINE_MAX, 0 */
};

/* The name of key in opensm.conf ("event_plugin_options"). */
const char *oc_osm_conf_key_name(enum oc_osm_conf_key key);

/* Reads path into conf (zeroed first); -1 with err naming the file when
 * it cannot be read. */
int oc_osm_conf_load(struct oc_osm_conf *conf, const char *path,
		     struct oc_err *err);
void oc_osm_conf_free(struct oc_osm_conf *conf);

#endif
