/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf_mark.c - which switches a method may update.
 *
 * ItRC looks at every switch.  FTreeMinRC (vSwitch routing paper, 6.2)
 * looks at the skyline of the source and destination leaves (tuple.h) and
 * the two vSwitches.  Why that is enough: every old route of a moved LID
 * ends at its old leaf, which is on the skyline; a route from outside the
 * common sub-tree enters it at a top switch, which is on the skyline and
 * an ancestor of both leaves; a route from inside climbs until it meets a
 * skyline switch.  From the first selected switch on, the packet follows
 * new entries, so the selection must be closed under them: each switch a
 * new entry of a selected switch leads to is selected too.  On an intact
 * fat-tree the new routes from the skyline stay in it and the closure adds
 * nothing; on a degraded tree it adds the switches of copied detours, and
 * where a detour would carry CA traffic the selection becomes ItRC's
 * (reconf_safe.c).
 */
#include "reconf/reconf_int.h"

static void select_sw(struct oc_reconf *rc, uint32_t sw)
{
	if (rc->selected[sw])
		return;
	rc->selected[sw] = 1;
	rc->list[rc->num_list++] = sw;
}

static void clear_selection(struct oc_reconf *rc)
{
	uint32_t i;

	for (i = 0; i < rc->num_list; i++) {
		rc->selected[rc->list[i]] = 0;
		rc->active[rc->list[i]] = 0;
	}
	rc->num_list = 0;
}

static void select_all(struct oc_reconf *rc)
{
	uint32_t sw;

	for (sw = 0; sw < rc->f->num_switches; sw++)
		select_sw(rc, sw);
}

static void select_skyline(struct oc_reconf *rc,
			   const struct oc_migrate_move *mv,
			   struct oc_plan_counts *c)
{
	const struct oc_tuples *tp = rc->tuples;
	uint32_t i;

	c->skyline = oc_tuple_mark_skyline(tp, mv->src_leaf, mv->dst_leaf,
					   rc->selected, &c->level);
	for (i = 0; i < tp->num_fabric; i++)
		if (rc->selected[tp->fabric_sw[i]])
			rc->list[rc->num_list++] = tp->fabric_sw[i];
}

/* The switch the new entry of sw for m leads to, OC_NONE if none. */
static uint32_t new_next(const struct oc_reconf *rc, const struct oc_lfts *t,
			 uint32_t sw, const struct oc_lid_move *m)
{
	uint32_t node = rc->f->switches[sw], peer;
	uint8_t port = reconf_new_entry(rc, t, sw, m);

	if (port == 0 || port > rc->f->nodes[node].num_ports)
		return OC_NONE;
	peer = oc_peer(rc->f, node, port);
	if (peer == OC_NONE || !oc_is_switch(rc->f, peer))
		return OC_NONE;
	return rc->f->nodes[peer].sw_index;
}

/* Work list over rc->list itself: it grows while it is walked. */
static uint32_t close_selection(struct oc_reconf *rc, const struct oc_lfts *t,
				const struct oc_migrate_move *mv)
{
	uint32_t i, added = 0;
	unsigned k;

	for (i = 0; i < rc->num_list; i++) {
		for (k = 0; k < mv->num_lids; k++) {
			uint32_t next =
				new_next(rc, t, rc->list[i], &mv->lids[k]);

			if (next != OC_NONE && !rc->selected[next]) {
				select_sw(rc, next);
				added++;
			}
		}
	}
	return added;
}

static int select_minrc(struct oc_reconf *rc, const struct oc_lfts *t,
			const struct oc_migrate_move *mv,
			struct oc_plan_counts *c, struct oc_err *err)
{
	if (mv->kind == OC_OP_BOOT) {
		select_all(rc); /* every switch must learn the new LID */
		return 0;
	}
	if (mv->kind == OC_OP_STOP) {
		select_sw(rc, mv->src_leaf); /* drops the LID from now on */
		select_sw(rc, mv->src_hv);
		return 0;
	}
	if (!rc->tuples)
		return oc_err_set(err, "FTreeMinRC needs switch tuples: %s",
				  rc->tuple_err.msg);
	select_skyline(rc, mv, c);
	select_sw(rc, mv->src_hv);
	select_sw(rc, mv->dst_hv);
	c->closure = close_selection(rc, t, mv);
	if (!reconf_minrc_safe(rc, t, mv, c->level)) {
		select_all(rc); /* see reconf_safe.c */
		c->fallback = 1;
	}
	return 0;
}

int reconf_select(struct oc_reconf *rc, const struct oc_lfts *t,
		  const struct oc_migrate_move *mv,
		  enum oc_reconf_method method, struct oc_plan_counts *c,
		  struct oc_err *err)
{
	clear_selection(rc);
	c->level = -1;
	if (method == OC_RECONF_ITRC) {
		select_all(rc);
	} else if (method == OC_RECONF_FTREEMINRC) {
		if (select_minrc(rc, t, mv, c, err))
			return -1;
	} else {
		return oc_err_set(err, "unknown method %d", method);
	}
	c->selected = rc->num_list;
	return 0;
}

/* The VM's new route from its old vSwitch (where all its traffic goes
 * now) to its new port: those switches are updated first. */
void reconf_mark_active(struct oc_reconf *rc, const struct oc_lfts *t,
			const struct oc_migrate_move *mv)
{
	const struct oc_lid_move *m = &mv->lids[0];
	uint32_t sw = mv->src_hv, hops;

	if (mv->kind != OC_OP_SWAP && mv->kind != OC_OP_COPY)
		return;
	for (hops = 0; hops < rc->f->num_switches; hops++) {
		uint32_t node = rc->f->switches[sw], peer;
		uint8_t port = reconf_entry_after(rc, t, sw, m);

		rc->active[sw] = rc->selected[sw];
		if (port == 0 || port > rc->f->nodes[node].num_ports)
			return;
		peer = oc_peer(rc->f, node, port);
		if (peer == OC_NONE || !oc_is_switch(rc->f, peer))
			return;
		sw = rc->f->nodes[peer].sw_index;
	}
}
