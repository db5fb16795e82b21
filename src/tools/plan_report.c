/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * plan_report.c - what "osmcloud plan" prints: the fabric's figures, each
 * method's plan, the figures tallied over random migrations, the time
 * FTreeMinRC takes to mark its switches, and the verifier's verdict on
 * the final LFTs.
 *
 * These are the figures the papers measure: switches updated per
 * migration, LFT SMPs per swap or copy against those of a full
 * reconfiguration, and the switch-marking time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io/json_out.h"
#include "plan.h"
#include "plan_json.h"
#include "base/rand.h"
#include "verify/verify.h"

#define SHOW_UPDATES 40	  /* updates printed per plan */
#define EDGE_REPEATS 1000 /* marking runs of the edge-to-edge pair */

static const char *const method_label[PLAN_NUM_METHODS] = {"ItRC",
							   "FTreeMinRC"};

/* ---- tallying ------------------------------------------------------------ */

int plan_tally_init(struct plan_tally *t, unsigned long runs)
{
	memset(t, 0, sizeof(*t));
	t->blocks_min = t->smps_min = UINT32_MAX;
	t->select_us = malloc(sizeof(double) * (runs + 1));
	t->plan_us = malloc(sizeof(double) * (runs + 1));
	return t->select_us && t->plan_us ? 0 : -1;
}

/* ---- the clock ---------------------------------------------------------- */

double plan_ms_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) * 1e3 +
	       (t1.tv_nsec - t0->tv_nsec) / 1e6;
}

void plan_tally_add(struct plan_tally *t, const struct oc_plan *p, double us)
{
	const struct oc_plan_counts *c = &p->counts;

	t->switches += c->switches;
	t->vswitches += c->vswitches;
	t->smps += c->smps;
	if (c->switches > t->switches_max)
		t->switches_max = c->switches;
	if (c->vswitches > t->vswitches_max)
		t->vswitches_max = c->vswitches;
	if (c->blocks < t->blocks_min)
		t->blocks_min = c->blocks;
	if (c->blocks > t->blocks_max)
		t->blocks_max = c->blocks;
	if (c->smps < t->smps_min)
		t->smps_min = c->smps;
	if (c->smps > t->smps_max)
		t->smps_max = c->smps;
	t->fallbacks += c->fallback;
	t->select_us[t->runs] = p->select_us;
	t->plan_us[t->runs++] = us;
}

/* ---- printing ------------------------------------------------------------ */

static const char *sw_name(const struct plan_session *s, uint32_t sw)
{
	return s->f->nodes[s->f->switches[sw]].name;
}

static const char *lid_name(const struct plan_session *s, uint16_t lid)
{
	uint32_t n = s->f->lid_owner[lid].node;

	return n == OC_NONE ? "free" : s->f->nodes[n].name;
}

/* --json: the migration, its plans added by plan_print_plan() */
static void json_op(struct plan_session *s, const struct oc_migrate_op *op)
{
	json_t *mig = json_pack("{s:s, s:I, s:o, s:I, s:o}", "kind",
				op->kind == OC_OP_SWAP ? "swap" : "copy", "lid",
				(json_int_t)op->lid, "owner",
				oc_json_text(lid_name(s, op->lid)), "peer_lid",
				(json_int_t)op->peer_lid, "peer",
				oc_json_text(lid_name(s, op->peer_lid)));

	if (mig && op->kind != OC_OP_SWAP)
		plan_json_put(s, mig, "vf",
			      oc_json_text(s->f->nodes[op->vf].name));
	if (!json_object_get(s->json, "migrations") &&
	    json_object_set(s->json, "migrations", s->migrations))
		s->json_bad = 1;
	if (json_array_append_new(s->migrations, mig))
		s->json_bad = 1;
}

void plan_print_op(struct plan_session *s, const struct oc_migrate_op *op)
{
	if (s->json) {
		json_op(s, op);
		return;
	}
	if (op->kind == OC_OP_SWAP)
		printf("swap LID %u (%s) with LID %u (%s)\n", op->lid,
		       lid_name(s, op->lid), op->peer_lid,
		       lid_name(s, op->peer_lid));
	else
		printf("copy LID %u (%s) to %s, entries of PF LID %u (%s)\n",
		       op->lid, lid_name(s, op->lid), s->f->nodes[op->vf].name,
		       op->peer_lid, lid_name(s, op->peer_lid));
}

static void print_counts(const char *label, const struct oc_plan_counts *c)
{
	printf("  %s: %u switches, %u blocks; %u vSwitches, %u blocks; "
	       "%u LFT SMPs (%u on the active route)",
	       label, c->switches, c->blocks, c->vswitches, c->vswitch_blocks,
	       c->smps, c->active);
	if (c->level >= 0)
		printf("; sub-tree level %d, skyline %u, closure %u%s",
		       c->level, c->skyline, c->closure,
		       c->fallback ? ", fell back to ItRC's set" : "");
	printf("\n");
}

static json_t *json_update(const struct plan_session *s,
			   const struct oc_lft_update *u)
{
	return json_pack("{s:o, s:I, s:b}", "switch",
			 oc_json_text(sw_name(s, u->sw)), "block",
			 (json_int_t)u->block, "active", u->active);
}

/* --json: the plan of method m under the last migration's "plans" */
static void json_plan(struct plan_session *s, int m)
{
	const struct oc_plan *p = &s->plan[m];
	size_t last = json_array_size(s->migrations);
	json_t *plans = NULL, *obj = plan_json_counts(&p->counts), *ups;
	uint32_t i;

	if (last) {
		json_t *mig = json_array_get(s->migrations, last - 1);

		plans = json_object_get(mig, "plans");
		if (!plans) {
			plan_json_put(s, mig, "plans", json_object());
			plans = json_object_get(mig, "plans");
		}
	}
	ups = s->a->quiet ? NULL : json_array();
	for (i = 0; ups && i < p->num_updates; i++)
		if (json_array_append_new(ups, json_update(s, &p->updates[i])))
			s->json_bad = 1;
	if (!s->a->quiet)
		plan_json_put(s, obj, "updates", ups);
	plan_json_put(s, plans, oc_reconf_method_name((enum oc_reconf_method)m),
		      obj);
}

void plan_print_plan(struct plan_session *s, int m)
{
	const struct oc_plan *p = &s->plan[m];
	uint32_t i, n = p->num_updates;

	if (s->json) {
		json_plan(s, m);
		return;
	}

	print_counts(method_label[m], &p->counts);
	if (s->a->quiet)
		return;
	for (i = 0; i < n && i < SHOW_UPDATES; i++)
		printf("    %3u. %-14s block %-4u LIDs %u-%u%s\n", i + 1,
		       sw_name(s, p->updates[i].sw), p->updates[i].block,
		       p->updates[i].block * OC_LFT_BLOCK,
		       p->updates[i].block * OC_LFT_BLOCK + OC_LFT_BLOCK - 1,
		       p->updates[i].active ? "  active" : "");
	if (n > SHOW_UPDATES)
		printf("    ... %u more\n", n - SHOW_UPDATES);
}

/* ---- the figures of the random migrations ------------------------------ */

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

static double median(double *v, uint32_t n)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* A row of the table, or with --json the member key of each method's
 * object under "random" (decimals: the text's). */
static void print_row(struct plan_session *s, const char *label,
		      const char *key, double v0, double v1, const char *fmt)
{
	double v[PLAN_NUM_METHODS] = {v0, v1};
	int m;

	if (s->json) {
		json_t *random = json_object_get(s->json, "random");
		unsigned decimals = strstr(fmt, ".2")	? 2
				    : strstr(fmt, ".1") ? 1
							: 0;

		for (m = 0; m < PLAN_NUM_METHODS; m++)
			if (s->a->use[m])
				plan_json_put(
					s, plan_json_method(s, random, m), key,
					decimals ? oc_json_fixed(v[m], decimals)
						 : json_integer(
							   (json_int_t)v[m]));
		return;
	}

	printf("  %-34s", label);
	for (m = 0; m < PLAN_NUM_METHODS; m++) {
		if (!s->a->use[m]) {
			printf(" %12s", "-");
			continue;
		}
		printf(" ");
		printf(fmt, v[m]);
	}
	printf("\n");
}

void plan_print_tallies(struct plan_session *s)
{
	struct plan_tally *i = &s->tally[0], *f = &s->tally[1];
	double ri = i->runs ? i->runs : 1, rf = f->runs ? f->runs : 1;

	if (!s->json)
		printf("  %-34s %12s %12s\n", "", method_label[0],
		       method_label[1]);
	print_row(s, "switches per migration, mean", "switches_mean",
		  i->switches / ri, f->switches / rf, "%12.2f");
	print_row(s, "switches per migration, max", "switches_max",
		  i->switches_max, f->switches_max, "%12.0f");
	print_row(s, "vSwitches per migration, max", "vswitches_max",
		  i->vswitches_max, f->vswitches_max, "%12.0f");
	print_row(s, "LFT SMPs to switches, min", "switch_smps_min",
		  i->blocks_min, f->blocks_min, "%12.0f");
	print_row(s, "LFT SMPs to switches, max", "switch_smps_max",
		  i->blocks_max, f->blocks_max, "%12.0f");
	print_row(s, "LFT SMPs with vSwitches, min", "smps_min", i->smps_min,
		  f->smps_min, "%12.0f");
	print_row(s, "LFT SMPs with vSwitches, mean", "smps_mean", i->smps / ri,
		  f->smps / rf, "%12.2f");
	print_row(s, "LFT SMPs with vSwitches, max", "smps_max", i->smps_max,
		  f->smps_max, "%12.0f");
	print_row(s, "switch selection, median us", "select_us_median",
		  median(i->select_us, i->runs), median(f->select_us, f->runs),
		  "%12.1f");
	print_row(s, "whole plan, median us", "plan_us_median",
		  median(i->plan_us, i->runs), median(f->plan_us, f->runs),
		  "%12.1f");
	print_row(s, "fallbacks to ItRC's switch set", "fallbacks",
		  i->fallbacks, f->fallbacks, "%12.0f");
}

/* ---- fabric figures and marking --------------------------------------- */

static uint32_t fabric_switches(const struct plan_session *s)
{
	return s->f->num_switches - s->ft->num_vswitches;
}

static void json_fabric(struct plan_session *s, uint64_t blocks)
{
	json_t *fab =
		json_pack("{s:I, s:I, s:I, s:I, s:s, s:I, s:o, s:o, s:I, s:I}",
			  "switches", (json_int_t)fabric_switches(s),
			  "vswitches", (json_int_t)s->ft->num_vswitches,
			  "leaves", (json_int_t)s->ft->num_leaves, "max_lid",
			  (json_int_t)s->f->max_lid, "lid_model",
			  s->live	  ? "dump"
			  : s->a->dynamic ? "dynamic"
					  : "prepopulated",
			  "vms", (json_int_t)s->num_vms, "routing",
			  s->live ? oc_json_text(s->a->dump)
				  : json_string("vswitch_ftree"),
			  "route_ms",
			  s->live ? json_null() : oc_json_fixed(s->route_ms, 1),
			  "full_reconfiguration_smps",
			  (json_int_t)(fabric_switches(s) * blocks),
			  "full_reconfiguration_smps_vswitches",
			  (json_int_t)(s->f->num_switches * blocks));

	plan_json_put(s, s->json, "fabric", fab);
}

void plan_print_fabric(struct plan_session *s)
{
	uint64_t blocks = s->f->max_lid / OC_LFT_BLOCK + 1;

	if (s->json) {
		json_fabric(s, blocks);
		return;
	}

	printf("fabric: %u switches, %u vSwitches, %u leaves, max LID %u; "
	       "LID model %s, %u VMs\n",
	       fabric_switches(s), s->ft->num_vswitches, s->ft->num_leaves,
	       s->f->max_lid,
	       s->live	       ? "of the Dump"
	       : s->a->dynamic ? "dynamic"
			       : "prepopulated",
	       s->num_vms);
	if (s->live)
		printf("routing: the LFTs of the Dump %s\n", s->a->dump);
	else
		printf("routing (vswitch_ftree): %.1f ms\n", s->route_ms);
	printf("full reconfiguration: %u switches x %llu blocks = %llu LFT "
	       "SMPs (with vSwitches: %llu)\n",
	       fabric_switches(s), (unsigned long long)blocks,
	       (unsigned long long)(fabric_switches(s) * blocks),
	       (unsigned long long)(s->f->num_switches * blocks));
}

static double mark_us(const struct oc_tuples *t, uint32_t a, uint32_t b,
		      uint8_t *mark, uint32_t *marked, int *level)
{
	struct timespec t0;
	double us;
	uint32_t i;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	*marked = oc_tuple_mark_skyline(t, a, b, mark, level);
	us = plan_ms_since(&t0) * 1e3;
	for (i = 0; i < t->num_fabric; i++)
		mark[t->fabric_sw[i]] = 0;
	return us;
}

/* The skyline of the first and the last leaf, the widest there is. */
static void print_edge_marking(struct plan_session *s, uint8_t *mark)
{
	const struct oc_tuples *t = oc_reconf_tuples(s->rc);
	uint32_t a = s->ft->leaves[0], b = s->ft->leaves[s->ft->num_leaves - 1];
	double us[EDGE_REPEATS];
	uint32_t i, marked = 0;
	int level = 0;

	for (i = 0; i < EDGE_REPEATS; i++)
		us[i] = mark_us(t, a, b, mark, &marked, &level);
	if (s->json) {
		plan_json_put(
			s, json_object_get(s->json, "marking"), "edge",
			json_pack("{s:[o, o], s:I, s:i, s:o, s:I}", "leaves",
				  oc_json_text(sw_name(s, a)),
				  oc_json_text(sw_name(s, b)), "switches",
				  (json_int_t)marked, "level", level,
				  "median_us",
				  oc_json_fixed(median(us, EDGE_REPEATS), 1),
				  "runs", (json_int_t)EDGE_REPEATS));
		return;
	}
	printf("FTreeMinRC skyline of the edge leaves %s and %s: %u switches "
	       "(sub-tree level %d), marked in %.1f us (median of %u)\n",
	       sw_name(s, a), sw_name(s, b), marked, level,
	       median(us, EDGE_REPEATS), EDGE_REPEATS);
}

/* Without vSwitches: skylines of random leaf pairs. */
static void print_pair_marking(struct plan_session *s, uint8_t *mark)
{
	const struct oc_tuples *t = oc_reconf_tuples(s->rc);
	unsigned long i, n = s->a->random;
	double *us = malloc(sizeof(double) * (n + 1)), sum = 0;
	uint32_t marked, max = 0;
	int level;

	if (!us || !n) {
		free(us);
		return;
	}
	s->rng = s->a->seed;
	for (i = 0; i < n; i++) {
		uint32_t a = oc_rand_next(&s->rng) % s->ft->num_leaves;
		uint32_t b = oc_rand_next(&s->rng) % s->ft->num_leaves;

		us[i] = mark_us(t, s->ft->leaves[a], s->ft->leaves[b], mark,
				&marked, &level);
		sum += marked;
		max = marked > max ? marked : max;
	}
	if (s->json)
		plan_json_put(
			s, json_object_get(s->json, "marking"), "random_pairs",
			json_pack("{s:I, s:o, s:I, s:o}", "pairs",
				  (json_int_t)n, "skyline_mean",
				  oc_json_fixed(sum / n, 1), "skyline_max",
				  (json_int_t)max, "median_us",
				  oc_json_fixed(median(us, n), 1)));
	else
		printf("%lu random leaf pairs: skyline mean %.1f, max %u switches; "
		       "marking median %.1f us\n",
		       n, sum / n, max, median(us, n));
	free(us);
}

int plan_report_marking(struct plan_session *s, struct oc_err *err)
{
	uint8_t *mark;

	if (s->json)
		plan_json_put(s, s->json, "marking", json_object());
	if (!oc_reconf_tuples(s->rc)) {
		if (s->json)
			plan_json_put(
				s, json_object_get(s->json, "marking"),
				"unavailable",
				oc_json_text(oc_reconf_tuples_error(s->rc)));
		else
			printf("FTreeMinRC unavailable: %s\n",
			       oc_reconf_tuples_error(s->rc));
		return 0;
	}
	mark = calloc(s->f->num_switches, 1);
	if (!mark)
		return oc_err_set(err, "out of memory");
	print_edge_marking(s, mark);
	if (!s->ft->num_vswitches) {
		if (!s->json)
			printf("no vSwitches: only the marking is measured\n");
		print_pair_marking(s, mark);
	}
	free(mark);
	return 0;
}

/* ---- checking ------------------------------------------------------------ */

static json_t *json_verified(const struct oc_verify_report *r)
{
	return json_pack("{s:I, s:I, s:b, s:I, s:I, s:I, s:o}",
			 "ca_unreachable_lids",
			 (json_int_t)r->ca.lids_unreachable, "ca_loops",
			 (json_int_t)r->ca.loops, "ca_credit_loop",
			 r->cdg_ca_cycle.len > 0, "nonminimal_ca_pairs",
			 (json_int_t)r->ca_pairs_nonminimal, "ca_pairs",
			 (json_int_t)r->ca_pairs, "link_load_max",
			 (json_int_t)r->load_max, "link_load_mean",
			 oc_json_fixed(r->load_mean, 1));
}

static int verify_method(struct plan_session *s, int m, struct oc_err *err)
{
	struct oc_verify_report r;
	int bad;

	if (oc_verify(s->f, s->t[m], &r, err))
		return -1;
	if (s->json)
		plan_json_put(s, json_object_get(s->json, "verify"),
			      oc_reconf_method_name((enum oc_reconf_method)m),
			      json_verified(&r));
	else
		printf("  %s: CA LIDs unreachable %u (loops %llu), CA credit loop "
		       "%s, non-minimal CA pairs %llu of %llu, link load max %llu "
		       "mean %.1f\n",
		       method_label[m], r.ca.lids_unreachable,
		       (unsigned long long)r.ca.loops,
		       r.cdg_ca_cycle.len ? "YES" : "none",
		       (unsigned long long)r.ca_pairs_nonminimal,
		       (unsigned long long)r.ca_pairs,
		       (unsigned long long)r.load_max, r.load_mean);
	bad = r.ca.lids_unreachable || r.ca.loops || r.cdg_ca_cycle.len;
	oc_verify_report_free(&r);
	return bad;
}

int plan_verify_all(struct plan_session *s, struct oc_err *err)
{
	int m, bad = 0, ret;

	if (s->json)
		plan_json_put(s, s->json, "verify", json_object());
	else
		printf("verify:\n");
	for (m = 0; m < PLAN_NUM_METHODS; m++) {
		if (!s->a->use[m])
			continue;
		ret = verify_method(s, m, err);
		if (ret < 0)
			return -1;
		bad |= ret;
	}
	if (s->json)
		plan_json_put(s, json_object_get(s->json, "verify"), "passed",
			      json_boolean(!bad));
	if (bad)
		return oc_err_set(err, "FAIL: the LFTs do not pass");
	return 0;
}
