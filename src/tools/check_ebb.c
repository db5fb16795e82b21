/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * check_ebb.c - "osmcloud check --ebb N": the effective bisection
 * bandwidth of the checked LFTs over every active CA port LID (see
 * check_ebb.h and verify/ebb.h).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/clock.h"
#include "check_ebb.h"
#include "io/json_out.h"
#include "opt_uint.h"

#define MAX_ROUNDS 10000000u

int ebb_check_rounds(struct ebb_check *e, const char *s)
{
	return oc_opt_uint("osmcloud check", "--ebb", s, 1, MAX_ROUNDS,
			   &e->rounds)
		       ? 2
		       : 0;
}

int ebb_check_seed(struct ebb_check *e, const char *s)
{
	return oc_opt_uint("osmcloud check", "--seed", s, 0, UINT_MAX, &e->seed)
		       ? 2
		       : 0;
}

/* "round value running_mean", one line per round, for a plot. */
static int write_trace(const char *path, const double *v, uint32_t rounds)
{
	FILE *out = fopen(path, "w");
	double sum = 0;
	uint32_t i;

	if (!out) {
		perror(path);
		return 2;
	}
	fprintf(out, "# round ebb running_mean\n");
	for (i = 0; i < rounds; i++) {
		sum += v[i];
		fprintf(out, "%u %.6f %.6f\n", i + 1, v[i], sum / (i + 1));
	}
	if (fclose(out)) {
		perror(path);
		return 2;
	}
	return 0;
}

static int measure(struct ebb_check *e, const struct oc_fabric *f,
		   const struct oc_lfts *t, const uint16_t *lids,
		   double *per_round)
{
	struct oc_ebb_opts o = {e->rounds, e->seed};
	struct oc_err err;
	double start = oc_clock_s(CLOCK_MONOTONIC),
	       cpu = oc_clock_s(CLOCK_PROCESS_CPUTIME_ID);

	if (oc_ebb_rounds(f, t, lids, e->endpoints, &o, &e->res, per_round,
			  &err)) {
		fprintf(stderr, "osmcloud check: --ebb: %s\n", err.msg);
		return 2;
	}
	e->seconds = oc_clock_s(CLOCK_MONOTONIC) - start;
	e->cpu_seconds = oc_clock_s(CLOCK_PROCESS_CPUTIME_ID) - cpu;
	return e->trace ? write_trace(e->trace, per_round, e->rounds) : 0;
}

int ebb_check_run(struct ebb_check *e, const struct oc_fabric *f,
		  const struct oc_lfts *t)
{
	double *per_round = NULL;
	uint16_t *lids;
	struct oc_err err;
	int ret;

	if (!e->rounds)
		return 0;
	if (oc_ebb_all_ca_lids(f, &lids, &e->endpoints, &err)) {
		fprintf(stderr, "osmcloud check: --ebb: %s\n", err.msg);
		return 2;
	}
	if (e->trace)
		per_round = malloc(sizeof(*per_round) * e->rounds);
	if (e->trace && !per_round) {
		fprintf(stderr, "osmcloud check: --ebb: out of memory\n");
		ret = 2;
	} else {
		ret = measure(e, f, t, lids, per_round);
	}
	free(per_round);
	free(lids);
	return ret;
}

void ebb_check_print(const struct ebb_check *e)
{
	if (!e->rounds)
		return;
	printf("EBB over %u random bisections of %u endpoints: mean %.4f (min "
	       "%.4f, max %.4f), %u flows per round\n",
	       e->res.rounds, e->endpoints, e->res.mean, e->res.min, e->res.max,
	       e->res.flows);
	printf("EBB: seed %u, %u unreachable flows\n", e->seed,
	       e->res.unreachable);
	printf("EBB time: %.1f ms (%.0f rounds/s), CPU %.1f ms (%.0f "
	       "rounds/s)\n",
	       e->seconds * 1e3,
	       e->seconds > 0 ? e->res.rounds / e->seconds : 0,
	       e->cpu_seconds * 1e3,
	       e->cpu_seconds > 0 ? e->res.rounds / e->cpu_seconds : 0);
}

json_t *ebb_check_json(const struct ebb_check *e)
{
	return json_pack("{s:I, s:I, s:I, s:I, s:o, s:o, s:o, s:I}", "rounds",
			 (json_int_t)e->res.rounds, "seed", (json_int_t)e->seed,
			 "endpoints", (json_int_t)e->endpoints,
			 "flows_per_round", (json_int_t)e->res.flows, "mean",
			 oc_json_fixed(e->res.mean, 6), "min",
			 oc_json_fixed(e->res.min, 6), "max",
			 oc_json_fixed(e->res.max, 6), "unreachable_flows",
			 (json_int_t)e->res.unreachable);
}
