/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_sim.c - the migration simulator (src/core/sim) on the paper's
 * smallest tree, PGFT(2;4,8;1,4) with 4 VFs per hypervisor (32 nodes, 12
 * switches), and a 3-level one: every pattern reaches its goal, no VM is
 * lost or duplicated, FTreeMinRC never updates more than ItRC, the
 * snapshots see verified tables and equal EBB at 0 %, a broken table
 * stops the run, the same seed gives the same records.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gen/gen.h"
#include "reconf/reconf_pick.h"
#include "sim/sim_int.h"

#define SMALL "2;4,8;1,4"
#define THREE "3;4,4,8;1,4,4"

/* What the hooks saw. */
struct seen {
	FILE *text; /* the records as text */
	char *buf;
	size_t len;
	uint32_t migs, snaps;
	struct oc_sim_snap first;
};

static void on_mig(void *ctx, const struct oc_sim_mig *m)
{
	struct seen *w = ctx;

	assert_int_equal(m->index, w->migs + 1);
	assert_int_not_equal(m->from_hv, m->to_hv);
	/* FTreeMinRC never updates a switch ItRC would not */
	assert_true(m->minrc.switches <= m->itrc.switches);
	assert_true(m->minrc.vswitches <= m->itrc.vswitches);
	assert_true(m->minrc.smps <= m->itrc.smps);
	assert_true(m->minrc.switches >= 1);
	assert_int_equal(m->minrc.fallback, 0);
	w->migs++;
	fprintf(w->text, "mig %u %u %u %u %u %u\n", m->index, m->lid,
		m->from_hv, m->to_hv, m->itrc.switches, m->minrc.switches);
}

static void on_snap(void *ctx, const struct oc_sim_snap *s)
{
	struct seen *w = ctx;

	if (!w->snaps)
		w->first = *s;
	assert_int_equal(s->minrc.unreachable, 0);
	assert_int_equal(s->reroute.unreachable, 0);
	assert_true(s->minrc.mean > 0 && s->minrc.mean <= 1);
	assert_true(s->reroute.mean > 0 && s->reroute.mean <= 1);
	assert_true(s->spread_minrc > 0 && s->spread_minrc <= 1);
	assert_true(s->spread_reroute > 0 && s->spread_reroute <= 1);
	w->snaps++;
	fprintf(w->text, "snap %u %u %.9f %.9f %lu\n", s->percent,
		s->migrations, s->minrc.mean, s->reroute.mean,
		(unsigned long)s->reroute_blocks);
}

/* A generated tree; vfs: --vf-counts (NULL: 4 VFs each). */
static struct oc_fabric *tree_vfs(const char *pgft, const char *vfs)
{
	struct oc_gen_params p;
	struct oc_err err = {{0}};
	struct oc_fabric *f;

	oc_gen_params_init(&p);
	if (oc_gen_set_option(&p, "pgft", pgft, &err) ||
	    (vfs ? oc_gen_set_option(&p, "vf-counts", vfs, &err)
		 : oc_gen_set_option(&p, "vswitch", "4", &err)))
		fail_msg("%s", err.msg);
	f = oc_gen_build(&p, NULL, &err);
	if (!f)
		fail_msg("%s", err.msg);
	return f;
}

static struct oc_fabric *tree(const char *pgft)
{
	return tree_vfs(pgft, NULL);
}

static struct oc_sim_opts opts(enum oc_sim_initial i, enum oc_sim_pattern p,
			       unsigned population, uint64_t seed)
{
	return (struct oc_sim_opts){.initial = i,
				    .pattern = p,
				    .population = population,
				    .seed = seed,
				    .ebb_rounds = 40,
				    .snapshots = 10};
}

/* Every VM LID is owned once, by a VF of the hypervisor the placement
 * says, and the hypervisors hold exactly the VMs the placement counts. */
static void check_placement(const struct oc_sim *s)
{
	uint32_t i, v, vfs_with_lid = 0, *count;
	unsigned port;

	count = calloc(s->num_hvs, sizeof(*count));
	assert_non_null(count);
	for (v = 0; v < s->num_vms; v++) {
		uint16_t lid = s->vm_lids[v];
		uint32_t hv = oc_reconf_hv_of_lid(s->f, lid);

		assert_int_not_equal(s->f->lid_owner[lid].node, OC_NONE);
		assert_int_equal(s->vm_of_lid[lid], v);
		assert_int_equal(hv, s->hvs[s->vm_pos[v]]);
		count[s->vm_pos[v]]++;
	}
	for (i = 0; i < s->num_hvs; i++) {
		assert_int_equal(count[i], s->load[i]);
		for (port = 1;
		     port <= s->f->nodes[s->f->switches[s->hvs[i]]].num_ports;
		     port++) {
			const struct oc_port *p = oc_reconf_vf_behind(
				s->f, s->ft, s->hvs[i], port);

			vfs_with_lid += p && p->lid;
		}
	}
	/* no VF holds a LID that no VM has: no VM duplicated */
	assert_int_equal(vfs_with_lid, s->num_vms);
	free(count);
}

/* Runs a scenario; the simulator is returned for the goal checks. */
static struct oc_sim *run(struct oc_fabric *f, const struct oc_sim_opts *o,
			  struct seen *w)
{
	const struct oc_sim_hooks h = {
		.mig = on_mig, .snap = on_snap, .ctx = w};
	struct oc_err err = {{0}};
	struct oc_sim *s = oc_sim_new(f, o, &err);

	if (!s)
		fail_msg("oc_sim_new: %s", err.msg);
	memset(w, 0, sizeof(*w));
	w->text = open_memstream(&w->buf, &w->len);
	assert_non_null(w->text);
	check_placement(s);
	if (oc_sim_run(s, &h, &err))
		fail_msg("oc_sim_run: %s", err.msg);
	fclose(w->text);
	assert_int_equal(w->migs, s->total);
	assert_int_equal(w->snaps, o->snapshots + 1);
	/* at 0 % the re-route is the initial routing */
	assert_int_equal(w->first.percent, 0);
	assert_int_equal(w->first.reroute_blocks, 0);
	assert_true(w->first.minrc.mean == w->first.reroute.mean);
	assert_true(w->first.spread_minrc == w->first.spread_reroute);
	check_placement(s);
	return s;
}

static void test_consolidate_left_packed(void **state)
{
	static const struct {
		enum oc_sim_initial i;
		unsigned pop;
	} cases[] = {{OC_SIM_INIT_RANDOM, 50},
		     {OC_SIM_INIT_UNIFORM, 25},
		     {OC_SIM_INIT_UNIFORM, 75}};
	unsigned c;

	(void)state;
	for (c = 0; c < 3; c++) {
		struct oc_fabric *f = tree(SMALL);
		struct oc_sim_opts o = opts(cases[c].i, OC_SIM_PAT_CONSOLIDATE,
					    cases[c].pop, 3);
		struct seen w;
		struct oc_sim *s = run(f, &o, &w);
		uint32_t i, left = s->num_vms;

		assert_int_equal(s->num_vms, 128 * cases[c].pop / 100);
		assert_true(w.migs > 0);
		/* the fewest hypervisors, from the left, each full first */
		for (i = 0; i < s->num_hvs; i++) {
			uint32_t want = left < 4 ? left : 4;
			char name[16];

			/* hypervisor order is the tree's: host i, leaf i/4 */
			snprintf(name, sizeof(name), "hv%u", i);
			assert_string_equal(
				s->f->nodes[s->f->switches[s->hvs[i]]].name,
				name);

			assert_int_equal(s->load[i], want);
			left -= want;
		}
		oc_sim_free(s);
		oc_fabric_free(f);
		free(w.buf);
	}
}

/* The positions holding tenant t: one contiguous run, returned. */
static void tenant_run(const struct oc_sim *s, unsigned t, uint32_t *first,
		       uint32_t *last)
{
	uint32_t v, p;

	*first = OC_NONE;
	*last = 0;
	for (v = 0; v < s->num_vms; v++) {
		if (s->tenant[v] != t)
			continue;
		p = s->vm_pos[v];
		if (*first == OC_NONE || p < *first)
			*first = p;
		if (p > *last)
			*last = p;
	}
	for (p = *first; p <= *last; p++) {
		uint32_t n = 0;

		for (v = 0; v < s->num_vms; v++)
			n += s->vm_pos[v] == p && s->tenant[v] == t;
		/* contiguous, and full but for the last */
		assert_int_equal(n, p < *last ? s->cap[p] : n);
		assert_true(n > 0);
	}
}

static void test_grouping_contiguous(void **state)
{
	static const struct {
		enum oc_sim_initial i;
		unsigned pop;
		const char *shape;
	} cases[] = {{OC_SIM_INIT_RANDOM, 25, SMALL},
		     {OC_SIM_INIT_UNIFORM, 75, SMALL},
		     {OC_SIM_INIT_RANDOM, 75, THREE}};
	unsigned c;

	(void)state;
	for (c = 0; c < 3; c++) {
		struct oc_fabric *f = tree(cases[c].shape);
		struct oc_sim_opts o =
			opts(cases[c].i, OC_SIM_PAT_GROUPING, cases[c].pop, 5);
		struct seen w;
		struct oc_sim *s = run(f, &o, &w);
		uint32_t a0, a1, b0, b1, v, na = 0;

		for (v = 0; v < s->num_vms; v++)
			na += s->tenant[v] == 0;
		assert_int_equal(na, (s->num_vms + 1) / 2);
		tenant_run(s, 0, &a0, &a1);
		tenant_run(s, 1, &b0, &b1);
		/* A from the left, B on the hypervisors after A's */
		assert_int_equal(a0, 0);
		assert_int_equal(b0, a1 + 1);
		oc_sim_free(s);
		oc_fabric_free(f);
		free(w.buf);
	}
}

static void test_to_uniform_within_one(void **state)
{
	static const unsigned pops[] = {25, 50, 75, 50};
	unsigned c;

	(void)state;
	for (c = 0; c < 4; c++) {
		/* the last: uneven VFs, 1 to 4 per hypervisor */
		struct oc_fabric *f = tree_vfs(SMALL, c < 3 ? NULL : "1,2,3,4");
		struct oc_sim_opts o = opts(OC_SIM_INIT_RANDOM,
					    OC_SIM_PAT_TO_UNIFORM, pops[c], 7);
		struct seen w;
		struct oc_sim *s = run(f, &o, &w);
		uint32_t i, lo = ~0u, hi = 0;

		/* within one, but for hypervisors too small for the count */
		for (i = 0; i < s->num_hvs; i++) {
			if (s->load[i] < s->cap[i])
				lo = s->load[i] < lo ? s->load[i] : lo;
			hi = s->load[i] > hi ? s->load[i] : hi;
		}
		assert_true(lo == ~0u || hi <= lo + 1);
		for (i = 0; i < s->num_hvs; i++)
			assert_true(s->load[i] + 1 >= hi ||
				    s->load[i] == s->cap[i]);
		assert_true(w.migs > 0); /* a random start is not uniform */
		oc_sim_free(s);
		oc_fabric_free(f);
		free(w.buf);
	}
}

static void test_random_two_per_node(void **state)
{
	struct oc_fabric *f = tree(SMALL);
	struct oc_sim_opts o =
		opts(OC_SIM_INIT_UNIFORM, OC_SIM_PAT_RANDOM, 25, 11);
	struct seen w;
	struct oc_sim *s = run(f, &o, &w);
	uint32_t i;

	(void)state;
	assert_int_equal(s->num_hvs, 32);
	assert_int_equal(w.migs, 2 * 32);
	/* the uniform start: one VM (25 % of 4 VFs) everywhere */
	assert_int_equal(s->num_vms, 32);
	for (i = 0; i < s->num_hvs; i++)
		assert_true(s->load[i] <= s->cap[i]);
	oc_sim_free(s);
	oc_fabric_free(f);
	free(w.buf);
}

static char *records(const char *shape, const struct oc_sim_opts *o)
{
	struct oc_fabric *f = tree(shape);
	struct seen w;
	struct oc_sim *s = run(f, o, &w);

	oc_sim_free(s);
	oc_fabric_free(f);
	return w.buf;
}

static void test_same_seed_same_records(void **state)
{
	struct oc_sim_opts o =
		opts(OC_SIM_INIT_RANDOM, OC_SIM_PAT_RANDOM, 50, 21);
	char *a = records(SMALL, &o), *b = records(SMALL, &o), *c;

	(void)state;
	assert_string_equal(a, b);
	o.seed = 22;
	c = records(SMALL, &o);
	assert_true(strcmp(a, c) != 0);
	free(a);
	free(b);
	free(c);
}

/* A hole in FTreeMinRC's tables stops the snapshot, naming it. */
static void test_broken_tables_fail(void **state)
{
	struct oc_fabric *f = tree(SMALL);
	struct oc_sim_opts o =
		opts(OC_SIM_INIT_RANDOM, OC_SIM_PAT_CONSOLIDATE, 50, 3);
	struct oc_err err = {{0}};
	struct oc_sim *s = oc_sim_new(f, &o, &err);
	struct oc_sim_snap snap = {0};
	uint32_t leaf = s->ft->leaves[0];

	(void)state;
	assert_non_null(s);
	assert_int_equal(oc_sim_run(s, NULL, &err), 0);
	s->t->ports[leaf * s->t->stride + s->vm_lids[0]] = OC_NO_PATH;
	assert_int_equal(oc_sim_snapshot(s, &snap, &err), -1);
	assert_non_null(strstr(err.msg, "unreachable"));
	assert_non_null(strstr(err.msg, "FTreeMinRC"));
	oc_sim_free(s);
	oc_fabric_free(f);
}

static void test_bad_options(void **state)
{
	struct oc_sim_opts o =
		opts(OC_SIM_INIT_UNIFORM, OC_SIM_PAT_TO_UNIFORM, 50, 1);
	struct oc_err err = {{0}};
	enum oc_sim_pattern p;

	(void)state;
	assert_int_equal(oc_sim_opts_check(&o, &err), -1);
	assert_non_null(strstr(err.msg, "--initial random"));
	o.pattern = OC_SIM_PAT_RANDOM;
	o.population = 0;
	assert_int_equal(oc_sim_opts_check(&o, &err), -1);
	assert_non_null(strstr(err.msg, "--population"));
	assert_int_equal(oc_sim_pattern_parse("to-uniform", &p), 0);
	assert_int_equal(p, OC_SIM_PAT_TO_UNIFORM);
	assert_int_equal(oc_sim_pattern_parse("shuffle", &p), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_consolidate_left_packed),
		cmocka_unit_test(test_grouping_contiguous),
		cmocka_unit_test(test_to_uniform_within_one),
		cmocka_unit_test(test_random_two_per_node),
		cmocka_unit_test(test_same_seed_same_records),
		cmocka_unit_test(test_broken_tables_fail),
		cmocka_unit_test(test_bad_options),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
