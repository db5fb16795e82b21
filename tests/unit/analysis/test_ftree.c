/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_ftree.c - fat-tree analysis: vSwitches, ranks, groups, bad fabrics.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "analysis/ftree.h"
#include "testlib.h"

static struct oc_ftree *analyze_ok(const struct oc_fabric *f,
				   const struct oc_ftree_opts *o)
{
	struct oc_err err = {{0}};
	struct oc_ftree *ft = oc_ftree_analyze(f, o, &err);

	if (!ft)
		fail_msg("analysis failed: %s", err.msg);
	return ft;
}

static void detects_vswitches_and_ranks(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_ftree *ft = analyze_ok(f, NULL);
	uint32_t v3 = tl_sw(f, "v3"), l1 = tl_sw(f, "L1");

	assert_int_equal(ft->num_vswitches, 4);
	assert_int_equal(ft->sw[v3].role, OC_SW_VSWITCH);
	assert_int_equal(ft->sw[v3].parent, tl_sw(f, "L2"));
	assert_int_equal(ft->sw[v3].uplink_port, 1);
	assert_int_equal(ft->sw[v3].pf_port, 2);
	assert_int_equal(ft->leaf_rank, 1);
	assert_int_equal(ft->sw[tl_sw(f, "R1")].rank, 0);
	assert_int_equal(ft->sw[tl_sw(f, "R2")].rank, 0);
	assert_int_equal(ft->sw[l1].rank, 1);
	assert_int_equal(ft->num_leaves, 2);
	assert_int_equal(ft->leaves[0], l1);
	assert_int_equal(ft->sw[l1].up_count, 2);
	assert_int_equal(ft->sw[l1].down_count, 0); /* vSwitches: no groups */
	assert_int_equal(oc_up_group(ft, l1, 0)->peer, tl_sw(f, "R1"));
	oc_ftree_free(ft);
	oc_fabric_free(f);
}

static void groups_parallel_links(void **state)
{
	struct oc_fabric *f = tl_fabric(
		"Switch 4 \"S\"\n[1] \"A\"[1]\n[2] \"A\"[2]\n[3] \"B\"[1]\n"
		"[4] \"B\"[2]\n\n"
		"Switch 4 \"A\"\n[1] \"S\"[1]\n[2] \"S\"[2]\n[3] \"a\"[1]\n\n"
		"Switch 4 \"B\"\n[1] \"S\"[3]\n[2] \"S\"[4]\n[3] \"b\"[1]\n\n"
		"Hca 1 \"a\"\n[1] \"A\"[3]\n\nHca 1 \"b\"\n[1] \"B\"[3]\n");
	struct oc_ftree *ft = analyze_ok(f, NULL);
	uint32_t s = tl_sw(f, "S"), a = tl_sw(f, "A");

	/* two parallel links up: A and B are leaves, not vSwitches */
	assert_int_equal(ft->num_vswitches, 0);
	assert_int_equal(ft->sw[s].rank, 0);
	assert_int_equal(ft->sw[s].down_count, 2);
	assert_int_equal(oc_down_group(ft, s, 0)->peer, a);
	assert_int_equal(oc_down_group(ft, s, 0)->count, 2);
	assert_int_equal(ft->group_ports[oc_down_group(ft, s, 1)->first], 3);
	assert_int_equal(ft->sw[a].up_count, 1);
	assert_int_equal(oc_up_group(ft, a, 0)->count, 2);
	oc_ftree_free(ft);
	oc_fabric_free(f);
}

static void uses_given_roots(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	uint64_t roots[2] = {f->nodes[f->switches[tl_sw(f, "S1")]].guid,
			     f->nodes[f->switches[tl_sw(f, "S2")]].guid};
	struct oc_ftree_opts o = {roots, 2};
	struct oc_ftree *ft = analyze_ok(f, &o);

	assert_int_equal(ft->num_vswitches, 0);
	assert_int_equal(ft->sw[tl_sw(f, "S1")].rank, 0);
	assert_int_equal(ft->sw[tl_sw(f, "S2")].rank, 0);
	assert_int_equal(ft->sw[tl_sw(f, "A")].rank, 1);
	assert_int_equal(ft->leaf_rank, 1);
	oc_ftree_free(ft);
	oc_fabric_free(f);
}

/* Two pods under two roots; MA3 lost its cables up: it sits beside MA1
 * and MA2, above pod A's leaves, without an up group (a dead end), not
 * below the leaves (rule R5 refused it). */
static const char UP_CUT_NET[] = "Switch 4 \"R1\"\n"
				 "[1] \"MA1\"[3]\n"
				 "[2] \"MA2\"[3]\n"
				 "[3] \"MB1\"[3]\n"
				 "[4] \"MB2\"[3]\n"
				 "\n"
				 "Switch 4 \"R2\"\n"
				 "[1] \"MA1\"[4]\n"
				 "[2] \"MA2\"[4]\n"
				 "[3] \"MB1\"[4]\n"
				 "[4] \"MB2\"[4]\n"
				 "\n"
				 "Switch 4 \"MA1\"\n"
				 "[1] \"LA1\"[1]\n"
				 "[2] \"LA2\"[1]\n"
				 "[3] \"R1\"[1]\n"
				 "[4] \"R2\"[1]\n"
				 "\n"
				 "Switch 4 \"MA2\"\n"
				 "[1] \"LA1\"[2]\n"
				 "[2] \"LA2\"[2]\n"
				 "[3] \"R1\"[2]\n"
				 "[4] \"R2\"[2]\n"
				 "\n"
				 "Switch 4 \"MA3\"\n"
				 "[1] \"LA1\"[3]\n"
				 "[2] \"LA2\"[3]\n"
				 "\n"
				 "Switch 4 \"MB1\"\n"
				 "[1] \"LB1\"[1]\n"
				 "[2] \"LB2\"[1]\n"
				 "[3] \"R1\"[3]\n"
				 "[4] \"R2\"[3]\n"
				 "\n"
				 "Switch 4 \"MB2\"\n"
				 "[1] \"LB1\"[2]\n"
				 "[2] \"LB2\"[2]\n"
				 "[3] \"R1\"[4]\n"
				 "[4] \"R2\"[4]\n"
				 "\n"
				 "Switch 4 \"LA1\"\n"
				 "[1] \"MA1\"[1]\n"
				 "[2] \"MA2\"[1]\n"
				 "[3] \"MA3\"[1]\n"
				 "[4] \"a\"[1]\n"
				 "\n"
				 "Switch 4 \"LA2\"\n"
				 "[1] \"MA1\"[2]\n"
				 "[2] \"MA2\"[2]\n"
				 "[3] \"MA3\"[2]\n"
				 "[4] \"b\"[1]\n"
				 "\n"
				 "Switch 4 \"LB1\"\n"
				 "[1] \"MB1\"[1]\n"
				 "[2] \"MB2\"[1]\n"
				 "[4] \"c\"[1]\n"
				 "\n"
				 "Switch 4 \"LB2\"\n"
				 "[1] \"MB1\"[2]\n"
				 "[2] \"MB2\"[2]\n"
				 "[4] \"d\"[1]\n"
				 "\n"
				 "Hca 1 \"a\"\n"
				 "[1] \"LA1\"[4]\n"
				 "\n"
				 "Hca 1 \"b\"\n"
				 "[1] \"LA2\"[4]\n"
				 "\n"
				 "Hca 1 \"c\"\n"
				 "[1] \"LB1\"[4]\n"
				 "\n"
				 "Hca 1 \"d\"\n"
				 "[1] \"LB2\"[4]\n";

static void places_a_switch_whose_up_cables_are_cut(void **state)
{
	struct oc_fabric *f = tl_fabric(UP_CUT_NET);
	struct oc_ftree *ft = analyze_ok(f, NULL);
	uint32_t m1 = tl_sw(f, "MA1"), m3 = tl_sw(f, "MA3");

	assert_int_equal(ft->leaf_rank, 2);
	assert_int_equal(ft->sw[tl_sw(f, "R1")].rank, 0);
	assert_int_equal(ft->sw[m3].rank, 1);
	assert_int_equal(ft->sw[m3].up_count, 0);
	assert_int_equal(ft->sw[m3].down_count, 2);
	assert_true(oc_ftree_is_dead_end(ft, m3));
	assert_false(oc_ftree_is_dead_end(ft, m1));
	assert_false(oc_ftree_is_dead_end(ft, tl_sw(f, "R1")));
	oc_ftree_free(ft);
	oc_fabric_free(f);
}

static void expect_rule(const char *net, const struct oc_ftree_opts *o,
			const char *expect)
{
	struct oc_fabric *f = tl_fabric(net);
	struct oc_err err = {{0}};
	struct oc_ftree *ft = oc_ftree_analyze(f, o, &err);

	assert_null(ft);
	if (!strstr(err.msg, expect))
		fail_msg("error \"%s\" lacks \"%s\"", err.msg, expect);
	oc_fabric_free(f);
}

static void one_root_below_leaves(void)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	uint64_t root = f->nodes[f->switches[tl_sw(f, "S2")]].guid;
	struct oc_ftree_opts o = {&root, 1};
	struct oc_err err = {{0}};

	assert_null(oc_ftree_analyze(f, &o, &err));
	assert_non_null(strstr(err.msg, "rule R5"));
	assert_non_null(strstr(err.msg, "\"S1\" has rank 2"));
	oc_fabric_free(f);
}

static void rejects_non_fat_trees(void **state)
{
	uint64_t bogus = 0x1234;
	struct oc_ftree_opts o = {&bogus, 1};

	expect_rule("Hca 1 \"a\"\n[1] \"b\"[1]\n\nHca 1 \"b\"\n[1] \"a\"[1]\n",
		    NULL, "rule R1");
	expect_rule("Switch 3 \"v\"\n[1] \"w\"[1]\n[2] \"a\"[1]\n\n"
		    "Switch 3 \"w\"\n[1] \"v\"[1]\n[2] \"b\"[1]\n\n"
		    "Hca 1 \"a\"\n[1] \"v\"[2]\n\nHca 1 \"b\"\n[1] \"w\"[2]\n",
		    NULL, "rule R2");
	/* both switches carry CAs (ibsim's net.2sw2path4hca shape) */
	expect_rule(
		"Switch 4 \"s1\"\n[1] \"s2\"[1]\n[2] \"s2\"[2]\n"
		"[3] \"a\"[1]\n\nSwitch 4 \"s2\"\n[1] \"s1\"[1]\n"
		"[2] \"s1\"[2]\n[3] \"b\"[1]\n\n"
		"Hca 1 \"a\"\n[1] \"s1\"[3]\n\nHca 1 \"b\"\n[1] \"s2\"[3]\n",
		NULL, "rule R7");
	expect_rule(TWO_LEVEL_NET, &o, "rule R6");
	/* only S2 as root puts S1 below the leaves */
	one_root_below_leaves();
	/* a disconnected switch */
	expect_rule(TWO_LEVEL_NET "\nSwitch 2 \"lost\"\n", NULL, "rule R3");
	/* a disconnected switch with a CA: R3, not "rank -1" under R4 */
	expect_rule(TWO_LEVEL_NET "\nSwitch 2 \"lost\"\n[1] \"z\"[1]\n\n"
				  "Hca 1 \"z\"\n[1] \"lost\"[1]\n",
		    NULL,
		    "not a fat-tree (rule R3: one connected tree): switch "
		    "\"lost\" is not connected to the roots");
	/* compute nodes on two ranks: CA on root S1 and on the leaves */
	expect_rule(
		"Switch 4 \"S1\"\n[1] \"A\"[1]\n[2] \"B\"[1]\n[3] \"x\"[1]\n\n"
		"Switch 4 \"A\"\n[1] \"S1\"[1]\n[2] \"C\"[1]\n[3] \"a\"[1]\n\n"
		"Switch 4 \"B\"\n[1] \"S1\"[2]\n[2] \"C\"[2]\n[3] \"b\"[1]\n\n"
		"Switch 4 \"C\"\n[1] \"A\"[2]\n[2] \"B\"[2]\n\n"
		"Hca 1 \"a\"\n[1] \"A\"[3]\n\nHca 1 \"b\"\n[1] \"B\"[3]\n\n"
		"Hca 1 \"x\"\n[1] \"S1\"[3]\n",
		NULL, "rule R4");
}

/* A 2-ary tree of 'levels' levels: switches a<i>, b<i> on level i, each
 * linked to both switches of level i + 1; CAs ca, cb on a0, b0. */
static char *ladder_net(unsigned levels)
{
	size_t cap = 256 * (levels + 1), len = 0;
	char *net = malloc(cap);
	unsigned i, up, k;

	assert_non_null(net);
	for (i = 0; i < levels; i++) {
		for (k = 0; k < 2; k++) {
			up = k + 3; /* my port on the level below */
			len += sprintf(net + len, "Switch 4 \"%c%u\"\n",
				       "ab"[k], i);
			if (i)
				len += sprintf(net + len,
					       "[1] \"a%u\"[%u]\n"
					       "[2] \"b%u\"[%u]\n",
					       i - 1, up, i - 1, up);
			else
				len += sprintf(net + len, "[1] \"c%c\"[1]\n",
					       "ab"[k]);
			if (i + 1 < levels)
				len += sprintf(net + len,
					       "[3] \"a%u\"[%u]\n"
					       "[4] \"b%u\"[%u]\n",
					       i + 1, k + 1, i + 1, k + 1);
			len += sprintf(net + len, "\n");
		}
	}
	sprintf(net + len, "Hca 1 \"ca\"\n[1] \"a0\"[1]\n\n"
			   "Hca 1 \"cb\"\n[1] \"b0\"[1]\n");
	return net;
}

/* Ranks are int8_t: 64 levels (ranks 0..63) are a fat-tree, deeper ones
 * are refused instead of wrapping (130 levels routed with loops, 300
 * overran the BFS queue). */
static void refuses_too_deep_trees(void **state)
{
	char *net = ladder_net(64);
	struct oc_fabric *f = tl_fabric(net);
	struct oc_ftree *ft = analyze_ok(f, NULL);

	assert_int_equal(ft->leaf_rank, 63);
	oc_ftree_free(ft);
	oc_fabric_free(f);
	free(net);
	net = ladder_net(65);
	expect_rule(net, NULL,
		    "not a fat-tree: \"a64\" is more than 63 switch hops "
		    "from the leaves");
	free(net);
	net = ladder_net(300);
	expect_rule(net, NULL, "more than 63 switch hops from the leaves");
	free(net);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(detects_vswitches_and_ranks),
		cmocka_unit_test(groups_parallel_links),
		cmocka_unit_test(uses_given_roots),
		cmocka_unit_test(places_a_switch_whose_up_cables_are_cut),
		cmocka_unit_test(rejects_non_fat_trees),
		cmocka_unit_test(refuses_too_deep_trees),
	};

	return cmocka_run_group_tests_name("ftree", tests, NULL, NULL);
}
