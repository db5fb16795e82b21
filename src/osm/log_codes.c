/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * log_codes.c - the plugin's error codes described (log_codes.h).
 */
#include <stddef.h>

#include "log_codes.h"

const struct oc_osm_log_code oc_osm_log_codes[] = {
	{"OC01", "Bad event_plugin_options (at load: no engine registered), "
		 "or a control socket (ctl=) that cannot be used (its "
		 "commands are off, routing goes on)."},
	{"OC02", "A roots=, vms=, policy=, weights= or state= file is missing "
		 "or malformed (at load: no engine registered; at a routing "
		 "run: the run goes on with the files as last read "
		 "correctly), or one VM of the VM file cannot be placed (that "
		 "VM only), or OpenSM's root_guid_file, cn_guid_file, "
		 "io_guid_file or node_name_map_name is missing or malformed "
		 "(that run routes as if the option were not set)."},
	{"OC03", "An engine name is already taken (another plugin, or the "
		 "plugin loaded twice)."},
	{"OC04", "Out of memory while loading."},
	{"OC10", "The subnet cannot be modelled (LMC > 0, conflicting LIDs or "
		 "GUIDs, no LIDs yet): OpenSM routes with the next engine."},
	{"OC11", "The engine refuses the fabric (not a fat-tree: the message "
		 "names the rule and a node), a strict isolation policy of "
		 "pftree_ext cannot be met, or the tables cannot be checked: "
		 "OpenSM routes with the next engine."},
	{"OC12", "OpenSM's tables cannot be grown or filled (out of memory), "
		 "or the dump file opensm-osmcloud.dump cannot be written in "
		 "dump_files_dir (routing is not affected)."},
	{"OC13", "The engine's tables break its promise (a CA LID not "
		 "reached, a credit loop): the message names each broken part "
		 "as osmcloud check does, and OpenSM routes with the next "
		 "engine."},
	{NULL, NULL},
};
