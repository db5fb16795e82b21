/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_tuple.c - switch tuples, common sub-trees and skylines: the pods of
 * a 3-level tree, nested sub-trees of a 4-level tree, parallel links, and
 * the skyline against an upward trace from the leaves on several shapes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "gen/gen.h"
#include "testlib.h"
#include "analysis/tuple.h"

struct tree {
	struct oc_fabric *f;
	struct oc_ftree *ft;
	struct oc_tuples *t;
};

static void tree_of(struct tree *x, struct oc_fabric *f)
{
	struct oc_err err = {{0}};

	x->f = f;
	x->ft = oc_ftree_analyze(f, NULL, &err);
	if (!x->ft)
		fail_msg("analysis: %s", err.msg);
	x->t = oc_tuples_build(x->ft, &err);
	if (!x->t)
		fail_msg("tuples: %s", err.msg);
}

/* A generated PGFT, hosts as hypervisors with vfs VFs (0: plain hosts). */
static void tree_gen(struct tree *x, const char *pgft, const char *vfs)
{
	struct oc_gen_params p;
	struct oc_err err = {{0}};
	struct oc_fabric *f;

	oc_gen_params_init(&p);
	if (oc_gen_set_option(&p, "pgft", pgft, &err) ||
	    (vfs && oc_gen_set_option(&p, "vswitch", vfs, &err)))
		fail_msg("gen: %s", err.msg);
	f = oc_gen_build(&p, NULL, &err);
	if (!f)
		fail_msg("gen: %s", err.msg);
	tree_of(x, f);
}

static void tree_free(struct tree *x)
{
	oc_tuples_free(x->t);
	oc_ftree_free(x->ft);
	oc_fabric_free(x->f);
}

static uint32_t sw(const struct tree *x, const char *name)
{
	return tl_sw(x->f, name);
}

static const char *tuple(const struct tree *x, const char *name, char *buf)
{
	return oc_tuple_str(x->t, sw(x, name), buf);
}

/* Physical switches of the level-l sub-tree holding ref. */
static uint32_t subtree_size(const struct tree *x, int level, uint32_t ref)
{
	uint32_t i, n = 0;

	for (i = 0; i < x->t->num_fabric; i++)
		n += oc_tuple_in_subtree(x->t, x->t->fabric_sw[i], level, ref);
	return n;
}

static uint32_t skyline_size(const struct tree *x, uint32_t a, uint32_t b,
			     int *level)
{
	uint8_t *mark = calloc(x->f->num_switches, 1);
	uint32_t n;

	assert_non_null(mark);
	n = oc_tuple_mark_skyline(x->t, a, b, mark, level);
	free(mark);
	return n;
}

/* k = 2, 3 levels: pods {sw-L1-0, sw-L1-1 | sw-L2-0, sw-L2-1} and
 * {sw-L1-2, sw-L1-3 | sw-L2-2, sw-L2-3}, roots sw-L3-0..3. */
static void pods_of_a_three_level_tree(void **state)
{
	struct tree x;
	char buf[OC_TUPLE_STR];
	uint32_t a = 0, b, c;
	int level;

	tree_gen(&x, "3;2,2,2;1,2,2", "2");
	assert_int_equal(x.t->leaf_rank, 2);
	assert_int_equal(x.t->num_fabric, 12);
	a = sw(&x, "sw-L1-0");
	b = sw(&x, "sw-L1-1");
	c = sw(&x, "sw-L1-3");
	assert_string_equal(tuple(&x, "sw-L1-0", buf), "2.0.0");
	assert_string_equal(tuple(&x, "hv0", buf), "-");
	/* same leaf, same pod, different pods */
	assert_int_equal(oc_tuple_common_level(x.t, a, a), 2);
	assert_int_equal(oc_tuple_common_level(x.t, a, b), 1);
	assert_int_equal(oc_tuple_common_level(x.t, a, c), 0);
	assert_int_equal(subtree_size(&x, 2, a), 1);
	assert_int_equal(subtree_size(&x, 1, a), 4);
	assert_true(oc_tuple_in_subtree(x.t, sw(&x, "sw-L2-1"), 1, a));
	assert_true(oc_tuple_in_subtree(x.t, b, 1, a));
	assert_false(oc_tuple_in_subtree(x.t, sw(&x, "sw-L2-2"), 1, a));
	assert_false(oc_tuple_in_subtree(x.t, sw(&x, "sw-L3-0"), 1, a));
	assert_false(oc_tuple_in_subtree(x.t, sw(&x, "hv0"), 1, a));
	assert_int_equal(subtree_size(&x, 0, a), 12);
	/* skylines: the leaf; pod middles and both leaves; everything but
	 * the other two leaves */
	assert_int_equal(skyline_size(&x, a, a, &level), 1);
	assert_int_equal(level, 2);
	assert_int_equal(skyline_size(&x, a, b, &level), 4);
	assert_int_equal(level, 1);
	assert_int_equal(skyline_size(&x, a, c, &level), 10);
	assert_int_equal(level, 0);
	assert_false(oc_tuple_on_skyline(x.t, sw(&x, "sw-L1-2"), 0, a, c));
	assert_true(oc_tuple_on_skyline(x.t, sw(&x, "sw-L2-2"), 0, a, c));
	tree_free(&x);
}

/* k = 2, 4 levels: sub-trees of 1, 2 and 4 leaves nest. */
static void nested_subtrees_of_a_four_level_tree(void **state)
{
	struct tree x;
	uint32_t l0;
	int level;

	tree_gen(&x, "4;2,2,2,2;1,2,2,2", NULL);
	l0 = sw(&x, "sw-L1-0");
	assert_int_equal(x.t->leaf_rank, 3);
	assert_int_equal(subtree_size(&x, 3, l0), 1);
	assert_int_equal(subtree_size(&x, 2, l0), 4);
	assert_int_equal(subtree_size(&x, 1, l0), 12);
	assert_int_equal(subtree_size(&x, 0, l0), 32);
	assert_int_equal(skyline_size(&x, l0, sw(&x, "sw-L1-1"), &level), 4);
	assert_int_equal(level, 2);
	assert_int_equal(skyline_size(&x, l0, sw(&x, "sw-L1-3"), &level),
			 4 + 4 + 2);
	assert_int_equal(level, 1);
	assert_int_equal(skyline_size(&x, l0, sw(&x, "sw-L1-7"), &level),
			 8 + 8 + 4 + 2);
	assert_int_equal(level, 0);
	tree_free(&x);
}

/* Rank-r ancestors of a leaf, found by going up: up[sw] = 1. */
static void trace_up(const struct tree *x, uint32_t leaf, uint8_t *up)
{
	uint32_t *queue = malloc(sizeof(*queue) * x->f->num_switches);
	uint32_t head = 0, tail = 0, g;

	assert_non_null(queue);
	up[leaf] = 1;
	queue[tail++] = leaf;
	while (head < tail) {
		const struct oc_ft_switch *s = &x->ft->sw[queue[head++]];

		for (g = s->up_first; g < s->up_first + s->up_count; g++) {
			uint32_t p = x->ft->groups[g].peer;

			if (!up[p]) {
				up[p] = 1;
				queue[tail++] = p;
			}
		}
	}
	free(queue);
}

/* The paper's marking: trace up from both leaves until the traces meet
 * (the lowest rank where they share a switch), keep ranks >= that. */
static void check_pair(const struct tree *x, uint32_t a, uint32_t b)
{
	uint32_t n = x->f->num_switches, i;
	uint8_t *ua = calloc(n, 1), *ub = calloc(n, 1), *mark = calloc(n, 1);
	int meet = -1, level;

	assert_true(ua && ub && mark);
	trace_up(x, a, ua);
	trace_up(x, b, ub);
	for (i = 0; i < n; i++)
		if (ua[i] && ub[i] && x->ft->sw[i].rank > meet)
			meet = x->ft->sw[i].rank;
	oc_tuple_mark_skyline(x->t, a, b, mark, &level);
	assert_int_equal(level, meet);
	for (i = 0; i < n; i++) {
		int want = (ua[i] || ub[i]) && x->ft->sw[i].rank >= meet;

		if (want != mark[i])
			fail_msg("leaves %u, %u: switch %s %s the skyline", a,
				 b, x->f->nodes[x->f->switches[i]].name,
				 want ? "missing from" : "wrongly on");
	}
	free(ua);
	free(ub);
	free(mark);
}

static void check_all_pairs(const char *pgft, const char *vfs)
{
	struct tree x;
	uint32_t i, j;

	tree_gen(&x, pgft, vfs);
	for (i = 0; i < x.ft->num_leaves; i++)
		for (j = 0; j < x.ft->num_leaves; j++)
			check_pair(&x, x.ft->leaves[i], x.ft->leaves[j]);
	tree_free(&x);
}

static void skyline_equals_upward_trace(void **state)
{
	check_all_pairs("3;2,2,2;1,2,2", "2");
	check_all_pairs("3;3,2,2;1,2,2", "4");
	check_all_pairs("3;4,4,4;1,2,2", NULL);
	check_all_pairs("4;2,2,2,2;1,2,2,2", NULL);
	check_all_pairs("3;4,3,2;1,2,3", NULL);
	check_all_pairs("2;3,4;1,2", "4");
}

/* Parallel links form one port group: the same tuples and skylines. */
static void parallel_links_change_nothing(void **state)
{
	struct tree x, y;
	char bx[OC_TUPLE_STR], by[OC_TUPLE_STR];
	uint32_t i;

	tree_gen(&x, "3;2,2,2;1,2,2", NULL);
	tree_gen(&y, "3;2,2,2;1,2,2;1,2,3", NULL);
	assert_int_equal(x.t->num_fabric, y.t->num_fabric);
	for (i = 0; i < x.f->num_switches; i++) {
		const char *name = x.f->nodes[x.f->switches[i]].name;

		assert_string_equal(oc_tuple_str(x.t, i, bx),
				    tuple(&y, name, by));
	}
	tree_free(&x);
	tree_free(&y);
	check_all_pairs("3;2,2,2;1,2,2;1,2,3", "2");
}

/* The two-level trees of the fixtures: every leaf pair meets at rank 0. */
static void two_level_fixtures(void **state)
{
	struct tree x;
	int level;

	tree_of(&x, tl_fabric(FIG2_NET));
	assert_int_equal(x.t->num_fabric, 4);
	assert_int_equal(skyline_size(&x, sw(&x, "L1"), sw(&x, "L2"), &level),
			 4);
	assert_int_equal(level, 0);
	tree_free(&x);
	tree_of(&x, tl_fabric(TWO_LEVEL_NET));
	assert_int_equal(oc_tuple_common_level(x.t, sw(&x, "A"), sw(&x, "A")),
			 1);
	tree_free(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pods_of_a_three_level_tree),
		cmocka_unit_test(nested_subtrees_of_a_four_level_tree),
		cmocka_unit_test(skyline_equals_upward_trace),
		cmocka_unit_test(parallel_links_change_nothing),
		cmocka_unit_test(two_level_fixtures),
	};

	return cmocka_run_group_tests_name("tuple", tests, NULL, NULL);
}
