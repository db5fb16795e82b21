/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf_plan.c - turning a move into LFT block updates, in sending order.
 *
 * For every selected switch the new entries of the moved LIDs are compared
 * with the current ones; each 64-LID block where one differs becomes one
 * update carrying the whole new block (a swap touches at most two blocks
 * per switch, one when both LIDs share it; a copy, boot or stop one).
 *
 * Order: the switches on the VM's new route from its old vSwitch first
 * (active), then the others; within each, by switch hops to the VM's new
 * port along the new routes, nearest first, so a switch is updated after
 * the switch its new entry leads to (no transient loop for the VM's
 * traffic); ties by switch index and block.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "reconf/reconf_int.h"

static int reserve(struct oc_plan *p, uint32_t need)
{
	struct oc_lft_update *u;

	if (need <= p->cap_updates)
		return 0;
	u = realloc(p->updates, sizeof(*u) * need);
	if (!u)
		return -1;
	p->updates = u;
	p->cap_updates = need;
	return 0;
}

static void push_block(const struct oc_reconf *rc, const struct oc_lfts *t,
		       const struct oc_migrate_move *mv, uint32_t sw,
		       unsigned block, struct oc_plan *p)
{
	struct oc_lft_update *u = &p->updates[p->num_updates++];
	unsigned k;

	u->sw = sw;
	u->block = block;
	u->active = rc->active[sw];
	memcpy(u->ports, oc_lft_row(t, sw) + block * OC_LFT_BLOCK,
	       OC_LFT_BLOCK);
	for (k = 0; k < mv->num_lids; k++)
		if (mv->lids[k].lid / OC_LFT_BLOCK == block)
			u->ports[mv->lids[k].lid % OC_LFT_BLOCK] =
				reconf_new_entry(rc, t, sw, &mv->lids[k]);
}

/* Pushes the blocks of sw whose content changes. */
static void emit_switch(const struct oc_reconf *rc, const struct oc_lfts *t,
			const struct oc_migrate_move *mv, uint32_t sw,
			struct oc_plan *p)
{
	int block[2] = {-1, -1};
	unsigned k;

	for (k = 0; k < mv->num_lids; k++) {
		const struct oc_lid_move *m = &mv->lids[k];

		if (reconf_new_entry(rc, t, sw, m) != oc_lft_row(t, sw)[m->lid])
			block[k] = m->lid / OC_LFT_BLOCK;
	}
	if (block[0] >= 0)
		push_block(rc, t, mv, sw, block[0], p);
	if (block[1] >= 0 && block[1] != block[0])
		push_block(rc, t, mv, sw, block[1], p);
}

static int cmp_update(const void *x, const void *y, void *ctx)
{
	const struct oc_reconf *rc = ctx;
	const struct oc_lft_update *a = x, *b = y;

	if (a->active != b->active)
		return a->active ? -1 : 1;
	if (rc->memo[a->sw] != rc->memo[b->sw])
		return rc->memo[a->sw] < rc->memo[b->sw] ? -1 : 1;
	if (a->sw != b->sw)
		return a->sw < b->sw ? -1 : 1;
	return a->block < b->block ? -1 : a->block > b->block;
}

static void order_updates(struct oc_reconf *rc, const struct oc_lfts *t,
			  const struct oc_migrate_move *mv, struct oc_plan *p)
{
	uint32_t i;

	for (i = 0; i < p->num_updates; i++)
		reconf_hops(rc, t, &mv->lids[0], p->updates[i].sw);
	qsort_r(p->updates, p->num_updates, sizeof(*p->updates), cmp_update,
		rc);
}

static void count_updates(const struct oc_reconf *rc, struct oc_plan *p)
{
	struct oc_plan_counts *c = &p->counts;
	uint32_t i;

	for (i = 0; i < p->num_updates; i++) {
		const struct oc_lft_update *u = &p->updates[i];
		int vsw = rc->ft->sw[u->sw].role == OC_SW_VSWITCH;
		int first = !i || p->updates[i - 1].sw != u->sw;

		if (vsw) {
			c->vswitch_blocks++;
			c->vswitches += first;
		} else {
			c->blocks++;
			c->switches += first;
		}
		c->active += u->active;
	}
	c->smps = c->blocks + c->vswitch_blocks;
}

static double us_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) * 1e6 +
	       (t1.tv_nsec - t0->tv_nsec) / 1e3;
}

static int select_switches(struct oc_reconf *rc, const struct oc_lfts *t,
			   enum oc_reconf_method method, struct oc_plan *p,
			   struct oc_err *err)
{
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (reconf_select(rc, t, &p->move, method, &p->counts, err))
		return -1;
	reconf_next_stamp(rc);
	reconf_mark_active(rc, t, &p->move);
	p->select_us = us_since(&t0);
	return 0;
}

static void reset_plan(struct oc_plan *p, const struct oc_lfts *t,
		       enum oc_reconf_method method)
{
	p->num_updates = 0;
	p->method = method;
	p->max_lid = t->max_lid;
	p->select_us = 0;
	memset(&p->move, 0, sizeof(p->move));
	memset(&p->counts, 0, sizeof(p->counts));
	p->counts.level = -1;
}

int oc_reconf_plan(struct oc_reconf *rc, const struct oc_lfts *t,
		   const struct oc_migrate_op *op, enum oc_reconf_method method,
		   struct oc_plan *p, struct oc_err *err)
{
	uint32_t i;

	reset_plan(p, t, method);
	if (reconf_resolve(rc, t, op, &p->move, err) ||
	    select_switches(rc, t, method, p, err) ||
	    (reserve(p, 2 * rc->num_list) &&
	     oc_err_set(err, "out of memory"))) {
		p->move.num_lids = 0; /* nothing to commit */
		return -1;
	}
	for (i = 0; i < rc->num_list; i++)
		emit_switch(rc, t, &p->move, rc->list[i], p);
	order_updates(rc, t, &p->move, p);
	count_updates(rc, p);
	if (op->kind == OC_OP_BOOT && op->lid > p->max_lid)
		p->max_lid = op->lid;
	return 0;
}

void oc_plan_apply_lfts(const struct oc_plan *p, struct oc_lfts *t)
{
	uint32_t i;

	for (i = 0; i < p->num_updates; i++) {
		const struct oc_lft_update *u = &p->updates[i];

		memcpy(oc_lft_row(t, u->sw) + u->block * OC_LFT_BLOCK, u->ports,
		       OC_LFT_BLOCK);
	}
	if (p->max_lid > t->max_lid)
		t->max_lid = p->max_lid;
}
