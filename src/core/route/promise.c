/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * promise.c - judging an engine's tables against its promise (promise.h).
 *
 * The verifier does the work; this file only decides which of its
 * findings break the promise and words them, through the verifier's own
 * wording (verify_text.c), into one message built in memory.
 */
#include <stdio.h>
#include <stdlib.h>

#include "route/promise.h"

unsigned oc_promise_checks(const struct oc_engine *e)
{
	unsigned what = OC_VERIFY_CDG_CA;

	if (oc_engine_has(e, OC_ENGINE_SWITCH_CDG))
		what |= OC_VERIFY_CDG_ALL;
	return what;
}

static int reach_failed(const struct oc_verify_reach *r)
{
	return r->holes + r->loops + r->wrong > 0;
}

/* The switch LIDs break the promise: not exactly the declared holes. */
static int switch_reach_broken(const struct oc_verify_report *r,
			       uint64_t sw_pairs_unserved)
{
	return r->sw.loops || r->sw.wrong || r->sw.holes != sw_pairs_unserved;
}

/* "; " before every part but the first. */
static void start_part(FILE *out, int *parts)
{
	if ((*parts)++)
		fputs("; ", out);
}

/* WHAT LIDs: ... [, e.g. <first failure>] */
static void write_reach(FILE *out, const struct oc_fabric *f, const char *what,
			const struct oc_verify_reach *r, const char *declared)
{
	oc_verify_reach_write(out, what, r);
	if (declared)
		fputs(declared, out);
	if (r->num_examples) {
		fputs(", e.g. ", out);
		oc_verify_failure_write(out, f, &r->examples[0]);
	}
}

static void write_violation(FILE *out, const struct oc_fabric *f,
			    const struct oc_verify_report *r,
			    const struct oc_engine *e,
			    uint64_t sw_pairs_unserved, int *parts)
{
	char declared[96];

	if (reach_failed(&r->ca)) {
		start_part(out, parts);
		write_reach(out, f, "CA", &r->ca, NULL);
	}
	if (oc_engine_has(e, OC_ENGINE_SWITCH_PATHS) &&
	    switch_reach_broken(r, sw_pairs_unserved)) {
		snprintf(declared, sizeof(declared),
			 " where the engine declared %llu (switch, switch LID) "
			 "pairs unserved",
			 (unsigned long long)sw_pairs_unserved);
		start_part(out, parts);
		write_reach(out, f, "switch", &r->sw, declared);
	}
	if (r->cdg_ca_cycle.len) {
		start_part(out, parts);
		oc_verify_cycle_write(out, f, "CA traffic", &r->cdg_ca_cycle);
	} else if (oc_engine_has(e, OC_ENGINE_SWITCH_CDG) &&
		   r->cdg_all_cycle.len) {
		start_part(out, parts);
		oc_verify_cycle_write(out, f, "CA+switch traffic",
				      &r->cdg_all_cycle);
	}
}

int oc_promise_judge(const struct oc_fabric *f,
		     const struct oc_verify_report *r,
		     const struct oc_engine *e, uint64_t sw_pairs_unserved,
		     char **violation)
{
	size_t len = 0;
	int parts = 0;
	FILE *out;

	*violation = NULL;
	out = open_memstream(violation, &len);
	if (!out)
		return -1;
	write_violation(out, f, r, e, sw_pairs_unserved, &parts);
	if (fclose(out)) {
		free(*violation);
		*violation = NULL;
		return -1;
	}
	if (parts)
		return 1;
	free(*violation);
	*violation = NULL;
	return 0;
}

int oc_promise_check(const struct oc_fabric *f, const struct oc_lfts *t,
		     const struct oc_engine *e, uint64_t sw_pairs_unserved,
		     char **violation, struct oc_err *err)
{
	struct oc_verify_report r;
	int ret;

	*violation = NULL;
	if (oc_verify_some(f, t, oc_promise_checks(e), &r, err))
		return -1;
	ret = oc_promise_judge(f, &r, e, sw_pairs_unserved, violation);
	oc_verify_report_free(&r);
	if (ret < 0)
		return oc_err_set(err, "out of memory");
	return ret;
}
