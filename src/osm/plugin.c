/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * plugin.c - the osm_event_plugin symbol opensm looks for in
 * libosmcloud.so (config file: event_plugin_name osmcloud).
 *
 * create() parses event_plugin_options, checks the files they name and
 * registers the routing engines.  Bad options, or a roots=, policy= or
 * weights= file that cannot be read, log an ERR line and return NULL
 * before registering anything: opensm then logs "cannot load plugin",
 * unloads the library and routes with its other engines.  The optional
 * parts only cost what they serve: a vms= file that cannot be read its
 * VMs (inputs.h), a state= file or folder that cannot be used the VM
 * operations (vmstate.h), a ctl= socket that cannot be used the commands
 * through it; routing goes on.
 */
#include <config.h>

#include <stdlib.h>

#include <opensm/osm_event_plugin.h>

#include "vmops/console.h"
#include "routing/engine_glue.h"
#include "routing/inputs.h"
#include "base/path_check.h"
#include "plugin.h"

#if OSM_EVENT_PLUGIN_INTERFACE_VER != 2
#error OpenSM event plugin interface version mismatch
#endif

static void plugin_free(struct oc_osm_plugin *p)
{
	oc_osm_takeover_close(p);
	oc_osm_console_unregister(p);
	oc_osm_lidfilter_unregister(p);
	oc_osm_saflag_stop(p);
	oc_osm_ctl_stop(&p->ctl);
	oc_osm_migrator_destroy(&p->migrator);
	oc_osm_opstats_destroy(&p->opstats);
	oc_osm_vmstate_close(&p->vmstate);
	oc_osm_inputs_clear(&p->inputs);
	oc_osm_files_clear(&p->files);
	oc_osm_opts_free(&p->opts);
	free(p->slots);
	free(p);
}

static int parse_options(struct oc_osm_plugin *p)
{
	const char *str = p->osm->subn.opt.event_plugin_options;
	struct oc_err err;

	if (oc_osm_opts_parse(&p->opts, str, &err)) {
		oc_osm_err(&p->log, OC_ERR_OPTIONS,
			   "osmcloud: event_plugin_options: %s; "
			   "no routing engine registered",
			   err.msg);
		return -1;
	}
	p->log.level = p->opts.log_level;
	if (oc_osm_inputs_load(&p->inputs, &p->opts, &p->log, &err)) {
		oc_osm_err(&p->log, OC_ERR_INPUT,
			   "osmcloud: %s; no routing engine registered",
			   err.msg);
		return -1;
	}
	if (oc_osm_vmstate_open(&p->vmstate, p->opts.state_file, p->osm,
				&p->log, &err)) {
		oc_osm_err(&p->log, OC_ERR_INPUT,
			   "osmcloud: %s; no routing engine registered",
			   err.msg);
		return -1;
	}
	oc_osm_takeover_init(p);
	oc_osm_verbose(&p->log,
		       "osmcloud: options: roots=%s vms=%s log_level=%s",
		       p->opts.roots_file ?: "(detect)",
		       p->opts.vms_file ?: "(every active VF)",
		       oc_osm_log_level_name(p->opts.log_level));
	return 0;
}

/* The control socket (ctl=): its folder checked first.  A socket that
 * cannot be used costs the commands through it, not routing. */
static void start_ctl(struct oc_osm_plugin *p)
{
	struct oc_err err;

	if (oc_path_check_socket("ctl", p->opts.ctl_socket, &err) ||
	    oc_osm_ctl_start(&p->ctl, p, p->opts.ctl_socket, &err)) {
		oc_osm_err(&p->log, OC_ERR_OPTIONS,
			   "osmcloud: %s; no control socket: the VM "
			   "commands are off there, routing goes on",
			   err.msg);
		return;
	}
	oc_osm_info(&p->log, "osmcloud: control socket %s", p->opts.ctl_socket);
}

/* The commands' two doors: the control socket (ctl=) and, in a patched
 * opensm, the console; and there the LID manager port filter, which
 * keeps free VFs without a LID. */
static int start_commands(struct oc_osm_plugin *p)
{
	if (p->opts.ctl_socket)
		start_ctl(p);
	if (oc_osm_console_register(p) < 0)
		return -1;
	oc_osm_lidfilter_register(p);
	oc_osm_saflag_start(p);
	return 0;
}

static void *osmcloud_create(osm_opensm_t *osm)
{
	struct oc_osm_plugin *p = calloc(1, sizeof(*p));

	if (!p) {
		struct oc_osm_log lg = {&osm->log, OC_OSM_LOG_INFO};

		oc_osm_err(&lg, OC_ERR_NOMEM, "osmcloud: out of memory");
		return NULL;
	}
	p->osm = osm;
	p->log.osm = &osm->log;
	p->log.level = OC_OSM_LOG_INFO;
	oc_osm_migrator_init(&p->migrator);
	oc_osm_opstats_init(&p->opstats);
	if (parse_options(p) || start_commands(p) ||
	    !oc_osm_register_engines(p)) {
		plugin_free(p);
		return NULL;
	}
	oc_osm_info(&p->log, "osmcloud %s loaded into %s: %u routing engine(s)",
		    PACKAGE_VERSION, osm->osm_version, p->num_registered);
	return p;
}

/* Runs after opensm has destroyed the routing engines (and their runs). */
static void osmcloud_delete(void *data)
{
	struct oc_osm_plugin *p = data;

	if (p)
		plugin_free(p);
}

/* OpenSM's events: the heavy sweeps, for the VM operations; the first
 * sweep as master, for the registry (takeover.h). */
static void osmcloud_report(void *data, osm_epi_event_id_t id, void *event)
{
	struct oc_osm_plugin *p = data;

	(void)event;
	if (!p)
		return;
	oc_osm_sweeps_event(&p->sweeps, id);
	oc_osm_migrator_event(p, id);
	oc_osm_takeover_event(p, id);
	oc_osm_saflag_event(p, id);
}

osm_event_plugin_t osm_event_plugin = {
	.osm_version = OSMCLOUD_OPENSM_VERSION,
	.create = osmcloud_create,
	.delete = osmcloud_delete,
	.report = osmcloud_report,
};
