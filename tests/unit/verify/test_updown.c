/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_updown.c - shortest up/down paths and the minimality they judge:
 * a turn from a down link is never part of one; a route that only such
 * a turn would shorten is minimal, a longer up/down route is not, and
 * both counts are reported.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "analysis/ftree.h"
#include "model/hops.h"
#include "testlib.h"
#include "verify/updown.h"
#include "verify/verify.h"

/* Four levels above one leaf L: root T, its children P1 and P2, below them
 * S1 and S2 with an I/O CA each (x, y), and L below both with three
 * vSwitches (a PF each).  The shortest path from S1 to S2 turns from down
 * to up at L (2 hops); the shortest up/down path climbs to T (4 hops). */
#define PEAKS_NET                                                          \
	"Switch 2 \"T\"\n[1] \"P1\"[1]\n[2] \"P2\"[1]\n\n"                 \
	"Switch 2 \"P1\"\n[1] \"T\"[1]\n[2] \"S1\"[1]\n\n"                 \
	"Switch 2 \"P2\"\n[1] \"T\"[2]\n[2] \"S2\"[1]\n\n"                 \
	"Switch 3 \"S1\"\n[1] \"P1\"[2]\n[2] \"L\"[1]\n[3] \"x\"[1]\n\n"   \
	"Switch 3 \"S2\"\n[1] \"P2\"[2]\n[2] \"L\"[2]\n[3] \"y\"[1]\n\n"   \
	"Switch 5 \"L\"\n[1] \"S1\"[2]\n[2] \"S2\"[2]\n[3] \"v1\"[1]\n"    \
	"[4] \"v2\"[1]\n[5] \"v3\"[1]\n\n"                                 \
	"Switch 2 \"v1\"\n[1] \"L\"[3]\n[2] \"pf1\"[1]\n\n"                \
	"Switch 2 \"v2\"\n[1] \"L\"[4]\n[2] \"pf2\"[1]\n\n"                \
	"Switch 2 \"v3\"\n[1] \"L\"[5]\n[2] \"pf3\"[1]\n\n"                \
	"Hca 1 \"x\"\n[1] \"S1\"[3]\n\nHca 1 \"y\"\n[1] \"S2\"[3]\n\n"     \
	"Hca 1 \"pf1\"\n[1] \"v1\"[2]\n\nHca 1 \"pf2\"\n[1] \"v2\"[2]\n\n" \
	"Hca 1 \"pf3\"\n[1] \"v3\"[2]\n"

/* Four switches in a line, a - b - c - d (port 1 to the next, port 2 to
 * the one before). */
/* Three switches in a triangle, port 1 clockwise, port 2 back, port 3 a
 * CA. */
#define TRIANGLE_NET                                                       \
	"Switch 3 \"r0\"\n[1] \"r1\"[2]\n[2] \"r2\"[1]\n[3] \"c0\"[1]\n\n" \
	"Switch 3 \"r1\"\n[1] \"r2\"[2]\n[2] \"r0\"[1]\n[3] \"c1\"[1]\n\n" \
	"Switch 3 \"r2\"\n[1] \"r0\"[2]\n[2] \"r1\"[1]\n[3] \"c2\"[1]\n\n" \
	"Hca 1 \"c0\"\n[1] \"r0\"[3]\n\nHca 1 \"c1\"\n[1] \"r1\"[3]\n\n"   \
	"Hca 1 \"c2\"\n[1] \"r2\"[3]\n"

#define LINE_NET                                         \
	"Switch 2 \"a\"\n[1] \"b\"[2]\n\n"               \
	"Switch 2 \"b\"\n[1] \"c\"[2]\n[2] \"a\"[1]\n\n" \
	"Switch 2 \"c\"\n[1] \"d\"[2]\n[2] \"b\"[1]\n\n" \
	"Switch 2 \"d\"\n[2] \"c\"[1]\n"

static uint8_t *levels_of(const struct oc_fabric *f)
{
	struct oc_err err = {{0}};
	struct oc_ftree *ft = oc_ftree_analyze(f, NULL, &err);
	uint8_t *level;

	if (!ft)
		fail_msg("not a fat-tree: %s", err.msg);
	level = oc_updown_levels(ft);
	assert_non_null(level);
	oc_ftree_free(ft);
	return level;
}

/* Hops of the shortest up/down path from switch from to switch to. */
static unsigned updown_hops(const struct oc_fabric *f, const uint8_t *level,
			    const char *from, const char *to)
{
	uint32_t target = tl_sw(f, to);
	uint8_t *dist = oc_updown_distances(f, level, &target, 1);
	unsigned hops;

	assert_non_null(dist);
	hops = dist[tl_sw(f, from)];
	free(dist);
	return hops;
}

static void levels_follow_the_ranks(void **state)
{
	struct oc_fabric *f = tl_fabric(PEAKS_NET);
	uint8_t *level = levels_of(f);

	assert_int_equal(level[tl_sw(f, "T")], 0);
	assert_int_equal(level[tl_sw(f, "P2")], 1);
	assert_int_equal(level[tl_sw(f, "S1")], 2);
	assert_int_equal(level[tl_sw(f, "L")], 3);
	assert_int_equal(level[tl_sw(f, "v1")], 4); /* one below the leaf */
	assert_int_equal(oc_updown_dir(3, 2), OC_LINK_UP);
	assert_int_equal(oc_updown_dir(2, 3), OC_LINK_DOWN);
	assert_int_equal(oc_updown_dir(2, 2), OC_LINK_LATERAL);
	free(level);
	oc_fabric_free(f);
}

static void never_turns_from_a_down_link(void **state)
{
	struct oc_fabric *f = tl_fabric(PEAKS_NET);
	uint8_t *level = levels_of(f), *dist = oc_switch_distances(f);
	uint32_t n = f->num_switches;

	assert_non_null(dist);
	/* S1 -> L -> S2 is down then up: the up/down path climbs to T */
	assert_int_equal(dist[tl_sw(f, "S1") * n + tl_sw(f, "S2")], 2);
	assert_int_equal(updown_hops(f, level, "S1", "S2"), 4);
	assert_int_equal(updown_hops(f, level, "S2", "S1"), 4);
	/* up, then down: as short as the graph allows */
	assert_int_equal(updown_hops(f, level, "v1", "S1"), 2);
	assert_int_equal(updown_hops(f, level, "S1", "v3"), 2);
	assert_int_equal(updown_hops(f, level, "T", "v2"), 4);
	assert_int_equal(updown_hops(f, level, "v2", "T"), 4);
	assert_int_equal(updown_hops(f, level, "v1", "v2"), 2);
	assert_int_equal(updown_hops(f, level, "L", "L"), 0);
	/* P1 -> S1 -> L -> S2 -> P2 turns down-up; P1 -> T -> P2 does not */
	assert_int_equal(updown_hops(f, level, "P1", "P2"), 2);
	free(dist);
	free(level);
	oc_fabric_free(f);
}

/* Horizontal links count before the first down link, not after. */
static void takes_horizontal_links_before_going_down(void **state)
{
	struct oc_fabric *f = tl_fabric(LINE_NET);
	/* b is the root; a, c and d one level below it, c - d horizontal */
	uint8_t level[4];
	uint32_t target;
	uint8_t *dist;

	level[tl_sw(f, "a")] = 1;
	level[tl_sw(f, "b")] = 0;
	level[tl_sw(f, "c")] = 1;
	level[tl_sw(f, "d")] = 1;
	/* d -> c -> b -> a: across, up, down */
	assert_int_equal(updown_hops(f, level, "d", "a"), 3);
	/* a -> b -> c -> d would go across after going down: none */
	assert_int_equal(updown_hops(f, level, "a", "d"), OC_HOPS_UNREACHABLE);
	assert_int_equal(updown_hops(f, level, "b", "d"), OC_HOPS_UNREACHABLE);
	assert_int_equal(updown_hops(f, level, "c", "d"), 1);
	/* several targets in one search give the same rows */
	target = tl_sw(f, "d");
	dist = oc_updown_distances(f, level,
				   (uint32_t[]){tl_sw(f, "a"), target}, 2);
	assert_non_null(dist);
	assert_int_equal(dist[tl_sw(f, "d")], 3);
	assert_int_equal(dist[4 + tl_sw(f, "a")], OC_HOPS_UNREACHABLE);
	assert_int_equal(dist[4 + tl_sw(f, "c")], 1);
	free(dist);
	oc_fabric_free(f);
}

static void verify_pairs(const struct oc_fabric *f, const struct oc_lfts *t,
			 struct oc_verify_report *r)
{
	struct oc_err err = {{0}};

	if (oc_verify_some(f, t, OC_VERIFY_CA_PAIRS, r, &err))
		fail_msg("verify: %s", err.msg);
}

/* vswitch_ftree sends x's traffic to y over T: longer than the graph's
 * shortest path, which turns down-up at L, and minimal up/down. */
static void judges_io_nodes_above_the_leaves_on_updown_paths(void **state)
{
	struct oc_fabric *f = tl_fabric(PEAKS_NET);
	struct oc_lfts *t = tl_route(f);
	struct oc_verify_report r;

	assert_int_equal(tl_walk(f, t, tl_sw(f, "S1"), tl_lid(f, "y")), 4);
	verify_pairs(f, t, &r);
	assert_int_equal(r.has_updown, 1);
	assert_int_equal(r.ca_pairs, 20);
	assert_int_equal(r.ca_pairs_unreachable, 0);
	assert_int_equal(r.ca_pairs_nonminimal_graph, 2); /* x -> y, y -> x */
	assert_int_equal(r.ca_pairs_nonminimal, 0);
	assert_int_equal(r.ca_pairs_no_updown, 0);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* L sends x's LID the long way, L -> S2 -> P2 -> T -> P1 -> S1: an up/down
 * route, but not the shortest (L -> S1). */
static void finds_a_longer_updown_route(void **state)
{
	struct oc_fabric *f = tl_fabric(PEAKS_NET);
	struct oc_lfts *t = tl_route(f);
	struct oc_verify_report r;

	tl_set(f, t, "L", "x", 2);
	tl_set(f, t, "S2", "x", 1);
	tl_set(f, t, "P2", "x", 1);
	tl_set(f, t, "T", "x", 1);
	tl_set(f, t, "P1", "x", 2);
	assert_int_equal(tl_walk(f, t, tl_sw(f, "v1"), tl_lid(f, "x")), 6);
	verify_pairs(f, t, &r);
	assert_int_equal(r.ca_pairs_unreachable, 0);
	/* pf1, pf2, pf3 -> x, and the two of the I/O nodes */
	assert_int_equal(r.ca_pairs_nonminimal, 3);
	assert_int_equal(r.ca_pairs_nonminimal_graph, 5);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Without ranks (no fat-tree) the graph's shortest path is the measure:
 * three switches in a triangle, every one sending clockwise, 2 hops where
 * 1 would do. */
static void judges_on_the_graph_without_ranks(void **state)
{
	static const char *const sw[] = {"r0", "r1", "r2"};
	static const char *const ca[] = {"c0", "c1", "c2"};
	struct oc_fabric *f = tl_fabric(TRIANGLE_NET);
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);
	struct oc_verify_report r;
	int i, d;

	assert_non_null(t);
	for (i = 0; i < 3; i++)
		for (d = 0; d < 3; d++)
			tl_set(f, t, sw[i], ca[d], i == d ? 3 : 1);
	verify_pairs(f, t, &r);
	assert_int_equal(r.has_updown, 0);
	assert_int_equal(r.ca_pairs, 6);
	assert_int_equal(r.ca_pairs_nonminimal, 3);
	assert_int_equal(r.ca_pairs_nonminimal_graph, 3);
	assert_int_equal(r.ca_pairs_no_updown, 0);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(levels_follow_the_ranks),
		cmocka_unit_test(never_turns_from_a_down_link),
		cmocka_unit_test(takes_horizontal_links_before_going_down),
		cmocka_unit_test(
			judges_io_nodes_above_the_leaves_on_updown_paths),
		cmocka_unit_test(finds_a_longer_updown_route),
		cmocka_unit_test(judges_on_the_graph_without_ranks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
