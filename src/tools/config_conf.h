/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * config_conf.h - `osmcloud config check` of a whole opensm.conf: the
 * lines besides event_plugin_options that decide whether opensm runs the
 * plugin as intended (event_plugin_name, routing_engine), and the OpenSM
 * files the plugin honours (root_guid_file, cn_guid_file, io_guid_file,
 * node_name_map_name, dump_files_dir).
 */
#ifndef OC_TOOLS_CONFIG_CONF_H
#define OC_TOOLS_CONFIG_CONF_H

#include "config_report.h"
#include "io/osm_conf.h"
#include "model/fabric.h"

/* Every finding of conf (read from path) into r; f: the fabric to check
 * the root GUIDs against, or NULL. */
void config_check_conf(struct config_report *r, const char *path,
		       const struct oc_osm_conf *conf,
		       const struct oc_fabric *f);

#endif
