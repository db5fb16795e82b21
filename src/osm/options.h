/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * options.h - the plugin's options, from opensm's event_plugin_options.
 *
 * The option string is a blank-separated list of key=value words, e.g.
 *     event_plugin_options roots=/etc/opensm/roots.txt vms=/etc/opensm/vms.txt
 * The keys are the rows of oc_osm_opt_table: the plugin's parser,
 * `osmcloud config` (check and template) and the osmcloud-plugin(5) man
 * page all read that one table.  Unknown keys, keys given twice, empty
 * values and bad values are errors that name the key.
 */
#ifndef OC_OSM_OPTIONS_H
#define OC_OSM_OPTIONS_H

#include <stddef.h>

#include "base/error.h"

struct oc_osm_opts {
	char *roots_file;    /* root switch GUIDs, NULL: detect roots */
	char *vms_file;	     /* VM file, NULL: every active VF is a VM */
	char *state_file;    /* VM registry, NULL: none (vms_file rules) */
	char *ctl_socket;    /* control socket path, NULL: none */
	char *ctl_group;     /* its group (mode 0660), NULL: mode 0600 */
	char *policy_file;   /* isolation policies (pftree_ext), NULL: none */
	char *weights_file;  /* node weights (pftree_wt), NULL: all 1 */
	int log_level;	     /* enum oc_osm_log_level; default debug:
				   opensm's own log mask decides */
	int sa_path_caching; /* 1: raise the caching flag in PathRecords
				while the subnet keeps it true (saflag.h) */
	int keep_model;	     /* 1 (default): the VM commands keep their
				fabric model between them (kept_model.h) */
	int carry_tables;    /* 1 (default): a heavy sweep keeps the
				installed tables that still work (carry.h) */
};

/* How an option's value is read. */
enum oc_osm_opt_kind {
	OC_OSM_OPT_STRING, /* a path or a name, kept as given */
	OC_OSM_OPT_SWITCH, /* on or off */
	OC_OSM_OPT_LEVEL,  /* error, info, verbose or debug */
};

/* One option: what the parser needs and what people read (the man page,
 * the configuration template, the unknown-option message). */
struct oc_osm_opt_desc {
	const char *name;	   /* the key */
	const char *value;	   /* its syntax, e.g. "FILE", "on|off" */
	const char *def;	   /* the default, in words */
	const char *example;	   /* a value for the template */
	const char *what;	   /* one paragraph, plain text */
	enum oc_osm_opt_kind kind; /* how the value is read */
	size_t offset;		   /* its field in struct oc_osm_opts */
};

/* Where the packages keep the registry and the control socket (their
 * tmpfiles.d creates both): the template's and the man page's paths. */
#define OC_OSM_STATE_DIR "/var/lib/osmcloud"
#define OC_OSM_RUN_DIR "/run/osmcloud"
#define OC_OSM_STATE_NAME "vms.state"
#define OC_OSM_CTL_NAME "ctl.sock"

/* One line of opensm.conf the plugin reads or honours, described. */
struct oc_osm_conf_desc {
	const char *name;    /* the opensm.conf key */
	const char *example; /* a value for the template */
	const char *what;    /* one paragraph, plain text */
	int active;	     /* 1: the template sets it, 0: commented */
};

/* The opensm.conf lines, ended by a row with name NULL. */
extern const struct oc_osm_conf_desc oc_osm_conf_table[];

/* Every option, ended by a row with name NULL. */
extern const struct oc_osm_opt_desc oc_osm_opt_table[];

/* The row of key, NULL when unknown. */
const struct oc_osm_opt_desc *oc_osm_opt_find(const char *key);

/* Parses str (may be NULL or empty: all defaults) into opts.  On error
 * opts holds nothing that needs freeing and err names the key. */
int oc_osm_opts_parse(struct oc_osm_opts *opts, const char *str,
		      struct oc_err *err);
void oc_osm_opts_free(struct oc_osm_opts *opts);

/* "error", "info", "verbose" or "debug". */
const char *oc_osm_log_level_name(int level);

#endif
