/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_migrate.c - the live-migration planner: swaps and copies within a
 * leaf, across leaves of a pod and across pods, boot and stop, with ItRC
 * and FTreeMinRC; every plan is checked to send exactly the blocks that
 * change and the result is verified (reachability, no credit loop,
 * minimal routes).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "migrate_env.h"
#include "testlib.h"

/* 3 levels, k = 2: hv0, hv1 on sw-L1-0; hv2, hv3 on sw-L1-1 (same pod);
 * hv4..hv7 on sw-L1-2, sw-L1-3 (the other pod); 44 LIDs, one block. */
#define K2 "3;2,2,2;1,2,2"

static struct oc_migrate_op swap_op(uint16_t vm, uint16_t idle)
{
	struct oc_migrate_op op = {OC_OP_SWAP, vm, idle, OC_NONE};

	return op;
}

static struct oc_migrate_op copy_op(uint16_t vm, uint16_t pf)
{
	struct oc_migrate_op op = {OC_OP_COPY, vm, pf, OC_NONE};

	return op;
}

static void plan_only(struct menv *e, const struct oc_migrate_op *op,
		      enum oc_reconf_method m, struct oc_plan *p)
{
	struct oc_err err = {{0}};

	if (oc_reconf_plan(e->rc, e->t, op, m, p, &err))
		fail_msg("plan: %s", err.msg);
}

/* Whether switch name has an update in p. */
static int updated(const struct menv *e, const struct oc_plan *p,
		   const char *name)
{
	uint32_t sw = tl_sw(e->f, name), i;

	for (i = 0; i < p->num_updates; i++)
		if (p->updates[i].sw == sw)
			return 1;
	return 0;
}

/* The paper's special case: within a leaf only the leaf changes, and with
 * both LIDs in one block that is one block; the two vSwitches change their
 * delivery port (one block each). */
static void swap_within_leaf_sends_one_block(void **state)
{
	struct menv e;
	struct oc_plan p;
	struct oc_migrate_op op;

	menv_gen(&e, K2, 2, 0, NULL, 0);
	oc_plan_init(&p);
	op = swap_op(menv_lid(&e, "hv0-vf1"), menv_lid(&e, "hv1-vf2"));
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &p, "hv1-vf2");
	assert_int_equal(p.counts.switches, 1);
	assert_int_equal(p.counts.blocks, 1);
	assert_true(updated(&e, &p, "sw-L1-0"));
	assert_int_equal(p.counts.vswitches, 2);
	assert_int_equal(p.counts.vswitch_blocks, 2);
	assert_int_equal(p.counts.smps, 3);
	assert_int_equal(p.counts.level, 2);
	assert_int_equal(p.counts.skyline, 1);
	assert_int_equal(p.counts.closure, 0);
	/* and back with ItRC: the idle LID now sits on hv0-vf1 */
	op = swap_op(op.lid, menv_lid(&e, "hv0-vf1"));
	menv_run(&e, &op, OC_RECONF_ITRC, &p, "hv0-vf1");
	assert_true(p.counts.switches >= 1);
	oc_plan_release(&p);
	menv_free(&e);
}

/* Both methods on the same tables: FTreeMinRC's updates are a subset of
 * ItRC's. */
static void compare_methods(struct menv *e, const struct oc_migrate_op *op,
			    struct oc_plan *itrc, struct oc_plan *minrc)
{
	uint32_t i, j;

	plan_only(e, op, OC_RECONF_ITRC, itrc);
	plan_only(e, op, OC_RECONF_FTREEMINRC, minrc);
	assert_true(minrc->counts.switches <= itrc->counts.switches);
	assert_true(minrc->counts.smps <= itrc->counts.smps);
	for (i = 0; i < minrc->num_updates; i++) {
		for (j = 0; j < itrc->num_updates; j++)
			if (itrc->updates[j].sw == minrc->updates[i].sw &&
			    itrc->updates[j].block == minrc->updates[i].block)
				break;
		assert_true(j < itrc->num_updates);
	}
}

static void swap_across_leaves_of_a_pod(void **state)
{
	const char *outside[] = {"sw-L1-2", "sw-L1-3", "sw-L2-2", "sw-L2-3",
				 "sw-L3-0", "sw-L3-1", "sw-L3-2", "sw-L3-3"};
	struct oc_plan itrc, minrc;
	struct oc_migrate_op op;
	struct menv e;
	size_t i;

	menv_gen(&e, K2, 2, 0, NULL, 0);
	oc_plan_init(&itrc);
	oc_plan_init(&minrc);
	op = swap_op(menv_lid(&e, "hv0-vf1"), menv_lid(&e, "hv3-vf2"));
	compare_methods(&e, &op, &itrc, &minrc);
	assert_int_equal(minrc.counts.level, 1);
	assert_int_equal(minrc.counts.skyline, 4);
	for (i = 0; i < sizeof(outside) / sizeof(outside[0]); i++)
		assert_false(updated(&e, &minrc, outside[i]));
	assert_true(updated(&e, &minrc, "sw-L1-0"));
	assert_true(updated(&e, &minrc, "sw-L1-1"));
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &minrc, "hv3-vf2");
	oc_plan_release(&itrc);
	oc_plan_release(&minrc);
	menv_free(&e);
}

static void swap_across_pods(void **state)
{
	struct oc_plan itrc, minrc;
	struct oc_migrate_op op;
	struct menv e;

	menv_gen(&e, K2, 2, 0, NULL, 0);
	oc_plan_init(&itrc);
	oc_plan_init(&minrc);
	op = swap_op(menv_lid(&e, "hv0-vf1"), menv_lid(&e, "hv6-vf2"));
	compare_methods(&e, &op, &itrc, &minrc);
	assert_int_equal(minrc.counts.level, 0);
	assert_int_equal(minrc.counts.skyline, 10);
	assert_false(updated(&e, &minrc, "sw-L1-1"));
	assert_false(updated(&e, &minrc, "sw-L1-2"));
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &minrc, "hv6-vf2");
	/* back home with ItRC, to the idle LID's new place */
	op = swap_op(op.lid, menv_lid(&e, "hv0-vf1"));
	menv_run(&e, &op, OC_RECONF_ITRC, &itrc, "hv0-vf1");
	oc_plan_release(&itrc);
	oc_plan_release(&minrc);
	menv_free(&e);
}

/* Dynamic LIDs: vf1 of every hypervisor holds a VM, vf2 has no LID. */
static void copy_within_leaf_pod_and_across(void **state)
{
	struct oc_plan itrc, minrc;
	struct oc_migrate_op op;
	struct menv e;
	uint16_t vm;

	menv_gen(&e, K2, 2, 1, NULL, 0);
	oc_plan_init(&itrc);
	oc_plan_init(&minrc);
	vm = menv_lid(&e, "hv0-vf1");
	assert_int_equal(menv_lid(&e, "hv1-vf2"), 0);
	op = copy_op(vm, menv_lid(&e, "hv1-pf"));
	compare_methods(&e, &op, &itrc, &minrc);
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &minrc, "hv1-vf2");
	assert_int_equal(minrc.counts.switches, 1);
	assert_int_equal(minrc.counts.blocks, 1);
	assert_int_equal(minrc.counts.vswitches, 2);
	/* the VF left behind is down, without a LID */
	assert_int_equal(menv_lid(&e, "hv0-vf1"), 0);
	assert_false(oc_port(e.f, menv_node(&e, "hv0-vf1"), 1)->active);
	/* on to the other leaf of the pod, then to the other pod */
	op = copy_op(vm, menv_lid(&e, "hv2-pf"));
	compare_methods(&e, &op, &itrc, &minrc);
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &minrc, "hv2-vf2");
	assert_int_equal(minrc.counts.level, 1);
	op = copy_op(vm, menv_lid(&e, "hv5-pf"));
	compare_methods(&e, &op, &itrc, &minrc);
	menv_run(&e, &op, OC_RECONF_ITRC, &itrc, "hv5-vf2");
	/* and home, to the VF it started on */
	op = copy_op(vm, menv_lid(&e, "hv0-pf"));
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &minrc, "hv0-vf1");
	oc_plan_release(&itrc);
	oc_plan_release(&minrc);
	menv_free(&e);
}

static void boot_and_stop(void **state)
{
	struct oc_migrate_op op = {OC_OP_BOOT, 0, 0, OC_NONE};
	struct oc_plan p;
	struct menv e;
	uint16_t lid;

	menv_gen(&e, K2, 2, 1, NULL, 128);
	oc_plan_init(&p);
	lid = e.f->max_lid + 1; /* beyond the routed LIDs, within room */
	op.lid = lid;
	op.peer_lid = menv_lid(&e, "hv3-pf");
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &p, "hv3-vf2");
	assert_int_equal(p.max_lid, lid);
	assert_int_equal(e.t->max_lid, lid);
	assert_int_equal(p.counts.switches, e.f->num_switches - 8);
	assert_int_equal(p.counts.vswitches, 8);
	/* stop: the leaf drops the LID, the vSwitch forgets it */
	op.kind = OC_OP_STOP;
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &p, NULL);
	assert_int_equal(p.counts.switches, 1);
	assert_int_equal(p.counts.vswitches, 1);
	assert_int_equal(e.f->lid_owner[lid].node, OC_NONE);
	assert_int_equal(menv_lid(&e, "hv3-vf2"), 0);
	assert_false(oc_port(e.f, menv_node(&e, "hv3-vf2"), 1)->active);
	assert_int_equal(oc_lft_row(e.t, tl_sw(e.f, "sw-L1-1"))[lid],
			 OC_NO_PATH);
	/* the freed LID boots elsewhere (ItRC), then stops everywhere */
	op.kind = OC_OP_BOOT;
	op.peer_lid = menv_lid(&e, "hv6-pf");
	menv_run(&e, &op, OC_RECONF_ITRC, &p, "hv6-vf2");
	op.kind = OC_OP_STOP;
	menv_run(&e, &op, OC_RECONF_ITRC, &p, NULL);
	assert_int_equal(p.counts.switches, e.f->num_switches - 8);
	assert_int_equal(p.counts.vswitches, 8);
	oc_plan_release(&p);
	menv_free(&e);
}

/* The vSwitch of VF node n. */
static uint32_t hv_of(const struct menv *e, uint32_t n)
{
	return e->f->nodes[oc_peer(e->f, n, 1)].sw_index;
}

/* Finds two VFs on different hypervisors of one leaf whose LIDs are (or
 * are not) in the same block. */
static void find_pair(const struct menv *e, int same_block, uint16_t *a,
		      uint16_t *b)
{
	uint32_t x, y;

	for (x = 0; x < e->f->num_nodes; x++) {
		for (y = 0; y < e->f->num_nodes; y++) {
			uint16_t lx, ly;

			if (!strstr(e->f->nodes[x].name, "-vf") ||
			    !strstr(e->f->nodes[y].name, "-vf") ||
			    hv_of(e, x) == hv_of(e, y) ||
			    e->ft->sw[hv_of(e, x)].parent !=
				    e->ft->sw[hv_of(e, y)].parent)
				continue;
			lx = oc_port(e->f, x, 1)->lid;
			ly = oc_port(e->f, y, 1)->lid;
			if ((lx / OC_LFT_BLOCK == ly / OC_LFT_BLOCK) ==
			    same_block) {
				*a = lx;
				*b = ly;
				return;
			}
		}
	}
	fail_msg("no VF pair %s one block", same_block ? "in" : "across");
}

static uint32_t max_blocks_per_switch(const struct oc_plan *p)
{
	uint32_t i, run = 0, max = 0;

	for (i = 0; i < p->num_updates; i++) {
		run = i && p->updates[i - 1].sw == p->updates[i].sw ? run + 1
								    : 1;
		if (run > max)
			max = run;
	}
	return max;
}

/* 84 LIDs: a swap of LIDs in two blocks sends two blocks per switch at
 * most, in one block one. */
static void swap_blocks_per_switch(void **state)
{
	struct oc_plan p;
	struct oc_migrate_op op;
	struct menv e;
	uint16_t a, b;

	menv_gen(&e, "3;3,2,2;1,2,2", 4, 0, NULL, 0);
	assert_true(e.f->max_lid >= OC_LFT_BLOCK);
	oc_plan_init(&p);
	find_pair(&e, 0, &a, &b);
	op = swap_op(a, b);
	menv_run(&e, &op, OC_RECONF_ITRC, &p, NULL);
	assert_int_equal(max_blocks_per_switch(&p), 2);
	find_pair(&e, 1, &a, &b);
	op = swap_op(a, b);
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &p, NULL);
	assert_int_equal(max_blocks_per_switch(&p), 1);
	assert_int_equal(p.counts.blocks, 1);
	oc_plan_release(&p);
	menv_free(&e);
}

/* Active route first, then nearest to the VM's new port first: every
 * update comes after the update of the switch its new entry leads to. */
static void updates_are_ordered(void **state)
{
	struct oc_plan p;
	struct oc_migrate_op op;
	struct menv e;
	uint32_t i, j;
	uint16_t vm;

	menv_gen(&e, K2, 2, 0, NULL, 0);
	oc_plan_init(&p);
	vm = menv_lid(&e, "hv0-vf1");
	op = swap_op(vm, menv_lid(&e, "hv6-vf2"));
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &p, "hv6-vf2");
	/* hv6, its leaf, a middle, a root, a middle, sw-L1-0, hv0 */
	assert_int_equal(p.counts.active, 7);
	assert_int_equal(p.updates[0].sw, tl_sw(e.f, "hv6"));
	assert_int_equal(p.updates[6].sw, tl_sw(e.f, "hv0"));
	for (i = 0; i < p.num_updates; i++) {
		uint32_t node = e.f->switches[p.updates[i].sw], peer;

		assert_int_equal(p.updates[i].active, i < 7);
		peer = oc_peer(e.f, node, oc_lft_row(e.t, p.updates[i].sw)[vm]);
		if (!oc_is_switch(e.f, peer))
			continue;
		for (j = i; j < p.num_updates; j++)
			assert_int_not_equal(p.updates[j].sw,
					     e.f->nodes[peer].sw_index);
	}
	oc_plan_release(&p);
	menv_free(&e);
}

/* A tiny deterministic generator (64-bit LCG). */
static uint32_t next_rand(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

/* A VF of hypervisor hv<h> that can take a VM: no LID (dynamic), or a
 * LID that holds no VM (prepopulated). */
static uint32_t idle_vf(const struct menv *e, unsigned h, unsigned vfs,
			const uint8_t *holds_vm)
{
	char name[32];
	unsigned j;

	for (j = 1; j <= vfs; j++) {
		uint32_t n;
		uint16_t lid;

		snprintf(name, sizeof(name), "hv%u-vf%u", h, j);
		n = menv_node(e, name);
		lid = oc_port(e->f, n, 1)->lid;
		if (e->vms ? !lid : !holds_vm[lid])
			return n;
	}
	return OC_NONE;
}

static unsigned hypervisor_of(const struct menv *e, uint16_t lid)
{
	unsigned h;

	assert_int_equal(sscanf(e->f->nodes[e->f->lid_owner[lid].node].name,
				"hv%u-", &h),
			 1);
	return h;
}

/* Random migrations, methods alternating; every plan exact, every result
 * verified, FTreeMinRC never above ItRC. */
static void random_migrations(const char *pgft, unsigned hvs, unsigned vfs,
			      int dynamic, unsigned rounds)
{
	struct oc_plan p, other;
	struct menv e;
	uint64_t seed = 42;
	uint16_t vms[64];
	uint8_t holds_vm[1024] = {0};
	unsigned i, h, num_vms = 0;
	char name[32];

	menv_gen(&e, pgft, vfs, dynamic, NULL, 0);
	oc_plan_init(&p);
	oc_plan_init(&other);
	for (h = 0; h < hvs; h++) {
		snprintf(name, sizeof(name), "hv%u-vf1", h);
		vms[num_vms] = menv_lid(&e, name);
		holds_vm[vms[num_vms++]] = 1;
	}
	for (i = 0; i < rounds; i++) {
		uint16_t vm = vms[next_rand(&seed) % num_vms];
		unsigned from = hypervisor_of(&e, vm), to;
		enum oc_reconf_method m = i % 2 ? OC_RECONF_ITRC
						: OC_RECONF_FTREEMINRC;
		struct oc_migrate_op op;
		uint32_t vf;

		do {
			to = next_rand(&seed) % hvs;
		} while (to == from);
		vf = idle_vf(&e, to, vfs, holds_vm);
		if (vf == OC_NONE)
			continue;
		if (dynamic) {
			snprintf(name, sizeof(name), "hv%u-pf", to);
			op = copy_op(vm, menv_lid(&e, name));
			op.vf = vf;
		} else {
			op = swap_op(vm, oc_port(e.f, vf, 1)->lid);
		}
		plan_only(&e, &op, !m, &other);
		menv_run(&e, &op, m, &p, e.f->nodes[vf].name);
		if (m == OC_RECONF_ITRC) {
			assert_true(other.counts.switches <= p.counts.switches);
			assert_int_equal(other.counts.closure, 0);
			assert_int_equal(other.counts.fallback, 0);
		} else {
			assert_true(p.counts.switches <= other.counts.switches);
			assert_int_equal(p.counts.closure, 0);
			assert_int_equal(p.counts.fallback, 0);
		}
	}
	oc_plan_release(&p);
	oc_plan_release(&other);
	menv_free(&e);
}

static void random_swaps(void **state)
{
	random_migrations(K2, 8, 2, 0, 60);
	random_migrations("3;3,2,2;1,2,2", 12, 4, 0, 60);
	random_migrations("3;2,2,2;1,2,2;1,2,2", 8, 3, 0, 40);
	random_migrations("4;2,2,2,2;1,2,2,2", 16, 2, 0, 60);
}

static void random_copies(void **state)
{
	random_migrations(K2, 8, 2, 1, 60);
	random_migrations("3;3,2,2;1,2,2", 12, 4, 1, 60);
	random_migrations("4;2,2,2,2;1,2,2,2", 16, 2, 1, 60);
}

/* A leaf lost a link to a root: the routing engine gave that root
 * detours.  FTreeMinRC's closure follows copied detours, and where one
 * would carry CA traffic the plan takes ItRC's switch set; other plans
 * stay narrow.  Every result is verified, minimal routes included. */
static void degraded_tree(void **state)
{
	const char *const drop[] = {"drop-link", "sw-L1-0:4", NULL};
	struct oc_plan p;
	struct menv e;
	unsigned from, to, closure = 0, fallback = 0, narrow = 0;
	char name[32];

	menv_gen(&e, "2;3,4;1,2", 4, 0, drop, 0);
	oc_plan_init(&p);
	for (from = 0; from < 12; from += 2) {
		for (to = 1; to < 12; to += 3) {
			struct oc_migrate_op op;
			uint16_t vm;

			if (from / 3 == to / 3)
				continue;
			snprintf(name, sizeof(name), "hv%u-vf1", from);
			vm = menv_lid(&e, name);
			snprintf(name, sizeof(name), "hv%u-vf2", to);
			op = swap_op(vm, menv_lid(&e, name));
			menv_run(&e, &op, OC_RECONF_FTREEMINRC, &p, name);
			closure += p.counts.closure;
			fallback += p.counts.fallback;
			narrow += p.counts.selected < e.f->num_switches;
			snprintf(name, sizeof(name), "hv%u-vf1", from);
			op = swap_op(vm, menv_lid(&e, name));
			menv_run(&e, &op,
				 from % 4 ? OC_RECONF_ITRC
					  : OC_RECONF_FTREEMINRC,
				 &p, name);
		}
	}
	assert_true(closure > 0);
	assert_true(fallback > 0);
	assert_true(narrow > 0);
	oc_plan_release(&p);
	menv_free(&e);
}

/* The paper's Figure 2 fabric: two leaves, everything on the skyline. */
static void figure_2_swap(void **state)
{
	struct oc_plan itrc, minrc;
	struct oc_migrate_op op;
	struct menv e;

	menv_text(&e, FIG2_NET);
	oc_plan_init(&itrc);
	oc_plan_init(&minrc);
	op = swap_op(menv_lid(&e, "vm1"), menv_lid(&e, "vm8"));
	compare_methods(&e, &op, &itrc, &minrc);
	assert_int_equal(minrc.counts.skyline, 4);
	assert_int_equal(minrc.counts.switches, itrc.counts.switches);
	menv_run(&e, &op, OC_RECONF_FTREEMINRC, &minrc, "vm8");
	oc_plan_release(&itrc);
	oc_plan_release(&minrc);
	menv_free(&e);
}

/* The plugin's model (kept_model.h): oc_reconf_commit_lids() moves the
 * LIDs and leaves the port GUIDs the hardware's; a second plan on the
 * committed model and tables (the VM back) is right and gives the first
 * tables back exactly. */
static void commit_lids_keeps_port_guids(void **state)
{
	struct oc_err err = {{0}};
	uint32_t a = 0, b = 0;
	uint16_t vm, idle;
	uint64_t guid_a, guid_b;
	struct oc_migrate_op op;
	struct menv_snapshot before;
	struct oc_plan p;
	struct menv e;
	unsigned port = 0;

	menv_gen(&e, K2, 2, 0, NULL, 0);
	oc_plan_init(&p);
	a = menv_node(&e, "hv0-vf1");
	b = menv_node(&e, "hv5-vf2");
	guid_a = oc_port(e.f, a, 1)->guid;
	guid_b = oc_port(e.f, b, 1)->guid;
	vm = menv_lid(&e, "hv0-vf1");
	idle = menv_lid(&e, "hv5-vf2");
	menv_snap(&e, &before);
	op = swap_op(vm, idle);
	plan_only(&e, &op, OC_RECONF_FTREEMINRC, &p);
	assert_int_equal(oc_reconf_commit_lids(e.rc, &p, &err), 0);
	oc_plan_apply_lfts(&p, e.t);
	assert_int_equal(oc_port(e.f, b, 1)->lid, vm);
	assert_int_equal(oc_port(e.f, a, 1)->lid, idle);
	assert_true(oc_port(e.f, a, 1)->guid == guid_a);
	assert_true(oc_port(e.f, b, 1)->guid == guid_b);
	assert_int_equal(oc_fabric_find_port_guid(e.f, guid_b, &port), b);
	menv_check(&e, 0);
	op = swap_op(vm, idle); /* the VM back, the same method */
	plan_only(&e, &op, OC_RECONF_FTREEMINRC, &p);
	assert_int_equal(oc_reconf_commit_lids(e.rc, &p, &err), 0);
	oc_plan_apply_lfts(&p, e.t);
	assert_int_equal(oc_port(e.f, a, 1)->lid, vm);
	menv_same(&e, &before);
	menv_snap_free(&before);
	oc_plan_release(&p);
	menv_free(&e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(swap_within_leaf_sends_one_block),
		cmocka_unit_test(swap_across_leaves_of_a_pod),
		cmocka_unit_test(swap_across_pods),
		cmocka_unit_test(copy_within_leaf_pod_and_across),
		cmocka_unit_test(boot_and_stop),
		cmocka_unit_test(swap_blocks_per_switch),
		cmocka_unit_test(updates_are_ordered),
		cmocka_unit_test(random_swaps),
		cmocka_unit_test(random_copies),
		cmocka_unit_test(degraded_tree),
		cmocka_unit_test(figure_2_swap),
		cmocka_unit_test(commit_lids_keeps_port_guids),
	};

	return cmocka_run_group_tests_name("migrate", tests, NULL, NULL);
}
