/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_link_rank.c - the links ranked by the verifier's load: a tiny
 * fat-tree with one switch sending all its cross traffic up one link has
 * that link (and the one it feeds) on top with the load counted by hand,
 * the per-level summary adds up, the weighted load counts a route as
 * its source's weight times its destination's (the weights
 * vswitch_ftree routes with), a ring (no fat-tree) falls back to
 * distances from the leaves, and the heat map's rows and lines follow
 * the ranking, cut into fewer boxes when asked.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "io/vmfile.h"
#include "route/vswitch_ftree.h"
#include "fixtures.h"
#include "testlib.h"
#include "verify/link_rank.h"
#include "verify/verify.h"

struct ranked_run {
	struct oc_fabric *f;
	struct oc_lfts *t;
	struct oc_verify_report r;
	struct oc_link_rank rk;
};

static void run(struct ranked_run *x)
{
	struct oc_err err = {{0}};

	if (oc_verify(x->f, x->t, &x->r, &err))
		fail_msg("verify: %s", err.msg);
	if (oc_link_rank(x->f, &x->r, &x->rk, &err))
		fail_msg("rank: %s", err.msg);
}

static void done(struct ranked_run *x)
{
	oc_link_rank_free(&x->rk);
	oc_verify_report_free(&x->r);
	oc_lfts_free(x->t);
	oc_fabric_free(x->f);
}

/* TWO_LEVEL_NET routed by hand, minimal up/down, except that leaf A
 * sends both b1 and b2 up to S1: A[1] and S1[2] carry a1 and a2 to b1
 * and b2, 4 routes each; every other link 2 or 0. */
static void two_level_hot(struct ranked_run *x)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = tl_route(f);

	tl_set(f, t, "A", "b1", 1);
	tl_set(f, t, "A", "b2", 1);
	memset(x, 0, sizeof(*x));
	x->f = f;
	x->t = t;
	run(x);
}

static const struct oc_verify_link *ranked(const struct ranked_run *x,
					   uint32_t i)
{
	return &x->r.links[x->rk.order[i]];
}

static void assert_link(const struct ranked_run *x, uint32_t i,
			const char *node, unsigned port)
{
	const struct oc_verify_link *l = ranked(x, i);

	assert_string_equal(x->f->nodes[l->ch.node].name, node);
	assert_int_equal(l->ch.port, port);
}

static void names_the_hottest_link(void **state)
{
	struct ranked_run x;
	uint32_t i;

	two_level_hot(&x);
	assert_int_equal(x.rk.num_links, 8);
	/* ties in channel order: S1's channels before A's (file order) */
	assert_link(&x, 0, "S1", 2);
	assert_int_equal(ranked(&x, 0)->load, 4);
	assert_link(&x, 1, "A", 1);
	assert_int_equal(ranked(&x, 1)->load, 4);
	assert_int_equal(ranked(&x, 2)->load, 2);
	for (i = 1; i < x.rk.num_links; i++)
		assert_true(ranked(&x, i - 1)->load >= ranked(&x, i)->load);
	assert_int_equal(ranked(&x, 0)->load, x.r.load_max);
	assert_int_equal(ranked(&x, 7)->load, 0);
	done(&x);
}

static void sums_up_each_pair_of_levels(void **state)
{
	struct ranked_run x;
	char name[32];
	uint32_t i;

	two_level_hot(&x);
	assert_int_equal(x.rk.by_ftree, 1);
	assert_int_equal(x.rk.num_levels, 2);
	assert_int_equal(x.rk.level[tl_sw(x.f, "S1")], 0);
	assert_int_equal(x.rk.level[tl_sw(x.f, "A")], 1);
	assert_string_equal(oc_link_rank_level_name(&x.rk, 0, name, 32),
			    "spine");
	assert_string_equal(oc_link_rank_level_name(&x.rk, 1, name, 32),
			    "leaf");
	/* spine->leaf first, then leaf->spine; 4 links each, 8 routes */
	assert_int_equal(x.rk.num_by_level, 2);
	for (i = 0; i < 2; i++) {
		assert_int_equal(x.rk.by_level[i].from, i ? 1 : 0);
		assert_int_equal(x.rk.by_level[i].to, i ? 0 : 1);
		assert_int_equal(x.rk.by_level[i].links, 4);
		assert_int_equal(x.rk.by_level[i].max, 4);
		assert_true(x.rk.by_level[i].mean > 1.999 &&
			    x.rk.by_level[i].mean < 2.001);
	}
	done(&x);
}

/* Every route of the ring clockwise (port 1). */
static struct oc_lfts *ring_clockwise(const struct oc_fabric *f)
{
	static const char *const sw[] = {"r0", "r1", "r2", "r3"};
	static const char *const ca[] = {"c0", "c1", "c2", "c3"};
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);
	unsigned i, j;

	assert_non_null(t);
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++) {
			tl_set(f, t, sw[i], sw[j], i == j ? 0 : 1);
			tl_set(f, t, sw[i], ca[j], i == j ? 3 : 1);
		}
	return t;
}

static void ring_falls_back_to_distances(void **state)
{
	struct ranked_run x = {0};
	char name[32];
	uint32_t s;

	x.f = tl_fabric(RING_NET);
	x.t = ring_clockwise(x.f);
	run(&x);
	assert_int_equal(x.rk.by_ftree, 0);
	assert_int_equal(x.rk.num_levels, 1);
	for (s = 0; s < x.f->num_switches; s++)
		assert_int_equal(x.rk.level[s], 0);
	assert_string_equal(oc_link_rank_level_name(&x.rk, 0, name, 32),
			    "leaf");
	assert_int_equal(x.rk.num_by_level, 1);
	assert_int_equal(x.rk.by_level[0].links, 8);
	/* clockwise: 1 + 2 + 3 hops of routes per source over 4 links */
	assert_int_equal(x.rk.by_level[0].max, 6);
	assert_int_equal(ranked(&x, 0)->load, 6);
	assert_int_equal(ranked(&x, 4)->load, 0);
	done(&x);
}

static void heatmap_has_a_box_per_switch(void **state)
{
	struct ranked_run x;
	struct oc_err err = {{0}};
	struct oc_heatmap h;
	uint32_t i, hot = OC_NONE;

	two_level_hot(&x);
	assert_int_equal(oc_link_rank_heatmap(x.f, &x.r, &x.rk, 32, &h, &err),
			 0);
	assert_int_equal(h.num_rows, 2);
	assert_string_equal(h.row_names[0], "spine");
	assert_int_equal(h.num_boxes, 4);
	assert_int_equal(h.num_links, 8);
	assert_true(h.scale_max == 4);
	for (i = 0; i < h.num_links; i++)
		if (!strcmp(h.boxes[h.links[i].from].name, "S1") &&
		    !strcmp(h.boxes[h.links[i].to].name, "B"))
			hot = i;
	assert_int_not_equal(hot, OC_NONE);
	assert_true(h.links[hot].load == 4);
	assert_int_equal(h.links[hot].members, 1);
	oc_link_rank_heatmap_free(&h);
	done(&x);
}

/* One box a row: the four links each way become one line each, coloured
 * by the hottest of them, with their mean. */
static void heatmap_cuts_wide_rows(void **state)
{
	struct ranked_run x;
	struct oc_err err = {{0}};
	struct oc_heatmap h;
	uint32_t i;

	two_level_hot(&x);
	assert_int_equal(oc_link_rank_heatmap(x.f, &x.r, &x.rk, 1, &h, &err),
			 0);
	assert_int_equal(h.num_boxes, 2);
	assert_int_equal(h.boxes[0].members, 2);
	assert_string_equal(h.boxes[0].name, "S1 .. S2");
	assert_string_equal(h.boxes[1].name, "A .. B");
	assert_int_equal(h.num_links, 2);
	for (i = 0; i < 2; i++) {
		assert_int_equal(h.links[i].members, 4);
		assert_true(h.links[i].load == 4);
		assert_true(h.links[i].mean > 1.999 && h.links[i].mean < 2.001);
	}
	oc_link_rank_heatmap_free(&h);
	done(&x);
}

/* a1 weighs 2, b2 0.5: A's uplink to S1 carries a1 and a2 to b1 and b2,
 * 2 + 1 + 1 + 0.5; B's two uplinks share b1 and b2 to a1 and a2, 4.5. */
static void weighs_both_ends_of_a_route(void **state)
{
	struct ranked_run x;
	struct oc_verify_report w;
	struct oc_err err = {{0}};
	double *weight;
	uint32_t c, b1 = OC_NONE, b2 = OC_NONE;

	two_level_hot(&x);
	weight = malloc(sizeof(*weight) * (x.f->max_lid + 1u));
	assert_non_null(weight);
	for (c = 0; c <= x.f->max_lid; c++)
		weight[c] = 1;
	weight[tl_lid(x.f, "a1")] = 2;
	weight[tl_lid(x.f, "b2")] = 0.5;
	assert_int_equal(oc_verify_weighted(x.f, x.t, weight, &w, &err), 0);
	assert_int_equal(w.has_weighted, 1);
	for (c = 0; c < w.channels; c++) {
		const struct oc_verify_link *l = &w.links[c];
		const char *name = x.f->nodes[l->ch.node].name;

		assert_int_equal(l->load, x.r.links[c].load);
		if (!strcmp(name, "A") && l->ch.port == 1)
			assert_true(l->weighted == 4.5);
		if (!strcmp(name, "B"))
			*(l->ch.port == 1 ? &b1 : &b2) = c;
	}
	assert_true(w.links[b1].weighted + w.links[b2].weighted == 4.5);
	assert_true(w.weighted_max == 4.5);
	assert_true(w.weighted_mean > 18.0 / 8 - 1e-9 &&
		    w.weighted_mean < 18.0 / 8 + 1e-9);
	oc_verify_report_free(&w);
	free(weight);
	done(&x);
}

static double lid_weight(const struct oc_fabric *f, const double *weight,
			 const char *name)
{
	return weight[tl_lid(f, name)];
}

/* Figure 2: without a VM file every VF holds a VM of 1/N of its
 * hypervisor; with one, its weights, and 0 for the idle VFs. */
static void lid_weights_follow_vswitch_ftree(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_vm_table *vms = oc_vm_table_new();
	double *weight = malloc(sizeof(*weight) * (f->max_lid + 1u));
	struct oc_err err = {{0}};

	assert_non_null(vms);
	assert_non_null(weight);
	assert_int_equal(oc_vswitch_ftree_lid_weights(f, NULL, weight, &err),
			 0);
	assert_true(lid_weight(f, weight, "vm1") == 0.5);
	assert_true(lid_weight(f, weight, "vm5") == 1.0 / 3);
	assert_true(lid_weight(f, weight, "vm8") == 1);
	assert_true(lid_weight(f, weight, "v1pf") == 1);
	assert_int_equal(
		oc_vm_table_add(
			vms, oc_port(f, oc_fabric_find_name(f, "vm1"), 1)->guid,
			"a", 0, &err),
		0);
	assert_int_equal(
		oc_vm_table_add(
			vms, oc_port(f, oc_fabric_find_name(f, "vm5"), 1)->guid,
			"b", 3, &err),
		0);
	assert_int_equal(oc_vswitch_ftree_lid_weights(f, vms, weight, &err), 0);
	assert_true(lid_weight(f, weight, "vm1") == 1);
	assert_true(lid_weight(f, weight, "vm2") == 0);
	assert_true(lid_weight(f, weight, "vm5") == 3);
	assert_true(lid_weight(f, weight, "vm6") == 0);
	assert_true(lid_weight(f, weight, "v3pf") == 1);
	free(weight);
	oc_vm_table_free(vms);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_the_hottest_link),
		cmocka_unit_test(sums_up_each_pair_of_levels),
		cmocka_unit_test(ring_falls_back_to_distances),
		cmocka_unit_test(weighs_both_ends_of_a_route),
		cmocka_unit_test(lid_weights_follow_vswitch_ftree),
		cmocka_unit_test(heatmap_has_a_box_per_switch),
		cmocka_unit_test(heatmap_cuts_wide_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
