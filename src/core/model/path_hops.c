/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * path_hops.c - hop counts along the LFTs (see path_hops.h).
 *
 * Per target LID, the next hops of all switches form a forest; a walk
 * from a switch stops at the first switch already known and every switch
 * on the way gets its count on the way back, so a target costs
 * O(switches).
 */
#include <stdlib.h>
#include <string.h>

#include "model/lft_hop.h"
#include "model/path_hops.h"

#define MAX_PATH_HOPS 254
#define UNKNOWN 0 /* walk state per switch */
#define ON_WALK 1
#define DONE 2

struct walk {
	const struct oc_fabric *f;
	const struct oc_lfts *t;
	uint32_t target;
	uint16_t lid;
	uint8_t *hops;	/* the target's column */
	uint8_t *state; /* [switch] */
	uint32_t *path; /* switches of the current walk */
};

/* The next switch from sw towards the LID: OC_NONE when the route ends
 * (*delivered: it ends at the target's port 0) or takes an inactive port. */
static uint32_t next_switch(const struct walk *w, uint32_t sw, int *delivered)
{
	struct oc_lft_hop h;
	enum oc_hop_kind kind = oc_lft_hop(w->f, w->t, sw, w->lid, &h);

	*delivered = kind == OC_HOP_HERE && sw == w->target;
	return kind == OC_HOP_SWITCH && h.out->active ? h.next_sw : OC_NONE;
}

static void set_hops(struct walk *w, uint32_t sw, unsigned hops)
{
	w->hops[sw] = hops;
	w->state[sw] = DONE;
}

/* Walks from sw until a switch already counted, the end of the route or
 * a loop, then counts every switch of the walk, backwards. */
static void walk_from(struct walk *w, uint32_t sw)
{
	uint32_t len = 0, cur = sw, next;
	unsigned h;
	int delivered;

	for (;;) {
		if (w->state[cur] != UNKNOWN) {
			h = w->state[cur] == DONE ? w->hops[cur]
						  : OC_HOPS_UNREACHABLE;
			break;
		}
		w->state[cur] = ON_WALK;
		w->path[len++] = cur;
		next = next_switch(w, cur, &delivered);
		if (next == OC_NONE) {
			h = delivered ? 0 : OC_HOPS_UNREACHABLE;
			set_hops(w, w->path[--len], h);
			break;
		}
		cur = next;
	}
	while (len--) {
		if (h != OC_HOPS_UNREACHABLE)
			h = h < MAX_PATH_HOPS ? h + 1 : OC_HOPS_UNREACHABLE;
		set_hops(w, w->path[len], h);
	}
}

static void walk_target(struct walk *w, uint32_t target, uint8_t *column)
{
	uint32_t n = w->f->num_switches, sw;

	w->target = target;
	w->lid = oc_switch_lid(w->f, w->f->switches[target]);
	w->hops = column;
	if (!w->lid || w->lid > w->t->max_lid) {
		memset(column, OC_HOPS_UNREACHABLE, n);
		return;
	}
	memset(w->state, UNKNOWN, n);
	for (sw = 0; sw < n; sw++)
		if (w->state[sw] == UNKNOWN)
			walk_from(w, sw);
}

uint8_t *oc_lft_switch_hops(const struct oc_fabric *f, const struct oc_lfts *t)
{
	size_t n = f->num_switches;
	struct walk w = {.f = f, .t = t};
	uint8_t *hops = malloc(n * n + 1);
	uint32_t target;

	w.state = malloc(n + 1);
	w.path = malloc(sizeof(*w.path) * (n + 1));
	if (hops && w.state && w.path)
		for (target = 0; target < n; target++)
			walk_target(&w, target, hops + target * n);
	free(w.state);
	free(w.path);
	if (!w.state || !w.path) {
		free(hops);
		return NULL;
	}
	return hops;
}
