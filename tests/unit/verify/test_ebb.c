/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_ebb.c - the bisection-bandwidth evaluator (verify/ebb.h) against
 * an independent brute force: every split of several small fabrics gives
 * the same value; the sampled mean meets the exact mean over all splits
 * of 8 endpoints; more roots never lower the EBB; bad endpoints are
 * refused by name.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "gen/gen.h"
#include "testlib.h"
#include "verify/ebb.h"

/* ---- the reference: written from the header's words ------------------ */

#define REF_MAX_LINKS 64

/* A directed link: the node and port it leaves from. */
struct ref_link {
	uint32_t node;
	unsigned port;
};

struct ref_path {
	int len; /* -1: not delivered */
	struct ref_link l[REF_MAX_LINKS];
};

/* Follows the LFT rows from the source CA port of src to dst's owner. */
static void ref_walk(const struct oc_fabric *f, const struct oc_lfts *t,
		     uint16_t src, uint16_t dst, struct ref_path *p)
{
	uint32_t node = f->lid_owner[src].node;
	unsigned port = f->lid_owner[src].port;

	p->len = 0;
	while (p->len < REF_MAX_LINKS) {
		const struct oc_port *out =
			&f->ports[f->nodes[node].first_port + port];
		uint32_t next = out->peer_node;

		if (!out->active || next == OC_NONE)
			break;
		p->l[p->len].node = node;
		p->l[p->len++].port = port;
		if (f->nodes[next].type != OC_NODE_SWITCH) {
			if (next == f->lid_owner[dst].node &&
			    out->peer_port == f->lid_owner[dst].port)
				return;
			break;
		}
		node = next;
		if (dst > t->max_lid)
			break;
		port = t->ports[(size_t)f->nodes[node].sw_index * t->stride +
				dst];
		if (port == 0 || port > f->nodes[node].num_ports)
			break;
	}
	p->len = -1;
}

static int ref_uses(const struct ref_path *p, const struct ref_link *l)
{
	int k;

	for (k = 0; k < p->len; k++)
		if (p->l[k].node == l->node && p->l[k].port == l->port)
			return 1;
	return 0;
}

/* The mean bandwidth of the flows src[i] -> dst[i]: for each link of a
 * flow, the flows whose paths hold it, counted by looking at each. */
static double ref_split(const struct oc_fabric *f, const struct oc_lfts *t,
			const uint16_t *src, const uint16_t *dst,
			uint32_t flows)
{
	struct ref_path *p = calloc(flows, sizeof(*p));
	double sum = 0;
	uint32_t i, j;
	int k;

	assert_non_null(p);
	for (i = 0; i < flows; i++)
		ref_walk(f, t, src[i], dst[i], &p[i]);
	for (i = 0; i < flows; i++) {
		unsigned worst = 1;

		if (p[i].len < 0)
			continue;
		for (k = 0; k < p[i].len; k++) {
			unsigned users = 1;

			for (j = 0; j < flows; j++)
				if (j != i && p[j].len >= 0 &&
				    ref_uses(&p[j], &p[i].l[k]))
					users++;
			if (users > worst)
				worst = users;
		}
		sum += 1.0 / worst;
	}
	free(p);
	return sum / flows;
}

/* The header's split: xorshift64 (13, 7, 17) from the seed (0: the
 * default), Fisher-Yates from the end over the previous round's order;
 * the first half sends to the second. */
static uint64_t ref_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static double ref_round(const struct oc_fabric *f, const struct oc_lfts *t,
			uint16_t *order, uint32_t n, uint64_t *state)
{
	uint32_t i, half = n / 2;

	for (i = n; i > 1; i--) {
		uint32_t j = (uint32_t)(ref_rand(state) % i);
		uint16_t tmp = order[i - 1];

		order[i - 1] = order[j];
		order[j] = tmp;
	}
	return ref_split(f, t, order, order + half, half);
}

/* oc_ebb_rounds against the reference, round by round, for seeds
 * 1..seeds; returns the largest difference. */
static double compare_seeds(const struct oc_fabric *f, const struct oc_lfts *t,
			    const uint16_t *lids, uint32_t n, unsigned seeds,
			    unsigned rounds)
{
	uint16_t *order = malloc(sizeof(*order) * n);
	double *v = malloc(sizeof(*v) * rounds), worst = 0;
	struct oc_ebb_result r;
	struct oc_err err;
	unsigned s, i;

	assert_non_null(order);
	assert_non_null(v);
	for (s = 1; s <= seeds; s++) {
		struct oc_ebb_opts o = {rounds, s};
		uint64_t state = s;

		if (oc_ebb_rounds(f, t, lids, n, &o, &r, v, &err))
			fail_msg("oc_ebb: %s", err.msg);
		assert_int_equal(r.rounds, rounds);
		assert_int_equal(r.flows, n / 2);
		memcpy(order, lids, sizeof(*order) * n);
		for (i = 0; i < rounds; i++) {
			double d =
				fabs(v[i] - ref_round(f, t, order, n, &state));

			if (d > worst)
				worst = d;
		}
	}
	free(order);
	free(v);
	return worst;
}

/* ---- fabrics ------------------------------------------------------------ */

static struct oc_fabric *gen(const char *const *opts)
{
	struct oc_gen_params p;
	struct oc_err err = {{0}};
	struct oc_fabric *f;

	oc_gen_params_init(&p);
	for (; *opts; opts += 2)
		if (oc_gen_set_option(&p, opts[0], opts[1], &err))
			fail_msg("gen --%s %s: %s", opts[0], opts[1], err.msg);
	f = oc_gen_build(&p, NULL, &err);
	if (!f || oc_fabric_assign_lids(f, &err))
		fail_msg("gen: %s", err.msg);
	return f;
}

static const char *const two_level[] = {"pgft", "2;4,4;1,2", NULL};
static const char *const three_level[] = {"kary", "4", "levels", "3", NULL};
static const char *const parallel[] = {"pgft", "2;4,3;1,2;1,2", NULL};
static const char *const vswitch[] = {"pgft", "2;3,4;1,2", "vswitch", "3",
				      NULL};
static const char *const cut_cable[] = {"kary",	     "4",	  "levels", "3",
					"drop-link", "sw-L1-0:5", NULL};
static const char *const *const small_fabrics[] = {
	two_level, three_level, parallel, vswitch, cut_cable,
};

#define NUM_SMALL (sizeof(small_fabrics) / sizeof(small_fabrics[0]))
#define SEEDS 100
#define ROUNDS 3

static double compare_all_cas(const struct oc_fabric *f,
			      const struct oc_lfts *t)
{
	struct oc_err err;
	uint16_t *lids;
	uint32_t n;
	double d;

	assert_int_equal(oc_ebb_all_ca_lids(f, &lids, &n, &err), 0);
	assert_true(n >= 8);
	d = compare_seeds(f, t, lids, n, SEEDS, ROUNDS);
	free(lids);
	return d;
}

/* (a) 300 splits per fabric, every one the same as the brute force. */
static void matches_brute_force(void **state)
{
	double worst = 0;
	unsigned i;

	for (i = 0; i < NUM_SMALL; i++) {
		struct oc_fabric *f = gen(small_fabrics[i]);
		struct oc_lfts *t = tl_route(f);
		double d = compare_all_cas(f, t);

		if (d > 1e-12)
			fail_msg("fabric %u (--%s %s): differs by %g", i,
				 small_fabrics[i][0], small_fabrics[i][1], d);
		if (d > worst)
			worst = d;
		oc_lfts_free(t);
		oc_fabric_free(f);
	}
	print_message("brute force: %u splits on %u fabrics, max difference "
		      "%g\n",
		      (unsigned)(NUM_SMALL * SEEDS * ROUNDS),
		      (unsigned)NUM_SMALL, worst);
}

/* The VMs of Figure 2 only (no PFs): endpoints are any CA port LIDs, and
 * VMs of one vSwitch share its link to the leaf. */
static void matches_brute_force_on_vms(void **state)
{
	static const char *const vms[] = {"vm1", "vm2", "vm3", "vm4",
					  "vm5", "vm6", "vm7", "vm8"};
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_lfts *t = tl_route(f);
	uint16_t lids[8];
	unsigned i;

	for (i = 0; i < 8; i++)
		lids[i] = (uint16_t)tl_lid(f, vms[i]);
	assert_true(compare_seeds(f, t, lids, 8, SEEDS, ROUNDS) < 1e-12);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Flows the tables do not deliver (a dropped entry, a loop) count 0 and
 * load nothing, in both. */
static void unreachable_flows_count_zero(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = tl_route(f);
	uint16_t lids[4] = {tl_lid(f, "a1"), tl_lid(f, "a2"), tl_lid(f, "b1"),
			    tl_lid(f, "b2")};
	struct oc_ebb_opts o = {200, 9};
	struct oc_ebb_result r;
	struct oc_err err;

	tl_set(f, t, "S1", "b1", OC_NO_PATH);
	tl_set(f, t, "S2", "b1", OC_NO_PATH);
	tl_set(f, t, "A", "b2", 1);  /* up to S1 ... */
	tl_set(f, t, "S1", "b2", 1); /* ... and back down to A: a loop */
	assert_true(compare_seeds(f, t, lids, 4, SEEDS, ROUNDS) < 1e-12);
	assert_int_equal(oc_ebb(f, t, lids, 4, &o, &r, &err), 0);
	assert_true(r.unreachable > 0);
	assert_true(r.mean < 1);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* ---- (b) the exact mean over every split of 8 endpoints ---------------- */

struct exact {
	double sum, sum2;
	unsigned long count;
};

/* Every ordering of lids[k..n-1] after the fixed lids[0..k-1]. */
static void permute(const struct oc_fabric *f, const struct oc_lfts *t,
		    uint16_t *lids, uint32_t n, uint32_t k, struct exact *e)
{
	uint32_t i;

	if (k == n) {
		double v = ref_split(f, t, lids, lids + n / 2, n / 2);

		e->sum += v;
		e->sum2 += v * v;
		e->count++;
		return;
	}
	for (i = k; i < n; i++) {
		uint16_t tmp = lids[k];

		lids[k] = lids[i];
		lids[i] = tmp;
		permute(f, t, lids, n, k + 1, e);
		lids[i] = lids[k];
		lids[k] = tmp;
	}
}

/* All 8! = 40,320 ordered splits of Figure 2's VMs give the exact EBB and
 * its spread; 20,000 sampled rounds must land within 5 standard errors
 * (sd / sqrt(rounds)) of it. */
static void sampled_mean_meets_exact_mean(void **state)
{
	static const char *const vms[] = {"vm1", "vm2", "vm3", "vm4",
					  "vm5", "vm6", "vm7", "vm8"};
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_lfts *t = tl_route(f);
	struct exact e = {0, 0, 0};
	struct oc_ebb_opts o = {20000, 0};
	struct oc_ebb_result r;
	struct oc_err err;
	uint16_t lids[8];
	double mean, sd, tol;
	unsigned i;

	for (i = 0; i < 8; i++)
		lids[i] = (uint16_t)tl_lid(f, vms[i]);
	permute(f, t, lids, 8, 0, &e);
	assert_int_equal(e.count, 40320);
	mean = e.sum / e.count;
	sd = sqrt(e.sum2 / e.count - mean * mean);
	tol = 5 * sd / sqrt(o.rounds);
	assert_true(sd > 0); /* the splits differ: the test can fail */
	assert_int_equal(oc_ebb(f, t, lids, 8, &o, &r, &err), 0);
	if (fabs(r.mean - mean) > tol)
		fail_msg("sampled %.5f, exact %.5f, tolerance %.5f", r.mean,
			 mean, tol);
	print_message("exact EBB %.5f (sd %.4f), sampled %.5f, tolerance "
		      "%.5f\n",
		      mean, sd, r.mean, tol);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* ---- (c) known values ----------------------------------------------- */

static double ebb_of(const struct oc_fabric *f, const struct oc_lfts *t,
		     uint32_t rounds, struct oc_ebb_result *r)
{
	struct oc_ebb_opts o = {rounds, 0};
	struct oc_err err;
	uint16_t *lids;
	uint32_t n;

	assert_int_equal(oc_ebb_all_ca_lids(f, &lids, &n, &err), 0);
	if (oc_ebb(f, t, lids, n, &o, r, &err))
		fail_msg("oc_ebb: %s", err.msg);
	free(lids);
	return r->mean;
}

/* One leaf switch: every flow has its own two CA links, EBB exactly 1. */
static void one_switch_gives_one(void **state)
{
	static const char *const one[] = {"pgft", "1;8;1", NULL};
	struct oc_fabric *f = gen(one);
	struct oc_lfts *t = tl_route(f);
	struct oc_ebb_result r;

	assert_true(ebb_of(f, t, 100, &r) == 1.0);
	assert_true(r.min == 1.0 && r.max == 1.0);
	assert_int_equal(r.flows, 4);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* 4 leaves of 4 hosts under 4, 2, 1 roots: each halving of the roots
 * lowers the EBB; all in (0, 1]. */
static void fewer_roots_lower_the_ebb(void **state)
{
	static const char *const w4[] = {"pgft", "2;4,4;1,4", NULL};
	static const char *const w2[] = {"pgft", "2;4,4;1,2", NULL};
	static const char *const w1[] = {"pgft", "2;4,4;1,1", NULL};
	static const char *const *const shapes[] = {w4, w2, w1};
	double prev = 2;
	unsigned i;

	for (i = 0; i < 3; i++) {
		struct oc_fabric *f = gen(shapes[i]);
		struct oc_lfts *t = tl_route(f);
		struct oc_ebb_result r;
		double v = ebb_of(f, t, 2000, &r);

		print_message("%s: EBB %.4f\n", shapes[i][1], v);
		assert_true(v > 0 && v <= 1);
		assert_true(r.min <= v && v <= r.max);
		assert_true(v < prev);
		assert_int_equal(r.unreachable, 0);
		prev = v;
		oc_lfts_free(t);
		oc_fabric_free(f);
	}
}

/* The same seed gives the same value; the default seed is fixed. */
static void same_seed_same_value(void **state)
{
	struct oc_fabric *f = gen(three_level);
	struct oc_lfts *t = tl_route(f);
	struct oc_ebb_result a, b;

	assert_true(ebb_of(f, t, 50, &a) == ebb_of(f, t, 50, &b));
	assert_true(a.min == b.min && a.max == b.max);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* ---- (d) bad input ----------------------------------------------------- */

static void expect_refused(const struct oc_fabric *f, const struct oc_lfts *t,
			   const uint16_t *lids, uint32_t n, uint32_t rounds,
			   const char *words)
{
	struct oc_ebb_opts o = {rounds, 1};
	struct oc_ebb_result r;
	struct oc_err err = {{0}};

	assert_int_equal(oc_ebb(f, t, lids, n, &o, &r, &err), -1);
	if (!strstr(err.msg, words))
		fail_msg("\"%s\" lacks \"%s\"", err.msg, words);
}

static void refuses_bad_endpoints(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = tl_route(f);
	uint16_t a1 = tl_lid(f, "a1"), b1 = tl_lid(f, "b1");
	uint16_t sw[3] = {a1, (uint16_t)tl_lid(f, "S1"), b1};
	uint16_t unknown[2] = {a1, (uint16_t)(f->max_lid + 7)};
	uint16_t twice[3] = {a1, b1, a1};
	char words[64];

	snprintf(words, sizeof(words), "endpoint 2 of 3: LID %u (\"S1\"",
		 sw[1]);
	expect_refused(f, t, sw, 3, 10, words);
	expect_refused(f, t, sw, 3, 10, "a switch's LID, not a CA port's");
	snprintf(words, sizeof(words), "endpoint 2 of 2: LID %u: no port",
		 unknown[1]);
	expect_refused(f, t, unknown, 2, 10, words);
	snprintf(words, sizeof(words),
		 "endpoints 1 and 3 of 3: LID %u named "
		 "twice",
		 a1);
	expect_refused(f, t, twice, 3, 10, words);
	expect_refused(f, t, twice, 1, 10, "at least 2 endpoints");
	expect_refused(f, t, twice, 2, 0, "at least 1 round");
	oc_lfts_free(t);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(matches_brute_force),
		cmocka_unit_test(matches_brute_force_on_vms),
		cmocka_unit_test(unreachable_flows_count_zero),
		cmocka_unit_test(sampled_mean_meets_exact_mean),
		cmocka_unit_test(one_switch_gives_one),
		cmocka_unit_test(fewer_roots_lower_the_ebb),
		cmocka_unit_test(same_seed_same_value),
		cmocka_unit_test(refuses_bad_endpoints),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
