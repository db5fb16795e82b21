/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cross_core.c - switch-to-switch routes up, across the horizontal links
 * between roots, and down (see cross_core.h).
 *
 * Per switch LID, the switches that can take such a route are labelled
 * with its length, nearest first:
 *   - roots with an entry (up/down routing only gives roots down routes:
 *     the length is the destination's rank);
 *   - roots without one, in rounds of one horizontal hop: the horizontal
 *     neighbour labelled in an earlier round with the shortest route;
 *   - the other physical switches rank by rank downwards: the up
 *     neighbour with the shortest route.
 * Every route so built is a chain of such choices, so it is up links,
 * horizontal links, down links; a switch that had an entry keeps it.
 */
#include <stdlib.h>

#include "route/cross_core.h"

#define NO_LEN UINT32_MAX

struct cc_run {
	const struct oc_ftree *ft;
	struct oc_lfts *t;
	uint32_t *order; /* physical non-root switches by rank */
	uint32_t num_order;
	uint32_t *len;	 /* [switch]: hops of its route, NO_LEN: none */
	uint32_t *round; /* [switch]: horizontal round it was labelled in */
	uint8_t *port;	 /* [switch]: its new entry, OC_NO_PATH: none */
};

static int is_fabric(const struct oc_ftree *ft, uint32_t sw)
{
	return ft->sw[sw].role == OC_SW_FABRIC;
}

static uint64_t guid_of(const struct oc_ftree *ft, uint32_t sw)
{
	return ft->f->nodes[ft->f->switches[sw]].guid;
}

/* Lists the physical non-root switches, lowest rank first. */
static void order_by_rank(struct cc_run *run)
{
	const struct oc_ftree *ft = run->ft;
	uint32_t sw;
	int rank;

	for (rank = 1; rank <= ft->leaf_rank; rank++)
		for (sw = 0; sw < ft->f->num_switches; sw++)
			if (is_fabric(ft, sw) && ft->sw[sw].rank == rank)
				run->order[run->num_order++] = sw;
}

/* Of the groups first..first+count, the one whose peer is labelled
 * (before round max_round) with the shortest route, then the lowest GUID;
 * OC_NONE when no peer is. */
static uint32_t best_group(const struct cc_run *run, uint32_t first,
			   uint32_t count, uint32_t max_round)
{
	const struct oc_ftree *ft = run->ft;
	uint32_t g, best = OC_NONE, best_peer = OC_NONE;

	for (g = first; g < first + count; g++) {
		uint32_t p = ft->groups[g].peer;

		if (run->len[p] == NO_LEN || run->round[p] >= max_round)
			continue;
		if (best == OC_NONE || run->len[p] < run->len[best_peer] ||
		    (run->len[p] == run->len[best_peer] &&
		     guid_of(ft, p) < guid_of(ft, best_peer))) {
			best = g;
			best_peer = p;
		}
	}
	return best;
}

/* Labels sw with the route over group g (OC_NONE: leaves it). */
static void take_group(struct cc_run *run, uint32_t sw, uint32_t g,
		       uint32_t round)
{
	const struct oc_group *grp;

	if (g == OC_NONE)
		return;
	grp = &run->ft->groups[g];
	run->len[sw] = run->len[grp->peer] + 1;
	run->port[sw] = run->ft->group_ports[grp->first];
	run->round[sw] = round;
}

/* Roots: those with an entry, then one horizontal hop per round. */
static void label_roots(struct cc_run *run, uint16_t lid, uint32_t target_rank)
{
	const struct oc_ftree *ft = run->ft;
	uint32_t sw, round;
	int grew = 1;

	for (sw = 0; sw < ft->f->num_switches; sw++)
		if (is_fabric(ft, sw) && ft->sw[sw].rank == 0 &&
		    oc_lft_row(run->t, sw)[lid] != OC_NO_PATH) {
			run->len[sw] = oc_lft_row(run->t, sw)[lid] ? target_rank
								   : 0;
			run->round[sw] = 0;
		}
	for (round = 1; grew; round++) {
		grew = 0;
		for (sw = 0; sw < ft->f->num_switches; sw++) {
			const struct oc_ft_switch *s = &ft->sw[sw];

			if (!is_fabric(ft, sw) || s->rank != 0 ||
			    run->len[sw] != NO_LEN)
				continue;
			take_group(run, sw,
				   best_group(run, s->same_first, s->same_count,
					      round),
				   round);
			grew |= run->len[sw] != NO_LEN;
		}
	}
}

/* The other physical switches without an entry: up to a labelled one. */
static void label_below(struct cc_run *run, uint16_t lid)
{
	uint32_t i;

	for (i = 0; i < run->num_order; i++) {
		uint32_t sw = run->order[i];
		const struct oc_ft_switch *s = &run->ft->sw[sw];

		if (oc_lft_row(run->t, sw)[lid] == OC_NO_PATH)
			take_group(run, sw,
				   best_group(run, s->up_first, s->up_count,
					      NO_LEN),
				   0);
	}
}

/* Whether some physical switch lacks lid. */
static int lid_missing(const struct cc_run *run, uint16_t lid)
{
	uint32_t sw;

	for (sw = 0; sw < run->ft->f->num_switches; sw++)
		if (is_fabric(run->ft, sw) &&
		    oc_lft_row(run->t, sw)[lid] == OC_NO_PATH)
			return 1;
	return 0;
}

/* The rank of the switch that owns lid or that its CA hangs off
 * (vSwitches and CAs one below the switch they hang off). */
static uint32_t lid_rank(const struct oc_ftree *ft, uint16_t lid)
{
	const struct oc_fabric *f = ft->f;
	const struct oc_lid_owner *o = &f->lid_owner[lid];
	uint32_t node = o->node, below = 0, sw;

	if (!oc_is_switch(f, node)) {
		node = oc_peer(f, node, o->port);
		below = 1;
	}
	sw = f->nodes[node].sw_index;
	if (!is_fabric(ft, sw))
		return (uint32_t)ft->leaf_rank + 1 + below;
	return (uint32_t)ft->sw[sw].rank + below;
}

/* Labels and writes the routes to lid. */
static long fill_lid(struct cc_run *run, uint16_t lid)
{
	const struct oc_ftree *ft = run->ft;
	uint32_t sw, rank;
	long n = 0;

	if (!lid || lid > run->t->max_lid || !lid_missing(run, lid))
		return 0;
	rank = lid_rank(ft, lid);
	for (sw = 0; sw < ft->f->num_switches; sw++) {
		run->len[sw] = NO_LEN;
		run->port[sw] = OC_NO_PATH;
	}
	label_roots(run, lid, rank);
	label_below(run, lid);
	for (sw = 0; sw < ft->f->num_switches; sw++) {
		if (run->port[sw] == OC_NO_PATH)
			continue;
		oc_lft_row(run->t, sw)[lid] = run->port[sw];
		n++;
	}
	return n;
}

long oc_cross_core_fill(const struct oc_ftree *ft, struct oc_lfts *t)
{
	return oc_cross_core_fill_lids(ft, t, NULL, 0);
}

long oc_cross_core_fill_lids(const struct oc_ftree *ft, struct oc_lfts *t,
			     const uint16_t *lids, uint32_t num_lids)
{
	struct cc_run run = {.ft = ft, .t = t};
	size_t n = ft->f->num_switches + 1;
	uint32_t i;
	long added = 0;

	run.order = malloc(sizeof(*run.order) * n);
	run.len = malloc(sizeof(*run.len) * n);
	run.round = malloc(sizeof(*run.round) * n);
	run.port = malloc(n);
	if (!run.order || !run.len || !run.round || !run.port) {
		added = -1;
	} else {
		order_by_rank(&run);
		for (i = 0; lids && i < num_lids; i++)
			added += fill_lid(&run, lids[i]);
		for (i = 0; !lids && i < ft->f->num_switches; i++)
			added += fill_lid(
				&run, oc_switch_lid(ft->f, ft->f->switches[i]));
	}
	free(run.order);
	free(run.len);
	free(run.round);
	free(run.port);
	return added;
}
