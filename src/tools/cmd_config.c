/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_config.c - "osmcloud config": the plugin's configuration.
 *
 *   osmcloud config template [--state-dir DIR] [--run-dir DIR]
 *   osmcloud config check OPTIONS|CONFIG-FILE [...]   (cmd_config_check.c)
 *
 * The template is the opensm.conf fragment that loads the plugin, with
 * every option, engine and OpenSM file the plugin honours commented from
 * the tables the plugin itself uses (src/osm/options.c, the engine
 * registry), so it never disagrees with the plugin or its man page.
 */
#include <config.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "../osm/options.h"
#include "route/engine.h"

#define TEXT_WIDTH 72

static void usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud config template [--state-dir DIR] "
		"[--run-dir DIR]\n"
		"       osmcloud config check OPTIONS|CONFIG-FILE [--topo FILE "
		"|\n"
		"                             --ibsim-dump DUMP] [--json]\n"
		"  template          write a commented opensm.conf fragment for "
		"the plugin on\n"
		"                    the standard output: event_plugin_name,\n"
		"                    event_plugin_options (every option with "
		"its default),\n"
		"                    routing_engine (every engine) and the "
		"OpenSM files the\n"
		"                    plugin honours\n"
		"  --state-dir DIR   the registry's folder in the template\n"
		"                    (default " OC_OSM_STATE_DIR ")\n"
		"  --run-dir DIR     the control socket's folder (default "
		"" OC_OSM_RUN_DIR ")\n"
		"  check             check the options, or a whole opensm.conf, "
		"and every file\n"
		"                    they name ('osmcloud config check --help'; "
		"'osmcloud\n"
		"                    config-check' is its older name)\n");
}

/* text as '#' comment lines of at most TEXT_WIDTH columns, indented. */
static void comment(const char *indent, const char *text)
{
	const char *p = text;

	while (*p) {
		size_t room = TEXT_WIDTH - 2 - strlen(indent), n = strlen(p);

		if (n > room) {
			n = room;
			while (n > 0 && p[n] != ' ')
				n--;
			if (!n)
				n = strcspn(p, " ");
		}
		printf("#%s%.*s\n", indent, (int)n, p);
		p += n;
		p += strspn(p, " ");
	}
}

static const struct oc_osm_conf_desc *conf_row(const char *name)
{
	const struct oc_osm_conf_desc *d;

	for (d = oc_osm_conf_table; d->name; d++)
		if (!strcmp(d->name, name))
			return d;
	return NULL;
}

/* The header and the description of one opensm.conf line. */
static void conf_intro(const char *name)
{
	const struct oc_osm_conf_desc *d = conf_row(name);

	printf("\n");
	if (d)
		comment(" ", d->what);
}

static void plugin_options(const char *state_dir, const char *run_dir)
{
	const struct oc_osm_opt_desc *o;
	char line[256];

	conf_intro("event_plugin_options");
	printf("#\n");
	for (o = oc_osm_opt_table; o->name; o++) {
		snprintf(line, sizeof(line), "%s=%s (default: %s)", o->name,
			 o->value, o->def);
		comment(" ", line);
		comment("   ", o->what);
		snprintf(line, sizeof(line), "e.g. %s=%s", o->name, o->example);
		comment("   ", line);
	}
	printf("event_plugin_options state=%s/%s ctl=%s/%s\n", state_dir,
	       OC_OSM_STATE_NAME, run_dir, OC_OSM_CTL_NAME);
}

static void engines(void)
{
	const struct oc_engine *const *e;
	char line[256];

	conf_intro("routing_engine");
	comment(" ", "osmcloud's engines:");
	for (e = oc_engines; *e; e++) {
		snprintf(line, sizeof(line), "%s: %s", (*e)->name,
			 (*e)->summary);
		comment("   ", line);
	}
	printf("routing_engine %s\n", oc_engines[0]->name);
}

/* The OpenSM files, commented out: OpenSM's own defaults stay. */
static void opensm_files(void)
{
	const struct oc_osm_conf_desc *d;

	printf("\n# OpenSM's own files the plugin honours too (uncomment to "
	       "use):\n");
	for (d = oc_osm_conf_table; d->name; d++) {
		if (d->active)
			continue;
		printf("#\n");
		comment(" ", d->what);
		printf("#%s %s\n", d->name, d->example);
	}
}

static int template(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"state-dir", required_argument, NULL, 's'},
		{"run-dir", required_argument, NULL, 'r'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *state_dir = OC_OSM_STATE_DIR, *run_dir = OC_OSM_RUN_DIR;
	int ch;

	while ((ch = getopt_long(argc, argv, "s:r:h", longopts, NULL)) != -1) {
		if (ch == 's')
			state_dir = optarg;
		else if (ch == 'r')
			run_dir = optarg;
		else if (ch == 'h') {
			usage(stdout);
			return 0;
		} else {
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr,
			"osmcloud config template: unexpected "
			"argument '%s'\n",
			argv[optind]);
		return 2;
	}
	printf("# opensm.conf lines for the osmcloud plugin, written by "
	       "'osmcloud config template'\n"
	       "# (%s %s (%s)); every option: man 5 osmcloud-plugin.\n"
	       "# Put them into the opensm.conf opensm reads "
	       "(/etc/opensm/opensm.conf,\n"
	       "# or the file of opensm -F), check it with 'osmcloud config "
	       "check FILE',\n"
	       "# then restart opensm.\n",
	       PACKAGE, PACKAGE_VERSION, OSMCLOUD_OPENSM_VERSION);
	conf_intro("event_plugin_name");
	printf("event_plugin_name osmcloud\n");
	plugin_options(state_dir, run_dir);
	engines();
	opensm_files();
	return 0;
}

int cmd_config(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "template"))
		return template(argc - 1, argv + 1);
	if (!strcmp(argv[1], "check"))
		return config_check_run(argc - 1, argv + 1, "config check");
	fprintf(stderr,
		"osmcloud config: unknown action '%s' (template or "
		"check)\n",
		argv[1]);
	usage(stderr);
	return 2;
}
