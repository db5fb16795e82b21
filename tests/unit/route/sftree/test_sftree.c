/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_sftree.c - the sftree engine: subtree-root choice (Algorithm 1),
 * switch-to-switch routing through it (Algorithm 2) on k-ary 2- and
 * 3-trees, a degraded tree, a multi-core tree that needs a sibling,
 * multi-core trees joined at their roots (routes up, across, down), the
 * error when no root can serve, and hop counts along the tables.
 *
 * Every routed fabric is checked by the verifier: every switch reaches
 * every switch and CA LID, and the channel dependency graph of CA- and
 * switch-sourced traffic has no cycle; and against vswitch_ftree on the
 * same fabric: the same CA routes, the same up/down switch entries.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "route/cross_core.h"
#include "route/engine.h"
#include "fixtures.h"
#include "gen/gen.h"
#include "model/lft_hop.h"
#include "model/path_hops.h"
#include "route/promise.h"
#include "route/subtree_root.h"
#include "testlib.h"
#include "verify/verify.h"
#include "route/vswitch_ftree.h"

/* Two 2-level cores (roots XA*, XB*; leaves LA*, LB*; one CA per leaf)
 * joined by one horizontal link between the leaves LA1 and LB1, as the
 * two-switch units of the paper's multi-core trees. */
#define CORE(c, extra1)                                                    \
	"Switch 4 \"X" c "1\"\n[1] \"L" c "1\"[1]\n[2] \"L" c "2\"[1]\n\n" \
	"Switch 4 \"X" c "2\"\n[1] \"L" c "1\"[2]\n[2] \"L" c "2\"[2]\n\n" \
	"Switch 4 \"L" c "1\"\n[1] \"X" c "1\"[1]\n[2] \"X" c "2\"[1]\n"   \
	"[3] \"h" c "1\"[1]\n" extra1 "\n"                                 \
	"Switch 4 \"L" c "2\"\n[1] \"X" c "1\"[2]\n[2] \"X" c "2\"[2]\n"   \
	"[3] \"h" c "2\"[1]\n\n"                                           \
	"Hca 1 \"h" c "1\"\n[1] \"L" c "1\"[3]\n\n"                        \
	"Hca 1 \"h" c "2\"\n[1] \"L" c "2\"[3]\n\n"
#define TWO_CORES_LEAF_LINKED \
	CORE("A", "[4] \"LB1\"[4]\n") CORE("B", "[4] \"LA1\"[4]\n")

/* The same two cores joined between their first roots instead: XB2 can
 * only be reached from core A by turning up in core B, and XA2 from core
 * B by turning up in core A, so no single subtree serves. */
#define TOP_CORE(c, peer)                                                  \
	"Switch 4 \"X" c "1\"\n[1] \"L" c "1\"[1]\n[2] \"L" c "2\"[1]\n"   \
	"[3] \"X" peer "1\"[3]\n\n"                                        \
	"Switch 4 \"X" c "2\"\n[1] \"L" c "1\"[2]\n[2] \"L" c "2\"[2]\n\n" \
	"Switch 4 \"L" c "1\"\n[1] \"X" c "1\"[1]\n[2] \"X" c "2\"[1]\n"   \
	"[3] \"h" c "1\"[1]\n\n"                                           \
	"Switch 4 \"L" c "2\"\n[1] \"X" c "1\"[2]\n[2] \"X" c "2\"[2]\n"   \
	"[3] \"h" c "2\"[1]\n\n"                                           \
	"Hca 1 \"h" c "1\"\n[1] \"L" c "1\"[3]\n\n"                        \
	"Hca 1 \"h" c "2\"\n[1] \"L" c "2\"[3]\n\n"
#define TWO_CORES_TOP_LINKED TOP_CORE("A", "B") TOP_CORE("B", "A")

/* Three leaves under three roots; the links S1-A and S2-B have failed,
 * so A does not reach S1, B does not reach S2, and only C serves. */
#define ONE_LEAF_SERVES                                                   \
	"Switch 4 \"S1\"\n[2] \"B\"[1]\n[3] \"C\"[1]\n\n"                 \
	"Switch 4 \"S2\"\n[1] \"A\"[1]\n[3] \"C\"[2]\n\n"                 \
	"Switch 4 \"S3\"\n[1] \"A\"[2]\n[2] \"B\"[2]\n[3] \"C\"[3]\n\n"   \
	"Switch 4 \"A\"\n[1] \"S2\"[1]\n[2] \"S3\"[1]\n[4] \"a1\"[1]\n\n" \
	"Switch 4 \"B\"\n[1] \"S1\"[2]\n[2] \"S3\"[2]\n[4] \"b1\"[1]\n\n" \
	"Switch 4 \"C\"\n[1] \"S1\"[3]\n[2] \"S2\"[3]\n[3] \"S3\"[3]\n"   \
	"[4] \"c1\"[1]\n\n"                                               \
	"Hca 1 \"a1\"\n[1] \"A\"[4]\n\nHca 1 \"b1\"\n[1] \"B\"[4]\n\n"    \
	"Hca 1 \"c1\"\n[1] \"C\"[4]\n"

static struct oc_lfts *route_with(const struct oc_engine *e,
				  const struct oc_fabric *f, uint64_t sm_guid,
				  struct oc_route_stats *stats)
{
	struct oc_engine_input in = {.f = f, .sm_port_guid = sm_guid};
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);
	struct oc_route_stats local;
	struct oc_err err = {{0}};

	assert_non_null(t);
	if (e->route(&in, t, stats ? stats : &local, &err))
		fail_msg("%s failed: %s", e->name, err.msg);
	return t;
}

/* A generated k-ary n-tree, up to two links dropped. */
static struct oc_fabric *kary2(unsigned k, unsigned levels, const char *drop1,
			       const char *drop2)
{
	struct oc_gen_params p;
	struct oc_err err = {{0}};
	struct oc_fabric *f;
	char buf[16];

	oc_gen_params_init(&p);
	snprintf(buf, sizeof(buf), "%u", k);
	assert_int_equal(oc_gen_set_option(&p, "kary", buf, &err), 0);
	snprintf(buf, sizeof(buf), "%u", levels);
	assert_int_equal(oc_gen_set_option(&p, "levels", buf, &err), 0);
	if (drop1)
		assert_int_equal(
			oc_gen_set_option(&p, "drop-link", drop1, &err), 0);
	if (drop2)
		assert_int_equal(
			oc_gen_set_option(&p, "drop-link", drop2, &err), 0);
	f = oc_gen_build(&p, NULL, &err);
	if (!f || oc_fabric_assign_lids(f, &err))
		fail_msg("gen: %s", err.msg);
	return f;
}

/* C generated k-ary n-trees joined at their roots (osmcloud gen --cores C
 * --core-links top), one link dropped or none. */
static struct oc_fabric *top_joined(unsigned k, unsigned levels, unsigned cores,
				    const char *drop_link)
{
	struct oc_gen_params p;
	struct oc_err err = {{0}};
	struct oc_fabric *f;
	char buf[16];

	oc_gen_params_init(&p);
	snprintf(buf, sizeof(buf), "%u", k);
	assert_int_equal(oc_gen_set_option(&p, "kary", buf, &err), 0);
	snprintf(buf, sizeof(buf), "%u", levels);
	assert_int_equal(oc_gen_set_option(&p, "levels", buf, &err), 0);
	snprintf(buf, sizeof(buf), "%u", cores);
	assert_int_equal(oc_gen_set_option(&p, "cores", buf, &err), 0);
	assert_int_equal(oc_gen_set_option(&p, "core-links", "top", &err), 0);
	if (drop_link)
		assert_int_equal(
			oc_gen_set_option(&p, "drop-link", drop_link, &err), 0);
	f = oc_gen_build(&p, NULL, &err);
	if (!f || oc_fabric_assign_lids(f, &err))
		fail_msg("gen: %s", err.msg);
	return f;
}

static struct oc_fabric *kary(unsigned k, unsigned levels,
			      const char *drop_link)
{
	return kary2(k, levels, drop_link, NULL);
}

/* Port GUID of a CA's port 1. */
static uint64_t ca_port_guid(const struct oc_fabric *f, const char *name)
{
	uint32_t n = oc_fabric_find_name(f, name);

	assert_int_not_equal(n, OC_NONE);
	return oc_port(f, n, 1)->guid;
}

static const char *root_name(const struct oc_fabric *f,
			     const struct oc_route_stats *s)
{
	uint32_t n = oc_fabric_find_guid(f, s->subtree_root_guid);

	assert_int_not_equal(n, OC_NONE);
	return f->nodes[n].name;
}

/* The verifier's findings that sftree promises to be clean. */
static void assert_fully_connected(const struct oc_fabric *f,
				   const struct oc_lfts *t)
{
	struct oc_verify_report r;
	struct oc_err err = {{0}};

	assert_int_equal(oc_verify(f, t, &r, &err), 0);
	assert_int_equal(r.ca.lids_unreachable, 0);
	assert_int_equal(r.sw.lids_unreachable, 0);
	assert_int_equal(r.sw.holes + r.sw.loops + r.sw.wrong, 0);
	assert_int_equal(r.cdg_ca_cycle.len, 0);
	assert_int_equal(r.cdg_all_cycle.len, 0);
	assert_int_equal(r.ca_pairs_nonminimal, 0);
	oc_verify_report_free(&r);
}

/* (switch, switch LID) pairs whose route fails, by the verifier. */
static uint64_t unreachable_switch_pairs(const struct oc_fabric *f,
					 const struct oc_lfts *t)
{
	struct oc_verify_report r;
	struct oc_err err = {{0}};
	uint64_t n;

	assert_int_equal(oc_verify(f, t, &r, &err), 0);
	n = r.sw.holes + r.sw.loops + r.sw.wrong;
	oc_verify_report_free(&r);
	return n;
}

static int is_ca_lid(const struct oc_fabric *f, unsigned lid)
{
	uint32_t n = f->lid_owner[lid].node;

	return n != OC_NONE && !oc_is_switch(f, n);
}

/* Follows the route from switch sw to lid in both tables: the same
 * switches and ports all the way. */
static void assert_same_route(const struct oc_fabric *f,
			      const struct oc_lfts *a, const struct oc_lfts *b,
			      uint32_t sw, unsigned lid)
{
	int hops;

	for (hops = 0; hops < 64; hops++) {
		uint8_t pa = oc_lft_row(a, sw)[lid],
			pb = oc_lft_row(b, sw)[lid];
		uint32_t node = f->switches[sw], peer;

		assert_int_equal(pa, pb);
		if (pa == 0 || pa == OC_NO_PATH)
			return;
		peer = oc_peer(f, node, pa);
		if (peer == OC_NONE || !oc_is_switch(f, peer))
			return;
		sw = f->nodes[peer].sw_index;
	}
	fail_msg("route to LID %u loops", lid);
}

/* CA-sourced traffic takes the same routes in both tables: from every
 * switch that carries a CA to every CA LID and every switch LID that
 * up/down routing reaches. */
static void assert_same_ca_routes(const struct oc_fabric *f,
				  const struct oc_lfts *vsw,
				  const struct oc_lfts *sft)
{
	uint32_t n, lid;

	for (n = 0; n < f->num_nodes; n++) {
		uint32_t sw;

		if (oc_is_switch(f, n))
			continue;
		sw = oc_peer(f, n, 1);
		assert_int_not_equal(sw, OC_NONE);
		sw = f->nodes[sw].sw_index;
		for (lid = 1; lid <= f->max_lid; lid++)
			if (is_ca_lid(f, lid) ||
			    oc_lft_row(vsw, sw)[lid] != OC_NO_PATH)
				assert_same_route(f, vsw, sft, sw, lid);
	}
}

/* Every entry vswitch_ftree has for a switch LID is sftree's too. */
static void assert_updown_switch_entries_kept(const struct oc_fabric *f,
					      const struct oc_lfts *vsw,
					      const struct oc_lfts *sft)
{
	uint32_t sw, t;

	for (sw = 0; sw < f->num_switches; sw++)
		for (t = 0; t < f->num_switches; t++) {
			uint16_t lid = oc_switch_lid(f, f->switches[t]);

			if (oc_lft_row(vsw, sw)[lid] != OC_NO_PATH)
				assert_int_equal(oc_lft_row(sft, sw)[lid],
						 oc_lft_row(vsw, sw)[lid]);
		}
}

/* Every CA-LID entry of every switch is vswitch_ftree's (trees without
 * detours: sftree then changes switch LIDs only). */
static void assert_same_ca_entries(const struct oc_fabric *f,
				   const struct oc_lfts *vsw,
				   const struct oc_lfts *sft)
{
	uint32_t sw, lid;

	for (sw = 0; sw < f->num_switches; sw++)
		for (lid = 1; lid <= f->max_lid; lid++)
			if (is_ca_lid(f, lid))
				assert_int_equal(oc_lft_row(sft, sw)[lid],
						 oc_lft_row(vsw, sw)[lid]);
}

/* The hop counts along the tables agree with a walk of each route. */
static void assert_path_hops(const struct oc_fabric *f, const struct oc_lfts *t)
{
	uint8_t *hops = oc_lft_switch_hops(f, t);
	uint32_t n = f->num_switches, sw, target;

	assert_non_null(hops);
	for (target = 0; target < n; target++)
		for (sw = 0; sw < n; sw++) {
			int walk =
				tl_walk(f, t, sw,
					oc_switch_lid(f, f->switches[target]));
			uint8_t h = hops[(size_t)target * n + sw];

			if (walk < 0)
				assert_int_equal(h, OC_HOPS_UNREACHABLE);
			else
				assert_int_equal(h, walk);
		}
	free(hops);
}

/* sftree against vswitch_ftree on one fabric; returns the (switch, switch
 * LID) pairs vswitch_ftree leaves unreachable. */
static uint64_t compare_engines(const struct oc_fabric *f,
				struct oc_route_stats *s)
{
	struct oc_lfts *vsw = route_with(&oc_vswitch_ftree_engine, f, 0, NULL);
	struct oc_lfts *sft = route_with(&oc_sftree_engine, f, 0, s);
	uint64_t before = unreachable_switch_pairs(f, vsw);

	assert_fully_connected(f, sft);
	assert_same_ca_routes(f, vsw, sft);
	if (!s->detours)
		assert_same_ca_entries(f, vsw, sft);
	assert_updown_switch_entries_kept(f, vsw, sft);
	assert_path_hops(f, sft);
	oc_lfts_free(vsw);
	oc_lfts_free(sft);
	return before;
}

/* ---- Algorithm 1 -------------------------------------------------------- */

static void root_is_first_leaf_without_sm(void **state)
{
	struct oc_fabric *f = kary(2, 2, NULL);
	struct oc_route_stats s;
	struct oc_lfts *t;

	t = route_with(&oc_sftree_engine, f, 0, &s);
	assert_string_equal(root_name(f, &s), "sw-L1-0");
	oc_lfts_free(t);
	/* the SM's CA hangs off the first leaf: the next leaf is the root */
	t = route_with(&oc_sftree_engine, f, ca_port_guid(f, "ca-0"), &s);
	assert_string_equal(root_name(f, &s), "sw-L1-1");
	oc_lfts_free(t);
	/* on the second leaf: the first leaf again */
	t = route_with(&oc_sftree_engine, f, ca_port_guid(f, "ca-2"), &s);
	assert_string_equal(root_name(f, &s), "sw-L1-0");
	assert_fully_connected(f, t);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* A VM's vSwitch hangs off L1: its leaf is L1, so L2 becomes the root. */
static void sm_behind_a_vswitch_avoids_its_leaf(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_route_stats s;
	struct oc_lfts *t;
	struct oc_ftree *ft;
	struct oc_err err = {{0}};

	ft = oc_ftree_analyze(f, NULL, &err);
	assert_non_null(ft);
	assert_int_equal(oc_subtree_sm_leaf(ft, ca_port_guid(f, "vm1")),
			 tl_sw(f, "L1"));
	assert_int_equal(oc_subtree_sm_leaf(ft, 0), OC_NONE);
	oc_ftree_free(ft);
	t = route_with(&oc_sftree_engine, f, 0, &s);
	assert_string_equal(root_name(f, &s), "L1");
	oc_lfts_free(t);
	t = route_with(&oc_sftree_engine, f, ca_port_guid(f, "vm1"), &s);
	assert_string_equal(root_name(f, &s), "L2");
	/* R1 and R2 only reach each other through L2 */
	assert_int_equal(tl_walk(f, t, tl_sw(f, "R1"), tl_lid(f, "R2")), 2);
	assert_int_equal(oc_lft_row(t, tl_sw(f, "R1"))[tl_lid(f, "R2")], 2);
	assert_int_equal(s.sw2sw, 2);
	assert_fully_connected(f, t);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Runs Algorithm 1 on vswitch_ftree's tables: the root's name. */
static const char *choose(const struct oc_fabric *f, uint64_t sm_guid,
			  int *hosts_sm)
{
	struct oc_lfts *t = route_with(&oc_vswitch_ftree_engine, f, 0, NULL);
	struct oc_err err = {{0}};
	struct oc_ftree *ft = oc_ftree_analyze(f, NULL, &err);
	struct oc_subtree st;
	const char *name;

	assert_non_null(ft);
	if (oc_subtree_choose(ft, t, sm_guid, 0, &st, &err))
		fail_msg("no root: %s", err.msg);
	assert_int_not_equal(st.root, OC_NONE);
	name = f->nodes[f->switches[st.root]].name;
	*hosts_sm = st.hosts_sm;
	oc_subtree_free(&st);
	oc_ftree_free(ft);
	oc_lfts_free(t);
	return name;
}

/* A and B each miss a root, so only C can be the root, even when it
 * carries the SM. */
static void only_serving_leaf_is_taken_with_the_sm(void **state)
{
	struct oc_fabric *f = tl_fabric(ONE_LEAF_SERVES);
	struct oc_route_stats s;
	struct oc_lfts *t;
	int hosts_sm;

	assert_string_equal(choose(f, ca_port_guid(f, "a1"), &hosts_sm), "C");
	assert_false(hosts_sm);
	assert_string_equal(choose(f, ca_port_guid(f, "c1"), &hosts_sm), "C");
	assert_true(hosts_sm);
	t = route_with(&oc_sftree_engine, f, ca_port_guid(f, "c1"), &s);
	assert_string_equal(root_name(f, &s), "C");
	assert_fully_connected(f, t);
	oc_lfts_free(t);
	assert_true(compare_engines(f, &s) > 0);
	oc_fabric_free(f);
}

/* ---- Algorithm 2 -------------------------------------------------------- */

static void connects_a_kary_2_tree(void **state)
{
	struct oc_fabric *f = kary(4, 2, NULL);
	struct oc_route_stats s;

	/* 4 roots miss each other: 4 x 3 pairs */
	assert_int_equal(compare_engines(f, &s), 12);
	assert_int_equal(s.sw2sw, 12);
	assert_int_equal(s.ca_via_root, 0);
	oc_fabric_free(f);
}

static void connects_a_kary_3_tree(void **state)
{
	struct oc_fabric *f = kary(4, 3, NULL);
	struct oc_route_stats s;

	/* tops miss tops, middles miss middles of their pod with another
	 * index, tops and middles of other indices miss each other */
	assert_int_equal(compare_engines(f, &s), 816);
	assert_int_equal(s.sw2sw, 816);
	oc_fabric_free(f);
}

/* A leaf's first uplink has failed: the detours of switch-sourced
 * traffic to its CAs move into the subtree, CA routes stay. */
static void connects_a_tree_with_a_failed_link(void **state)
{
	struct oc_fabric *f = kary(4, 3, "sw-L1-0:5");
	struct oc_route_stats s;
	uint64_t before = compare_engines(f, &s);

	/* 16 pairs more than the intact tree's 816: the leaf and the
	 * switches above its lost uplink miss each other */
	assert_int_equal(before, 832);
	assert_int_equal(s.sw2sw, before);
	assert_true(s.ca_via_root > 0);
	assert_true(s.detours > 0);
	oc_fabric_free(f);
}

/* Two leaves lost an uplink each, to different middle switches: the
 * detours vswitch_ftree gives the switches above them close a credit loop
 * once switches send to CAs; sftree moves them into the subtree. */
static void two_failed_links_lose_the_credit_loop(void **state)
{
	struct oc_fabric *f = kary2(4, 3, "sw-L1-0:5", "sw-L1-1:6");
	struct oc_lfts *vsw = route_with(&oc_vswitch_ftree_engine, f, 0, NULL);
	struct oc_verify_report r;
	struct oc_route_stats s;
	struct oc_err err = {{0}};

	assert_int_equal(oc_verify(f, vsw, &r, &err), 0);
	assert_int_equal(r.cdg_ca_cycle.len, 0);
	assert_true(r.cdg_all_cycle.len > 0);
	oc_verify_report_free(&r);
	oc_lfts_free(vsw);
	assert_int_equal(compare_engines(f, &s), 848);
	assert_true(s.ca_via_root > 0);
	oc_fabric_free(f);
}

/* Two cores joined at the leaves LA1-LB1: no leaf reaches the other
 * core's switches by up/down routing, LA1 does through its sibling. */
static void multi_core_uses_the_sibling(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_CORES_LEAF_LINKED);
	struct oc_lfts *vsw = route_with(&oc_vswitch_ftree_engine, f, 0, NULL);
	struct oc_ftree *ft;
	struct oc_subtree st;
	struct oc_route_stats s;
	struct oc_err err = {{0}};
	struct oc_lfts *t;

	ft = oc_ftree_analyze(f, NULL, &err);
	assert_non_null(ft);
	assert_int_equal(oc_subtree_choose(ft, vsw, 0, 0, &st, &err), 0);
	assert_int_equal(st.root, tl_sw(f, "LA1"));
	assert_true(st.uses_siblings);
	assert_int_equal(st.num_sib, 1);
	assert_int_equal(st.sib[0].sw, tl_sw(f, "LB1"));
	oc_subtree_free(&st);
	oc_ftree_free(ft);
	oc_lfts_free(vsw);

	assert_true(compare_engines(f, &s) > 0);
	t = route_with(&oc_sftree_engine, f, 0, &s);
	assert_string_equal(root_name(f, &s), "LA1");
	/* XA1 -> LA1 -> LB1 -> XB1, sideways at the root */
	assert_int_equal(oc_lft_row(t, tl_sw(f, "LA1"))[tl_lid(f, "XB1")], 4);
	assert_int_equal(tl_walk(f, t, tl_sw(f, "XA1"), tl_lid(f, "XB1")), 3);
	/* XB2 -> LB1 -> LA1 -> XA2 the other way */
	assert_int_equal(oc_lft_row(t, tl_sw(f, "LB1"))[tl_lid(f, "XA2")], 4);
	assert_int_equal(tl_walk(f, t, tl_sw(f, "XB2"), tl_lid(f, "XA2")), 3);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* With the SM on LA1, LB1 (which serves the same way) is the root. */
static void multi_core_root_avoids_the_sm(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_CORES_LEAF_LINKED);
	struct oc_route_stats s;
	struct oc_lfts *t;

	t = route_with(&oc_sftree_engine, f, ca_port_guid(f, "hA1"), &s);
	assert_string_equal(root_name(f, &s), "LB1");
	assert_fully_connected(f, t);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* ---- cores joined at their roots ------------------------------------- */

/* Rank of a physical switch, from the fat-tree analysis. */
static int rank_of(const struct oc_ftree *ft, uint32_t sw)
{
	return ft->sw[sw].rank;
}

/* The route from sw to lid takes up links, then links between switches
 * of the same rank, then down links, in this order; returns its
 * horizontal hops. */
static int assert_up_across_down(const struct oc_ftree *ft,
				 const struct oc_lfts *t, uint32_t sw,
				 unsigned lid)
{
	const struct oc_fabric *f = ft->f;
	int phase = 0, across = 0, hops; /* 0 up, 1 across, 2 down */

	for (hops = 0; hops < 64; hops++) {
		struct oc_lft_hop h;
		enum oc_hop_kind kind = oc_lft_hop(f, t, sw, lid, &h);
		uint32_t next;
		int step;

		assert_int_not_equal(kind, OC_HOP_DROP);
		if (kind != OC_HOP_SWITCH)
			return across;
		next = h.next_sw;
		if (ft->sw[next].role != OC_SW_FABRIC)
			return across; /* down to a vSwitch: the end */
		step = rank_of(ft, next) < rank_of(ft, sw)    ? 0
		       : rank_of(ft, next) == rank_of(ft, sw) ? 1
							      : 2;
		assert_true(step >= phase);
		phase = step;
		across += step == 1;
		sw = next;
	}
	fail_msg("route to LID %u loops", lid);
	return -1;
}

/* On vswitch_ftree's tables of two 2-ary 2-trees joined at their roots
 * (sw-L2-0 - sw-L2-2, sw-L2-1 - sw-L2-3), every entry the cross-core step
 * adds is a route up, across, down; the pairs it leaves are those a
 * turn inside one core needs. */
static void cross_core_routes_go_up_across_down(void **state)
{
	struct oc_fabric *f = top_joined(2, 2, 2, NULL);
	struct oc_lfts *vsw = route_with(&oc_vswitch_ftree_engine, f, 0, NULL);
	struct oc_lfts *t = route_with(&oc_vswitch_ftree_engine, f, 0, NULL);
	struct oc_err err = {{0}};
	struct oc_ftree *ft = oc_ftree_analyze(f, NULL, &err);
	uint32_t sw, target, added = 0;

	assert_non_null(ft);
	/* 4 x 4 pairs each way between the cores, but for the two from a
	 * root to the other core's root of the other position: 2 x 14 */
	assert_int_equal(oc_cross_core_fill(ft, t), 28);
	for (sw = 0; sw < f->num_switches; sw++)
		for (target = 0; target < f->num_switches; target++) {
			uint16_t lid = oc_switch_lid(f, f->switches[target]);

			if (oc_lft_row(vsw, sw)[lid] != OC_NO_PATH) {
				assert_int_equal(oc_lft_row(t, sw)[lid],
						 oc_lft_row(vsw, sw)[lid]);
				continue;
			}
			if (oc_lft_row(t, sw)[lid] == OC_NO_PATH)
				continue;
			assert_int_equal(assert_up_across_down(ft, t, sw, lid),
					 1);
			added++;
		}
	assert_int_equal(added, 28);
	/* the leaf sw-L1-0 goes up its first uplink to sw-L2-0, then over;
	 * sw-L1-0 -> sw-L2-0 -> sw-L2-2 -> sw-L1-3 */
	assert_int_equal(
		oc_lft_row(t, tl_sw(f, "sw-L1-0"))[tl_lid(f, "sw-L2-2")], 3);
	assert_int_equal(
		tl_walk(f, t, tl_sw(f, "sw-L1-0"), tl_lid(f, "sw-L1-3")), 3);
	/* roots of other positions stay apart: that needs the subtree */
	assert_int_equal(oc_lft_row(t,
				    tl_sw(f, "sw-L2-0"))[tl_lid(f, "sw-L2-3")],
			 OC_NO_PATH);
	oc_ftree_free(ft);
	oc_lfts_free(t);
	oc_lfts_free(vsw);
	oc_fabric_free(f);
}

/* The same tree with sftree: a leaf is the subtree root once the routes
 * across are there; root to root of the other position turns there. */
static void top_joined_cores_connect(void **state)
{
	struct oc_fabric *f = top_joined(2, 2, 2, NULL);
	struct oc_route_stats s;
	struct oc_lfts *t;

	/* 2 x 1 pairs inside the cores (roots), 2 x 16 between them */
	assert_int_equal(compare_engines(f, &s), 36);
	assert_int_equal(s.cross_core, 28);
	assert_int_equal(s.sw2sw, 36 - 28);
	t = route_with(&oc_sftree_engine, f, 0, &s);
	assert_string_equal(root_name(f, &s), "sw-L1-0");
	/* sw-L2-0 -> sw-L1-0 (the root) -> sw-L2-1 -> sw-L2-3 */
	assert_int_equal(
		tl_walk(f, t, tl_sw(f, "sw-L2-0"), tl_lid(f, "sw-L2-3")), 3);
	/* the other way: sw-L2-3 -> sw-L2-1 -> sw-L1-0 -> sw-L2-0 -> sw-L2-2 */
	assert_int_equal(
		tl_walk(f, t, tl_sw(f, "sw-L2-3"), tl_lid(f, "sw-L2-2")), 4);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Three 4-ary 3-trees joined at their roots in a chain: core 0 reaches
 * core 2 across two horizontal links. */
static void three_top_joined_cores_connect(void **state)
{
	struct oc_fabric *f = top_joined(4, 3, 3, NULL);
	struct oc_route_stats s;

	assert_int_equal(compare_engines(f, &s), 16272);
	assert_true(s.cross_core > 0);
	assert_int_equal(s.cross_core + s.sw2sw, 16272);
	oc_fabric_free(f);
}

/* A failed leaf uplink in the last core: no credit loop either. */
static void top_joined_cores_with_a_failed_link(void **state)
{
	struct oc_fabric *f = top_joined(4, 3, 2, "sw-L1-8:5");
	struct oc_route_stats s;

	assert_int_equal(compare_engines(f, &s), 6256);
	assert_true(s.detours > 0 && s.ca_via_root > 0);
	oc_fabric_free(f);
}

static void keep_warning(void *ctx, const char *msg)
{
	snprintf(ctx, sizeof(((struct oc_err *)0)->msg), "%s", msg);
}

/* No leaf serves every pair: the best-effort root serves what it can, the
 * warning names the rest, and the tables keep sftree's promise with them
 * declared (issue 10; the engine failed before, leaving the fabric to
 * minhop). */
static void best_effort_naming_pairs_when_no_root_serves(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_CORES_TOP_LINKED);
	struct oc_err warning = {{0}}, err = {{0}};
	struct oc_engine_input in = {
		.f = f, .warn = keep_warning, .warn_ctx = warning.msg};
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);
	struct oc_route_stats s;
	char *violation = NULL;

	assert_int_equal(oc_sftree_engine.route(&in, t, &s, &err), 0);
	assert_non_null(strstr(warning.msg, "no leaf switch can be the "
					    "subtree root"));
	assert_non_null(strstr(warning.msg, "through the leaf \"LA1\""));
	/* of the 36 pairs up/down routing misses, the routes across XA1-XB1
	 * connect 18 and LA1 8 more (XA1-XA2, XA2 and the other core); no
	 * switch of core A reaches XB2, nor XB2 any switch but its leaves */
	assert_non_null(strstr(warning.msg, "10 switch pairs stay unconnected, "
					    "e.g. \"XA1\" -> \"XB2\", "));
	assert_int_equal(s.sw_pairs_unserved, 10);
	assert_int_equal(oc_promise_check(f, t, &oc_sftree_engine, 10,
					  &violation, &err),
			 0);
	assert_int_equal(oc_promise_check(f, t, &oc_sftree_engine, 9,
					  &violation, &err),
			 1);
	free(violation);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* ---- hop counts --------------------------------------------------------- */

static void hop_counts_follow_the_tables(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = route_with(&oc_sftree_engine, f, 0, NULL);
	uint32_t n = f->num_switches, s1 = tl_sw(f, "S1"), s2 = tl_sw(f, "S2");
	uint8_t *hops = oc_lft_switch_hops(f, t);

	assert_non_null(hops);
	assert_int_equal(hops[(size_t)s2 * n + s1], 2); /* S1 -> A -> S2 */
	assert_int_equal(hops[(size_t)s1 * n + s1], 0);
	assert_int_equal(hops[(size_t)s1 * n + tl_sw(f, "A")], 1);
	free(hops);
	/* a loop between S1 and A, and a hole at B */
	oc_lft_row(t, s1)[tl_lid(f, "S2")] = 1;
	oc_lft_row(t, tl_sw(f, "A"))[tl_lid(f, "S2")] = 1;
	oc_lft_row(t, tl_sw(f, "B"))[tl_lid(f, "S2")] = OC_NO_PATH;
	hops = oc_lft_switch_hops(f, t);
	assert_int_equal(hops[(size_t)s2 * n + s1], OC_HOPS_UNREACHABLE);
	assert_int_equal(hops[(size_t)s2 * n + tl_sw(f, "A")],
			 OC_HOPS_UNREACHABLE);
	assert_int_equal(hops[(size_t)s2 * n + tl_sw(f, "B")],
			 OC_HOPS_UNREACHABLE);
	assert_int_equal(hops[(size_t)s2 * n + s2], 0);
	free(hops);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(root_is_first_leaf_without_sm),
		cmocka_unit_test(sm_behind_a_vswitch_avoids_its_leaf),
		cmocka_unit_test(only_serving_leaf_is_taken_with_the_sm),
		cmocka_unit_test(connects_a_kary_2_tree),
		cmocka_unit_test(connects_a_kary_3_tree),
		cmocka_unit_test(connects_a_tree_with_a_failed_link),
		cmocka_unit_test(two_failed_links_lose_the_credit_loop),
		cmocka_unit_test(multi_core_uses_the_sibling),
		cmocka_unit_test(multi_core_root_avoids_the_sm),
		cmocka_unit_test(cross_core_routes_go_up_across_down),
		cmocka_unit_test(top_joined_cores_connect),
		cmocka_unit_test(three_top_joined_cores_connect),
		cmocka_unit_test(top_joined_cores_with_a_failed_link),
		cmocka_unit_test(best_effort_naming_pairs_when_no_root_serves),
		cmocka_unit_test(hop_counts_follow_the_tables),
	};

	return cmocka_run_group_tests_name("sftree", tests, NULL, NULL);
}
