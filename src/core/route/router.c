/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * router.c - the shared fat-tree router (see router.h).
 *
 * Every link appears twice in the fat-tree's groups: in an up group of its
 * lower switch and in a down group of its upper switch, each with its own
 * index into group_ports.  The router keeps one load per such index: at
 * the up-group index the weight routed down the link, at the down-group
 * index the weight routed up it (the two loads OpenSM's ftree keeps on
 * the lower end of the link).  A per-switch stamp tells whether the
 * current destination already has an entry there, so nothing is cleared
 * between destinations.
 */
#include <stdlib.h>
#include <string.h>

#include "model/tolerance.h"
#include "route/router.h"

struct rgroup {
	uint32_t first; /* into links */
	uint8_t count;
};

struct rlink {
	double load;	  /* routed down an up link, up a down link */
	uint8_t far_port; /* port number at the peer's end */
};

struct oc_router {
	const struct oc_ftree *ft;
	const struct oc_fabric *f;
	struct oc_lfts *lfts;
	uint32_t *stamp; /* [switch]: == cur_stamp when routed */
	uint32_t cur_stamp;
	uint8_t *fabric;	/* [switch]: 1 for a physical switch */
	uint32_t num_fabric;	/* physical switches */
	uint32_t fabric_routed; /* physical switches routed for cur_stamp */
	uint32_t *cone;		/* ancestors, level by level, main first */
	uint32_t *stack;	/* descent work list */
	/* Flat copies of the groups, for the hot loops: */
	uint32_t *peer;	     /* [group] neighbour switch index */
	struct rgroup *grp;  /* [group] */
	struct rlink *links; /* [group port] */
	/* Switches with the same set of down neighbours share a class; once
	 * one of them has been descended for a destination, all of their
	 * children are routed and the others need not look again. */
	uint32_t *sw_class;   /* [switch] */
	uint32_t *class_done; /* [class]: == cur_stamp when descended */
	/* optional policy over the main path's up choice */
	oc_up_chooser choose;
	void *choose_ctx;
	struct oc_up_choice *choices; /* scratch, [max up groups] */
	uint32_t *choice_link;	      /* scratch, link of each choice */
	/* optional route tags: parallel links prefer their own tag */
	uint32_t *tag; /* [link] tag of the first route loading it, or 0 */
	uint32_t cur_tag;
};

static uint32_t slot(const struct oc_router *r, uint32_t sw, unsigned port)
{
	return r->f->nodes[r->f->switches[sw]].first_port + port;
}

static uint8_t peer_port(const struct oc_router *r, uint32_t sw, unsigned port)
{
	return r->f->ports[slot(r, sw, port)].peer_port;
}

/* Fills the flat groups and links of switch sw's groups [first, end). */
static void flatten_groups(struct oc_router *r, uint32_t sw, uint32_t first,
			   uint32_t end)
{
	uint32_t i, k;

	for (i = first; i < end; i++) {
		const struct oc_group *g = &r->ft->groups[i];

		r->peer[i] = g->peer;
		r->grp[i].first = g->first;
		r->grp[i].count = g->count;
		for (k = g->first; k < g->first + g->count; k++)
			r->links[k].far_port =
				peer_port(r, sw, r->ft->group_ports[k]);
	}
}

static int flatten(struct oc_router *r)
{
	const struct oc_ftree *ft = r->ft;
	uint32_t sw;

	r->peer = malloc(sizeof(*r->peer) * (ft->num_groups + 1));
	r->grp = malloc(sizeof(*r->grp) * (ft->num_groups + 1));
	r->links = calloc(r->f->num_ports + 1, sizeof(*r->links));
	if (!r->peer || !r->grp || !r->links)
		return -1;
	for (sw = 0; sw < r->f->num_switches; sw++) {
		const struct oc_ft_switch *s = &ft->sw[sw];

		flatten_groups(r, sw, s->up_first, s->up_first + s->up_count);
		flatten_groups(r, sw, s->down_first,
			       s->down_first + s->down_count);
	}
	return 0;
}

static int cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return a < b ? -1 : a > b;
}

struct class_ctx {
	const struct oc_ftree *ft;
	uint32_t *sorted; /* down neighbours, sorted per switch */
};

/* Orders switches by their sets of down neighbours. */
static int cmp_down_set(const void *x, const void *y, void *arg)
{
	const struct class_ctx *c = arg;
	const uint32_t *sorted = c->sorted;
	const struct oc_ft_switch *a = &c->ft->sw[*(const uint32_t *)x];
	const struct oc_ft_switch *b = &c->ft->sw[*(const uint32_t *)y];
	uint32_t i;

	if (a->down_count != b->down_count)
		return a->down_count < b->down_count ? -1 : 1;
	for (i = 0; i < a->down_count; i++) {
		uint32_t pa = sorted[a->down_first + i];
		uint32_t pb = sorted[b->down_first + i];

		if (pa != pb)
			return pa < pb ? -1 : 1;
	}
	return 0;
}

static int count_fabric(struct oc_router *r)
{
	uint32_t sw;

	r->fabric = malloc(r->f->num_switches + 1);
	if (!r->fabric)
		return -1;
	for (sw = 0; sw < r->f->num_switches; sw++) {
		r->fabric[sw] = r->ft->sw[sw].role == OC_SW_FABRIC;
		r->num_fabric += r->fabric[sw];
	}
	return 0;
}

/* Gives switches with equal sets of down neighbours the same class. */
static int build_classes(struct oc_router *r)
{
	uint32_t n = r->f->num_switches, i, classes = 0;
	uint32_t *sorted = malloc(sizeof(uint32_t) * (r->ft->num_groups + 1));
	uint32_t *order = malloc(sizeof(uint32_t) * (n + 1));
	struct class_ctx ctx = {r->ft, sorted};

	r->sw_class = malloc(sizeof(uint32_t) * (n + 1));
	r->class_done = calloc(n + 1, sizeof(uint32_t));
	if (!sorted || !order || !r->sw_class || !r->class_done) {
		free(sorted);
		free(order);
		return -1;
	}
	memcpy(sorted, r->peer, sizeof(uint32_t) * r->ft->num_groups);
	for (i = 0; i < n; i++) {
		const struct oc_ft_switch *s = &r->ft->sw[i];

		qsort(sorted + s->down_first, s->down_count, sizeof(uint32_t),
		      cmp_u32);
		order[i] = i;
	}
	qsort_r(order, n, sizeof(*order), cmp_down_set, &ctx);
	for (i = 0; i < n; i++) {
		if (i && cmp_down_set(&order[i - 1], &order[i], &ctx))
			classes++;
		r->sw_class[order[i]] = classes;
	}
	free(sorted);
	free(order);
	return 0;
}

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
	r->stamp = calloc(nsw, sizeof(uint32_t));
	r->cone = malloc(nsw * sizeof(uint32_t));
	r->stack = malloc(nsw * sizeof(uint32_t));
	if (!r->stamp || !r->cone || !r->stack || flatten(r) ||
	    build_classes(r) || count_fabric(r)) {
		oc_router_free(r);
		return NULL;
	}
	return r;
}

void oc_router_free(struct oc_router *r)
{
	if (!r)
		return;
	free(r->stamp);
	free(r->cone);
	free(r->stack);
	free(r->peer);
	free(r->grp);
	free(r->links);
	free(r->fabric);
	free(r->sw_class);
	free(r->class_done);
	free(r->choices);
	free(r->choice_link);
	free(r->tag);
	free(r);
}

static void set_entry(struct oc_router *r, uint32_t sw, uint16_t lid,
		      uint8_t port)
{
	if (r->stamp[sw] != r->cur_stamp)
		r->fabric_routed += r->fabric[sw];
	r->stamp[sw] = r->cur_stamp;
	if (lid)
		oc_lft_row(r->lfts, sw)[lid] = port;
}

static int routed(const struct oc_router *r, uint32_t sw)
{
	return r->stamp[sw] == r->cur_stamp;
}

/* The least loaded link of group g, as an index into links; ties go to
 * the first. */
static uint32_t least_loaded(const struct oc_router *r, uint32_t g,
			     double *best_load)
{
	const struct rgroup *grp = &r->grp[g];
	uint32_t best = grp->first, k;

	*best_load = r->links[best].load;
	for (k = best + 1; k < grp->first + grp->count; k++) {
		double l = r->links[k].load;

		if (l < *best_load - OC_LOAD_EPSILON) {
			best = k;
			*best_load = l;
		}
	}
	return best;
}

/* Tagged routes only: among the parallel links of group g as loaded as
 * best, one that already carries the current tag, else one no tagged
 * route loads yet, else best. */
static uint32_t tagged_link(const struct oc_router *r, uint32_t g,
			    uint32_t best, double best_load)
{
	const struct rgroup *grp = &r->grp[g];
	uint32_t k, free_link = OC_NONE;

	for (k = grp->first; k < grp->first + grp->count; k++) {
		if (r->links[k].load > best_load + OC_LOAD_EPSILON)
			continue;
		if (r->tag[k] == r->cur_tag)
			return k;
		if (!r->tag[k] && free_link == OC_NONE)
			free_link = k;
	}
	return free_link != OC_NONE ? free_link : best;
}

/* Tagged routes only: link k keeps the tag of its first tagged route. */
static void tag_link(struct oc_router *r, uint32_t k, double weight)
{
	if (weight > 0 && !r->tag[k])
		r->tag[k] = r->cur_tag;
}

/* Main path step through the chooser: offers each up group's least
 * loaded link. */
static uint32_t chosen_up_link(const struct oc_router *r, uint32_t sw,
			       uint32_t *parent)
{
	const struct oc_ft_switch *s = &r->ft->sw[sw];
	uint32_t i, pick;

	for (i = 0; i < s->up_count; i++) {
		uint32_t g = s->up_first + i;

		r->choice_link[i] = least_loaded(r, g, &r->choices[i].load);
		if (r->cur_tag)
			r->choice_link[i] = tagged_link(r, g, r->choice_link[i],
							r->choices[i].load);
		r->choices[i].parent = r->peer[g];
	}
	pick = r->choose(r->choose_ctx, sw, r->choices, s->up_count);
	if (pick >= s->up_count)
		pick = 0;
	*parent = r->choices[pick].parent;
	return r->choice_link[pick];
}

/* Main path step: the least loaded up link of sw over all up groups
 * (ties to the first group); a tagged route then takes, among the
 * equally loaded parallel links of that group, the one tagged_link()
 * prefers, as with a chooser. */
static uint32_t main_up_link(const struct oc_router *r, uint32_t sw,
			     uint32_t *parent)
{
	const struct oc_ft_switch *s = &r->ft->sw[sw];
	uint32_t best = 0, best_group = s->up_first, g;
	double best_load = 0;

	if (r->choose)
		return chosen_up_link(r, sw, parent);

	for (g = s->up_first; g < s->up_first + s->up_count; g++) {
		double l;
		uint32_t k = least_loaded(r, g, &l);

		if (g == s->up_first || l < best_load - OC_LOAD_EPSILON) {
			best = k;
			best_load = l;
			best_group = g;
		}
	}
	*parent = r->peer[best_group];
	if (r->cur_tag)
		best = tagged_link(r, best_group, best, best_load);
	return best;
}

/* Every unrouted parent of sw routes down to it. */
static void route_parents(struct oc_router *r, uint32_t sw, uint16_t lid,
			  uint32_t *cone_len)
{
	const struct oc_ft_switch *s = &r->ft->sw[sw];
	uint32_t g;

	for (g = s->up_first; g < s->up_first + s->up_count; g++) {
		double l;
		uint32_t k;

		if (routed(r, r->peer[g]))
			continue;
		k = least_loaded(r, g, &l);
		set_entry(r, r->peer[g], lid, r->links[k].far_port);
		r->cone[(*cone_len)++] = r->peer[g];
	}
}

/* Builds the up-cone level by level, main path first in each level. */
static uint32_t climb(struct oc_router *r, uint32_t attach_sw, uint16_t lid,
		      double weight)
{
	uint32_t start = 0, len = 1, main = attach_sw;

	r->cone[0] = attach_sw;
	while (start < len) {
		uint32_t end = len, i, parent, k;

		if (main != OC_NONE && r->ft->sw[main].up_count) {
			k = main_up_link(r, main, &parent);
			r->links[k].load += weight;
			if (r->cur_tag)
				tag_link(r, k, weight);
			set_entry(r, parent, lid, r->links[k].far_port);
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

/* Child 'child' of group g routes up over the group's least loaded link. */
static void route_child(struct oc_router *r, uint32_t g, uint32_t child,
			uint16_t lid, double weight)
{
	double l;
	uint32_t k = least_loaded(r, g, &l);

	r->links[k].load += weight;
	set_entry(r, child, lid, r->links[k].far_port);
}

/* The same for a tagged route. */
static void route_child_tagged(struct oc_router *r, uint32_t g, uint32_t child,
			       uint16_t lid, double weight)
{
	double l;
	uint32_t k = least_loaded(r, g, &l);

	k = tagged_link(r, g, k, l);
	tag_link(r, k, weight);
	r->links[k].load += weight;
	set_entry(r, child, lid, r->links[k].far_port);
}

/* The first group in [g, end) whose peer is not routed yet, or end. */
static uint32_t next_unrouted(const uint32_t *peer, const uint32_t *stamp,
			      uint32_t cur, uint32_t g, uint32_t end)
{
	while (g < end && stamp[peer[g]] == cur)
		g++;
	return g;
}

/* Every unrouted switch below 'top' routes up towards it; tagged is a
 * constant in each caller, so the untagged copy is the plain loop. */
static inline __attribute__((always_inline)) void
descend_impl(struct oc_router *r, uint32_t top, uint16_t lid, double weight,
	     const int tagged)
{
	uint32_t depth = 0;

	r->stack[depth++] = top;
	while (depth) {
		uint32_t sw = r->stack[--depth], c = r->sw_class[sw];
		const struct oc_ft_switch *s = &r->ft->sw[sw];
		uint32_t end = s->down_first + s->down_count, g;

		if (r->class_done[c] == r->cur_stamp)
			continue;
		for (g = s->down_first;; g++) {
			g = next_unrouted(r->peer, r->stamp, r->cur_stamp, g,
					  end);
			if (g == end)
				break;
			if (tagged)
				route_child_tagged(r, g, r->peer[g], lid,
						   weight);
			else
				route_child(r, g, r->peer[g], lid, weight);
			r->stack[depth++] = r->peer[g];
		}
		r->class_done[c] = r->cur_stamp;
	}
}

static void descend(struct oc_router *r, uint32_t top, uint16_t lid,
		    double weight)
{
	descend_impl(r, top, lid, weight, 0);
}

static void descend_tagged(struct oc_router *r, uint32_t top, uint16_t lid,
			   double weight)
{
	descend_impl(r, top, lid, weight, 1);
}

void oc_router_route(struct oc_router *r, uint16_t lid, uint32_t attach_sw,
		     uint8_t attach_port, double weight)
{
	uint32_t len, i;

	r->cur_stamp++;
	r->fabric_routed = 0;
	set_entry(r, attach_sw, lid, attach_port);
	len = climb(r, attach_sw, lid, weight);
	for (i = 0; i < len; i++) {
		if (r->cur_tag)
			descend_tagged(r, r->cone[i], lid, weight);
		else
			descend(r, r->cone[i], lid, weight);
	}
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

int oc_router_left_holes(const struct oc_router *r)
{
	return r->fabric_routed != r->num_fabric;
}

uint32_t oc_router_fill_holes(struct oc_router *r, uint16_t lid)
{
	uint32_t added = 0, found, sw, i;

	if (!oc_router_left_holes(r))
		return 0;
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

uint32_t oc_router_fill_column(struct oc_router *r, uint16_t lid)
{
	uint32_t sw;

	r->cur_stamp++;
	r->fabric_routed = 0;
	for (sw = 0; sw < r->f->num_switches; sw++)
		if (oc_lft_row(r->lfts, sw)[lid] != OC_NO_PATH)
			set_entry(r, sw, 0, 0);
	return oc_router_fill_holes(r, lid);
}

void oc_router_pad(struct oc_router *r, uint32_t sw, double weight)
{
	uint32_t parent;

	while (r->ft->sw[sw].up_count) {
		uint32_t k = main_up_link(r, sw, &parent);

		r->links[k].load += weight;
		sw = parent;
	}
}

int oc_router_set_chooser(struct oc_router *r, oc_up_chooser fn, void *ctx)
{
	uint32_t sw, max = 1;

	for (sw = 0; sw < r->f->num_switches; sw++)
		if (r->ft->sw[sw].up_count > max)
			max = r->ft->sw[sw].up_count;
	free(r->choices);
	free(r->choice_link);
	r->choices = malloc(sizeof(*r->choices) * max);
	r->choice_link = malloc(sizeof(*r->choice_link) * max);
	r->choose = NULL;
	if (!r->choices || !r->choice_link)
		return -1;
	r->choose = fn;
	r->choose_ctx = ctx;
	return 0;
}

int oc_router_set_tag(struct oc_router *r, uint32_t tag)
{
	if (tag && !r->tag) {
		r->tag = calloc(r->f->num_ports + 1, sizeof(*r->tag));
		if (!r->tag)
			return -1;
	}
	r->cur_tag = tag;
	return 0;
}
