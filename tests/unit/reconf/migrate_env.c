/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * migrate_env.c - routed vSwitch fabrics for the planner's tests.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gen/gen.h"
#include "vm/lid_model.h"
#include "migrate_env.h"
#include "testlib.h"
#include "verify/verify.h"

static void set_option(struct oc_gen_params *p, const char *name,
		       const char *value)
{
	struct oc_err err = {{0}};

	if (oc_gen_set_option(p, name, value, &err))
		fail_msg("--%s %s: %s", name, value, err.msg);
}

/* Every hypervisor's first VF holds a VM. */
static struct oc_vm_table *first_vfs(const struct oc_fabric *f)
{
	struct oc_vm_table *vms = oc_vm_table_new();
	struct oc_err err = {{0}};
	uint32_t n;

	assert_non_null(vms);
	for (n = 0; n < f->num_nodes; n++) {
		const char *name = f->nodes[n].name;
		size_t len = strlen(name);

		if (len > 4 && !strcmp(name + len - 4, "-vf1") &&
		    oc_vm_table_add(vms, oc_port(f, n, 1)->guid, name, 0, &err))
			fail_msg("VM table: %s", err.msg);
	}
	return vms;
}

static void route(struct menv *e, unsigned room)
{
	struct oc_engine_input in = {.f = e->f, .vms = e->vms};
	struct oc_route_stats stats;
	struct oc_err err = {{0}};
	unsigned size = room > e->f->max_lid ? room : e->f->max_lid;

	e->t = oc_lfts_new(e->f->num_switches, size);
	assert_non_null(e->t);
	if (oc_vswitch_ftree_engine.route(&in, e->t, &stats, &err))
		fail_msg("routing: %s", err.msg);
	e->t->max_lid = e->f->max_lid;
	e->ft = oc_ftree_analyze(e->f, NULL, &err);
	if (!e->ft)
		fail_msg("analysis: %s", err.msg);
	e->rc = oc_reconf_new(e->f, e->ft, &err);
	if (!e->rc)
		fail_msg("planner: %s", err.msg);
}

void menv_gen(struct menv *e, const char *pgft, unsigned vswitch_vfs,
	      int dynamic, const char *const *extra, unsigned room)
{
	struct oc_gen_params p;
	struct oc_err err = {{0}};
	char vfs[16];

	memset(e, 0, sizeof(*e));
	oc_gen_params_init(&p);
	set_option(&p, "pgft", pgft);
	snprintf(vfs, sizeof(vfs), "%u", vswitch_vfs);
	set_option(&p, "vswitch", vfs);
	while (extra && *extra) {
		set_option(&p, extra[0], extra[1]);
		extra += 2;
	}
	e->f = oc_gen_build(&p, NULL, &err);
	if (!e->f)
		fail_msg("gen: %s", err.msg);
	if (dynamic) {
		e->vms = first_vfs(e->f);
		if (oc_lid_model_dynamic(e->f, e->vms, &err))
			fail_msg("dynamic: %s", err.msg);
	}
	if (oc_fabric_assign_lids(e->f, &err))
		fail_msg("LIDs: %s", err.msg);
	route(e, room);
}

void menv_text(struct menv *e, const char *text)
{
	memset(e, 0, sizeof(*e));
	e->f = tl_fabric(text);
	route(e, 0);
}

void menv_free(struct menv *e)
{
	oc_reconf_free(e->rc);
	oc_ftree_free(e->ft);
	oc_lfts_free(e->t);
	oc_vm_table_free(e->vms);
	oc_fabric_free(e->f);
	memset(e, 0, sizeof(*e));
}

uint32_t menv_node(const struct menv *e, const char *name)
{
	uint32_t n = oc_fabric_find_name(e->f, name);

	if (n == OC_NONE)
		fail_msg("no node \"%s\"", name);
	return n;
}

uint16_t menv_lid(const struct menv *e, const char *name)
{
	uint32_t n = menv_node(e, name);

	return oc_port(e->f, n, oc_is_switch(e->f, n) ? 0 : 1)->lid;
}

void menv_check(const struct menv *e, int allow_nonminimal)
{
	struct oc_verify_report r;
	struct oc_err err = {{0}};

	if (oc_verify(e->f, e->t, &r, &err))
		fail_msg("verify: %s", err.msg);
	if (r.ca.lids_unreachable || r.ca.loops)
		fail_msg("%u CA LIDs unreachable (%llu holes, %llu loops, "
			 "%llu wrong), e.g. LID %u from switch \"%s\"",
			 r.ca.lids_unreachable, (unsigned long long)r.ca.holes,
			 (unsigned long long)r.ca.loops,
			 (unsigned long long)r.ca.wrong, r.ca.examples[0].lid,
			 e->f->nodes[e->f->switches[r.ca.examples[0].sw]].name);
	assert_int_equal(r.cdg_ca_cycle.len, 0);
	if (!allow_nonminimal)
		assert_int_equal(r.ca_pairs_nonminimal, 0);
	oc_verify_report_free(&r);
}

static int block_differs(const struct oc_lfts *t, const uint8_t *before,
			 uint32_t sw, unsigned block)
{
	size_t off = (size_t)sw * t->stride + block * OC_LFT_BLOCK;

	return memcmp(before + off, t->ports + off, OC_LFT_BLOCK) != 0;
}

/* Every update is a block that changed, with its new content, once; every
 * changed block is an update. */
static void check_exact(const struct oc_lfts *t, const uint8_t *before,
			const struct oc_plan *p)
{
	uint32_t i, j, sw, changed = 0;
	unsigned block;

	for (i = 0; i < p->num_updates; i++) {
		const struct oc_lft_update *u = &p->updates[i];

		for (j = 0; j < i; j++)
			if (p->updates[j].sw == u->sw &&
			    p->updates[j].block == u->block)
				fail_msg("block %u of switch %u sent twice",
					 u->block, u->sw);
		assert_true(block_differs(t, before, u->sw, u->block));
		assert_memory_equal(u->ports,
				    oc_lft_row(t, u->sw) +
					    u->block * OC_LFT_BLOCK,
				    OC_LFT_BLOCK);
	}
	for (sw = 0; sw < t->num_switches; sw++)
		for (block = 0; block < t->stride / OC_LFT_BLOCK; block++)
			changed += block_differs(t, before, sw, block);
	assert_int_equal(changed, p->num_updates);
	assert_int_equal(p->counts.smps, p->num_updates);
}

void menv_run(struct menv *e, const struct oc_migrate_op *op,
	      enum oc_reconf_method method, struct oc_plan *plan,
	      const char *new_owner)
{
	size_t len = (size_t)e->t->stride * e->t->num_switches;
	uint8_t *before = malloc(len);
	struct oc_err err = {{0}};

	assert_non_null(before);
	memcpy(before, e->t->ports, len);
	if (oc_reconf_plan(e->rc, e->t, op, method, plan, &err))
		fail_msg("plan: %s", err.msg);
	assert_memory_equal(before, e->t->ports, len);
	oc_plan_apply_lfts(plan, e->t);
	check_exact(e->t, before, plan);
	if (oc_reconf_commit(e->rc, plan, &err))
		fail_msg("commit: %s", err.msg);
	if (new_owner) {
		uint32_t n = menv_node(e, new_owner);

		assert_int_equal(e->f->lid_owner[op->lid].node, n);
		assert_int_equal(oc_port(e->f, n, 1)->lid, op->lid);
		for (uint32_t sw = 0; sw < e->f->num_switches; sw++)
			assert_true(tl_walk(e->f, e->t, sw, op->lid) >= 0);
	}
	menv_check(e, 0);
	free(before);
}

void menv_snap(const struct menv *e, struct menv_snapshot *s)
{
	s->ports_len = (size_t)e->t->stride * e->t->num_switches;
	s->owners_len = sizeof(*s->owners) * (e->f->max_lid + 1);
	s->fports_len = sizeof(*s->fports) * e->f->num_ports;
	s->ports = malloc(s->ports_len);
	s->owners = malloc(s->owners_len);
	s->fports = malloc(s->fports_len);
	assert_true(s->ports && s->owners && s->fports);
	memcpy(s->ports, e->t->ports, s->ports_len);
	memcpy(s->owners, e->f->lid_owner, s->owners_len);
	memcpy(s->fports, e->f->ports, s->fports_len);
}

void menv_same(const struct menv *e, const struct menv_snapshot *s)
{
	assert_int_equal(s->owners_len,
			 sizeof(*s->owners) * (e->f->max_lid + 1));
	assert_memory_equal(s->ports, e->t->ports, s->ports_len);
	for (size_t i = 0; i <= e->f->max_lid; i++) { /* not the padding */
		assert_int_equal(s->owners[i].node, e->f->lid_owner[i].node);
		assert_int_equal(s->owners[i].port, e->f->lid_owner[i].port);
	}
	assert_memory_equal(s->fports, e->f->ports, s->fports_len);
}

void menv_snap_free(struct menv_snapshot *s)
{
	free(s->ports);
	free(s->owners);
	free(s->fports);
}
