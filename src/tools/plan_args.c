/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * plan_args.c - the options of "osmcloud plan" and its usage text.
 *
 * Kept apart from the planning so that what the command accepts, and the
 * errors it gives for bad options (exit status 2), read in one place.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

static void plan_usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud plan --topo FILE | --dump FILE [options]\n"
		"  --topo FILE        ibsim topology file, routed with\n"
		"                     vswitch_ftree\n"
		"  --dump FILE        ibsim's Dump of a running fabric instead:\n"
		"                     its LIDs and LFTs are taken as they are\n"
		"  --vms FILE         VM file; default: the first half (rounded\n"
		"                     up) of every hypervisor's VFs hold a VM\n"
		"  --state FILE       the plugin's registry (its state= file)\n"
		"                     instead of --vms; --migrate then names\n"
		"                     VMs: VM:HV, as \"osmcloud migrate VM HV\"\n"
		"  --lid-model MODEL  prepopulated (default): VMs move by LID\n"
		"                     swaps; dynamic: only VMs have LIDs, they\n"
		"                     move by LID copies\n"
		"  --roots FILE       root switch GUIDs, one 0x... per line\n"
		"  --migrate VF:HV    move the VM on VF (a CA name) to hypervisor\n"
		"                     HV (a vSwitch name) and print the plans;\n"
		"                     repeatable, done in order\n"
		"  --random N         N random migrations (then the figures)\n"
		"  --seed S           seed of the random choices (default 1)\n"
		"  --method M         itrc, ftreeminrc or both (default both)\n"
		"  --verify           verify the final LFTs of each method\n"
		"  -q, --quiet        no per-update lines\n"
		"  --json             the report as one JSON object on stdout\n"
		"exit status: 0 done, 1 a migration or a check failed, 2 bad\n"
		"usage or input\n");
}

static int number(const char *s, unsigned long *v)
{
	char *end;

	*v = strtoul(s, &end, 0);
	return *s == '-' || !*s || *end;
}

static int set_method(struct plan_args *a, const char *v)
{
	enum oc_reconf_method m;

	if (!strcmp(v, "both")) {
		a->use[OC_RECONF_ITRC] = a->use[OC_RECONF_FTREEMINRC] = 1;
		return 0;
	}
	if (oc_reconf_method_parse(v, &m))
		return -1;
	a->use[OC_RECONF_ITRC] = a->use[OC_RECONF_FTREEMINRC] = 0;
	a->use[m] = 1;
	return 0;
}

static int plan_option(struct plan_args *a, int c)
{
	switch (c) {
	case 't':
		a->topo = optarg;
		return 0;
	case 'v':
		a->vms = optarg;
		return 0;
	case 'd':
		a->dump = optarg;
		return 0;
	case 'S':
		a->state = optarg;
		return 0;
	case 'r':
		a->roots = optarg;
		return 0;
	case 'l':
		a->dynamic = !strcmp(optarg, "dynamic");
		if (a->dynamic || !strcmp(optarg, "prepopulated"))
			return 0;
		fprintf(stderr, "osmcloud plan: --lid-model must be "
				"prepopulated or dynamic\n");
		return 2;
	case 'm':
		if (a->num_migrate == PLAN_MAX_MIGRATE) {
			fprintf(stderr, "osmcloud plan: at most %u --migrate\n",
				PLAN_MAX_MIGRATE);
			return 2;
		}
		a->migrate[a->num_migrate++] = optarg;
		return 0;
	case 'n':
		if (!number(optarg, &a->random))
			return 0;
		fprintf(stderr, "osmcloud plan: bad --random '%s'\n", optarg);
		return 2;
	case 's':
		if (!number(optarg, &a->seed))
			return 0;
		fprintf(stderr, "osmcloud plan: bad --seed '%s'\n", optarg);
		return 2;
	case 'M':
		if (!set_method(a, optarg))
			return 0;
		fprintf(stderr, "osmcloud plan: --method must be itrc, "
				"ftreeminrc or both\n");
		return 2;
	case 'V':
		a->verify = 1;
		return 0;
	case 'q':
		a->quiet = 1;
		return 0;
	case 'j':
		a->json = 1;
		return 0;
	case 'h':
		plan_usage(stdout);
		exit(0);
	default:
		plan_usage(stderr);
		return 2;
	}
}

int plan_parse_args(int argc, char **argv, struct plan_args *a)
{
	static const struct option opts[] = {
		{"topo", required_argument, NULL, 't'},
		{"vms", required_argument, NULL, 'v'},
		{"dump", required_argument, NULL, 'd'},
		{"state", required_argument, NULL, 'S'},
		{"roots", required_argument, NULL, 'r'},
		{"lid-model", required_argument, NULL, 'l'},
		{"migrate", required_argument, NULL, 'm'},
		{"random", required_argument, NULL, 'n'},
		{"seed", required_argument, NULL, 's'},
		{"method", required_argument, NULL, 'M'},
		{"verify", no_argument, NULL, 'V'},
		{"quiet", no_argument, NULL, 'q'},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int c, ret;

	a->seed = 1;
	a->use[OC_RECONF_ITRC] = a->use[OC_RECONF_FTREEMINRC] = 1;
	while ((c = getopt_long(argc, argv, "qh", opts, NULL)) != -1)
		if ((ret = plan_option(a, c)))
			return ret;
	if (!a->topo == !a->dump || optind != argc) {
		fprintf(stderr,
			"osmcloud plan: give one of --topo and --dump\n");
		plan_usage(stderr);
		return 2;
	}
	if (a->dump && a->dynamic) {
		fprintf(stderr, "osmcloud plan: --lid-model is for --topo; a "
				"Dump has its LIDs\n");
		return 2;
	}
	if (a->vms && a->state) {
		fprintf(stderr, "osmcloud plan: --vms and --state exclude each "
				"other\n");
		return 2;
	}
	return 0;
}
