/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * carry.c - the installed entries that still work, the fresh ones
 * elsewhere (see carry.h for the rule and why it is loop-free).
 *
 * One column (destination LID) at a time: each switch's installed walk is
 * followed until it ends or meets a switch already judged, and every
 * switch on the way gets the walk's verdict, so each switch is visited
 * once per column.
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
	uint8_t *state;	  /* [sw_index]: enum walk_state, per column */
	uint32_t *stack;  /* the switches of the walk being followed */
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

/* The column of an owned LID: installed where the walk is valid. */
static void carry_column(struct carry_ctx *c, const struct oc_lfts *fresh,
			 struct oc_lfts *installed, struct oc_carry_stats *st)
{
	uint32_t n = c->f->num_switches, s;

	memset(c->state, W_UNKNOWN, n);
	for (s = 0; s < n; s++)
		if (c->state[s] == W_UNKNOWN)
			judge_walk(c, s);
	for (s = 0; s < n; s++) {
		uint8_t *cell = &oc_lft_row(installed, s)[c->lid];
		uint8_t want = oc_lft_row(fresh, s)[c->lid];

		st->entries++;
		if (c->state[s] == W_VALID) {
			st->kept++;
			st->differ += *cell != want;
			continue;
		}
		if (c->state[s] == W_UNTRUSTED)
			st->untrusted++;
		else if (c->state[s] == W_RISING)
			st->rising++;
		else
			st->broken++;
		st->replaced += *cell != want;
		*cell = want;
	}
}

/* The column of a LID no port owns: the fresh entries (a drop). */
static void drop_column(uint16_t lid, const struct oc_lfts *fresh,
			struct oc_lfts *installed, struct oc_carry_stats *st)
{
	uint32_t s;

	for (s = 0; s < installed->num_switches; s++) {
		uint8_t *cell = &oc_lft_row(installed, s)[lid];

		st->gone += *cell != OC_NO_PATH;
		*cell = oc_lft_row(fresh, s)[lid];
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
	unsigned lid;

	memset(st, 0, sizeof(*st));
	if (same_shape(f, fresh, installed, err))
		return -1;
	c.state = malloc(f->num_switches ? f->num_switches : 1);
	c.stack = malloc(sizeof(*c.stack) *
			 (f->num_switches ? f->num_switches : 1));
	if (!c.state || !c.stack) {
		free(c.state);
		free(c.stack);
		return oc_err_set(err, "carry: out of memory for %u switches",
				  f->num_switches);
	}
	for (lid = 1; lid <= fresh->max_lid; lid++) {
		if (lid_owned(&c, lid))
			carry_column(&c, fresh, installed, st);
		else
			drop_column(lid, fresh, installed, st);
	}
	free(c.state);
	free(c.stack);
	return 0;
}
