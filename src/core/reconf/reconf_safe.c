/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf_safe.c - whether FTreeMinRC's selection keeps the up*-down*
 * property of CA routes (and so their freedom from credit loops).
 *
 * After the plan a packet follows old entries until its first selected
 * switch z, then new ones.  Old routes of CA traffic are up*-down*, and a
 * route can only enter the selection from above at a top of the common
 * sub-tree (a switch above any other skyline switch is on the skyline by
 * the tuples).  So it is enough that from every selected switch the new
 * route is up*-down*, and from every top of the common sub-tree it goes
 * only down.  On an intact fat-tree this always holds: the tops are
 * ancestors of both leaves.  When a tree lost links, a top may have to
 * reach the new place by a detour (down, up, down), which CA traffic must
 * not take; the planner then falls back to ItRC's switch set, which copies
 * whole routes and so keeps whatever the routing engine guaranteed.
 */
#include "reconf/reconf_int.h"

enum shape {
	SHAPE_DOWN = 1,	  /* only down to the owner */
	SHAPE_UPDOWN = 2, /* up, then down */
	SHAPE_BAD = 3,	  /* a down-up turn, a loop or no delivery */
};

static int level_of(const struct oc_reconf *rc, uint32_t sw)
{
	const struct oc_ft_switch *s = &rc->ft->sw[sw];

	return s->role == OC_SW_VSWITCH ? rc->ft->leaf_rank + 1 : s->rank;
}

/* One step of the new route: the next switch, or OC_NONE with *shape set
 * (delivered: down; dropped or unselected: bad). */
static uint32_t step(const struct oc_reconf *rc, const struct oc_lfts *t,
		     const struct oc_lid_move *m, uint32_t sw, uint8_t *shape)
{
	uint32_t node = rc->f->switches[sw], peer, next;
	uint8_t port = reconf_new_entry(rc, t, sw, m);

	*shape = SHAPE_BAD;
	if (port == 0 || port > rc->f->nodes[node].num_ports)
		return OC_NONE;
	peer = oc_peer(rc->f, node, port);
	if (peer == OC_NONE)
		return OC_NONE;
	if (!oc_is_switch(rc->f, peer)) {
		*shape = SHAPE_DOWN;
		return OC_NONE;
	}
	next = rc->f->nodes[peer].sw_index;
	return rc->selected[next] ? next : OC_NONE;
}

static uint8_t combine(const struct oc_reconf *rc, uint32_t from, uint32_t to,
		       uint8_t rest)
{
	int d = level_of(rc, to) - level_of(rc, from);

	if (rest == SHAPE_BAD)
		return SHAPE_BAD;
	if (d > 0)
		return rest == SHAPE_DOWN ? SHAPE_DOWN : SHAPE_BAD;
	return d < 0 ? SHAPE_UPDOWN : SHAPE_BAD;
}

/* Shape of the new route from sw, memoised in rc->memo under rc->cur. */
static uint8_t route_shape(struct oc_reconf *rc, const struct oc_lfts *t,
			   const struct oc_lid_move *m, uint32_t sw)
{
	uint32_t n = 0, x = sw, next;
	uint8_t shape;

	if (rc->stamp[sw] == rc->cur)
		return rc->memo[sw];
	for (;;) {
		rc->stamp[x] = rc->cur;
		rc->memo[x] = SHAPE_BAD; /* meeting it again is a loop */
		rc->stack[n++] = x;
		next = step(rc, t, m, x, &shape);
		if (next == OC_NONE)
			break;
		if (rc->stamp[next] == rc->cur) {
			shape = combine(rc, x, next, rc->memo[next]);
			break;
		}
		x = next;
	}
	/* shape is the last switch's; each earlier one leads to the next */
	rc->memo[rc->stack[--n]] = shape;
	while (n--) {
		shape = combine(rc, rc->stack[n], rc->stack[n + 1], shape);
		rc->memo[rc->stack[n]] = shape;
	}
	return rc->memo[sw];
}

int reconf_minrc_safe(struct oc_reconf *rc, const struct oc_lfts *t,
		      const struct oc_migrate_move *mv, int level)
{
	uint32_t i;
	unsigned k;

	for (k = 0; k < mv->num_lids; k++) {
		reconf_next_stamp(rc);
		for (i = 0; i < rc->num_list; i++) {
			uint32_t sw = rc->list[i];
			uint8_t shape = route_shape(rc, t, &mv->lids[k], sw);
			int top = rc->ft->sw[sw].role == OC_SW_FABRIC &&
				  rc->ft->sw[sw].rank == level;

			if (shape == SHAPE_BAD || (top && shape != SHAPE_DOWN))
				return 0;
		}
	}
	return 1;
}
