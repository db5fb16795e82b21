/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_check.c - "osmcloud check": verify the LFTs of a fabric.
 *
 * The fabric, LIDs and LFTs come either from a topology file plus an
 * opensm-lfts.dump (LIDs assigned exactly as "osmcloud route" assigns
 * them), or all three from the output of ibsim's console Dump command.
 * The verifier (verify.h) checks reachability, credit loops, minimality
 * and link load; this file decides which findings fail the run and prints
 * them as a short summary or as one JSON object.  With --promise ENGINE
 * the verdict is that engine's promise instead (promise.h), judged as the
 * plugin judges the engine's tables before OpenSM gets them.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "fabric_args.h"
#include "io/ibsim_dump.h"
#include "io/lft_input.h"
#include "json_report.h"
#include "check_ebb.h"
#include "check_hot.h"
#include "check_tenants.h"
#include "route/promise.h"
#include "verify/verify.h"

struct check_args {
	struct fabric_args fab; /* --topo and its LID options */
	struct tenant_args ten; /* --partitions, --policies, --weights */
	const char *victim;	/* partition for the EBB */
	unsigned ebb_rounds;
	const char *lfts;
	enum oc_lft_format lfts_format; /* --lfts-format, auto by default */
	const char *ibsim_dump;
	int lid_model_given;
	int json;
	int require_switch_reach; /* unreachable switch LIDs fail */
	int require_switch_cdg;	  /* a CA+switch credit loop fails */
	int allow_nonminimal;
	const struct oc_engine *promise; /* judge by its promise instead */
	uint64_t sw_pairs_unserved;	 /* ... which declares these */
	int unserved_given;
	struct ebb_check ebb; /* --ebb, --seed, --ebb-trace */
	struct hot_check hot; /* --hot, --heatmap */
	int seed_given;
};

/* long options without a short letter */
enum { OPT_SUBNET_LST = 0x100, OPT_LFTS_FORMAT };

/* The checks that can fail a run, in report order. */
enum verdict {
	FAIL_CA_REACH,
	FAIL_LOOPS,
	FAIL_CDG_CA,
	FAIL_NONMINIMAL,
	FAIL_SWITCH_REACH,
	FAIL_CDG_ALL,
	FAIL_PROMISE,
	NUM_VERDICTS,
};

static const char *const verdict_key[NUM_VERDICTS] = {
	"ca_reach",	"loops",   "cdg_ca",  "minimal",
	"switch_reach", "cdg_all", "promise",
};

static const char *const verdict_text[NUM_VERDICTS] = {
	"CA LIDs unreachable from some switch",
	"routing loops",
	"credit loop in CA-sourced traffic",
	"non-minimal CA-to-CA routes",
	"switch LIDs unreachable from some switch",
	"credit loop in CA- and switch-sourced traffic",
	"the tables break the engine's promise",
};

static void check_usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud check --topo FILE --lfts FILE [options]\n"
		"       osmcloud check --subnet-lst FILE --lfts FILE [options]\n"
		"       osmcloud check --ibsim-dump FILE [options]\n"
		"  --topo FILE            ibsim topology file or ibnetdiscover\n"
		"                         output (its 'lid N' are the LIDs)\n"
		"  --subnet-lst FILE      OpenSM's opensm-subnet.lst instead\n"
		"  --lfts FILE            the LFTs: opensm-lfts.dump, opensm.fdbs,\n"
		"                         dump_lfts(.sh) or ibroute output, told\n"
		"                         apart by their first line\n"
		"  --lfts-format FMT      or named: auto, opensm-lfts, dump-lfts,\n"
		"                         ibroute or fdbs\n"
		"  --vms FILE             VM file (as for osmcloud route)\n"
		"  --lid-model MODEL      prepopulated (default) or dynamic\n"
		"  --guid2lid FILE        LIDs from OpenSM's guid2lid cache\n"
		"  --ibsim-dump FILE      fabric, LIDs and LFTs from the output\n"
		"                         of ibsim's console 'Dump' command\n"
		"  --json                 one JSON object on stdout\n"
		"  --require-switch-reach unreachable switch LIDs fail\n"
		"  --require-switch-cdg   a credit loop that needs switch-\n"
		"                         sourced traffic fails\n"
		"  --allow-nonminimal     non-minimal CA-to-CA routes pass\n"
		"  --promise ENGINE       judge by ENGINE's promise instead, as\n"
		"                         the plugin does before OpenSM gets\n"
		"                         the tables (the --require and\n"
		"                         --allow options do not apply)\n"
		"  --unserved-pairs N     the (switch, switch LID) pairs ENGINE\n"
		"                         declared unserved (default 0)\n"
		"tenant metrics (docs/user-guide.md):\n"
		"  --partitions FILE      partitions: links each one shares\n"
		"  --policies FILE        isolation policies (phy-isolation:\n"
		"                         alone on every link it uses?)\n"
		"  --weights FILE         weights: ports above 1 are receivers\n"
		"                         (contended links, total contention)\n"
		"  --victim PKEY|NAME     effective bisection bandwidth of this\n"
		"                         partition, quiet and with the others\n"
		"  --ebb-rounds N         random bisections (default 100)\n"
		"  --sm-guid GUID         the SM's port GUID (SELF in the\n"
		"                         partitions file)\n"
		"bisection bandwidth (ORCS bisect, docs/user-guide.md):\n"
		"  --ebb N                EBB of the tables over N random\n"
		"                         bisections of every active CA port\n"
		"  --seed S               their seed (default 0: a fixed one)\n"
		"  --ebb-trace FILE       each round's value and the running\n"
		"                         mean, one line per round\n"
		"where the load is (docs/user-guide.md):\n"
		"  --hot N                list the N hottest links (default 5,\n"
		"                         0: none)\n"
		"  --heatmap FILE.svg     draw the link loads as a heat map\n"
		"exit status: 0 all required checks pass, 1 a check fails,\n"
		"2 bad usage or unreadable input\n");
}

static int parse_rounds(struct check_args *a, const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s && !*end && v >= 1 && v <= 1000000) {
		a->ebb_rounds = (unsigned)v;
		return 0;
	}
	fprintf(stderr, "osmcloud check: bad --ebb-rounds \"%s\"\n", s);
	return 2;
}

static int parse_promise(struct check_args *a, const char *name)
{
	a->promise = oc_engine_find(name);
	if (a->promise)
		return 0;
	fprintf(stderr, "osmcloud check: unknown engine \"%s\" for --promise\n",
		name);
	return 2;
}

static int parse_unserved(struct check_args *a, const char *s)
{
	char *end;
	unsigned long long v;

	a->unserved_given = 1;
	if (*s >= '0' && *s <= '9') {
		v = strtoull(s, &end, 10);
		if (!*end) {
			a->sw_pairs_unserved = v;
			return 0;
		}
	}
	fprintf(stderr, "osmcloud check: bad --unserved-pairs \"%s\"\n", s);
	return 2;
}

static int check_option(struct check_args *a, int c)
{
	switch (c) {
	case 't':
		a->fab.topo = optarg;
		return 0;
	case 'L':
		a->lfts = optarg;
		return 0;
	case OPT_SUBNET_LST:
		a->fab.subnet_lst = optarg;
		return 0;
	case OPT_LFTS_FORMAT:
		if (!oc_lft_format_parse(optarg, &a->lfts_format))
			return 0;
		fprintf(stderr,
			"osmcloud check: --lfts-format \"%s\": want %s\n",
			optarg, oc_lft_format_names);
		return 2;
	case 'v':
		a->fab.vms = optarg;
		return 0;
	case 'g':
		a->fab.guid2lid = optarg;
		return 0;
	case 'l':
		a->lid_model_given = 1;
		return fabric_args_lid_model(&a->fab, "check", optarg);
	case 'i':
		a->ibsim_dump = optarg;
		return 0;
	case 'j':
		a->json = 1;
		return 0;
	case 'R':
		a->require_switch_reach = 1;
		return 0;
	case 'C':
		a->require_switch_cdg = 1;
		return 0;
	case 'm':
		a->allow_nonminimal = 1;
		return 0;
	case 'P':
		a->ten.partitions = optarg;
		return 0;
	case 'Y':
		a->ten.policies = optarg;
		return 0;
	case 'W':
		a->ten.weights = optarg;
		return 0;
	case 'V':
		a->victim = optarg;
		return 0;
	case 'E':
		return parse_rounds(a, optarg);
	case 's':
		return tenant_args_sm_guid(&a->ten, "check", optarg);
	case 'p':
		return parse_promise(a, optarg);
	case 'U':
		return parse_unserved(a, optarg);
	case 'B':
		return ebb_check_rounds(&a->ebb, optarg);
	case 'S':
		a->seed_given = 1;
		return ebb_check_seed(&a->ebb, optarg);
	case 'T':
		a->ebb.trace = optarg;
		return 0;
	case 'H':
		return hot_check_top(&a->hot, optarg);
	case 'M':
		return hot_check_heatmap(&a->hot, optarg);
	case 'h':
		check_usage(stdout);
		exit(0);
	default:
		check_usage(stderr);
		return 2;
	}
}

/* Exactly one input: --topo with --lfts, or --ibsim-dump alone. */
static int check_sources(const struct check_args *a)
{
	const struct fabric_args *fab = &a->fab;

	if (a->ibsim_dump && (fabric_args_topo(fab) || a->lfts || fab->vms ||
			      fab->guid2lid || a->lid_model_given)) {
		fprintf(stderr,
			"osmcloud check: --ibsim-dump gives fabric, "
			"LIDs and LFTs: it takes no --topo, --subnet-lst, "
			"--lfts, --vms, --lid-model or --guid2lid\n");
		return 2;
	}
	if (!a->ibsim_dump && (!fabric_args_topo(fab) || !a->lfts)) {
		fprintf(stderr, "osmcloud check: need --topo FILE (or "
				"--subnet-lst FILE) and --lfts FILE, or "
				"--ibsim-dump FILE\n");
		return 2;
	}
	if (a->unserved_given && !a->promise) {
		fprintf(stderr, "osmcloud check: --unserved-pairs needs "
				"--promise ENGINE\n");
		return 2;
	}
	if (!a->ten.partitions && (a->ten.policies || a->victim)) {
		fprintf(stderr, "osmcloud check: --policies and --victim need "
				"--partitions FILE\n");
		return 2;
	}
	if (!a->ebb.rounds && (a->seed_given || a->ebb.trace)) {
		fprintf(stderr, "osmcloud check: --seed and --ebb-trace need "
				"--ebb N\n");
		return 2;
	}
	return a->ibsim_dump ? 0 : fabric_args_check(fab, "check");
}

static int parse_check_args(int argc, char **argv, struct check_args *a)
{
	static const struct option opts[] = {
		{"topo", required_argument, NULL, 't'},
		{"lfts", required_argument, NULL, 'L'},
		{"subnet-lst", required_argument, NULL, OPT_SUBNET_LST},
		{"lfts-format", required_argument, NULL, OPT_LFTS_FORMAT},
		{"vms", required_argument, NULL, 'v'},
		{"lid-model", required_argument, NULL, 'l'},
		{"guid2lid", required_argument, NULL, 'g'},
		{"ibsim-dump", required_argument, NULL, 'i'},
		{"json", no_argument, NULL, 'j'},
		{"require-switch-reach", no_argument, NULL, 'R'},
		{"require-switch-cdg", no_argument, NULL, 'C'},
		{"allow-nonminimal", no_argument, NULL, 'm'},
		{"partitions", required_argument, NULL, 'P'},
		{"policies", required_argument, NULL, 'Y'},
		{"weights", required_argument, NULL, 'W'},
		{"victim", required_argument, NULL, 'V'},
		{"ebb-rounds", required_argument, NULL, 'E'},
		{"sm-guid", required_argument, NULL, 's'},
		{"promise", required_argument, NULL, 'p'},
		{"unserved-pairs", required_argument, NULL, 'U'},
		{"ebb", required_argument, NULL, 'B'},
		{"seed", required_argument, NULL, 'S'},
		{"ebb-trace", required_argument, NULL, 'T'},
		{"hot", required_argument, NULL, 'H'},
		{"heatmap", required_argument, NULL, 'M'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int c, ret;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1)
		if ((ret = check_option(a, c)))
			return ret;
	if (optind != argc) {
		check_usage(stderr);
		return 2;
	}
	return check_sources(a);
}

/* ---- input ------------------------------------------------------------ */

static struct oc_fabric *load_topo_lfts(const struct check_args *a,
					struct oc_lfts **lfts)
{
	struct oc_vm_table *vms;
	struct oc_fabric *f = fabric_args_load(&a->fab, "check", &vms);
	struct oc_err err;

	oc_vm_table_free(vms); /* only the LID model needed it */
	if (!f)
		return NULL;
	if (oc_lft_input_load(f, a->lfts, a->lfts_format, lfts, &err)) {
		fprintf(stderr, "osmcloud check: %s\n", err.msg);
		oc_fabric_free(f);
		return NULL;
	}
	return f;
}

static struct oc_fabric *load_input(const struct check_args *a,
				    struct oc_lfts **lfts)
{
	struct oc_fabric *f;
	struct oc_err err;

	*lfts = NULL;
	if (!a->ibsim_dump)
		return load_topo_lfts(a, lfts);
	f = oc_ibsim_dump_load(a->ibsim_dump, lfts, &err);
	if (!f)
		fprintf(stderr, "osmcloud check: %s\n", err.msg);
	return f;
}

/* ---- verdict ---------------------------------------------------------- */

/* The fixed checks, or with --promise only the engine's promise
 * (*violation: how it is broken, malloc'd).  -1: out of memory. */
static int judge(const struct check_args *a, const struct oc_fabric *f,
		 const struct oc_verify_report *r, int failed[NUM_VERDICTS],
		 char **violation)
{
	int ret;

	memset(failed, 0, sizeof(int) * NUM_VERDICTS);
	*violation = NULL;
	if (a->promise) {
		ret = oc_promise_judge(f, r, a->promise, a->sw_pairs_unserved,
				       violation);
		failed[FAIL_PROMISE] = ret > 0;
		return ret < 0 ? -1 : 0;
	}
	failed[FAIL_CA_REACH] = r->ca.lids_unreachable > 0;
	failed[FAIL_LOOPS] = r->ca.loops + r->sw.loops > 0;
	failed[FAIL_CDG_CA] = r->cdg_ca_cycle.len > 0;
	failed[FAIL_NONMINIMAL] = !a->allow_nonminimal &&
				  r->ca_pairs_nonminimal > 0;
	failed[FAIL_SWITCH_REACH] = a->require_switch_reach &&
				    r->sw.lids_unreachable > 0;
	failed[FAIL_CDG_ALL] = a->require_switch_cdg &&
			       r->cdg_all_cycle.len > 0;
	return 0;
}

static int report_verdict(const struct check_args *a,
			  const int failed[NUM_VERDICTS], const char *violation)
{
	int v, any = 0;

	for (v = 0; v < NUM_VERDICTS; v++) {
		if (!failed[v])
			continue;
		if (v == FAIL_PROMISE)
			fprintf(stderr,
				"osmcloud check: FAIL: the tables break %s's "
				"promise: %s\n",
				a->promise->name, violation);
		else
			fprintf(stderr, "osmcloud check: FAIL: %s\n",
				verdict_text[v]);
		any = 1;
	}
	return any;
}

/* ---- human summary ---------------------------------------------------- */

static const char *node_name(const struct oc_fabric *f, uint32_t node)
{
	return f->nodes[node].name;
}

static void print_reach(const char *what, const struct oc_verify_reach *r)
{
	oc_verify_reach_write(stdout, what, r);
	putchar('\n');
}

static void print_cycle(const struct oc_fabric *f, const char *what,
			const struct oc_verify_cycle *c)
{
	if (!c->len)
		return;
	oc_verify_cycle_write(stdout, f, what, c);
	putchar('\n');
}

static void print_examples(const struct oc_fabric *f,
			   const struct oc_verify_reach *r)
{
	uint32_t i;

	for (i = 0; i < r->num_examples; i++) {
		printf("  e.g. ");
		oc_verify_failure_write(stdout, f, &r->examples[i]);
		putchar('\n');
	}
}

static void print_load(const struct oc_verify_report *r)
{
	printf("link load (CA-to-CA routes per switch link): %u links, "
	       "max %llu, min %llu, mean %.1f",
	       r->channels, (unsigned long long)r->load_max,
	       (unsigned long long)r->load_min, r->load_mean);
	if (r->has_dirs)
		printf(" (up max %llu, down max %llu)",
		       (unsigned long long)r->load_up_max,
		       (unsigned long long)r->load_down_max);
	printf("\n");
}

/* What "non-minimal" was measured against, and the other measure. */
static void print_minimality(const struct oc_verify_report *r)
{
	if (!r->has_updown) {
		printf("minimality: against the graph's shortest paths (no "
		       "fat-tree ranks)\n");
		return;
	}
	printf("minimality: against the shortest up*/down* paths: %llu pairs "
	       "longer; against the graph's shortest paths: %llu longer, %llu "
	       "of them only shorter with a turn from a down link (%llu pairs "
	       "have no up*/down* path)\n",
	       (unsigned long long)r->ca_pairs_nonminimal,
	       (unsigned long long)r->ca_pairs_nonminimal_graph,
	       (unsigned long long)(r->ca_pairs_nonminimal_graph -
				    r->ca_pairs_nonminimal),
	       (unsigned long long)r->ca_pairs_no_updown);
}

static void print_human(const struct oc_fabric *f,
			const struct oc_verify_report *r)
{
	printf("checked %u switches x %u LIDs: %llu (switch, LID) pairs\n",
	       r->switches, r->ca.lids + r->sw.lids,
	       (unsigned long long)(r->ca.pairs + r->sw.pairs));
	print_reach("CA", &r->ca);
	print_examples(f, &r->ca);
	print_reach("switch", &r->sw);
	print_examples(f, &r->sw);
	printf("credit loops: CA traffic %s (%llu dependencies), CA+switch "
	       "traffic %s (%llu dependencies)\n",
	       r->cdg_ca_cycle.len ? "CYCLE" : "none",
	       (unsigned long long)r->cdg_ca_deps,
	       r->cdg_all_cycle.len ? "CYCLE" : "none",
	       (unsigned long long)r->cdg_all_deps);
	print_cycle(f, "CA traffic", &r->cdg_ca_cycle);
	print_cycle(f, "CA+switch traffic", &r->cdg_all_cycle);
	printf("CA-to-CA pairs: %llu, non-minimal %llu, unreachable %llu, "
	       "longest route %u switch hops\n",
	       (unsigned long long)r->ca_pairs,
	       (unsigned long long)r->ca_pairs_nonminimal,
	       (unsigned long long)r->ca_pairs_unreachable, r->ca_max_hops);
	print_minimality(r);
	print_load(r);
}

/* ---- JSON --------------------------------------------------------------- */

static int put_u64(json_t *obj, const char *key, uint64_t value)
{
	return json_put(obj, key, json_integer((json_int_t)value));
}

static json_t *json_input(const struct check_args *a)
{
	if (a->ibsim_dump)
		return json_pack("{s:o}", "ibsim_dump",
				 oc_json_text(a->ibsim_dump));
	return json_pack("{s:o, s:o}", "topo",
			 oc_json_text(fabric_args_topo(&a->fab)), "lfts",
			 oc_json_text(a->lfts));
}

/* "PREFIX_NAME": value */
static int put_u64_pair(json_t *obj, const char *prefix, const char *name,
			uint64_t value)
{
	char key[64];

	snprintf(key, sizeof(key), "%s_%s", prefix, name);
	return put_u64(obj, key, value);
}

static int put_reach(json_t *obj, const char *prefix,
		     const struct oc_verify_reach *r)
{
	return put_u64_pair(obj, prefix, "lids", r->lids) |
	       put_u64_pair(obj, prefix, "pairs_checked", r->pairs) |
	       put_u64_pair(obj, prefix, "unreachable_lids",
			    r->lids_unreachable) |
	       put_u64_pair(obj, prefix, "unreachable_pairs",
			    r->holes + r->loops + r->wrong) |
	       put_u64_pair(obj, prefix, "holes", r->holes) |
	       put_u64_pair(obj, prefix, "loops", r->loops) |
	       put_u64_pair(obj, prefix, "wrong", r->wrong);
}

static json_t *json_cycle(const struct oc_fabric *f,
			  const struct oc_verify_cycle *c)
{
	json_t *arr = json_array();
	char ch[300];
	uint32_t i;

	for (i = 0; arr && i < c->len; i++) {
		snprintf(ch, sizeof(ch), "%s[%u]", node_name(f, c->ch[i].node),
			 c->ch[i].port);
		if (json_array_append_new(arr, oc_json_text(ch))) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

static json_t *json_examples(const struct oc_fabric *f,
			     const struct oc_verify_reach *r)
{
	json_t *arr = json_array();
	uint32_t i;

	for (i = 0; arr && i < r->num_examples; i++) {
		const struct oc_verify_failure *e = &r->examples[i];
		json_t *ex = json_pack(
			"{s:o, s:I, s:o, s:s}", "switch",
			oc_json_text(node_name(f, f->switches[e->sw])), "lid",
			(json_int_t)e->lid, "owner",
			oc_json_text(node_name(f, f->lid_owner[e->lid].node)),
			"fault", oc_verify_fault_name(e->fault));

		if (json_array_append_new(arr, ex)) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

/* A load split by direction: null when the LFTs do not tell it. */
static json_t *json_dir_load(const struct oc_verify_report *r, uint64_t load)
{
	return r->has_dirs ? json_integer((json_int_t)load) : json_null();
}

static int put_load(json_t *obj, const struct oc_verify_report *r)
{
	return put_u64(obj, "link_load_max", r->load_max) |
	       put_u64(obj, "link_load_min", r->load_min) |
	       json_put(obj, "link_load_mean", oc_json_fixed(r->load_mean, 3)) |
	       json_put(obj, "link_load_up_max",
			json_dir_load(r, r->load_up_max)) |
	       json_put(obj, "link_load_down_max",
			json_dir_load(r, r->load_down_max));
}

static int put_promise(json_t *obj, const struct check_args *a,
		       const char *violation)
{
	return json_put(obj, "promise", json_string(a->promise->name)) |
	       put_u64(obj, "promise_unserved_pairs", a->sw_pairs_unserved) |
	       json_put(obj, "promise_kept", json_boolean(violation == NULL)) |
	       json_put(obj, "promise_violation",
			violation ? oc_json_text(violation) : json_null());
}

static int put_verdict(json_t *obj, const int failed[NUM_VERDICTS])
{
	json_t *arr = json_array();
	int v;

	for (v = 0; arr && v < NUM_VERDICTS; v++)
		if (failed[v] &&
		    json_array_append_new(arr, json_string(verdict_key[v]))) {
			json_decref(arr);
			arr = NULL;
		}
	return json_put(obj, "failed", arr) |
	       json_put(obj, "passed",
			json_boolean(arr && !json_array_size(arr)));
}

static int put_cdg(json_t *obj, const struct oc_fabric *f,
		   const struct oc_verify_report *r)
{
	return put_u64(obj, "cdg_ca_dependencies", r->cdg_ca_deps) |
	       json_put(obj, "cdg_ca_cycle",
			json_boolean(r->cdg_ca_cycle.len > 0)) |
	       json_put(obj, "cdg_ca_cycle_example",
			json_cycle(f, &r->cdg_ca_cycle)) |
	       put_u64(obj, "cdg_all_dependencies", r->cdg_all_deps) |
	       json_put(obj, "cdg_all_cycle",
			json_boolean(r->cdg_all_cycle.len > 0)) |
	       json_put(obj, "cdg_all_cycle_example",
			json_cycle(f, &r->cdg_all_cycle));
}

static int put_pairs(json_t *obj, const struct oc_verify_report *r)
{
	return put_u64(obj, "ca_ca_pairs", r->ca_pairs) |
	       put_u64(obj, "ca_ca_unreachable", r->ca_pairs_unreachable) |
	       put_u64(obj, "nonminimal_ca_pairs", r->ca_pairs_nonminimal) |
	       json_put(obj, "minimality",
			json_string(r->has_updown ? "updown" : "graph")) |
	       put_u64(obj, "nonminimal_ca_pairs_graph",
		       r->ca_pairs_nonminimal_graph) |
	       put_u64(obj, "ca_ca_no_updown_path", r->ca_pairs_no_updown) |
	       put_u64(obj, "max_hops", r->ca_max_hops);
}

/* The report of --json, its keys in docs/user-guide.md: 0, or 2 (said). */
static int print_json(const struct check_args *a, const struct oc_fabric *f,
		      const struct oc_verify_report *r,
		      const int failed[NUM_VERDICTS], const char *violation,
		      const struct tenant_check *tc)
{
	json_t *obj = json_object();
	int bad;

	if (!obj)
		return json_report_print("check", NULL);
	bad = json_put(obj, "input", json_input(a)) |
	      put_u64(obj, "switches", r->switches) |
	      put_u64(obj, "ca_ports", r->ca_ports) |
	      put_u64(obj, "channels", r->channels) |
	      put_u64(obj, "lids", r->ca.lids + r->sw.lids) |
	      put_u64(obj, "pairs_checked", r->ca.pairs + r->sw.pairs) |
	      put_reach(obj, "ca", &r->ca) |
	      json_put(obj, "ca_examples", json_examples(f, &r->ca)) |
	      put_reach(obj, "switch", &r->sw) |
	      json_put(obj, "switch_examples", json_examples(f, &r->sw)) |
	      put_pairs(obj, r) | put_cdg(obj, f, r) | put_load(obj, r);
	bad |= json_object_update(obj, a->hot.json);
	if (tc->has_parts || tc->has_contention)
		bad |= json_put(obj, "tenants", tenant_check_json(tc));
	if (a->promise)
		bad |= put_promise(obj, a, violation);
	if (a->ebb.rounds)
		bad |= json_put(obj, "ebb", ebb_check_json(&a->ebb));
	bad |= put_verdict(obj, failed);
	if (bad) {
		json_decref(obj);
		obj = NULL;
	}
	return json_report_print("check", obj);
}

/* ---- command ------------------------------------------------------------ */

int cmd_check(int argc, char **argv)
{
	struct check_args a = {.hot.top = HOT_CHECK_DEFAULT};
	struct tenant_check tc = {0};
	struct oc_verify_report r;
	int failed[NUM_VERDICTS];
	char *violation = NULL;
	struct oc_lfts *lfts;
	struct oc_fabric *f;
	struct oc_err err;
	int ret = parse_check_args(argc, argv, &a);

	struct hot_input hot_in = {
		.file = a.ibsim_dump ? a.ibsim_dump : fabric_args_topo(&a.fab),
		.engine = a.promise ? a.promise->name : NULL,
		.vms = a.fab.vms,
		.weights = a.ten.weights,
	};

	if (ret)
		return ret;
	f = load_input(&a, &lfts);
	if (!f)
		return 2;
	if (tenant_check_run(&a.ten, a.victim, a.ebb_rounds, f, lfts, &tc) ||
	    ebb_check_run(&a.ebb, f, lfts)) {
		ret = 2;
	} else if (oc_verify(f, lfts, &r, &err)) {
		fprintf(stderr, "osmcloud check: %s\n", err.msg);
		ret = 2;
	} else if (judge(&a, f, &r, failed, &violation)) {
		fprintf(stderr, "osmcloud check: out of memory\n");
		ret = 2;
		oc_verify_report_free(&r);
	} else if (hot_check_run(&a.hot, f, lfts, &r, &hot_in)) {
		ret = 2;
		oc_verify_report_free(&r);
	} else {
		if (a.json) {
			ret = print_json(&a, f, &r, failed, violation, &tc);
		} else {
			print_human(f, &r);
			hot_check_print(&a.hot, f);
			tenant_check_print(&tc);
			ebb_check_print(&a.ebb);
		}
		fflush(stdout);
		if (!ret)
			ret = report_verdict(&a, failed, violation);
		oc_verify_report_free(&r);
	}
	free(violation);
	hot_check_free(&a.hot);
	tenant_check_free(&tc);
	oc_lfts_free(lfts);
	oc_fabric_free(f);
	return ret;
}
