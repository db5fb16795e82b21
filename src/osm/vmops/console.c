/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * console.c - the "osmcloud" command in opensm's console (see console.h).
 */
#include <dlfcn.h>
#include <string.h>

#include "vmops/commands.h"
#include "vmops/console.h"

#define CONSOLE_COMMAND "osmcloud"

/* The hook of opensm-patches/0001-console-plugin-commands.patch, declared
 * here because the installed (stock) headers do not have it. */
typedef void (*hook_help_fn)(FILE *out, int detail);
typedef void (*hook_parse_fn)(char **p_last, osm_opensm_t *osm, FILE *out);
typedef int (*hook_register_fn)(const char *name, hook_help_fn help,
				hook_parse_fn parse);
typedef int (*hook_unregister_fn)(const char *name);

/* The console calls back without a context: one plugin per opensm. */
static struct oc_osm_plugin *console_plugin;

static void console_parse(char **p_last, osm_opensm_t *osm, FILE *out)
{
	char *argv[OC_CMD_MAX_ARGS], *word;
	struct oc_cmd_out o = {.text = out};
	int argc = 0;

	while ((word = strtok_r(NULL, " \t\n\r", p_last))) {
		if (argc == OC_CMD_MAX_ARGS) {
			fprintf(out, "osmcloud: more than %d words\n",
				OC_CMD_MAX_ARGS);
			return;
		}
		argv[argc++] = word;
	}
	oc_osm_command(console_plugin, argc, argv, &o);
}

int oc_osm_console_register(struct oc_osm_plugin *p)
{
	hook_register_fn reg = (hook_register_fn)dlsym(
		RTLD_DEFAULT, "osm_console_register_cmd");
	int ret;

	if (!reg) {
		oc_osm_info(&p->log,
			    "osmcloud: this opensm has no console "
			    "hook (stock opensm): commands only on the "
			    "control socket (ctl=)");
		return 0;
	}
	console_plugin = p;
	ret = reg(CONSOLE_COMMAND, oc_osm_command_help, console_parse);
	if (ret) {
		oc_osm_err(&p->log, OC_ERR_REGISTER,
			   "osmcloud: cannot add the console command \"%s\": "
			   "%s",
			   CONSOLE_COMMAND, strerror(-ret));
		console_plugin = NULL;
		return -1;
	}
	p->console_registered = 1;
	oc_osm_info(&p->log, "osmcloud: console command \"%s\" added",
		    CONSOLE_COMMAND);
	return 1;
}

void oc_osm_console_unregister(struct oc_osm_plugin *p)
{
	hook_unregister_fn unreg;

	if (!p->console_registered)
		return;
	unreg = (hook_unregister_fn)dlsym(RTLD_DEFAULT,
					  "osm_console_unregister_cmd");
	if (unreg)
		unreg(CONSOLE_COMMAND);
	p->console_registered = 0;
	console_plugin = NULL;
}
