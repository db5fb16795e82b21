/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_sim.c - "osmcloud sim": the live-migration simulator (src/core/sim,
 * docs/migration-sim.md) on a topology file or a generated vSwitch
 * fat-tree, one TSV line per migration and per snapshot.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "gen/gen.h"
#include "io/topo.h"
#include "json_report.h"
#include "opt_uint.h"
#include "sim/sim.h"

#define SIM_DEFAULT_VFS "4"

enum {
	OPT_TOPO = 1000,
	OPT_INITIAL,
	OPT_PATTERN,
	OPT_POPULATION,
	OPT_SEED,
	OPT_EBB_ROUNDS,
	OPT_SNAPSHOTS,
	OPT_OUT,
	OPT_JSON,
	OPT_GEN, /* a generator option, by its long name */
};

static const struct option sim_options[] = {
	{"topo", required_argument, NULL, OPT_TOPO},
	{"initial", required_argument, NULL, OPT_INITIAL},
	{"pattern", required_argument, NULL, OPT_PATTERN},
	{"population", required_argument, NULL, OPT_POPULATION},
	{"seed", required_argument, NULL, OPT_SEED},
	{"ebb-rounds", required_argument, NULL, OPT_EBB_ROUNDS},
	{"snapshots", required_argument, NULL, OPT_SNAPSHOTS},
	{"out", required_argument, NULL, OPT_OUT},
	{"json", no_argument, NULL, OPT_JSON},
	{"kary", required_argument, NULL, OPT_GEN},
	{"levels", required_argument, NULL, OPT_GEN},
	{"pgft", required_argument, NULL, OPT_GEN},
	{"hosts-per-leaf", required_argument, NULL, OPT_GEN},
	{"vswitch", required_argument, NULL, OPT_GEN},
	{"vf-counts", required_argument, NULL, OPT_GEN},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

static void sim_usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud sim (--topo FILE | GEN-OPTIONS) [options]\n"
		"Simulates live migrations on a vSwitch fat-tree (dynamic "
		"LIDs): each\nmigration planned with ItRC and FTreeMinRC, "
		"FTreeMinRC's applied; at every\nsnapshot the tables are "
		"verified, re-routed with vswitch_ftree and both\nmeasured "
		"by their EBB (docs/migration-sim.md).\n"
		"  --topo FILE            an ibsim topology with vSwitches\n"
		"  GEN-OPTIONS            a generated tree, as osmcloud gen: "
		"--kary K [--levels N],\n"
		"                         --pgft h;m..;w.., --hosts-per-leaf "
		"N, --vswitch N\n"
		"                         (VFs per hypervisor, default " SIM_DEFAULT_VFS
		"), --vf-counts N,..\n"
		"  --initial random|uniform       VM distribution at boot "
		"(random)\n"
		"  --pattern random|consolidate|grouping|to-uniform  "
		"(random)\n"
		"  --population P         percent of all VFs with a VM, "
		"1..100 (50)\n"
		"  --seed S               every random choice (1)\n"
		"  --ebb-rounds N         random bisections per EBB (10000)\n"
		"  --snapshots S          snapshots after every 1/S of the "
		"migrations (10)\n"
		"  --out FILE             the TSV (default: stdout)\n"
		"  --json                 instead of the TSV, the run as one "
		"JSON object on\n"
		"                         stdout (no --out)\n");
}

struct sim_args {
	const char *topo;
	const char *out;
	int json;
	struct oc_gen_params gen;
	int shape_given; /* a shape option */
	int gen_given;	 /* any generator option */
	struct oc_sim_opts o;
};

static int bad(const char *fmt, const char *what)
{
	fprintf(stderr, "osmcloud sim: ");
	fprintf(stderr, fmt, what);
	fprintf(stderr, "\n");
	return 2;
}

static int parse_one(struct sim_args *a, int c, const char *name, const char *v)
{
	struct oc_err err;
	unsigned u;

	switch (c) {
	case OPT_TOPO:
		a->topo = v;
		return 0;
	case OPT_OUT:
		a->out = v;
		return 0;
	case OPT_JSON:
		a->json = 1;
		return 0;
	case OPT_INITIAL:
		return oc_sim_initial_parse(v, &a->o.initial)
			       ? bad("--initial '%s': want random or uniform",
				     v)
			       : 0;
	case OPT_PATTERN:
		return oc_sim_pattern_parse(v, &a->o.pattern)
			       ? bad("--pattern '%s': want random, "
				     "consolidate, grouping or to-uniform",
				     v)
			       : 0;
	case OPT_POPULATION:
		if (oc_opt_uint("osmcloud sim", "--population", v, 1, 100, &u))
			return 2;
		a->o.population = u;
		return 0;
	case OPT_SEED:
		if (oc_opt_uint("osmcloud sim", "--seed", v, 0, ~0u, &u))
			return 2;
		a->o.seed = u;
		return 0;
	case OPT_EBB_ROUNDS:
		if (oc_opt_uint("osmcloud sim", "--ebb-rounds", v, 1, 10000000,
				&u))
			return 2;
		a->o.ebb_rounds = u;
		return 0;
	case OPT_SNAPSHOTS:
		if (oc_opt_uint("osmcloud sim", "--snapshots", v, 1, 1000, &u))
			return 2;
		a->o.snapshots = u;
		return 0;
	}
	if (oc_gen_set_option(&a->gen, name, v, &err)) {
		fprintf(stderr, "osmcloud sim: %s\n", err.msg);
		return 2;
	}
	a->gen_given = 1;
	a->shape_given |= strcmp(name, "vswitch") && strcmp(name, "vf-counts");
	return 0;
}

/* 0 to go on, 1 after --help, else the exit status. */
static int parse_args(int argc, char **argv, struct sim_args *a)
{
	int c, index, ret;

	oc_gen_params_init(&a->gen);
	a->o = (struct oc_sim_opts){.population = 50,
				    .seed = 1,
				    .ebb_rounds = 10000,
				    .snapshots = 10};
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", sim_options, &index)) != -1) {
		if (c == 'h') {
			sim_usage(stdout);
			return 1;
		}
		if (c == '?' || c == ':')
			return bad("bad option or missing value: '%s' (see "
				   "--help)",
				   argv[optind - 1]);
		ret = parse_one(a, c, sim_options[index].name, optarg);
		if (ret)
			return ret;
	}
	if (optind < argc)
		return bad("unexpected argument '%s' (see --help)",
			   argv[optind]);
	if (a->topo && a->gen_given)
		return bad("%s", "--topo and the generator's options exclude "
				 "each other");
	if (a->json && a->out)
		return bad("%s", "--json prints on stdout: no --out");
	if (!a->topo && !a->shape_given)
		return bad("%s", "no fabric: give --topo FILE or a shape "
				 "(--kary, --pgft)");
	return 0;
}

static struct oc_fabric *load_fabric(struct sim_args *a, struct oc_err *err)
{
	if (a->topo)
		return oc_topo_load(a->topo, err);
	if (!a->gen.vswitch &&
	    oc_gen_set_option(&a->gen, "vswitch", SIM_DEFAULT_VFS, err))
		return NULL;
	return oc_gen_build(&a->gen, NULL, err);
}

static void write_mig(void *ctx, const struct oc_sim_mig *m)
{
	fprintf(ctx, "mig\t%u\t%u\t%u\t%u\t%u\t%u\t%u\n", m->index,
		m->itrc.switches, m->minrc.switches, m->itrc.vswitches,
		m->minrc.vswitches, m->itrc.smps, m->minrc.smps);
}

static void write_snap(void *ctx, const struct oc_sim_snap *s)
{
	fprintf(ctx, "snap\t%u\t%u\t%.6f\t%.6f\t%" PRIu64 "\t%.4f\t%.4f\n",
		s->percent, s->migrations, s->minrc.mean, s->reroute.mean,
		s->reroute_blocks, s->spread_minrc, s->spread_reroute);
}

static void write_header(FILE *out, const struct sim_args *a,
			 const struct oc_sim *s)
{
	char shape[160] = "";

	if (!a->topo)
		oc_gen_shape_string(&a->gen, shape, sizeof(shape));
	fprintf(out,
		"# osmcloud sim: %s, %u switches, %u hypervisors, %u VMs; "
		"initial %s, pattern %s, population %u%%, seed %" PRIu64
		", %u EBB rounds, %u migrations\n",
		a->topo ? a->topo : shape, s->f->num_switches - s->num_hvs,
		s->num_hvs, s->num_vms, oc_sim_initial_name(a->o.initial),
		oc_sim_pattern_name(a->o.pattern), a->o.population, a->o.seed,
		a->o.ebb_rounds, s->total);
	fprintf(out, "# mig\tindex\titrc_switches\tminrc_switches\t"
		     "itrc_vswitches\tminrc_vswitches\titrc_smps\tminrc_smps\n"
		     "# snap\tpercent\tmigrations\tebb_minrc\tebb_reroute\t"
		     "reroute_blocks\tspread_minrc\tspread_reroute\n");
}

/* --json: the series as arrays of objects, keys as the TSV's columns */
struct sim_json {
	json_t *migs, *snaps;
	int bad;
};

static void json_mig(void *ctx, const struct oc_sim_mig *m)
{
	struct sim_json *j = ctx;

	j->bad |= json_array_append_new(
		j->migs,
		json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "index",
			  (json_int_t)m->index, "itrc_switches",
			  (json_int_t)m->itrc.switches, "minrc_switches",
			  (json_int_t)m->minrc.switches, "itrc_vswitches",
			  (json_int_t)m->itrc.vswitches, "minrc_vswitches",
			  (json_int_t)m->minrc.vswitches, "itrc_smps",
			  (json_int_t)m->itrc.smps, "minrc_smps",
			  (json_int_t)m->minrc.smps));
}

static void json_snap(void *ctx, const struct oc_sim_snap *s)
{
	struct sim_json *j = ctx;

	j->bad |= json_array_append_new(
		j->snaps,
		json_pack("{s:I, s:I, s:o, s:o, s:I, s:o, s:o}", "percent",
			  (json_int_t)s->percent, "migrations",
			  (json_int_t)s->migrations, "ebb_minrc",
			  oc_json_fixed(s->minrc.mean, 6), "ebb_reroute",
			  oc_json_fixed(s->reroute.mean, 6), "reroute_blocks",
			  (json_int_t)s->reroute_blocks, "spread_minrc",
			  oc_json_fixed(s->spread_minrc, 4), "spread_reroute",
			  oc_json_fixed(s->spread_reroute, 4)));
}

/* The header's figures, then the series: 0, or -1 (out of memory, or
 * the simulator's error in err). */
static int run_json(struct sim_args *a, struct oc_sim *s, struct oc_err *err)
{
	struct sim_json j = {json_array(), json_array(), 0};
	const struct oc_sim_hooks h = {
		.mig = json_mig, .snap = json_snap, .ctx = &j};
	char shape[160] = "";
	json_t *obj;

	if (!a->topo)
		oc_gen_shape_string(&a->gen, shape, sizeof(shape));
	if (oc_sim_run(s, &h, err)) {
		json_decref(j.migs);
		json_decref(j.snaps);
		return -1;
	}
	obj = json_pack(
		"{s:o, s:I, s:I, s:I, s:s, s:s, s:I, s:I, s:I, s:I, s:o, s:o}",
		"fabric", oc_json_text(a->topo ? a->topo : shape), "switches",
		(json_int_t)(s->f->num_switches - s->num_hvs), "hypervisors",
		(json_int_t)s->num_hvs, "vms", (json_int_t)s->num_vms,
		"initial", oc_sim_initial_name(a->o.initial), "pattern",
		oc_sim_pattern_name(a->o.pattern), "population",
		(json_int_t)a->o.population, "seed", (json_int_t)a->o.seed,
		"ebb_rounds", (json_int_t)a->o.ebb_rounds, "total_migrations",
		(json_int_t)s->total, "migrations", j.migs, "snapshots",
		j.snaps);
	if (j.bad) {
		json_decref(obj);
		obj = NULL;
	}
	if (oc_json_print(stdout, obj))
		return oc_err_set(err, "--json: out of memory, or stdout not "
				       "writable");
	return 0;
}

static int run(struct sim_args *a, FILE *out, struct oc_err *err)
{
	const struct oc_sim_hooks h = {
		.mig = write_mig, .snap = write_snap, .ctx = out};
	struct oc_fabric *f = load_fabric(a, err);
	struct oc_sim *s = f ? oc_sim_new(f, &a->o, err) : NULL;
	int ret = -1;

	if (s && a->json) {
		ret = run_json(a, s, err);
	} else if (s) {
		write_header(out, a, s);
		ret = oc_sim_run(s, &h, err);
	}
	oc_sim_free(s);
	oc_fabric_free(f);
	return ret;
}

int cmd_sim(int argc, char **argv)
{
	struct sim_args a = {0};
	struct oc_err err;
	FILE *out = stdout;
	int ret = parse_args(argc, argv, &a);

	if (ret)
		return ret == 1 ? 0 : ret;
	if (oc_sim_opts_check(&a.o, &err)) {
		fprintf(stderr, "osmcloud sim: %s\n", err.msg);
		return 2;
	}
	if (a.out && !(out = fopen(a.out, "w"))) {
		fprintf(stderr, "osmcloud sim: --out %s: cannot write\n",
			a.out);
		return 1;
	}
	ret = run(&a, out, &err);
	if ((fflush(out) || ferror(out)) && !ret) {
		oc_err_set(&err, "writing %s failed",
			   a.out ? a.out : "the standard output");
		ret = -1;
	}
	if (out != stdout && fclose(out) && !ret) {
		oc_err_set(&err, "writing %s failed", a.out);
		ret = -1;
	}
	if (ret)
		fprintf(stderr, "osmcloud sim: %s\n", err.msg);
	return ret ? 1 : 0;
}
