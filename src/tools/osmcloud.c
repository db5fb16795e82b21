/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osmcloud.c - entry point of the osmcloud tool: dispatches subcommands.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"

struct subcommand {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct subcommand subcommands[] = {
	{"gen", cmd_gen, "write an ibsim topology file (fat-trees, vSwitches)"},
	{"route", cmd_route,
	 "route a topology offline, write opensm-lfts.dump"},
	{"check", cmd_check, "verify LFTs: reachability, credit loops, load"},
	{"plan", cmd_plan, "plan VM-migration LFT updates (ItRC, FTreeMinRC)"},
	{"sim", cmd_sim,
	 "simulate migration scenarios (ItRC, FTreeMinRC, EBB)"},
	{"ctl", cmd_ctl, "send a command to a running plugin (ctl=)"},
	{"weights", cmd_weights,
	 "node weights for pftree_wt from the ports' receive counters"},
	{"sa-load", cmd_sa_load,
	 "one client of the SA PathRecord load benchmark"},
	{"pathcache", cmd_pathcache,
	 "the SA path-record cache daemon and its client"},
	{"sa-peer", cmd_sa_peer,
	 "a peer that holds a connection to a VM (the migration story)"},
	{"smp-time", cmd_smp_time,
	 "time X LFT-update SMPs to K switches (rewrites, no change)"},
	{"config", cmd_config,
	 "write a commented opensm.conf template, or check a configuration"},
	{"config-check", cmd_config_check,
	 "the same as 'config check' (kept for scripts)"},
};

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "usage: osmcloud <command> [options]\n\ncommands:\n");
	for (i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		fprintf(out, "  %-12s %s\n", subcommands[i].name,
			subcommands[i].summary);
	fprintf(out, "\n'osmcloud <command> --help' describes a command; "
		     "'osmcloud --version' (-V) prints the version.\n"
		     "Manual: osmcloud(8), osmcloud-plugin(5).\n");
}

/* "osmcloud 0.1.0 (OpenSM 3.3.23)": this osmcloud and the OpenSM its
 * plugin was built against (configure reads it from osm_version.h). */
static void version(void)
{
	printf("%s %s (%s)\n", PACKAGE, PACKAGE_VERSION,
	       OSMCLOUD_OPENSM_VERSION);
}

/* For the man page generator (man/osmcloud8.sh): one line per command,
 * its name, a tab and its summary. */
static void list_commands(void)
{
	size_t i;

	for (i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		printf("%s\t%s\n", subcommands[i].name, subcommands[i].summary);
}

/* Output that could not be written (a full disk, a closed pipe) is an
 * error: a command that wrote only part of its report does not exit 0
 * (a command that failed has said why already). */
static int finish_stdout(const char *cmd, int ret)
{
	if (ret || (!fflush(stdout) && !ferror(stdout)))
		return ret;
	fprintf(stderr, "osmcloud %s: writing the standard output failed: %s\n",
		cmd, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	size_t i;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		version();
		return finish_stdout(argv[1], 0);
	}
	if (!strcmp(argv[1], "--commands")) {
		list_commands();
		return finish_stdout(argv[1], 0);
	}
	for (i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		if (!strcmp(argv[1], subcommands[i].name))
			return finish_stdout(argv[1],
					     subcommands[i].run(argc - 1,
								argv + 1));
	fprintf(stderr, "osmcloud: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
