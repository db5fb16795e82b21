/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_vswitch_ftree.c - the vswitch_ftree engine: the paper's example,
 * routing invariants, weights, idle VFs, LID models, determinism.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "route/engine.h"
#include "fixtures.h"
#include "vm/lid_model.h"
#include "testlib.h"
#include "io/topo.h"

static struct oc_lfts *route(const struct oc_fabric *f,
			     const struct oc_vm_table *vms,
			     struct oc_route_stats *stats)
{
	struct oc_engine_input in = {.f = f, .vms = vms};
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);
	struct oc_route_stats local;
	struct oc_err err = {{0}};

	assert_non_null(t);
	if (oc_vswitch_ftree_engine.route(&in, t, stats ? stats : &local, &err))
		fail_msg("routing failed: %s", err.msg);
	return t;
}

static uint8_t entry(const struct oc_fabric *f, const struct oc_lfts *t,
		     const char *sw, const char *dest)
{
	return oc_lft_row(t, tl_sw(f, sw))[tl_lid(f, dest)];
}

static void add_vm(struct oc_vm_table *vms, const struct oc_fabric *f,
		   const char *vf, double weight)
{
	struct oc_err err;
	uint32_t n = oc_fabric_find_name(f, vf);

	assert_int_equal(oc_vm_table_add(vms, oc_port(f, n, 1)->guid, vf,
					 weight, &err),
			 0);
}

/* Figure 2 of the paper: VMs 1-4 alternate R1/R2; on L2 the single VM of
 * v4 takes R1 and all three VMs of v3 take R2. */
static void reproduces_paper_figure_2(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_route_stats s;
	struct oc_lfts *t = route(f, NULL, &s);

	/* L2 reaches L1's VMs through the root that routes them down */
	assert_int_equal(entry(f, t, "L2", "vm1"), 1);
	assert_int_equal(entry(f, t, "L2", "vm2"), 2);
	assert_int_equal(entry(f, t, "L2", "vm3"), 1);
	assert_int_equal(entry(f, t, "L2", "vm4"), 2);
	assert_int_equal(entry(f, t, "L1", "vm8"), 1);
	assert_int_equal(entry(f, t, "L1", "vm5"), 2);
	assert_int_equal(entry(f, t, "L1", "vm6"), 2);
	assert_int_equal(entry(f, t, "L1", "vm7"), 2);
	/* both roots route down to every VM, leaves to their vSwitches */
	assert_int_equal(entry(f, t, "R1", "vm5"), 2);
	assert_int_equal(entry(f, t, "R2", "vm1"), 1);
	assert_int_equal(entry(f, t, "L2", "vm5"), 3);
	assert_int_equal(entry(f, t, "v3", "vm5"), 3);
	assert_int_equal(entry(f, t, "v3", "vm1"), 1);
	assert_int_equal(s.vms, 8);
	assert_int_equal(s.pfs, 4);
	assert_int_equal(s.idle_vfs, 0);
	assert_int_equal(s.switch_lids, 8);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Hop distances between switches by BFS, for minimality checks. */
static int *switch_distances(const struct oc_fabric *f)
{
	uint32_t n = f->num_switches, *queue = malloc(sizeof(*queue) * n);
	int *dist = malloc(sizeof(int) * n * n);
	uint32_t s;

	for (s = 0; s < n; s++) {
		uint32_t head = 0, tail = 0;
		int *d = dist + (size_t)s * n;

		for (uint32_t i = 0; i < n; i++)
			d[i] = -1;
		d[s] = 0;
		queue[tail++] = s;
		while (head < tail) {
			uint32_t cur = queue[head++], node = f->switches[cur];

			for (unsigned p = 1; p <= f->nodes[node].num_ports;
			     p++) {
				uint32_t peer = oc_peer(f, node, p);

				if (peer == OC_NONE || !oc_is_switch(f, peer) ||
				    d[f->nodes[peer].sw_index] >= 0)
					continue;
				d[f->nodes[peer].sw_index] = d[cur] + 1;
				queue[tail++] = f->nodes[peer].sw_index;
			}
		}
	}
	free(queue);
	return dist;
}

/* Every switch reaches every CA LID on a shortest path, and every LID of
 * a leaf or vSwitch. */
static void check_reach_minimal(const struct oc_fabric *f,
				const struct oc_lfts *t)
{
	int *dist = switch_distances(f);
	unsigned lid;
	uint32_t sw;

	for (lid = 1; lid <= f->max_lid; lid++) {
		const struct oc_lid_owner *o = &f->lid_owner[lid];
		uint32_t at;

		if (o->node == OC_NONE || oc_is_switch(f, o->node))
			continue;
		at = f->nodes[oc_peer(f, o->node, o->port)].sw_index;
		for (sw = 0; sw < f->num_switches; sw++) {
			int hops = tl_walk(f, t, sw, lid);

			if (hops != dist[(size_t)sw * f->num_switches + at])
				fail_msg(
					"switch %s -> LID %u (%s): %d hops, "
					"shortest %d",
					f->nodes[f->switches[sw]].name, lid,
					f->nodes[o->node].name, hops,
					dist[(size_t)sw * f->num_switches + at]);
		}
	}
	free(dist);
}

static void reaches_everything_minimally(void **state)
{
	const char *nets[] = {FIG2_NET, TWO_LEVEL_NET};
	size_t i;

	for (i = 0; i < 2; i++) {
		struct oc_fabric *f = tl_fabric(nets[i]);
		struct oc_lfts *t = route(f, NULL, NULL);

		check_reach_minimal(f, t);
		/* leaf switch LIDs are reached from every switch */
		for (uint32_t sw = 0; sw < f->num_switches; sw++)
			assert_true(tl_walk(f, t, sw,
					    tl_lid(f, i ? "A" : "L1")) >= 0);
		oc_lfts_free(t);
		oc_fabric_free(f);
	}
}

/* Roots S1..S3, leaves A and B, without the link S1 - A: S1 cannot reach
 * a1, a2 by going down, so it gets a detour (S1 -> B -> S2 -> A); B still
 * sends a1's traffic over S2 or S3, and the full tree needs no detour. */
#define DEGRADED_NET                                                    \
	"Switch 4 \"S1\"\n[2] \"B\"[1]\n\n"                             \
	"Switch 4 \"S2\"\n[1] \"A\"[2]\n[2] \"B\"[2]\n\n"               \
	"Switch 4 \"S3\"\n[1] \"A\"[5]\n[2] \"B\"[5]\n\n"               \
	"Switch 5 \"A\"\n[2] \"S2\"[1]\n[5] \"S3\"[1]\n[3] \"a1\"[1]\n" \
	"[4] \"a2\"[1]\n\n"                                             \
	"Switch 5 \"B\"\n[1] \"S1\"[2]\n[2] \"S2\"[2]\n[5] \"S3\"[2]\n" \
	"[3] \"b1\"[1]\n[4] \"b2\"[1]\n\n"                              \
	"Hca 1 \"a1\"\n[1] \"A\"[3]\n\nHca 1 \"a2\"\n[1] \"A\"[4]\n\n"  \
	"Hca 1 \"b1\"\n[1] \"B\"[3]\n\nHca 1 \"b2\"\n[1] \"B\"[4]\n"

static void degraded_tree_reaches_every_ca(void **state)
{
	struct oc_fabric *f = tl_fabric(DEGRADED_NET);
	struct oc_fabric *full = tl_fabric(TWO_LEVEL_NET);
	struct oc_route_stats s;
	struct oc_lfts *t = route(f, NULL, &s), *t_full;

	assert_int_equal(s.detours, 2);
	assert_int_equal(entry(f, t, "S1", "a1"), 2);
	assert_int_equal(entry(f, t, "S1", "a2"), 2);
	assert_int_equal(tl_walk(f, t, tl_sw(f, "S1"), tl_lid(f, "a1")), 3);
	assert_int_not_equal(entry(f, t, "B", "a1"), 1);
	assert_int_equal(tl_walk(f, t, tl_sw(f, "B"), tl_lid(f, "a2")), 2);
	t_full = route(full, NULL, &s);
	assert_int_equal(s.detours, 0);
	oc_lfts_free(t_full);
	oc_lfts_free(t);
	oc_fabric_free(full);
	oc_fabric_free(f);
}

static void balances_plain_compute_nodes(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_route_stats s;
	struct oc_lfts *t = route(f, NULL, &s);

	assert_int_equal(s.compute_nodes, 4);
	assert_int_equal(s.vms, 0);
	assert_int_equal(entry(f, t, "B", "a1"), 1);
	assert_int_equal(entry(f, t, "B", "a2"), 2);
	assert_int_equal(entry(f, t, "A", "b1"), 1);
	assert_int_equal(entry(f, t, "A", "b2"), 2);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* A light VM on v4 leaves room on R1 for one of v3's VMs. */
static void honours_vm_weights(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_vm_table *vms = oc_vm_table_new();
	const char *names[] = {"vm1", "vm2", "vm3", "vm4", "vm5", "vm6", "vm7"};
	struct oc_lfts *t;

	for (size_t i = 0; i < 7; i++)
		add_vm(vms, f, names[i], 0);
	add_vm(vms, f, "vm8", 0.1);
	t = route(f, vms, NULL);
	assert_int_equal(entry(f, t, "L1", "vm8"), 1);
	assert_int_equal(entry(f, t, "L1", "vm5"), 2);
	assert_int_equal(entry(f, t, "L1", "vm6"), 1);
	assert_int_equal(entry(f, t, "L1", "vm7"), 2);
	oc_lfts_free(t);
	oc_vm_table_free(vms);
	oc_fabric_free(f);
}

static void idle_vfs_follow_their_pf(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_vm_table *vms = oc_vm_table_new();
	const char *fabric_sw[] = {"R1", "R2", "L1", "L2"};
	struct oc_route_stats s;
	struct oc_lfts *t;

	add_vm(vms, f, "vm1", 0);
	add_vm(vms, f, "vm5", 0);
	t = route(f, vms, &s);
	assert_int_equal(s.vms, 2);
	assert_int_equal(s.idle_vfs, 6);
	for (size_t i = 0; i < 4; i++) {
		assert_int_equal(entry(f, t, fabric_sw[i], "vm2"),
				 entry(f, t, fabric_sw[i], "v1pf"));
		assert_int_equal(entry(f, t, fabric_sw[i], "vm7"),
				 entry(f, t, fabric_sw[i], "v3pf"));
	}
	check_reach_minimal(f, t);
	oc_lfts_free(t);
	oc_vm_table_free(vms);
	oc_fabric_free(f);
}

static void dynamic_model_routes_only_vms(void **state)
{
	FILE *in = fmemopen((void *)FIG2_NET, strlen(FIG2_NET), "r");
	struct oc_fabric *f = oc_topo_read(in, "fig2", NULL);
	struct oc_vm_table *vms = oc_vm_table_new();
	struct oc_route_stats s;
	struct oc_err err;
	struct oc_lfts *t;

	fclose(in);
	add_vm(vms, f, "vm1", 0);
	add_vm(vms, f, "vm6", 0);
	assert_int_equal(oc_lid_model_dynamic(f, vms, &err), 0);
	assert_int_equal(oc_fabric_assign_lids(f, &err), 0);
	assert_int_equal(tl_lid(f, "vm2"), 0);
	assert_int_not_equal(tl_lid(f, "vm6"), 0);
	assert_int_not_equal(tl_lid(f, "v3pf"), 0);
	t = route(f, vms, &s);
	assert_int_equal(s.vms, 2);
	assert_int_equal(s.idle_vfs, 0);
	check_reach_minimal(f, t);
	oc_lfts_free(t);
	oc_vm_table_free(vms);
	oc_fabric_free(f);
}

static void is_deterministic(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_lfts *a = route(f, NULL, NULL), *b = route(f, NULL, NULL);

	assert_int_equal(oc_lfts_diff_blocks(a, b), 0);
	assert_memory_equal(a->ports, b->ports,
			    (size_t)a->stride * a->num_switches);
	oc_lfts_free(a);
	oc_lfts_free(b);
	oc_fabric_free(f);
}

static void fails_cleanly_on_non_fat_tree(void **state)
{
	struct oc_fabric *f = tl_fabric(
		"Switch 4 \"s1\"\n[1] \"s2\"[1]\n[3] \"a\"[1]\n\n"
		"Switch 4 \"s2\"\n[1] \"s1\"[1]\n[3] \"b\"[1]\n\n"
		"Hca 1 \"a\"\n[1] \"s1\"[3]\n\nHca 1 \"b\"\n[1] \"s2\"[3]\n");
	struct oc_engine_input in = {.f = f};
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);
	struct oc_route_stats s;
	struct oc_err err = {{0}};

	/* s1 and s2 are both vSwitch-shaped: one switch link plus CAs */
	assert_int_equal(oc_vswitch_ftree_engine.route(&in, t, &s, &err), -1);
	assert_non_null(strstr(err.msg, "rule R2"));
	oc_lfts_free(t);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reproduces_paper_figure_2),
		cmocka_unit_test(reaches_everything_minimally),
		cmocka_unit_test(degraded_tree_reaches_every_ca),
		cmocka_unit_test(balances_plain_compute_nodes),
		cmocka_unit_test(honours_vm_weights),
		cmocka_unit_test(idle_vfs_follow_their_pf),
		cmocka_unit_test(dynamic_model_routes_only_vms),
		cmocka_unit_test(is_deterministic),
		cmocka_unit_test(fails_cleanly_on_non_fat_tree),
	};

	return cmocka_run_group_tests_name("vswitch_ftree", tests, NULL, NULL);
}
