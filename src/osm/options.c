/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * options.c - the plugin's options (one table) and the parser of
 * event_plugin_options.  OpenSM-independent: the plugin, `osmcloud
 * config` and the man page generator share this table and parser.
 */
#include <stdlib.h>
#include <string.h>

#include "log_level.h"
#include "options.h"

#define OPT_SEPARATORS " \t\r\n"

#define AT(field) offsetof(struct oc_osm_opts, field)

const struct oc_osm_opt_desc oc_osm_opt_table[] = {
	{"roots", "FILE", "roots detected", "/etc/opensm/roots.txt",
	 "Root (spine) switch GUIDs, one 0x<hex> per line; # starts a "
	 "comment. Needed only when the detection picks the wrong level, "
	 "e.g. on an irregular tree.",
	 OC_OSM_OPT_STRING, AT(roots_file)},
	{"vms", "FILE", "every active VF holds a VM", "/etc/opensm/vms.txt",
	 "The VM file: <VF port GUID> <VM name> [weight] [vguid=<GUID>] per "
	 "line. VFs not listed are idle and follow their PF's path. A bad "
	 "line, or a VM on no VF port, costs that VM only (ERR OC02 naming "
	 "file, line and VM).",
	 OC_OSM_OPT_STRING, AT(vms_file)},
	{"state", "FILE", "no registry", OC_OSM_STATE_DIR "/" OC_OSM_STATE_NAME,
	 "The VM registry: every VM's name, vGUID, VF, LID and weight, and "
	 "the free VFs of the dynamic LID model, kept across restarts and "
	 "written atomically. When given, routing takes the VMs from it "
	 "instead of vms= (which only seeds it at the first routing run). "
	 "Its folder must exist and be writable by opensm.",
	 OC_OSM_OPT_STRING, AT(state_file)},
	{"ctl", "SOCKET", "no control socket",
	 OC_OSM_RUN_DIR "/" OC_OSM_CTL_NAME,
	 "The plugin's control socket (UNIX stream, mode 0600, or 0660 with "
	 "ctl_group=) for osmcloud's VM commands on stock opensm: osmcloud "
	 "ctl --socket SOCKET COMMAND, or JSON lines for orchestrators. Its "
	 "folder must exist, belong to opensm's user or root, and be "
	 "writable by no other user. A socket that cannot be used is an ERR "
	 "OC01 and turns the commands off; routing goes on.",
	 OC_OSM_OPT_STRING, AT(ctl_socket)},
	{"ctl_group", "GROUP", "none: mode 0600", "osmcloud",
	 "The control socket gets mode 0660 and this group (the "
	 "orchestrator's local user joins it). An unknown group is an error "
	 "at load.",
	 OC_OSM_OPT_STRING, AT(ctl_group)},
	{"policy", "FILE", "every partition def-isolation, strict",
	 "/etc/opensm/osmcloud-policy.txt",
	 "pftree_ext's isolation policies: mode strict|best-effort, then "
	 "<P_Key|partition name> phy-isolation|vlane-isolation|def-isolation "
	 "per line. A file that fails at load refuses the plugin.",
	 OC_OSM_OPT_STRING, AT(policy_file)},
	{"weights", "FILE", "every node weighs 1",
	 "/etc/opensm/osmcloud-weights.txt",
	 "pftree_wt's node weights: <CA port GUID> <weight> per line; "
	 "osmcloud weights writes it from the ports' receive counters.",
	 OC_OSM_OPT_STRING, AT(weights_file)},
	{"log_level", "error|info|verbose|debug", "debug", "info",
	 "Caps osmcloud's own messages. opensm's log mask (-D, -V, "
	 "log_flags) still applies on top: the default shows what opensm's "
	 "level shows; error keeps only osmcloud's ERR lines.",
	 OC_OSM_OPT_LEVEL, AT(log_level)},
	{"sa_path_caching", "on|off", "off", "on",
	 "Raise the caching flag (byte 44, mask 0x40 of the PathRecord) in "
	 "every unicast PathRecord and MultiPathRecord reply while the subnet "
	 "keeps a VM's addresses across migrations. Needs state=.",
	 OC_OSM_OPT_SWITCH, AT(sa_path_caching)},
	{"keep_model", "on|off", "on", "off",
	 "The VM commands keep their model of the fabric from one command to "
	 "the next, until OpenSM sweeps or routes; off builds it afresh for "
	 "every command (slower; for comparisons).",
	 OC_OSM_OPT_SWITCH, AT(keep_model)},
	{"carry_tables", "on|off", "on", "off",
	 "A heavy sweep keeps the LFT entries the switches hold wherever "
	 "their routes still work, and takes the engine's fresh entries only "
	 "where a route broke or a cable came back; the console's reroute "
	 "re-balances from scratch. off: every routing run installs the "
	 "engine's tables as they come.",
	 OC_OSM_OPT_SWITCH, AT(carry_tables)},
	{NULL, NULL, NULL, NULL, NULL, OC_OSM_OPT_STRING, 0},
};

const struct oc_osm_conf_desc oc_osm_conf_table[] = {
	{"event_plugin_name", "osmcloud",
	 "Makes opensm load libosmcloud.so by its bare name (dlopen): the "
	 "library must be in a directory of the dynamic linker. Several "
	 "plugins: separate their names with blanks (opensm 3.3.23 misreads "
	 "commas after the first name).",
	 1},
	{"event_plugin_options",
	 "state=" OC_OSM_STATE_DIR "/" OC_OSM_STATE_NAME " ctl=" OC_OSM_RUN_DIR
	 "/" OC_OSM_CTL_NAME,
	 "The plugin's options: blank-separated key=value words on one line, "
	 "read once at start (a change needs an opensm restart). The line is "
	 "shared by every loaded plugin.",
	 1},
	{"routing_engine", "vswitch_ftree",
	 "The engine, or a comma-separated list tried in order when one "
	 "fails (e.g. vswitch_ftree,ftree); minhop is the last resort unless "
	 "the list holds no_fallback. opensm -R overrides it.",
	 1},
	{"root_guid_file", "/etc/opensm/root_guids.conf",
	 "OpenSM's root switch GUIDs (as for ftree and updn), one per line: "
	 "osmcloud's engines take their roots from it when roots= is not "
	 "given; roots= wins when both are given.",
	 0},
	{"cn_guid_file", "/etc/opensm/cn_guids.conf",
	 "OpenSM's compute node GUIDs (as for ftree): on fabrics without "
	 "vSwitches only the listed CAs are compute nodes; every other CA is "
	 "still routed, as an I/O node.",
	 0},
	{"io_guid_file", "/etc/opensm/io_guids.conf",
	 "OpenSM's I/O node GUIDs (as for ftree): never compute nodes, also "
	 "when cn_guid_file names them too.",
	 0},
	{"node_name_map_name", "/etc/opensm/ib-node-name-map",
	 "OpenSM's node name map (<node GUID> \"<name>\" per line): the "
	 "plugin names nodes by it in its routing log lines and its dump "
	 "file (a VM command's destination stays a NodeDescription).",
	 0},
	{"dump_files_dir", "/var/log",
	 "Where opensm writes its dump files: the plugin writes "
	 "opensm-osmcloud.dump there after every routing run (the VMs, "
	 "vSwitches, LIDs and link loads).",
	 0},
	{NULL, NULL, NULL, 0},
};

#define NUM_OPTS (sizeof(oc_osm_opt_table) / sizeof(oc_osm_opt_table[0]) - 1)

static const char *const level_names[] = {
	[OC_OSM_LOG_ERROR] = "error",
	[OC_OSM_LOG_INFO] = "info",
	[OC_OSM_LOG_VERBOSE] = "verbose",
	[OC_OSM_LOG_DEBUG] = "debug",
};

#define NUM_LEVELS (sizeof(level_names) / sizeof(level_names[0]))

const char *oc_osm_log_level_name(int level)
{
	if (level < 0 || (unsigned)level >= NUM_LEVELS)
		return "?";
	return level_names[level];
}

const struct oc_osm_opt_desc *oc_osm_opt_find(const char *key)
{
	const struct oc_osm_opt_desc *d;

	for (d = oc_osm_opt_table; d->name; d++)
		if (!strcmp(d->name, key))
			return d;
	return NULL;
}

static int parse_level(const char *value, int *level, struct oc_err *err)
{
	unsigned i;

	for (i = 0; i < NUM_LEVELS; i++)
		if (!strcmp(value, level_names[i])) {
			*level = i;
			return 0;
		}
	return oc_err_set(err,
			  "option log_level: bad value \"%s\" (want error, "
			  "info, verbose or debug)",
			  value);
}

static int parse_switch(const char *key, const char *value, int *slot,
			struct oc_err *err)
{
	if (!strcmp(value, "on") || !strcmp(value, "off")) {
		*slot = !strcmp(value, "on");
		return 0;
	}
	return oc_err_set(err, "option %s: bad value \"%s\" (want on or off)",
			  key, value);
}

static int unknown_option(const char *key, struct oc_err *err)
{
	char known[256] = "";
	const struct oc_osm_opt_desc *d;

	for (d = oc_osm_opt_table; d->name; d++) {
		if (d != oc_osm_opt_table)
			strncat(known, ", ", sizeof(known) - strlen(known) - 1);
		strncat(known, d->name, sizeof(known) - strlen(known) - 1);
	}
	return oc_err_set(err, "unknown option \"%s\" (known: %s)", key, known);
}

/* Applies key=value; seen counts each row's uses. */
static int set_option(struct oc_osm_opts *opts, const char *key,
		      const char *value, unsigned *seen, struct oc_err *err)
{
	const struct oc_osm_opt_desc *d = oc_osm_opt_find(key);
	void *slot;

	if (!d)
		return unknown_option(key, err);
	if (!*value)
		return oc_err_set(err, "option %s: empty value", key);
	if (seen[d - oc_osm_opt_table]++)
		return oc_err_set(err, "option %s given twice", key);
	slot = (char *)opts + d->offset;
	if (d->kind == OC_OSM_OPT_LEVEL)
		return parse_level(value, slot, err);
	if (d->kind == OC_OSM_OPT_SWITCH)
		return parse_switch(key, value, slot, err);
	*(char **)slot = strdup(value);
	if (!*(char **)slot)
		return oc_err_set(err, "out of memory");
	return 0;
}

/* Splits one "key=value" word in place and applies it. */
static int parse_word(struct oc_osm_opts *opts, char *word, unsigned *seen,
		      struct oc_err *err)
{
	char *eq = strchr(word, '=');

	if (!eq || eq == word)
		return oc_err_set(err, "option \"%s\" is not key=value", word);
	*eq = '\0';
	return set_option(opts, word, eq + 1, seen, err);
}

int oc_osm_opts_parse(struct oc_osm_opts *opts, const char *str,
		      struct oc_err *err)
{
	char *copy, *word, *save = NULL;
	unsigned seen[NUM_OPTS] = {0};
	int ret = 0;

	memset(opts, 0, sizeof(*opts));
	opts->log_level = OC_OSM_LOG_DEBUG;
	opts->keep_model = 1;
	opts->carry_tables = 1;
	if (!str)
		return 0;
	copy = strdup(str);
	if (!copy)
		return oc_err_set(err, "out of memory");
	for (word = strtok_r(copy, OPT_SEPARATORS, &save); word && !ret;
	     word = strtok_r(NULL, OPT_SEPARATORS, &save))
		ret = parse_word(opts, word, seen, err);
	free(copy);
	if (ret)
		oc_osm_opts_free(opts);
	return ret;
}

void oc_osm_opts_free(struct oc_osm_opts *opts)
{
	const struct oc_osm_opt_desc *d;

	for (d = oc_osm_opt_table; d->name; d++)
		if (d->kind == OC_OSM_OPT_STRING)
			free(*(char **)((char *)opts + d->offset));
	memset(opts, 0, sizeof(*opts));
}
