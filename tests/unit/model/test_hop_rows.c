/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_hop_rows.c - the stub switches and the hop rows they keep
 * (model/hop_rows.h), and the claim behind the rule: OpenSM's multicast
 * manager picks the same root and reads only rows that exist.  The test
 * replays osm_mcast_mgr.c's root choice (mcast_mgr_compute_max_hops(),
 * the first switch with the least value wins) and the walk of
 * osm_switch_recommend_mcast_path() (the first port with the least hops)
 * for every group a small fabric can have: each switch without members,
 * with CA members, itself a member, or both.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "fixtures.h"
#include "model/hop_rows.h"
#include "model/hops.h"
#include "testlib.h"

#define NO_PATH 0xff

/* Four switches in a line, a - b - c - d, a CA on each end. */
#define LINE_NET                                          \
	"Switch 2 \"a\"\n[1] \"b\"[2]\n[2] \"ca\"[1]\n\n" \
	"Switch 2 \"b\"\n[1] \"c\"[2]\n[2] \"a\"[1]\n\n"  \
	"Switch 2 \"c\"\n[1] \"d\"[2]\n[2] \"b\"[1]\n\n"  \
	"Switch 2 \"d\"\n[1] \"dc\"[1]\n[2] \"c\"[1]\n\n" \
	"Hca 1 \"ca\"\n[1] \"a\"[2]\n\nHca 1 \"dc\"\n[1] \"d\"[1]\n"

/* A vSwitch w with two links to its leaf L, and a lone switch z. */
#define PARALLEL_NET                                                    \
	"Switch 3 \"L\"\n[1] \"w\"[1]\n[2] \"w\"[2]\n[3] \"x\"[1]\n\n"  \
	"Switch 3 \"w\"\n[1] \"L\"[1]\n[2] \"L\"[2]\n[3] \"pf\"[1]\n\n" \
	"Switch 1 \"z\"\n[1] \"zc\"[1]\n\n"                             \
	"Hca 1 \"x\"\n[1] \"L\"[3]\n\nHca 1 \"pf\"\n[1] \"w\"[3]\n\n"   \
	"Hca 1 \"zc\"\n[1] \"z\"[1]\n"

static void test_stubs(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	static const char *const stubs[] = {"v1", "v2", "v3", "v4"};
	static const char *const others[] = {"R1", "R2", "L1", "L2"};
	unsigned k;

	(void)state;
	for (k = 0; k < 4; k++) {
		assert_int_equal(oc_switch_is_stub(f, tl_sw(f, stubs[k])), 1);
		assert_int_equal(oc_switch_is_stub(f, tl_sw(f, others[k])), 0);
	}
	oc_fabric_free(f);
	f = tl_fabric(LINE_NET);
	assert_int_equal(oc_switch_is_stub(f, tl_sw(f, "a")), 1);
	assert_int_equal(oc_switch_is_stub(f, tl_sw(f, "b")), 0);
	assert_int_equal(oc_switch_is_stub(f, tl_sw(f, "c")), 0);
	assert_int_equal(oc_switch_is_stub(f, tl_sw(f, "d")), 1);
	oc_fabric_free(f);
	/* parallel links to one leaf: a stub; a switch alone: none */
	f = tl_fabric(PARALLEL_NET);
	assert_int_equal(oc_switch_is_stub(f, tl_sw(f, "w")), 1);
	assert_int_equal(oc_switch_is_stub(f, tl_sw(f, "L")), 1);
	assert_int_equal(oc_switch_is_stub(f, tl_sw(f, "z")), 0);
	oc_fabric_free(f);
}

static void test_row_needed(void **state)
{
	unsigned d;

	(void)state;
	for (d = 0; d <= NO_PATH; d++) {
		assert_int_equal(oc_hop_row_needed(0, d), 1);
		assert_int_equal(oc_hop_row_needed(1, d),
				 d <= OC_HOP_ROWS_STUB_RADIUS);
	}
}

/* The rows OpenSM sees: dist (NULL: the rule is not applied) */
struct rows {
	const struct oc_fabric *f;
	const uint8_t *dist;
	int *stub;
	int apply; /* leave out the rows the rule does not need */
};

/* osm_switch_get_least_hops(): NO_PATH for a row never filled. */
static uint8_t least_hops(const struct rows *r, uint32_t sw, uint32_t to)
{
	uint8_t d = r->dist[(size_t)sw * r->f->num_switches + to];

	if (r->apply && !oc_hop_row_needed(r->stub[sw], d))
		return NO_PATH;
	return d;
}

/* members[sw]: bit 0 CA members below sw, bit 1 sw itself a member.
 * The root osm_mcast_mgr.c picks when switches are looked at in 'order'. */
static uint32_t root_of(const struct rows *r, const unsigned *members,
			const uint32_t *order)
{
	uint32_t n = r->f->num_switches, k, m, best = OC_NONE;
	float best_hops = 10000;

	for (k = 0; k < n; k++) {
		uint32_t x = order[k], max_hops = 0, hops;

		for (m = 0; m < n; m++) {
			if (!members[m])
				continue;
			hops = least_hops(r, x, m);
			if (!(members[m] & 2))
				hops += 1;
			if (hops > max_hops)
				max_hops = hops;
		}
		if ((float)max_hops < best_hops) {
			best = x;
			best_hops = (float)max_hops;
		}
	}
	return best;
}

/* Walks from root to member switch m as osm_switch_recommend_mcast_path()
 * routes: asserts that every row read exists. */
static void walk(const struct rows *r, uint32_t root, uint32_t m)
{
	const struct oc_fabric *f = r->f;
	uint32_t sw = root, steps = 0;

	while (sw != m) {
		uint32_t node = f->switches[sw], next = OC_NONE;
		uint8_t least = least_hops(r, sw, m);
		unsigned p;

		assert_int_not_equal(least, NO_PATH);
		for (p = 1; p <= f->nodes[node].num_ports && next == OC_NONE;
		     p++) {
			uint32_t peer = oc_peer(f, node, p);

			if (peer != OC_NONE && oc_is_switch(f, peer) &&
			    peer != node &&
			    least_hops(r, f->nodes[peer].sw_index, m) + 1 ==
				    least)
				next = f->nodes[peer].sw_index;
		}
		assert_int_not_equal(next, OC_NONE);
		sw = next;
		assert_true(++steps <= f->num_switches);
	}
}

/* Every group of f: same root with and without the rule, in switch order
 * and backwards, and every row of the tree's walks there. */
static void check_groups(const char *net)
{
	struct oc_fabric *f = tl_fabric(net);
	uint32_t n = f->num_switches, i, m, g, groups = 1;
	uint32_t *order = malloc(sizeof(*order) * n * 2);
	unsigned *members = calloc(n, sizeof(*members));
	struct rows full = {f, oc_switch_distances(f), NULL, 0}, few;
	unsigned pass, left_out = 0;

	assert_non_null(order);
	assert_non_null(members);
	assert_non_null(full.dist);
	full.stub = calloc(n, sizeof(int));
	assert_non_null(full.stub);
	for (i = 0; i < n; i++) {
		full.stub[i] = oc_switch_is_stub(f, i);
		order[i] = i;
		order[n + i] = n - 1 - i;
		for (m = 0; m < n; m++)
			left_out += !oc_hop_row_needed(full.stub[i],
						       full.dist[i * n + m]);
	}
	assert_true(left_out > 0); /* the rule leaves rows out here */
	few = full;
	few.apply = 1;
	for (i = 0; i < n; i++)
		groups *= 4;
	for (g = 1; g < groups; g++) {
		for (i = 0, m = g; i < n; i++, m /= 4)
			members[i] = m % 4;
		for (pass = 0; pass < 2; pass++) {
			uint32_t root =
				root_of(&full, members, order + pass * n);

			assert_int_equal(
				root_of(&few, members, order + pass * n), root);
			for (m = 0; m < n; m++)
				if (members[m])
					walk(&few, root, m);
		}
	}
	free(full.stub);
	free((void *)full.dist);
	free(members);
	free(order);
	oc_fabric_free(f);
}

static void test_mcast_fig2(void **state)
{
	(void)state;
	check_groups(FIG2_NET);
}

static void test_mcast_line(void **state)
{
	(void)state;
	check_groups(LINE_NET);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stubs),
		cmocka_unit_test(test_row_needed),
		cmocka_unit_test(test_mcast_fig2),
		cmocka_unit_test(test_mcast_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
