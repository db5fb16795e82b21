/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_pftree.c - the partition-aware engines pftree, pftree_ext and
 * pftree_wt: the pFTree paper's figures as exact expectations, isolation
 * where there is room, strict and best-effort policies, lanes, weights,
 * and reachability without credit loops on every engine.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gen/gen.h"
#include "pftree_fixtures.h"
#include "verify/tenant_links.h"
#include "verify/tenant_metrics.h"
#include "testlib.h"

static const char *const fig3a_hosts[] = {"A B C", "D E F"};
static const char *const fig4_hosts[] = {"a b c d", "e f g h"};
static const char *const fig5_hosts[] = {"A B C", "D E F", "G H I"};
#define FIG3A_PARTS "0x0001:B,C;0x0002:A,C,D,F;0x0003:D,E"
#define FIG4_PARTS "0x0001:a,d,g,h;0x0002:b,c,e,f"
#define FIG5_PARTS "0x0001:A,E;0x0002:B,F,I;0x0003:C,D,G,H"

static void assert_links(const struct oc_fabric *f, const struct oc_lfts *t,
			 const struct oc_partitions *ps, uint32_t part,
			 const char *expected)
{
	char *got = pf_links(f, t, ps, part);

	assert_string_equal(got, expected);
	free(got);
}

/* Figure 3(a): ftree sends A and C (partition 2) down one link; pftree
 * drops the single-leaf partitions 1 and 3 and balances partition 2. */
static void fig3a_balances_the_real_partition(void **state)
{
	struct oc_fabric *f = pf_two_roots(fig3a_hosts, 2);
	struct oc_partitions *ps = pf_parts(f, FIG3A_PARTS);
	struct oc_engine_input in = {.f = f, .parts = ps};
	struct oc_route_stats s;
	struct oc_err err;
	struct oc_lfts *ft = pf_route("vswitch_ftree", &in, NULL, &err);
	struct oc_lfts *t = pf_route("pftree", &in, &s, &err);

	assert_non_null(ft);
	assert_non_null(t);
	assert_string_equal(pf_next(f, ft, "L2", "A"), "R1");
	assert_string_equal(pf_next(f, ft, "L2", "C"), "R1");
	assert_int_equal(s.tenants, 1);
	assert_string_equal(pf_next(f, t, "L2", "A"), "R1");
	assert_string_equal(pf_next(f, t, "L2", "C"), "R2");
	assert_string_equal(pf_next(f, t, "L1", "D"), "R1");
	assert_string_equal(pf_next(f, t, "L1", "F"), "R2");
	pf_assert_valid(f, t);
	oc_lfts_free(ft);
	oc_lfts_free(t);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* Figures 3(b) and 4: the two partitions get one root each under pftree,
 * while ftree mixes them on every root. */
static void fig4_gives_each_partition_a_root(void **state)
{
	struct oc_fabric *f = pf_two_roots(fig4_hosts, 2);
	struct oc_partitions *ps = pf_parts(f, FIG4_PARTS);
	struct oc_engine_input in = {.f = f, .parts = ps};
	struct oc_route_stats s;
	struct oc_err err;
	struct oc_lfts *ft = pf_route("vswitch_ftree", &in, NULL, &err);
	struct oc_lfts *t = pf_route("pftree", &in, &s, &err);

	assert_non_null(t);
	assert_links(f, t, ps, 0, "L1>R1 L2>R1 R1>L1 R1>L2");
	assert_links(f, t, ps, 1, "L1>R2 L2>R2 R2>L1 R2>L2");
	assert_int_equal(s.shared_links, 0);
	assert_int_equal(s.lanes, 1);
	/* ftree: a and d (partition 1) come down through both roots */
	assert_string_equal(pf_next(f, ft, "L2", "a"), "R1");
	assert_string_equal(pf_next(f, ft, "L2", "d"), "R2");
	pf_assert_valid(f, t);
	oc_lfts_free(ft);
	oc_lfts_free(t);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* Figure 5: pftree leaves A sharing R1->L1 with C (partition 3) and E
 * sharing R2->L2 with F (partition 2), and gives the sharers lanes. */
static void fig5_pftree_shares_with_lanes(void **state)
{
	struct oc_fabric *f = pf_two_roots(fig5_hosts, 3);
	struct oc_partitions *ps = pf_parts(f, FIG5_PARTS);
	struct oc_lane_plan plan = {0};
	struct oc_engine_input in = {.f = f, .parts = ps, .lanes = &plan};
	struct oc_route_stats s;
	struct oc_err err;
	struct oc_lfts *t = pf_route("pftree", &in, &s, &err);

	assert_non_null(t);
	assert_links(f, t, ps, 0, "L1>R2 L2>R1 R1>L1 R2>L2");
	assert_links(f, t, ps, 1, "L1>R2 L2>R2 L3>R2 R2>L1 R2>L2 R2>L3");
	assert_links(f, t, ps, 2, "L1>R1 L2>R1 L3>R1 R1>L1 R1>L2 R1>L3");
	assert_int_equal(s.shared_links, 4);
	assert_int_equal(plan.count, 3);
	assert_int_equal(plan.sl[0], 0);
	assert_int_equal(plan.sl[1], 1);
	assert_int_equal(plan.sl[2], 1);
	assert_int_equal(plan.num_vls, 2);
	pf_assert_valid(f, t);
	oc_lane_plan_clear(&plan);
	oc_lfts_free(t);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

static struct oc_policies *policies(const char *text)
{
	struct oc_policies *p = oc_policies_new();
	char copy[256], *save = NULL, *line;
	struct oc_err err;

	assert_non_null(p);
	snprintf(copy, sizeof(copy), "%s", text);
	for (line = strtok_r(copy, ";", &save); line;
	     line = strtok_r(NULL, ";", &save)) {
		unsigned pkey, iso;

		if (!strcmp(line, "best-effort")) {
			p->mode = OC_POLICY_BEST_EFFORT;
			continue;
		}
		assert_int_equal(sscanf(line, "%x=%u", &pkey, &iso), 2);
		assert_int_equal(oc_policies_add(p, (uint16_t)pkey, NULL,
						 (enum oc_isolation)iso, &err),
				 0);
	}
	return p;
}

/* Figure 6: partition 1 marked phy-isolation gets R1 to itself; the two
 * others share every down link of R2. */
static void fig6_phy_partition_alone(void **state)
{
	struct oc_fabric *f = pf_two_roots(fig5_hosts, 3);
	struct oc_partitions *ps = pf_parts(f, FIG5_PARTS);
	struct oc_policies *pol = policies("1=2");
	struct oc_engine_input in = {.f = f, .parts = ps, .policies = pol};
	struct oc_tenant_report rep;
	struct oc_route_stats s;
	struct oc_err err;
	struct oc_lfts *t = pf_route("pftree_ext", &in, &s, &err);

	if (!t)
		fail_msg("%s", err.msg);
	assert_links(f, t, ps, 0, "L1>R1 L2>R1 R1>L1 R1>L2");
	assert_links(f, t, ps, 1, "L1>R2 L2>R2 L3>R2 R2>L1 R2>L2 R2>L3");
	assert_links(f, t, ps, 2, "L1>R2 L2>R2 L3>R2 R2>L1 R2>L2 R2>L3");
	assert_int_equal(s.unmet_policies, 0);
	assert_int_equal(oc_tenant_metrics(f, t, ps, pol, &rep, &err), 0);
	assert_int_equal(rep.count, 3);
	assert_int_equal(rep.parts[0].isolation, OC_ISO_PHY);
	assert_true(rep.parts[0].alone);
	assert_int_equal(rep.parts[1].links_shared, 6);
	assert_int_equal(rep.phy_not_alone, 0);
	oc_tenant_report_free(&rep);
	pf_assert_valid(f, t);
	oc_lfts_free(t);
	oc_policies_free(pol);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* Two phy-isolation partitions and a third one on every leaf of a tree
 * with two roots: no room.  Strict fails naming the partition. */
static void strict_fails_without_room(void **state)
{
	struct oc_fabric *f = pf_two_roots(fig5_hosts, 3);
	struct oc_partitions *ps =
		pf_parts(f, "0x0001:A,D,G;0x0002:B,E,H;0x0003:C,F,I");
	struct oc_policies *pol = policies("1=2;2=2");
	struct oc_engine_input in = {.f = f, .parts = ps, .policies = pol};
	struct oc_err err;
	struct oc_lfts *t = pf_route("pftree_ext", &in, NULL, &err);

	assert_null(t);
	assert_non_null(strstr(err.msg, "pftree_ext (strict): partition "
					"0x0001 (p1): phy-isolation not met"));
	assert_non_null(strstr(err.msg, "with partition 0x0003"));
	oc_policies_free(pol);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

struct warnings {
	unsigned count;
	char first[512];
};

static void collect(void *ctx, const char *msg)
{
	struct warnings *w = ctx;

	if (!w->count++)
		snprintf(w->first, sizeof(w->first), "%s", msg);
}

/* The same in best-effort mode: routes, warns once per unmet policy
 * (partition 3 has to go through partition 1's root). */
static void best_effort_routes_and_warns(void **state)
{
	struct oc_fabric *f = pf_two_roots(fig5_hosts, 3);
	struct oc_partitions *ps =
		pf_parts(f, "0x0001:A,D,G;0x0002:B,E,H;0x0003:C,F,I");
	struct oc_policies *pol = policies("best-effort;1=2;2=2");
	struct warnings w = {0};
	struct oc_engine_input in = {.f = f,
				     .parts = ps,
				     .policies = pol,
				     .warn = collect,
				     .warn_ctx = &w};
	struct oc_route_stats s;
	struct oc_err err;
	struct oc_lfts *t = pf_route("pftree_ext", &in, &s, &err);

	assert_non_null(t);
	assert_int_equal(s.unmet_policies, 1);
	assert_int_equal(w.count, 1);
	assert_non_null(strstr(w.first, "0x0001 (p1): phy-isolation not met"));
	/* the two phy partitions still got a root each */
	assert_string_equal(pf_next(f, t, "L2", "A"), "R1");
	assert_string_equal(pf_next(f, t, "L1", "E"), "R2");
	pf_assert_valid(f, t);
	oc_lfts_free(t);
	oc_policies_free(pol);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* Every two partitions that share a link have different SLs. */
static void assert_sharers_differ(const struct oc_fabric *f,
				  const struct oc_lfts *t,
				  const struct oc_partitions *ps,
				  const struct oc_lane_plan *plan)
{
	struct oc_link_users u = {0};
	struct oc_err err;
	uint32_t slot, e, e2, shared = 0;

	assert_int_equal(oc_link_users_build(&u, f, t, ps, &err), 0);
	for (slot = 0; slot < u.num_slots; slot++)
		for (e = u.head[slot]; e != OC_NONE; e = u.next[e])
			for (e2 = u.next[e]; e2 != OC_NONE; e2 = u.next[e2]) {
				assert_int_not_equal(plan->sl[u.part[e]],
						     plan->sl[u.part[e2]]);
				shared++;
			}
	assert_true(shared > 0);
	oc_link_users_free(&u);
}

/* vlane-isolation: with room, stricter partitions' switches are avoided
 * (Algorithm 3) so it shares nothing; without room it gets an SL of its
 * own while data VLs last, and with one data VL strict fails. */
static void vlane_needs_data_vls(void **state)
{
	struct oc_fabric *f = pf_two_roots(fig5_hosts, 3);
	struct oc_partitions *ps = pf_parts(f, FIG5_PARTS);
	struct oc_policies *pol = policies("1=1");
	struct oc_lane_plan plan = {0};
	struct oc_engine_input in = {.f = f,
				     .parts = ps,
				     .policies = pol,
				     .lanes = &plan,
				     .data_vls = 4};
	struct oc_err err;
	struct oc_lfts *t = pf_route("pftree_ext", &in, NULL, &err);

	if (!t)
		fail_msg("%s", err.msg);
	assert_links(f, t, ps, 0, "L1>R1 L2>R1 R1>L1 R1>L2");
	oc_lfts_free(t);
	oc_partitions_free(ps);
	oc_policies_free(pol);
	ps = pf_parts(f, "0x0001:A,D,G;0x0002:B,E,H;0x0003:C,F,I");
	pol = policies("1=1;2=1");
	in.parts = ps;
	in.policies = pol;
	t = pf_route("pftree_ext", &in, NULL, &err);
	if (!t)
		fail_msg("%s", err.msg);
	assert_sharers_differ(f, t, ps, &plan);
	assert_true(plan.num_vls >= 2 && plan.num_vls <= 4);
	oc_lfts_free(t);
	in.data_vls = 1;
	t = pf_route("pftree_ext", &in, NULL, &err);
	assert_null(t);
	assert_non_null(strstr(err.msg, "vlane-isolation not met"));
	assert_non_null(strstr(err.msg, "not enough data VLs"));
	oc_lane_plan_clear(&plan);
	oc_policies_free(pol);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* Partitions meeting on links: SLs stay below data_vls, and differ
 * between sharers once there are enough. */
static void lanes_respect_data_vls(void **state)
{
	struct oc_fabric *f = pf_two_roots(fig5_hosts, 3);
	struct oc_partitions *ps = pf_parts(
		f, "0x0001:A,D,G;0x0002:B,E,H;0x0003:C,F,I;0x0004:A,E,I");
	struct oc_lane_plan plan = {0};
	struct oc_engine_input in = {.f = f, .parts = ps, .lanes = &plan};
	unsigned vls;

	for (vls = 1; vls <= 4; vls++) {
		struct oc_err err;
		struct oc_lfts *t;
		uint32_t i;

		in.data_vls = vls;
		t = pf_route("pftree", &in, NULL, &err);
		assert_non_null(t);
		assert_true(plan.num_vls >= 1 && plan.num_vls <= vls);
		for (i = 0; i < plan.count; i++)
			assert_true(plan.sl[i] < vls);
		if (vls == 4)
			assert_sharers_differ(f, t, ps, &plan);
		oc_lfts_free(t);
	}
	oc_lane_plan_clear(&plan);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* Figure 12: with a weighing 100, pftree_wt gives a the link R1->L1 alone
 * and keeps L2's partitions apart. */
static void fig12_weights_split_the_heavy_node(void **state)
{
	struct oc_fabric *f = pf_two_roots(fig4_hosts, 2);
	struct oc_partitions *ps = pf_parts(f, FIG4_PARTS);
	struct oc_weights *w = oc_weights_new();
	struct oc_engine_input in = {.f = f, .parts = ps, .weights = w};
	struct oc_err err;
	struct oc_lfts *t;

	assert_int_equal(
		oc_weights_set(w,
			       oc_port(f, oc_fabric_find_name(f, "a"), 1)->guid,
			       100, &err),
		0);
	t = pf_route("pftree_wt", &in, NULL, &err);
	assert_non_null(t);
	assert_string_equal(pf_next(f, t, "L2", "a"), "R1");
	assert_string_equal(pf_next(f, t, "L2", "b"), "R2");
	assert_string_equal(pf_next(f, t, "L2", "c"), "R2");
	assert_string_equal(pf_next(f, t, "L2", "d"), "R2");
	assert_string_equal(pf_next(f, t, "L1", "g"), "R1");
	assert_string_equal(pf_next(f, t, "L1", "h"), "R1");
	assert_string_equal(pf_next(f, t, "L1", "e"), "R2");
	assert_string_equal(pf_next(f, t, "L1", "f"), "R2");
	assert_links(f, t, ps, 1, "L1>R2 L2>R2 R2>L1 R2>L2");
	pf_assert_valid(f, t);
	oc_lfts_free(t);
	oc_weights_free(w);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* A generated fabric; drop_link ("NAME:PORT") may be NULL. */
static struct oc_fabric *gen_drop(const char *pgft, const char *drop_link)
{
	struct oc_gen_params p;
	struct oc_fabric *f;
	struct oc_err err;

	oc_gen_params_init(&p);
	assert_int_equal(oc_gen_set_option(&p, "pgft", pgft, &err), 0);
	if (drop_link)
		assert_int_equal(
			oc_gen_set_option(&p, "drop-link", drop_link, &err), 0);
	f = oc_gen_build(&p, NULL, &err);
	assert_non_null(f);
	assert_int_equal(oc_fabric_assign_lids(f, &err), 0);
	return f;
}

static struct oc_fabric *gen(const char *pgft)
{
	return gen_drop(pgft, NULL);
}

static uint64_t host_guid(unsigned i)
{
	return (OC_GEN_HOST_GUID | (uint64_t)i << 4) + 1;
}

/* A victim of `per_leaf` hosts on each leaf (positions 1, 3, ..), the
 * rest in a second partition; index 0 victim, 1 the others. */
static struct oc_partitions *victim_parts(unsigned hosts, unsigned per_leaf_all,
					  unsigned per_leaf)
{
	struct oc_partitions *ps = oc_partitions_new();
	struct oc_err err;
	unsigned i;

	assert_int_equal(oc_partitions_add(ps, 0x8001, "victim", 0, &err), 0);
	assert_int_equal(oc_partitions_add(ps, 0x8002, "other", 0, &err), 1);
	for (i = 0; i < hosts; i++) {
		unsigned pos = i % per_leaf_all;
		int victim = pos % 2 == 1 && pos / 2 < per_leaf;

		assert_int_equal(oc_partitions_add_member(ps, victim ? 0 : 1,
							  host_guid(i), 1,
							  &err),
				 0);
	}
	return ps;
}

/* Table 3, XGFT(2;8,4;1,4): with every victim node a heavy receiver,
 * pftree sends two receivers down each victim link, pftree_wt none. */
static void wt_removes_down_contention(void **state)
{
	struct oc_fabric *f = gen("2;8,4;1,4");
	struct oc_partitions *ps = victim_parts(32, 8, 2);
	struct oc_weights *w = oc_weights_new();
	struct oc_engine_input in = {.f = f, .parts = ps, .weights = w};
	struct oc_contention base, wt;
	struct oc_err err;
	struct oc_lfts *t;
	uint32_t i;

	for (i = 0; i < ps->parts[0].num_members; i++)
		assert_int_equal(oc_weights_set(w, ps->parts[0].members[i], 100,
						&err),
				 0);
	t = pf_route("pftree", &in, NULL, &err);
	assert_non_null(t);
	assert_int_equal(oc_receiver_contention(f, t, ps, w, &base, &err), 0);
	oc_lfts_free(t);
	t = pf_route("pftree_wt", &in, NULL, &err);
	assert_non_null(t);
	assert_int_equal(oc_receiver_contention(f, t, ps, w, &wt, &err), 0);
	pf_assert_valid(f, t);
	oc_lfts_free(t);
	assert_int_equal(base.receivers, 8);
	assert_int_equal(wt.receivers, 8);
	assert_int_equal(base.contended_down, 4);
	assert_int_equal(base.total_down, 4);
	assert_int_equal(wt.contended_down, 0);
	assert_int_equal(wt.total_down, 0);
	oc_weights_free(w);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* Parallel links (PGFT(2;8,4;1,2;1,2): two roots, two links to each):
 * tagged routes keep each partition on links of its own, also where one
 * root serves both; untagged parallel choices shared 8 links. */
static void parallel_links_keep_partitions_apart(void **state)
{
	struct oc_fabric *f = gen("2;8,4;1,2;1,2");
	struct oc_partitions *ps = victim_parts(32, 8, 2);
	struct oc_engine_input in = {.f = f, .parts = ps};
	struct oc_route_stats s;
	struct oc_err err;
	struct oc_lfts *t = pf_route("pftree", &in, &s, &err);

	assert_non_null(t);
	assert_int_equal(s.tenants, 2);
	assert_int_equal(s.shared_links, 0);
	assert_int_equal(s.lanes, 1);
	pf_assert_valid(f, t);
	oc_lfts_free(t);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* A phy-isolation victim on a three-level tree with room for it (a
 * quarter of the hosts) shares no link. */
static void phy_alone_on_three_levels(void **state)
{
	struct oc_fabric *f = gen("3;4,4,4;1,4,4");
	struct oc_partitions *ps = victim_parts(64, 4, 1);
	struct oc_policies *pol = policies("8001=2");
	struct oc_engine_input in = {.f = f, .parts = ps, .policies = pol};
	struct oc_tenant_report rep;
	struct oc_route_stats s;
	struct oc_err err;
	struct oc_lfts *t = pf_route("pftree_ext", &in, &s, &err);

	if (!t)
		fail_msg("%s", err.msg);
	assert_int_equal(oc_tenant_metrics(f, t, ps, pol, &rep, &err), 0);
	assert_true(rep.parts[0].links_used > 0);
	assert_int_equal(rep.parts[0].links_shared, 0);
	assert_true(rep.parts[0].alone);
	assert_int_equal(s.unmet_policies, 0);
	oc_tenant_report_free(&rep);
	pf_assert_valid(f, t);
	oc_lfts_free(t);
	oc_policies_free(pol);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* Every engine, with and without partitions, on 2- and 3-level trees:
 * every LID reached, no credit loop for CA traffic, minimal routes. */
static void every_engine_reaches_everything(void **state)
{
	static const char *const engines[] = {"pftree", "pftree_ext",
					      "pftree_wt"};
	static const char *const shapes[] = {"2;8,4;1,4", "3;4,4,4;1,4,4",
					     "3;4,2,3;1,2,2;1,2,1",
					     "3;4,4,4;1,4,4"};
	/* the last one degraded: a root lost a link (detours) */
	static const char *const drops[] = {NULL, NULL, NULL, "sw-L3-0:1"};
	unsigned e, sh;

	for (sh = 0; sh < 4; sh++) {
		struct oc_fabric *f = gen_drop(shapes[sh], drops[sh]);
		unsigned hosts = 0;
		uint32_t n;
		struct oc_partitions *ps;

		for (n = 0; n < f->num_nodes; n++)
			hosts += !oc_is_switch(f, n);
		ps = victim_parts(hosts, 4, 1);
		for (e = 0; e < 3; e++) {
			struct oc_engine_input in = {.f = f};
			struct oc_route_stats s;
			struct oc_err err;
			struct oc_lfts *t =
				pf_route(engines[e], &in, NULL, &err);

			if (!t)
				fail_msg("%s: %s", engines[e], err.msg);
			pf_assert_valid(f, t);
			oc_lfts_free(t);
			in.parts = ps;
			t = pf_route(engines[e], &in, &s, &err);
			if (!t)
				fail_msg("%s: %s", engines[e], err.msg);
			assert_true(drops[sh] ? s.detours > 0 : s.detours == 0);
			pf_assert_valid(f, t);
			oc_lfts_free(t);
		}
		oc_partitions_free(ps);
		oc_fabric_free(f);
	}
}

/* The victim's EBB: under ftree the interfering partition slows it
 * down; under pftree, which isolates it, not at all. */
static void ebb_shows_interference(void **state)
{
	struct oc_fabric *f = pf_two_roots(fig4_hosts, 2);
	struct oc_partitions *ps = pf_parts(f, FIG4_PARTS);
	struct oc_engine_input in = {.f = f, .parts = ps};
	double quiet, noisy;
	struct oc_err err;
	struct oc_lfts *t = pf_route("vswitch_ftree", &in, NULL, &err);

	assert_int_equal(
		oc_victim_ebb(f, t, ps, 0, 50, 7, &quiet, &noisy, &err), 0);
	assert_true(noisy < quiet);
	assert_true(quiet > 0 && quiet <= 1);
	oc_lfts_free(t);
	t = pf_route("pftree", &in, NULL, &err);
	assert_int_equal(
		oc_victim_ebb(f, t, ps, 0, 50, 7, &quiet, &noisy, &err), 0);
	assert_true(noisy == quiet);
	oc_lfts_free(t);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* vSwitch fabrics are refused with a message naming the right engine. */
static void refuses_vswitch_fabrics(void **state)
{
	struct oc_gen_params p;
	struct oc_fabric *f;
	struct oc_err err;
	struct oc_engine_input in = {0};

	oc_gen_params_init(&p);
	assert_int_equal(oc_gen_set_option(&p, "pgft", "2;2,2;1,2", &err), 0);
	assert_int_equal(oc_gen_set_option(&p, "vswitch", "2", &err), 0);
	f = oc_gen_build(&p, NULL, &err);
	assert_non_null(f);
	assert_int_equal(oc_fabric_assign_lids(f, &err), 0);
	in.f = f;
	assert_null(pf_route("pftree", &in, NULL, &err));
	assert_non_null(strstr(err.msg, "use vswitch_ftree"));
	/* the count is read before the analysis is freed */
	assert_non_null(strstr(err.msg, "this fabric has 4 vSwitches"));
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fig3a_balances_the_real_partition),
		cmocka_unit_test(fig4_gives_each_partition_a_root),
		cmocka_unit_test(fig5_pftree_shares_with_lanes),
		cmocka_unit_test(fig6_phy_partition_alone),
		cmocka_unit_test(strict_fails_without_room),
		cmocka_unit_test(best_effort_routes_and_warns),
		cmocka_unit_test(vlane_needs_data_vls),
		cmocka_unit_test(lanes_respect_data_vls),
		cmocka_unit_test(fig12_weights_split_the_heavy_node),
		cmocka_unit_test(wt_removes_down_contention),
		cmocka_unit_test(parallel_links_keep_partitions_apart),
		cmocka_unit_test(phy_alone_on_three_levels),
		cmocka_unit_test(every_engine_reaches_everything),
		cmocka_unit_test(ebb_shows_interference),
		cmocka_unit_test(refuses_vswitch_fabrics),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
