/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * options.h - the plugin's options, from opensm's event_plugin_options.
 *
 * The option string is a blank-separated list of key=value words, e.g.
 *     event_plugin_options roots=/etc/opensm/roots.txt vms=/etc/opensm/vms.txt
 * Keys: roots, vms, state, ctl, ctl_group, policy, weights, log_level,
 * sa_path_caching, carry_tables.  Unknown keys, keys given
 * twice, empty values and bad values are errors that name the key.
 */
#ifndef OC_OSM_OPTIONS_H
#define OC_OSM_OPTIONS_H

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

/* Parses str (may be NULL or empty: all defaults) into opts.  On error
 * opts holds nothing that needs freeing and err names the key. */
int oc_osm_opts_parse(struct oc_osm_opts *opts, const char *str,
		      struct oc_err *err);
void oc_osm_opts_free(struct oc_osm_opts *opts);

/* "error", "info", "verbose" or "debug". */
const char *oc_osm_log_level_name(int level);

#endif
