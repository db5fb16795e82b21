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
 * 6.3 s; identical tables now cost one comparison per 8 bytes.
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
	const struct oc_lfts *installed;
	const struct oc_lfts *fresh;
	const uint8_t *trusted;
	const uint8_t *rising;
	uint8_t *state;	   /* [sw_index]: enum walk_state, per column */
	uint32_t *stack;   /* the switches of the walk being followed */
	uint32_t *touched; /* the switches judged in this column */
	uint32_t num_touched;
	uint16_t lid;	  /* the column */
	uint32_t owner;	  /* node owning lid */
	uint8_t own_port; /* its port */
};

/* Does the link behind port p of node go up at both ends? */
static int link_up(const struct oc_fabric *f, uint32_t node, unsigned p)
{
	const struct oc_port *port = oc_port(f, node, p);

	return port->active && port->peer_node != OC_NONE &&
	       oc_port(f, port->peer_node, port->peer_port)->active;
}

/* One hop of switch s's installed entry: W_VALID when it delivers to the
 * LID's port, W_BROKEN when it cannot, W_UNKNOWN with *next the switch
 * it leads to. */
static enum walk_state step(const struct carry_ctx *c, uint32_t s,
			    uint32_t *next)
{
	const struct oc_fabric *f = c->f;
	uint32_t node = f->switches[s];
	uint8_t p = oc_lft_row(c->installed, s)[c->lid];
	uint8_t fp = oc_lft_row(c->fresh, s)[c->lid];
	const struct oc_port *port;

	if (c->trusted && !c->trusted[s])
		return W_UNTRUSTED;
	if (c->rising && fp && fp <= f->nodes[node].num_ports &&
	    c->rising[oc_port_slot(f, node, fp)])
		return W_RISING;
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

/* The column of an owned LID: each differing cell keeps its installed
 * entry where the walk is valid, else takes the fresh one. */
static void carry_column(struct carry_ctx *c, const uint32_t *diff, uint32_t n,
			 struct oc_lfts *installed, struct oc_carry_stats *st)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (c->state[diff[i]] == W_UNKNOWN)
			judge_walk(c, diff[i]);
	for (i = 0; i < n; i++) {
		uint8_t *cell = &oc_lft_row(installed, diff[i])[c->lid];

		switch (c->state[diff[i]]) {
		case W_VALID:
			st->differ++;
			continue;
		case W_UNTRUSTED:
			st->untrusted++;
			break;
		case W_RISING:
			st->rising++;
			break;
		default:
			st->broken++;
		}
		*cell = oc_lft_row(c->fresh, diff[i])[c->lid];
	}
	for (i = 0; i < c->num_touched; i++)
		c->state[c->touched[i]] = W_UNKNOWN;
	c->num_touched = 0;
}

/* The column of a LID no port owns: the fresh entries (a drop). */
static void drop_column(const struct carry_ctx *c, uint16_t lid,
			const uint32_t *diff, uint32_t n,
			struct oc_lfts *installed, struct oc_carry_stats *st)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		uint8_t *cell = &oc_lft_row(installed, diff[i])[lid];

		st->gone += *cell != OC_NO_PATH;
		*cell = oc_lft_row(c->fresh, diff[i])[lid];
	}
}

/* The switches whose entry for LID base + k differs, for each k of the
 * block: diff[k * num_switches ..], n[k] of them. */
static void block_diffs(const struct carry_ctx *c, uint32_t base,
			uint32_t *diff, uint32_t *n)
{
	uint32_t sw, k, num = c->f->num_switches;

	memset(n, 0, OC_LFT_BLOCK * sizeof(*n));
	for (sw = 0; sw < num; sw++) {
		const uint8_t *a = oc_lft_row(c->installed, sw) + base;
		const uint8_t *b = oc_lft_row(c->fresh, sw) + base;

		if (!memcmp(a, b, OC_LFT_BLOCK))
			continue;
		for (k = 0; k < OC_LFT_BLOCK; k++)
			if (a[k] != b[k])
				diff[k * num + n[k]++] = sw;
	}
}

/* Carries the LIDs of one 64-LID block. */
static void carry_block(struct carry_ctx *c, uint32_t base, uint32_t *diff,
			uint32_t *n, struct oc_lfts *installed,
			struct oc_carry_stats *st)
{
	uint32_t num = c->f->num_switches, k;

	block_diffs(c, base, diff, n);
	for (k = 0; k < OC_LFT_BLOCK; k++) {
		uint32_t lid = base + k;

		if (!lid || lid > installed->max_lid)
			continue;
		if (!lid_owned(c, lid)) {
			drop_column(c, lid, diff + k * num, n[k], installed,
				    st);
			continue;
		}
		st->entries += num;
		carry_column(c, diff + k * num, n[k], installed, st);
	}
}

static int same_shape(const struct oc_fabric *f, const struct oc_lfts *a,
		      const struct oc_lfts *b, struct oc_err *err)
{
	if (a->num_switches != f->num_switches ||
	    b->num_switches != f->num_switches || a->max_lid != b->max_lid ||
	    a->stride != b->stride)
		return oc_err_set(err,
				  "carry: installed tables (%u switches, LIDs "
				  "1..%u) and fresh ones (%u switches, LIDs "
				  "1..%u) differ in shape",
				  b->num_switches, b->max_lid, a->num_switches,
				  a->max_lid);
	return 0;
}

int oc_carry(const struct oc_fabric *f, const struct oc_lfts *fresh,
	     struct oc_lfts *installed, const struct oc_carry_known *known,
	     struct oc_carry_stats *st, struct oc_err *err)
{
	struct carry_ctx c = {
		.f = f,
		.installed = installed,
		.fresh = fresh,
		.trusted = known ? known->trusted : NULL,
		.rising = known ? known->rising : NULL,
	};
	uint32_t base, n[OC_LFT_BLOCK], *diff;
	int ok;

	memset(st, 0, sizeof(*st));
	if (same_shape(f, fresh, installed, err))
		return -1;
	c.state = calloc(f->num_switches ? f->num_switches : 1, 1);
	c.stack = malloc(sizeof(*c.stack) *
			 (f->num_switches ? f->num_switches : 1));
	c.touched = malloc(sizeof(*c.touched) *
			   (f->num_switches ? f->num_switches : 1));
	diff = malloc(sizeof(*diff) * OC_LFT_BLOCK *
		      (f->num_switches ? f->num_switches : 1));
	ok = c.state && c.stack && c.touched && diff;
	if (ok)
		for (base = 0; base <= fresh->max_lid; base += OC_LFT_BLOCK)
			carry_block(&c, base, diff, n, installed, st);
	else
		oc_err_set(err, "carry: out of memory for %u switches",
			   f->num_switches);
	st->kept = st->entries - oc_carry_fresh(st);
	free(c.state);
	free(c.stack);
	free(c.touched);
	free(diff);
	return ok ? 0 : -1;
}
