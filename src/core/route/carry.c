/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * carry.c - the installed entries that still work, the fresh ones
 * elsewhere (see carry.h for the rule and why it is loop-free).
 *
 * Only the cells where the installed and the fresh entry differ can
 * change, so only their walks are judged.  The tables are scanned a block
 * of 64 LIDs at a time, one cache line of each switch's row per block,
 * which lists the differing switches of each LID of the block; then each
 * such switch's installed walk is followed until it ends or meets a
 * switch already judged for that LID, and every switch on the way gets
 * the walk's verdict, so a switch is judged at most once per LID.  On the
 * 24,300-LID vSwitch fabric (6,804 switches) walking every cell took
 * 6.3 s; identical tables now cost one comparison per 64 bytes.  The
 * installed rows are read where the SM keeps them and the carried entries
 * written over the fresh ones, with an undo list: no third table.
 */
#include <stdlib.h>
#include <string.h>

#include "route/carry.h"

enum walk_state {
	W_UNKNOWN = 0,
	W_ON_PATH, /* on the walk being followed */
	W_VALID,
	W_BROKEN,
	W_UNTRUSTED, /* no keeper: its table is not known */
	W_RISING,    /* no keeper: its fresh entry takes a new link */
};

struct carry_ctx {
	const struct oc_fabric *f;
	const struct oc_carry_installed *in;
	struct oc_lfts *t; /* fresh, then carried */
	uint8_t *state;	   /* [sw_index]: enum walk_state, per column */
	uint32_t *stack;   /* the switches of the walk being followed */
	uint32_t *touched; /* the switches judged in this column */
	uint32_t num_touched;
	uint16_t lid;	  /* the column */
	uint32_t owner;	  /* node owning lid */
	uint8_t own_port; /* its port */
};

/* Switch s's installed entry for lid (OC_NO_PATH above its top). */
static uint8_t installed_at(const struct oc_carry_installed *in, uint32_t s,
			    uint16_t lid)
{
	return lid <= in->tops[s] ? in->rows[s][lid] : OC_NO_PATH;
}

/* Does the link behind port p of node go up at both ends? */
static int link_up(const struct oc_fabric *f, uint32_t node, unsigned p)
{
	const struct oc_port *port = oc_port(f, node, p);

	return port->active && port->peer_node != OC_NONE &&
	       oc_port(f, port->peer_node, port->peer_port)->active;
}

/* One hop of switch s's installed entry: W_VALID when it delivers to the
 * LID's port, W_BROKEN when it cannot, W_UNKNOWN with *next the switch
 * it leads to; W_UNTRUSTED or W_RISING when s is no keeper. */
static enum walk_state step(const struct carry_ctx *c, uint32_t s,
			    uint32_t *next)
{
	const struct oc_fabric *f = c->f;
	uint32_t node = f->switches[s];
	uint8_t fp = oc_lft_row(c->t, s)[c->lid], p;
	const struct oc_port *port;

	if (!c->in->rows[s])
		return W_UNTRUSTED;
	if (c->in->rising && fp && fp <= f->nodes[node].num_ports &&
	    c->in->rising[oc_port_slot(f, node, fp)])
		return W_RISING;
	p = installed_at(c->in, s, c->lid);
	if (p == 0)
		return node == c->owner && c->own_port == 0 ? W_VALID
							    : W_BROKEN;
	if (p > f->nodes[node].num_ports || !link_up(f, node, p))
		return W_BROKEN;
	port = oc_port(f, node, p);
	if (!oc_is_switch(f, port->peer_node))
		return port->peer_node == c->owner &&
				       port->peer_port == c->own_port
			       ? W_VALID
			       : W_BROKEN;
	*next = f->nodes[port->peer_node].sw_index;
	return W_UNKNOWN;
}

/* Follows s's installed walk and gives its verdict to every switch on
 * it (a walk that meets itself is a loop: broken). */
static void judge_walk(struct carry_ctx *c, uint32_t s)
{
	enum walk_state verdict = W_UNKNOWN;
	uint32_t top = 0, next = 0;

	while (c->state[s] == W_UNKNOWN) {
		c->state[s] = W_ON_PATH;
		c->stack[top++] = s;
		c->touched[c->num_touched++] = s;
		verdict = step(c, s, &next);
		if (verdict != W_UNKNOWN)
			break;
		s = next;
	}
	if (verdict == W_UNKNOWN)
		verdict = c->state[s] == W_ON_PATH ? W_BROKEN : c->state[s];
	/* the switch that is no keeper says why for itself; the walks
	 * that pass it are broken */
	if (verdict == W_UNTRUSTED || verdict == W_RISING) {
		if (top && c->stack[top - 1] == s)
			c->state[c->stack[--top]] = verdict;
		verdict = W_BROKEN;
	}
	while (top--)
		c->state[c->stack[top]] = verdict;
}

/* Is lid owned by a port that is up now?  Sets the owner in c. */
static int lid_owned(struct carry_ctx *c, uint16_t lid)
{
	const struct oc_fabric *f = c->f;
	const struct oc_lid_owner *o;

	if (lid > f->max_lid)
		return 0;
	o = &f->lid_owner[lid];
	if (o->node == OC_NONE)
		return 0;
	if (!oc_is_switch(f, o->node) && !oc_port(f, o->node, o->port)->active)
		return 0;
	c->lid = lid;
	c->owner = o->node;
	c->own_port = o->port;
	return 1;
}

/* Records that cell (sw, lid) held fresh; -1 out of memory. */
static int undo_add(struct oc_carry_undo *u, uint32_t sw, uint16_t lid,
		    uint8_t fresh)
{
	if (u->count == u->cap) {
		uint64_t cap = u->cap ? 2 * u->cap : 1024;
		struct oc_carry_cell *cells =
			realloc(u->cells, cap * sizeof(*cells));

		if (!cells)
			return -1;
		u->cells = cells;
		u->cap = cap;
	}
	u->cells[u->count].sw = sw;
	u->cells[u->count].lid = lid;
	u->cells[u->count].port = fresh;
	u->count++;
	return 0;
}

/* The column of an owned LID: each differing cell takes its installed
 * entry where the walk is valid and keeps the fresh one otherwise.  -1
 * out of memory. */
static int carry_column(struct carry_ctx *c, const uint32_t *diff, uint32_t n,
			struct oc_carry_undo *undo, struct oc_carry_stats *st)
{
	uint32_t i;
	int ret = 0;

	for (i = 0; i < n; i++)
		if (c->state[diff[i]] == W_UNKNOWN)
			judge_walk(c, diff[i]);
	for (i = 0; i < n && !ret; i++) {
		uint8_t *cell = &oc_lft_row(c->t, diff[i])[c->lid];

		switch (c->state[diff[i]]) {
		case W_VALID:
			st->differ++;
			ret = undo_add(undo, diff[i], c->lid, *cell);
			if (!ret)
				*cell = installed_at(c->in, diff[i], c->lid);
			break;
		case W_UNTRUSTED:
			st->untrusted++;
			break;
		case W_RISING:
			st->rising++;
			break;
		default:
			st->broken++;
		}
	}
	for (i = 0; i < c->num_touched; i++)
		c->state[c->touched[i]] = W_UNKNOWN;
	c->num_touched = 0;
	return ret;
}

/* The column of a LID no port owns stays fresh (a drop); gone counts the
 * installed routes to it. */
static void drop_column(const struct carry_ctx *c, uint16_t lid,
			const uint32_t *diff, uint32_t n,
			struct oc_carry_stats *st)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		st->gone += installed_at(c->in, diff[i], lid) != OC_NO_PATH;
}

/* Switch sw's installed entries for the block at base, OC_NO_PATH above
 * its top: in place when the block is whole, else copied into buf. */
static const uint8_t *installed_block(const struct carry_ctx *c, uint32_t sw,
				      uint32_t base, uint8_t *buf)
{
	uint32_t k, top = c->in->tops[sw];

	if (base + OC_LFT_BLOCK - 1 <= top)
		return c->in->rows[sw] + base;
	for (k = 0; k < OC_LFT_BLOCK; k++)
		buf[k] = base + k <= top ? c->in->rows[sw][base + k]
					 : OC_NO_PATH;
	return buf;
}

/* The switches whose entry for LID base + k differs, for each k of the
 * block: diff[k * num_switches ..], n[k] of them.  A switch whose table
 * is not known differs wherever the fresh one routes. */
static void block_diffs(const struct carry_ctx *c, uint32_t base,
			uint32_t *diff, uint32_t *n)
{
	static const uint8_t none[OC_LFT_BLOCK] = {[0 ... OC_LFT_BLOCK - 1] =
							   OC_NO_PATH};
	uint32_t sw, k, num = c->f->num_switches;
	uint8_t buf[OC_LFT_BLOCK];

	memset(n, 0, OC_LFT_BLOCK * sizeof(*n));
	for (sw = 0; sw < num; sw++) {
		const uint8_t *a = c->in->rows[sw]
					   ? installed_block(c, sw, base, buf)
					   : none;
		const uint8_t *b = oc_lft_row(c->t, sw) + base;

		if (!memcmp(a, b, OC_LFT_BLOCK))
			continue;
		for (k = 0; k < OC_LFT_BLOCK; k++)
			if (a[k] != b[k])
				diff[k * num + n[k]++] = sw;
	}
}

/* Carries the LIDs of one 64-LID block; -1 out of memory. */
static int carry_block(struct carry_ctx *c, uint32_t base, uint32_t *diff,
		       uint32_t *n, struct oc_carry_undo *undo,
		       struct oc_carry_stats *st)
{
	uint32_t num = c->f->num_switches, k;

	block_diffs(c, base, diff, n);
	for (k = 0; k < OC_LFT_BLOCK; k++) {
		uint32_t lid = base + k;

		if (!lid || lid > c->t->max_lid)
			continue;
		if (!lid_owned(c, lid)) {
			drop_column(c, lid, diff + k * num, n[k], st);
			continue;
		}
		st->entries += num;
		if (carry_column(c, diff + k * num, n[k], undo, st))
			return -1;
	}
	return 0;
}

int oc_carry_undo_set(struct oc_lfts *t, struct oc_carry_undo *undo,
		      uint32_t sw, uint16_t lid, uint8_t port)
{
	uint8_t *cell = &oc_lft_row(t, sw)[lid];

	if (undo_add(undo, sw, lid, *cell))
		return -1;
	*cell = port;
	return 0;
}

void oc_carry_undo_apply(struct oc_lfts *t, const struct oc_carry_undo *undo)
{
	uint64_t i;

	for (i = undo->count; i--;) {
		const struct oc_carry_cell *cell = &undo->cells[i];

		oc_lft_row(t, cell->sw)[cell->lid] = cell->port;
	}
}

void oc_carry_undo_free(struct oc_carry_undo *undo)
{
	free(undo->cells);
	memset(undo, 0, sizeof(*undo));
}

int oc_carry(const struct oc_fabric *f, struct oc_lfts *t,
	     const struct oc_carry_installed *in, struct oc_carry_undo *undo,
	     struct oc_carry_stats *st, struct oc_err *err)
{
	struct carry_ctx c = {.f = f, .in = in, .t = t};
	uint32_t base, n[OC_LFT_BLOCK], *diff, num = f->num_switches;
	int ret = -1;

	memset(st, 0, sizeof(*st));
	undo->count = 0;
	if (t->num_switches != num)
		return oc_err_set(err,
				  "carry: tables of %u switches for a fabric "
				  "of %u",
				  t->num_switches, num);
	c.state = calloc(num ? num : 1, 1);
	c.stack = malloc(sizeof(*c.stack) * (num ? num : 1));
	c.touched = malloc(sizeof(*c.touched) * (num ? num : 1));
	diff = malloc(sizeof(*diff) * OC_LFT_BLOCK * (num ? num : 1));
	if (c.state && c.stack && c.touched && diff) {
		for (ret = 0, base = 0; base <= t->max_lid && !ret;
		     base += OC_LFT_BLOCK)
			ret = carry_block(&c, base, diff, n, undo, st);
	}
	if (ret) {
		oc_carry_undo_apply(t, undo);
		undo->count = 0;
		oc_err_set(err, "carry: out of memory for %u switches", num);
	}
	st->kept = st->entries - oc_carry_fresh(st);
	free(c.state);
	free(c.stack);
	free(c.touched);
	free(diff);
	return ret;
}
