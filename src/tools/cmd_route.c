/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_route.c - "osmcloud route": route a topology file offline.
 *
 * Reads an ibsim topology, assigns LIDs (from OpenSM's guid2lid file when
 * given, the rest in file order), runs an engine, checks the engine's
 * promise on its tables as the plugin does before OpenSM gets them
 * (promise.h) and writes the LFTs in OpenSM's opensm-lfts.dump format.
 * No opensm or ibsim is involved, so routing can be studied at any
 * scale.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "commands.h"
#include "route/engine.h"
#include "fabric_args.h"
#include "io/guidfile.h"
#include "io/lft_dump.h"
#include "json_report.h"
#include "route/promise.h"
#include "route_files.h"
#include "route_json.h"
#include "tenant_args.h"

struct route_args {
	struct fabric_args fab; /* topology, VM file, LIDs */
	struct tenant_args ten; /* partitions, policies, weights, SM */
	unsigned data_vls;
	const char *engine;
	const char *roots;
	const char *out;
	int quiet;
	struct route_files
		files; /* --cn-guids --io-guids --node-name-map --dump */
	int json;
};

static void route_usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud route --topo FILE [options]\n"
		"       osmcloud route --subnet-lst FILE [options]\n"
		"  --topo FILE        ibsim topology file or ibnetdiscover output\n"
		"                     (its 'lid N' are the LIDs)\n"
		"  --subnet-lst FILE  OpenSM's opensm-subnet.lst instead\n"
		"  --engine NAME      routing engine (default vswitch_ftree)\n"
		"  --roots FILE       root switch GUIDs, one 0x... per line\n"
		"  --vms FILE         VM file: '<VF port GUID> <name> [weight]'\n"
		"  --lid-model MODEL  prepopulated (default): every VF has a LID;\n"
		"                     dynamic: only VFs holding a VM (needs --vms)\n"
		"  --guid2lid FILE    take LIDs from OpenSM's guid2lid cache\n"
		"  --partitions FILE  partitions (a partitions.conf subset) for\n"
		"                     the pftree engines\n"
		"  --policies FILE    isolation policies (pftree_ext)\n"
		"  --weights FILE     node weights '<port GUID> <weight>'\n"
		"                     (pftree_wt)\n"
		"  --data-vls N       data VLs the ports support (default 8)\n"
		"  --sm-guid GUID     port GUID of the SM (sftree avoids its\n"
		"                     leaf as the subtree root; SELF in the\n"
		"                     partitions file)\n"
		"  -o, --output FILE  write opensm-lfts.dump here (default: none)\n"
		"  --cn-guids FILE    compute nodes, as OpenSM's cn_guid_file\n"
		"  --io-guids FILE    I/O nodes, as OpenSM's io_guid_file\n"
		"  --node-name-map FILE  names for the dump, as OpenSM's\n"
		"                     node_name_map_name\n"
		"  --dump FILE        write the plugin's opensm-osmcloud.dump here\n"
		"  -q, --quiet        no summary on stderr\n"
		"  --json             the summary as one JSON object on stdout\n"
		"engines:");
	for (const struct oc_engine *const *e = oc_engines; *e; e++)
		fprintf(out, " %s", (*e)->name);
	fprintf(out, "\n");
}

static int parse_data_vls(const char *s, unsigned *vls)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s && !*end && v >= 1 && v <= 15) {
		*vls = (unsigned)v;
		return 0;
	}
	fprintf(stderr, "osmcloud route: bad --data-vls \"%s\" (want 1-15)\n",
		s);
	return -1;
}

static int parse_route_args(int argc, char **argv, struct route_args *a)
{
	static const struct option opts[] = {
		{"topo", required_argument, NULL, 't'},
		{"subnet-lst", required_argument, NULL, 'N'},
		{"engine", required_argument, NULL, 'e'},
		{"roots", required_argument, NULL, 'r'},
		{"vms", required_argument, NULL, 'v'},
		{"lid-model", required_argument, NULL, 'l'},
		{"guid2lid", required_argument, NULL, 'g'},
		{"partitions", required_argument, NULL, 'P'},
		{"policies", required_argument, NULL, 'Y'},
		{"weights", required_argument, NULL, 'W'},
		{"data-vls", required_argument, NULL, 'D'},
		{"sm-guid", required_argument, NULL, 's'},
		{"output", required_argument, NULL, 'o'},
		{"cn-guids", required_argument, NULL, 'C'},
		{"io-guids", required_argument, NULL, 'I'},
		{"node-name-map", required_argument, NULL, 'M'},
		{"dump", required_argument, NULL, 'U'},
		{"quiet", no_argument, NULL, 'q'},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int c;

	a->engine = "vswitch_ftree";
	while ((c = getopt_long(argc, argv, "o:qh", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			a->fab.topo = optarg;
			break;
		case 'N':
			a->fab.subnet_lst = optarg;
			break;
		case 'e':
			a->engine = optarg;
			break;
		case 'r':
			a->roots = a->files.roots = optarg;
			break;
		case 'C':
			a->files.cn = optarg;
			break;
		case 'I':
			a->files.io = optarg;
			break;
		case 'M':
			a->files.names_path = optarg;
			break;
		case 'U':
			a->files.dump = optarg;
			break;
		case 'v':
			a->fab.vms = optarg;
			break;
		case 'g':
			a->fab.guid2lid = optarg;
			break;
		case 's':
			if (tenant_args_sm_guid(&a->ten, "route", optarg))
				return 2;
			break;
		case 'o':
			a->out = optarg;
			break;
		case 'P':
			a->ten.partitions = optarg;
			break;
		case 'Y':
			a->ten.policies = optarg;
			break;
		case 'W':
			a->ten.weights = optarg;
			break;
		case 'D':
			if (parse_data_vls(optarg, &a->data_vls))
				return 2;
			break;
		case 'q':
			a->quiet = 1;
			break;
		case 'j':
			a->json = 1;
			break;
		case 'l':
			if (fabric_args_lid_model(&a->fab, "route", optarg))
				return 2;
			break;
		case 'h':
			route_usage(stdout);
			exit(0);
		default:
			route_usage(stderr);
			return 2;
		}
	}
	if (!fabric_args_topo(&a->fab) || optind != argc) {
		route_usage(stderr);
		return 2;
	}
	return fabric_args_check(&a->fab, "route");
}

static int write_lfts(const char *path, const struct oc_fabric *f,
		      const struct oc_lfts *t)
{
	FILE *out = fopen(path, "w");
	int ret;

	if (!out) {
		perror(path);
		return -1;
	}
	ret = oc_lft_dump_write(f, t, out);
	if (fclose(out) || ret) {
		fprintf(stderr, "osmcloud route: writing %s failed\n", path);
		return -1;
	}
	return 0;
}

static void print_summary(const struct route_args *a, const struct oc_fabric *f,
			  const struct oc_route_stats *s, double check_ms)
{
	fprintf(stderr,
		"%s: %u switches (%u vSwitches, %u leaves), max LID %u\n"
		"routed: %u VMs, %u PFs, %u idle VFs, %u compute nodes, "
		"%u I/O nodes, %u switch LIDs, %u detours\n"
		"time: analyse %.1f ms, route %.1f ms, promise check %.1f ms\n",
		a->engine, f->num_switches, s->vswitches, s->leaves, f->max_lid,
		s->vms, s->pfs, s->idle_vfs, s->compute_nodes, s->io_nodes,
		s->switch_lids, s->detours, s->analyze_ms, s->route_ms,
		check_ms);
	if (s->subtree_root_guid)
		fprintf(stderr,
			"subtree root \"%s\" (0x%016" PRIx64 "): %u switch-"
			"to-switch entries and %u switch-to-CA detours "
			"through it\n",
			f->nodes[oc_fabric_find_guid(f, s->subtree_root_guid)]
				.name,
			s->subtree_root_guid, s->sw2sw, s->ca_via_root);
	if (s->detour_root_guid)
		fprintf(stderr,
			"detours through the leaf \"%s\" (0x%016" PRIx64 "): "
			"the nearest-neighbour ones closed a CA credit loop\n",
			f->nodes[oc_fabric_find_guid(f, s->detour_root_guid)]
				.name,
			s->detour_root_guid);
	if (s->sw_pairs_unserved)
		fprintf(stderr,
			"unserved: %llu (switch, switch LID) pairs left without "
			"a route: none of theirs is deadlock-free\n",
			(unsigned long long)s->sw_pairs_unserved);
	if (s->cross_core)
		fprintf(stderr,
			"%u switch-to-switch entries across the horizontal "
			"links between roots\n",
			s->cross_core);
}

static void print_lanes(const struct oc_partitions *ps,
			const struct oc_route_stats *s,
			const struct oc_lane_plan *plan)
{
	uint32_t i;

	fprintf(stderr,
		"tenants: %u partitions routed as tenants, %u directed links "
		"shared, %u data VLs used, %u unmet policies\nlanes:",
		s->tenants, s->shared_links, s->lanes, s->unmet_policies);
	for (i = 0; i < plan->count && i < ps->count; i++)
		fprintf(stderr, " 0x%04x=SL%u", ps->parts[i].pkey, plan->sl[i]);
	fprintf(stderr, "\n");
}

/* The engine's promise on its tables, as the plugin checks it: 0 kept,
 * 1 broken (*violation says how; free it), -1 not checkable (said on
 * stderr). */
static int
check_promise(const struct route_args *a, const struct oc_engine *engine,
	      const struct oc_engine_input *in, const struct oc_lfts *lfts,
	      const struct oc_route_stats *stats, double *ms, char **violation)
{
	double t = oc_now_ms();
	struct oc_err err;
	int ret = oc_promise_check(in->f, lfts, engine,
				   stats->sw_pairs_unserved, violation, &err);

	*ms = oc_now_ms() - t;
	if (ret < 0) {
		fprintf(stderr, "osmcloud route: %s: %s\n", a->engine, err.msg);
		return -1;
	}
	if (ret)
		fprintf(stderr,
			"osmcloud route: %s: the tables break the engine's "
			"promise: %s%s%s\n",
			a->engine, *violation,
			a->out ? "; written for inspection to " : "",
			a->out ? a->out : "");
	return ret;
}

static void warn_policy(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "osmcloud route: warning: %s\n", msg);
}

int cmd_route(int argc, char **argv)
{
	struct route_args a = {0};
	struct oc_engine_input in = {0};
	struct oc_lane_plan lanes = {0};
	struct tenant_inputs ti = {0};
	const struct oc_engine *engine;
	struct oc_route_stats stats;
	struct oc_lfts *lfts = NULL;
	struct oc_vm_table *vms = NULL;
	uint64_t *roots = NULL;
	double check_ms = 0;
	char *violation = NULL;
	struct oc_err err;
	int ret = parse_route_args(argc, argv, &a);

	if (ret)
		return ret;
	engine = oc_engine_find(a.engine);
	if (!engine) {
		fprintf(stderr, "osmcloud route: unknown engine '%s'\n",
			a.engine);
		return 2;
	}
	in.f = fabric_args_load(&a.fab, "route", &vms);
	in.vms = vms;
	in.sm_port_guid = a.ten.sm_guid;
	ret = 2; /* a bad topology, roots, VM or guid2lid file */
	if (!in.f || tenant_args_load(&a.ten, in.f, "route", &ti))
		goto out;
	if (a.roots &&
	    oc_root_list_load(in.f, a.roots, &roots, &in.num_roots, &err)) {
		fprintf(stderr, "osmcloud route: %s\n", err.msg);
		goto out;
	}
	in.root_guids = roots;
	if (route_files_load(&a.files, engine, &in))
		goto out;
	ret = 1;
	in.parts = ti.parts;
	in.policies = ti.policies;
	in.weights = ti.weights;
	in.data_vls = a.data_vls;
	in.lanes = &lanes;
	in.warn = warn_policy;
	if (!(lfts = oc_lfts_new(in.f->num_switches, in.f->max_lid))) {
		fprintf(stderr, "osmcloud route: out of memory\n");
		goto out;
	}
	if (engine->route(&in, lfts, &stats, &err)) {
		fprintf(stderr, "osmcloud route: %s: %s\n", a.engine, err.msg);
		goto out;
	}
	ret = check_promise(&a, engine, &in, lfts, &stats, &check_ms,
			    &violation);
	if (ret < 0) { /* unchecked tables are not written */
		ret = 1;
		goto out;
	}
	if (a.out && write_lfts(a.out, in.f, lfts))
		ret = 1;
	if (route_files_dump(&a.files, a.engine, &in, lfts))
		ret = 1;
	if (a.json) {
		struct route_outcome o = {a.engine, fabric_args_topo(&a.fab),
					  a.out,    violation,
					  &stats,   ti.parts,
					  &lanes,   check_ms};

		if (json_report_print("route", route_json(in.f, &o)))
			ret = 2;
	} else if (!a.quiet) {
		print_summary(&a, in.f, &stats, check_ms);
		if (ti.parts && lanes.sl)
			print_lanes(ti.parts, &stats, &lanes);
	}
out:
	free(violation);
	oc_lane_plan_clear(&lanes);
	tenant_inputs_free(&ti);
	oc_lfts_free(lfts);
	oc_fabric_free((struct oc_fabric *)in.f);
	oc_vm_table_free(vms);
	free(roots);
	route_files_free(&a.files);
	return ret;
}
