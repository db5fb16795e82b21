/*
 * router.c - the shared fat-tree router (see router.h).
 *
 * Loads live on the lower end of each link: down_load[slot] is the weight
 * routed down into the lower switch over its up port 'slot', up_load[slot]
 * the weight routed up out of it.  A per-switch stamp tells whether the
 * current destination already has an entry there, so nothing is cleared
 * between destinations.
 */
#include <stdlib.h>

#include "router.h"

#define LOAD_EPSILON 1e-9

struct oc_router {
	const struct oc_ftree *ft;
	const struct oc_fabric *f;
	struct oc_lfts *lfts;
	double *down_load; /* [port slot] */
	double *up_load;   /* [port slot] */
	uint32_t *stamp;   /* [switch]: == cur_stamp when routed */
	uint32_t cur_stamp;
	uint32_t *cone;	 /* ancestors, level by level, main first */
	uint32_t *stack; /* descent work list */
};

struct oc_router *oc_router_new(const struct oc_ftree *ft, struct oc_lfts *lfts)
{
	const struct oc_fabric *f = ft->f;
	struct oc_router *r = calloc(1, sizeof(*r));
	size_t nsw = f->num_switches + 1;

	if (!r)
		return NULL;
	r->ft = ft;
	r->f = f;
	r->lfts = lfts;
	r->down_load = calloc(f->num_ports, sizeof(double));
	r->up_load = calloc(f->num_ports, sizeof(double));
	r->stamp = calloc(nsw, sizeof(uint32_t));
	r->cone = malloc(nsw * sizeof(uint32_t));
	r->stack = malloc(nsw * sizeof(uint32_t));
	if (!r->down_load || !r->up_load || !r->stamp || !r->cone ||
	    !r->stack) {
		oc_router_free(r);
		return NULL;
	}
	return r;
}

void oc_router_free(struct oc_router *r)
{
	if (!r)
		return;
	free(r->down_load);
	free(r->up_load);
	free(r->stamp);
	free(r->cone);
	free(r->stack);
	free(r);
}

static uint32_t slot(const struct oc_router *r, uint32_t sw, unsigned port)
{
	return r->f->nodes[r->f->switches[sw]].first_port + port;
}

static uint8_t peer_port(const struct oc_router *r, uint32_t sw, unsigned port)
{
	return r->f->ports[slot(r, sw, port)].peer_port;
}

static void set_entry(struct oc_router *r, uint32_t sw, uint16_t lid,
		      uint8_t port)
{
	r->stamp[sw] = r->cur_stamp;
	if (lid)
		oc_lft_row(r->lfts, sw)[lid] = port;
}

static int routed(const struct oc_router *r, uint32_t sw)
{
	return r->stamp[sw] == r->cur_stamp;
}

/* The least loaded port (by load[]) of a group, seen from sw. */
static uint8_t least_loaded_port(const struct oc_router *r, uint32_t sw,
				 const struct oc_group *g, const double *load,
				 double *best_load)
{
	uint8_t best = 0;
	uint32_t i;

	for (i = 0; i < g->count; i++) {
		uint8_t p = r->ft->group_ports[g->first + i];
		double l = load[slot(r, sw, p)];

		if (!best || l < *best_load - LOAD_EPSILON) {
			best = p;
			*best_load = l;
		}
	}
	return best;
}

/* Main path step: the least loaded up port of sw over all up groups. */
static uint8_t main_up_port(const struct oc_router *r, uint32_t sw,
			    uint32_t *parent)
{
	const struct oc_ft_switch *s = &r->ft->sw[sw];
	uint8_t best = 0;
	double best_load = 0;
	uint32_t i;

	for (i = 0; i < s->up_count; i++) {
		const struct oc_group *g = oc_up_group(r->ft, sw, i);
		double l;
		uint8_t p = least_loaded_port(r, sw, g, r->down_load, &l);

		if (!best || l < best_load - LOAD_EPSILON) {
			best = p;
			best_load = l;
			*parent = g->peer;
		}
	}
	return best;
}

/* Every unrouted parent of sw routes down to it. */
static void route_parents(struct oc_router *r, uint32_t sw, uint16_t lid,
			  uint32_t *cone_len)
{
	const struct oc_ft_switch *s = &r->ft->sw[sw];
	uint32_t i;

	for (i = 0; i < s->up_count; i++) {
		const struct oc_group *g = oc_up_group(r->ft, sw, i);
		double l;
		uint8_t p;

		if (routed(r, g->peer))
			continue;
		p = least_loaded_port(r, sw, g, r->down_load, &l);
		set_entry(r, g->peer, lid, peer_port(r, sw, p));
		r->cone[(*cone_len)++] = g->peer;
	}
}

/* Builds the up-cone level by level, main path first in each level. */
static uint32_t climb(struct oc_router *r, uint32_t attach_sw, uint16_t lid,
		      double weight)
{
	uint32_t start = 0, len = 1, main = attach_sw;

	r->cone[0] = attach_sw;
	while (start < len) {
		uint32_t end = len, i, parent;
		uint8_t p;

		if (main != OC_NONE && r->ft->sw[main].up_count) {
			p = main_up_port(r, main, &parent);
			r->down_load[slot(r, main, p)] += weight;
			set_entry(r, parent, lid, peer_port(r, main, p));
			r->cone[len++] = parent;
			main = parent;
		} else {
			main = OC_NONE;
		}
		for (i = start; i < end; i++)
			route_parents(r, r->cone[i], lid, &len);
		start = end;
	}
	return len;
}

/* Every unrouted switch below 'top' routes up towards it. */
static void descend(struct oc_router *r, uint32_t top, uint16_t lid,
		    double weight)
{
	uint32_t depth = 0;

	r->stack[depth++] = top;
	while (depth) {
		uint32_t sw = r->stack[--depth], i;
		const struct oc_ft_switch *s = &r->ft->sw[sw];

		for (i = 0; i < s->down_count; i++) {
			const struct oc_group *g = oc_down_group(r->ft, sw, i);
			uint32_t child = g->peer;
			uint8_t best = 0, cp;
			double best_load = 0;
			uint32_t k;

			if (routed(r, child))
				continue;
			for (k = 0; k < g->count; k++) {
				uint8_t p = r->ft->group_ports[g->first + k];
				double l;

				cp = peer_port(r, sw, p);
				l = r->up_load[slot(r, child, cp)];
				if (!best || l < best_load - LOAD_EPSILON) {
					best = cp;
					best_load = l;
				}
			}
			r->up_load[slot(r, child, best)] += weight;
			set_entry(r, child, lid, best);
			r->stack[depth++] = child;
		}
	}
}

void oc_router_route(struct oc_router *r, uint16_t lid, uint32_t attach_sw,
		     uint8_t attach_port, double weight)
{
	uint32_t len, i;

	r->cur_stamp++;
	set_entry(r, attach_sw, lid, attach_port);
	len = climb(r, attach_sw, lid, weight);
	for (i = 0; i < len; i++)
		descend(r, r->cone[i], lid, weight);
}

/* A port of switch sw to a neighbour routed before this pass, 0 if none. */
static uint8_t detour_port(const struct oc_router *r, uint32_t sw)
{
	uint32_t node = r->f->switches[sw];
	unsigned p;

	for (p = 1; p <= r->f->nodes[node].num_ports; p++) {
		uint32_t peer = oc_peer(r->f, node, p);

		if (peer != OC_NONE && oc_is_switch(r->f, peer) &&
		    r->ft->sw[r->f->nodes[peer].sw_index].role ==
			    OC_SW_FABRIC &&
		    routed(r, r->f->nodes[peer].sw_index))
			return p;
	}
	return 0;
}

uint32_t oc_router_fill_holes(struct oc_router *r, uint16_t lid)
{
	uint32_t added = 0, found, sw, i;

	do {
		found = 0;
		for (sw = 0; sw < r->f->num_switches; sw++) {
			uint8_t p;

			if (r->ft->sw[sw].role != OC_SW_FABRIC || routed(r, sw))
				continue;
			p = detour_port(r, sw);
			if (!p)
				continue;
			oc_lft_row(r->lfts, sw)[lid] = p;
			r->stack[found++] = sw;
		}
		/* stamped only now: each pass adds one hop, nearest first */
		for (i = 0; i < found; i++)
			r->stamp[r->stack[i]] = r->cur_stamp;
		added += found;
	} while (found);
	return added;
}

void oc_router_pad(struct oc_router *r, uint32_t sw, double weight)
{
	uint32_t parent;

	while (r->ft->sw[sw].up_count) {
		uint8_t p = main_up_port(r, sw, &parent);

		r->down_load[slot(r, sw, p)] += weight;
		sw = parent;
	}
}

double oc_router_down_load(const struct oc_router *r, uint32_t node,
			   unsigned port)
{
	return r->down_load[r->f->nodes[node].first_port + port];
}

double oc_router_up_load(const struct oc_router *r, uint32_t node,
			 unsigned port)
{
	return r->up_load[r->f->nodes[node].first_port + port];
}
