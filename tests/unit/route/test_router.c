/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_router.c - the shared router's port selection on tiny hand-made
 * fat-trees, with exact expected tables: the least loaded up port and its
 * ties, the down routes of the other ancestors, weights and padding,
 * route tags (with and without a chooser), the chooser hook, switch LIDs
 * and the detours of a degraded tree.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "analysis/ftree.h"
#include "fixtures.h"
#include "route/router.h"
#include "testlib.h"

/* One root S1 and two leaves, each joined to S1 by two parallel links
 * (A ports 1, 2 to S1 ports 1, 2; B ports 1, 2 to S1 ports 3, 4); three
 * CAs on A (ports 3-5), two on B (ports 3, 4). */
#define PARALLEL_NET                                                    \
	"Switch 4 \"S1\"\n[1] \"A\"[1]\n[2] \"A\"[2]\n[3] \"B\"[1]\n"   \
	"[4] \"B\"[2]\n\n"                                              \
	"Switch 5 \"A\"\n[1] \"S1\"[1]\n[2] \"S1\"[2]\n[3] \"a1\"[1]\n" \
	"[4] \"a2\"[1]\n[5] \"a3\"[1]\n\n"                              \
	"Switch 4 \"B\"\n[1] \"S1\"[3]\n[2] \"S1\"[4]\n[3] \"b1\"[1]\n" \
	"[4] \"b2\"[1]\n\n"                                             \
	"Hca 1 \"a1\"\n[1] \"A\"[3]\n\nHca 1 \"a2\"\n[1] \"A\"[4]\n\n"  \
	"Hca 1 \"a3\"\n[1] \"A\"[5]\n\nHca 1 \"b1\"\n[1] \"B\"[3]\n\n"  \
	"Hca 1 \"b2\"\n[1] \"B\"[4]\n"

/* THREE_LEAF_NET without the link S2-C: S2 is no ancestor of C. */
#define DEGRADED_NET                                                      \
	"Switch 3 \"S1\"\n[1] \"A\"[1]\n[2] \"B\"[1]\n[3] \"C\"[1]\n\n"   \
	"Switch 3 \"S2\"\n[1] \"A\"[2]\n[2] \"B\"[2]\n\n"                 \
	"Switch 4 \"A\"\n[1] \"S1\"[1]\n[2] \"S2\"[1]\n[3] \"a1\"[1]\n"   \
	"[4] \"a2\"[1]\n\n"                                               \
	"Switch 3 \"B\"\n[1] \"S1\"[2]\n[2] \"S2\"[2]\n[3] \"b1\"[1]\n\n" \
	"Switch 3 \"C\"\n[1] \"S1\"[3]\n[3] \"c1\"[1]\n\n"                \
	"Hca 1 \"a1\"\n[1] \"A\"[3]\n\nHca 1 \"a2\"\n[1] \"A\"[4]\n\n"    \
	"Hca 1 \"b1\"\n[1] \"B\"[3]\n\nHca 1 \"c1\"\n[1] \"C\"[3]\n"

struct net {
	struct oc_fabric *f;
	struct oc_ftree *ft;
	struct oc_lfts *t;
	struct oc_router *r;
};

static struct net *net_new(const char *text)
{
	struct net *n = calloc(1, sizeof(*n));
	struct oc_err err = {{0}};

	n->f = tl_fabric(text);
	n->ft = oc_ftree_analyze(n->f, NULL, &err);
	if (!n->ft)
		fail_msg("not a fat-tree: %s", err.msg);
	n->t = oc_lfts_new(n->f->num_switches, n->f->max_lid);
	assert_non_null(n->t);
	n->r = oc_router_new(n->ft, n->t);
	assert_non_null(n->r);
	return n;
}

static void net_free(struct net *n)
{
	oc_router_free(n->r);
	oc_lfts_free(n->t);
	oc_ftree_free(n->ft);
	oc_fabric_free(n->f);
	free(n);
}

/* Routes CA 'name' from the switch its port 1 hangs off. */
static void route_ca(struct net *n, const char *name, double weight)
{
	uint32_t ca = oc_fabric_find_name(n->f, name);
	const struct oc_port *p;

	assert_int_not_equal(ca, OC_NONE);
	p = oc_port(n->f, ca, 1);
	oc_router_route(n->r, p->lid, n->f->nodes[p->peer_node].sw_index,
			p->peer_port, weight);
}

static uint8_t entry(const struct net *n, const char *sw, const char *dest)
{
	return oc_lft_row(n->t, tl_sw(n->f, sw))[tl_lid(n->f, dest)];
}

/* Every switch's entries for dests, in the order of dests. */
static void expect_row(const struct net *n, const char *sw,
		       const char *const *dests, const uint8_t *ports,
		       unsigned count)
{
	unsigned i;

	for (i = 0; i < count; i++)
		if (entry(n, sw, dests[i]) != ports[i])
			fail_msg("%s -> %s: port %u, want %u", sw, dests[i],
				 entry(n, sw, dests[i]), ports[i]);
}

/* Two-level tree, unit weights: each leaf's CAs alternate between the
 * roots (least loaded up port, ties to the first), the other root routes
 * down too, and the other leaf climbs to the root that routes down. */
static void least_loaded_up_port_alternates(void **state)
{
	static const char *const d[] = {"a1", "a2", "b1", "b2"};
	static const uint8_t A[] = {3, 4, 1, 2}, B[] = {1, 2, 3, 4};
	static const uint8_t S[] = {1, 1, 2, 2};
	struct net *n = net_new(TWO_LEVEL_NET);

	route_ca(n, "a1", 1);
	route_ca(n, "a2", 1);
	route_ca(n, "b1", 1);
	route_ca(n, "b2", 1);
	expect_row(n, "A", d, A, 4);
	expect_row(n, "B", d, B, 4);
	expect_row(n, "S1", d, S, 4);
	expect_row(n, "S2", d, S, 4);
	assert_false(oc_router_left_holes(n->r));
	net_free(n);
}

/* Parallel links: equal loads go to the first link, then the less loaded
 * one, both up the main path and for the other leaf climbing. */
static void parallel_links_least_loaded_ties_first(void **state)
{
	static const char *const d[] = {"a1", "a2", "a3", "b1", "b2"};
	static const uint8_t A[] = {3, 4, 5, 1, 2}, B[] = {1, 2, 1, 3, 4};
	static const uint8_t S[] = {1, 2, 1, 3, 4};
	struct net *n = net_new(PARALLEL_NET);

	route_ca(n, "a1", 1);
	route_ca(n, "a2", 1);
	route_ca(n, "a3", 1);
	route_ca(n, "b1", 1);
	route_ca(n, "b2", 1);
	expect_row(n, "A", d, A, 5);
	expect_row(n, "B", d, B, 5);
	expect_row(n, "S1", d, S, 5);
	net_free(n);
}

/* A heavier route keeps its link busier: after a1 (3) and a2 (1) on the
 * two links, a3 takes a2's link; with unit weights it took a1's. */
static void weights_steer_the_up_port(void **state)
{
	struct net *n = net_new(PARALLEL_NET);

	route_ca(n, "a1", 3);
	route_ca(n, "a2", 1);
	route_ca(n, "a3", 1);
	assert_int_equal(entry(n, "S1", "a1"), 1);
	assert_int_equal(entry(n, "S1", "a2"), 2);
	assert_int_equal(entry(n, "S1", "a3"), 2);
	/* B climbs for them over S1's links to B, loaded the same way */
	assert_int_equal(entry(n, "B", "a1"), 1);
	assert_int_equal(entry(n, "B", "a2"), 2);
	assert_int_equal(entry(n, "B", "a3"), 2);
	net_free(n);
}

/* Weight 0 writes the entries and leaves the loads alone. */
static void weight_zero_adds_no_load(void **state)
{
	struct net *n = net_new(PARALLEL_NET);

	route_ca(n, "a1", 0);
	route_ca(n, "a2", 1);
	assert_int_equal(entry(n, "S1", "a1"), 1);
	assert_int_equal(entry(n, "S1", "a2"), 1);
	assert_int_equal(entry(n, "B", "a2"), 1);
	net_free(n);
}

/* Padding loads the main path without writing an entry. */
static void pad_loads_without_entries(void **state)
{
	struct net *n = net_new(PARALLEL_NET);
	uint16_t lid;

	oc_router_pad(n->r, tl_sw(n->f, "A"), 1);
	for (lid = 1; lid <= n->f->max_lid; lid++)
		assert_int_equal(oc_lft_row(n->t, tl_sw(n->f, "S1"))[lid],
				 OC_NO_PATH);
	route_ca(n, "a1", 1);
	assert_int_equal(entry(n, "S1", "a1"), 2);
	net_free(n);
}

/* A switch's own LID: port 0 on the switch, up/down routes elsewhere. */
static void switch_lid_routes_to_port_0(void **state)
{
	struct net *n = net_new(TWO_LEVEL_NET);
	uint16_t lid = tl_lid(n->f, "A");

	oc_router_route(n->r, lid, tl_sw(n->f, "A"), 0, 0);
	assert_int_equal(entry(n, "A", "A"), 0);
	assert_int_equal(entry(n, "S1", "A"), 1);
	assert_int_equal(entry(n, "S2", "A"), 1);
	assert_int_equal(entry(n, "B", "A"), 1);
	net_free(n);
}

/* a1 (tag 1) and a2 (tag 2) load one link each; a3 with tag 2 then takes
 * the tag-2 link among the equally loaded ones, up the main path and on
 * S1's links down to B. */
static void route_tags(struct net *n)
{
	assert_int_equal(oc_router_set_tag(n->r, 1), 0);
	route_ca(n, "a1", 1);
	assert_int_equal(oc_router_set_tag(n->r, 2), 0);
	route_ca(n, "a2", 1);
	route_ca(n, "a3", 1);
	assert_int_equal(oc_router_set_tag(n->r, 0), 0);
	assert_int_equal(entry(n, "S1", "a1"), 1);
	assert_int_equal(entry(n, "S1", "a2"), 2);
	assert_int_equal(entry(n, "S1", "a3"), 2);
	assert_int_equal(entry(n, "B", "a3"), 2);
}

static void tags_honoured_without_a_chooser(void **state)
{
	struct net *n = net_new(PARALLEL_NET);

	route_tags(n);
	net_free(n);
}

static uint32_t first_choice(void *ctx, uint32_t sw,
			     const struct oc_up_choice *c, uint32_t count)
{
	(*(unsigned *)ctx)++;
	return 0;
}

static void tags_honoured_with_a_chooser(void **state)
{
	struct net *n = net_new(PARALLEL_NET);
	unsigned calls = 0;

	assert_int_equal(oc_router_set_chooser(n->r, first_choice, &calls), 0);
	route_tags(n);
	assert_int_equal(calls, 3); /* once per route: A has one parent */
	net_free(n);
}

/* Untagged, the same three routes ignore the tags of earlier ones. */
static void untagged_routes_ignore_tags(void **state)
{
	struct net *n = net_new(PARALLEL_NET);

	assert_int_equal(oc_router_set_tag(n->r, 1), 0);
	route_ca(n, "a1", 1);
	assert_int_equal(oc_router_set_tag(n->r, 2), 0);
	route_ca(n, "a2", 1);
	assert_int_equal(oc_router_set_tag(n->r, 0), 0);
	route_ca(n, "a3", 1);
	assert_int_equal(entry(n, "S1", "a3"), 1);
	assert_int_equal(entry(n, "B", "a3"), 1);
	net_free(n);
}

/* The chooser picks the parent: always the last one offered. */
static uint32_t last_choice(void *ctx, uint32_t sw,
			    const struct oc_up_choice *c, uint32_t count)
{
	struct oc_up_choice *seen = ctx;

	seen[0] = c[0];
	seen[1] = c[count - 1];
	return count - 1;
}

static void chooser_picks_the_parent(void **state)
{
	struct net *n = net_new(TWO_LEVEL_NET);
	struct oc_up_choice seen[2];

	assert_int_equal(oc_router_set_chooser(n->r, last_choice, seen), 0);
	route_ca(n, "a1", 1);
	assert_int_equal(seen[0].parent, tl_sw(n->f, "S1"));
	assert_int_equal(seen[1].parent, tl_sw(n->f, "S2"));
	route_ca(n, "a2", 1);
	/* both to S2: the chooser overrides the least loaded S1 */
	assert_true(seen[1].load == 1.0);
	assert_int_equal(entry(n, "B", "a1"), 2);
	assert_int_equal(entry(n, "B", "a2"), 2);
	/* removed: least loaded again, S1 for b1 */
	assert_int_equal(oc_router_set_chooser(n->r, NULL, NULL), 0);
	route_ca(n, "b1", 1);
	assert_int_equal(entry(n, "A", "b1"), 1);
	net_free(n);
}

/* S2 has no link to C: up/down routing leaves S2 without an entry for c1,
 * and the detour goes through its first routed neighbour, A. */
static void holes_get_detours(void **state)
{
	struct net *n = net_new(DEGRADED_NET);

	route_ca(n, "c1", 1);
	assert_int_equal(entry(n, "S2", "c1"), OC_NO_PATH);
	assert_true(oc_router_left_holes(n->r));
	assert_int_equal(oc_router_fill_holes(n->r, tl_lid(n->f, "c1")), 1);
	assert_int_equal(entry(n, "S2", "c1"), 1);
	assert_int_equal(entry(n, "S1", "c1"), 3);
	assert_int_equal(entry(n, "A", "c1"), 1);
	assert_int_equal(entry(n, "B", "c1"), 1);
	/* a1 reaches every switch by up/down: nothing to fill */
	route_ca(n, "a1", 1);
	assert_false(oc_router_left_holes(n->r));
	assert_int_equal(oc_router_fill_holes(n->r, tl_lid(n->f, "a1")), 0);
	net_free(n);
}

/* fill_column takes the column as it is: a hole punched into a routed
 * column is detoured through a neighbour that has an entry. */
static void fill_column_detours_a_hole(void **state)
{
	struct net *n = net_new(DEGRADED_NET);
	uint16_t lid = tl_lid(n->f, "c1");

	route_ca(n, "c1", 1);
	oc_router_fill_holes(n->r, lid);
	oc_lft_row(n->t, tl_sw(n->f, "S2"))[lid] = OC_NO_PATH;
	assert_int_equal(oc_router_fill_column(n->r, lid), 1);
	assert_int_equal(entry(n, "S2", "c1"), 1);
	net_free(n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(least_loaded_up_port_alternates),
		cmocka_unit_test(parallel_links_least_loaded_ties_first),
		cmocka_unit_test(weights_steer_the_up_port),
		cmocka_unit_test(weight_zero_adds_no_load),
		cmocka_unit_test(pad_loads_without_entries),
		cmocka_unit_test(switch_lid_routes_to_port_0),
		cmocka_unit_test(tags_honoured_without_a_chooser),
		cmocka_unit_test(tags_honoured_with_a_chooser),
		cmocka_unit_test(untagged_routes_ignore_tags),
		cmocka_unit_test(chooser_picks_the_parent),
		cmocka_unit_test(holes_get_detours),
		cmocka_unit_test(fill_column_detours_a_hole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
