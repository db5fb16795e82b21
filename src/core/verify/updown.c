/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * updown.c - the fat-tree's link directions and shortest up/down paths
 * (see updown.h).
 *
 * The search runs backwards, from the target: reversed, an up/down path
 * is up links first, then down and horizontal ones only.  A state is a
 * switch and whether the reversed walk has left the up links yet; as in
 * hops.c, 64 targets share one search, one bit each, and every level of
 * the search ORs the neighbours' frontier bits, pulled in: a switch is
 * entered climbing from the switches below it that were climbing, and
 * entered descending (or across) from the switches above it and beside
 * it, whatever they were doing.
 */
#include <stdlib.h>
#include <string.h>

#include "model/hops.h"
#include "verify/updown.h"

#define BATCH 64

uint8_t *oc_updown_levels(const struct oc_ftree *ft)
{
	uint32_t n = ft->f->num_switches, s;
	uint8_t *level = malloc(n ? n : 1);

	if (!level)
		return NULL;
	for (s = 0; s < n; s++)
		level[s] = ft->sw[s].role == OC_SW_VSWITCH ? ft->leaf_rank + 1
							   : ft->sw[s].rank;
	return level;
}

enum oc_link_dir oc_updown_dir(uint8_t from, uint8_t to)
{
	if (to < from)
		return OC_LINK_UP;
	if (to > from)
		return OC_LINK_DOWN;
	return OC_LINK_LATERAL;
}

/* The neighbours of switch v, one per link: below[v] .. beside[v] - 1
 * are below it, beside[v] .. below[v + 1] - 1 above or beside it. */
struct updown_adjacency {
	uint32_t *below;
	uint32_t *beside;
	uint32_t *nbr;
};

static uint32_t add_neighbours(const struct oc_fabric *f, const uint8_t *level,
			       uint32_t s, int below, uint32_t *nbr)
{
	uint32_t node = f->switches[s], n = 0;
	unsigned p;

	for (p = 1; p <= f->nodes[node].num_ports; p++) {
		uint32_t peer = oc_peer(f, node, p), t;

		if (peer == OC_NONE || !oc_is_switch(f, peer))
			continue;
		t = f->nodes[peer].sw_index;
		if ((level[t] > level[s]) == below)
			nbr[n++] = t;
	}
	return n;
}

static int build_adjacency(const struct oc_fabric *f, const uint8_t *level,
			   struct updown_adjacency *a)
{
	uint32_t s, n = 0;

	a->below = malloc(sizeof(uint32_t) * (f->num_switches + 1));
	a->beside = malloc(sizeof(uint32_t) * (f->num_switches + 1));
	a->nbr = malloc(sizeof(uint32_t) * (f->num_ports + 1));
	if (!a->below || !a->beside || !a->nbr)
		return -1;
	for (s = 0; s < f->num_switches; s++) {
		a->below[s] = n;
		n += add_neighbours(f, level, s, 1, a->nbr + n);
		a->beside[s] = n;
		n += add_neighbours(f, level, s, 0, a->nbr + n);
	}
	a->below[f->num_switches] = n;
	return 0;
}

/* The search's bits, [switch] each. */
struct frontier {
	uint64_t *climb, *descend; /* reached at this level */
	uint64_t *next_climb, *next_descend;
	uint64_t *seen_climb, *seen_descend;
	uint64_t *seen; /* in either state: the distance is known */
};

/* One level; returns whether a switch was reached in a new state, and
 * leaves in next_climb the targets that reached each switch for the
 * first time (their distance is this level). */
static int expand(const struct updown_adjacency *a, uint32_t n,
		  struct frontier *fr)
{
	uint64_t any = 0;
	uint32_t v, i;

	for (v = 0; v < n; v++) {
		uint64_t c = 0, d = 0;

		for (i = a->below[v]; i < a->beside[v]; i++)
			c |= fr->climb[a->nbr[i]];
		for (i = a->beside[v]; i < a->below[v + 1]; i++)
			d |= fr->climb[a->nbr[i]] | fr->descend[a->nbr[i]];
		c &= ~fr->seen_climb[v];
		d &= ~fr->seen_descend[v];
		fr->next_climb[v] = c;
		fr->next_descend[v] = d;
		any |= c | d;
	}
	return any != 0;
}

/* Takes the new states in, and writes the distance 'hops' of every
 * target that reached a switch for the first time. */
static void record(struct frontier *fr, uint32_t n, uint8_t *dist,
		   uint32_t row0, uint8_t hops)
{
	uint64_t *tmp;
	uint32_t v;

	for (v = 0; v < n; v++) {
		uint64_t m = (fr->next_climb[v] | fr->next_descend[v]) &
			     ~fr->seen[v];

		fr->seen_climb[v] |= fr->next_climb[v];
		fr->seen_descend[v] |= fr->next_descend[v];
		fr->seen[v] |= m;
		while (m) {
			unsigned j = __builtin_ctzll(m);

			dist[(size_t)(row0 + j) * n + v] = hops;
			m &= m - 1;
		}
	}
	tmp = fr->climb;
	fr->climb = fr->next_climb;
	fr->next_climb = tmp;
	tmp = fr->descend;
	fr->descend = fr->next_descend;
	fr->next_descend = tmp;
}

/* Rows row0 .. row0 + 63 (or the last target). */
static void search_batch(const struct updown_adjacency *a, uint32_t n,
			 const uint32_t *targets, uint32_t num, uint32_t row0,
			 uint8_t *dist, uint64_t *bits)
{
	struct frontier fr = {
		.climb = bits,
		.descend = bits + n,
		.next_climb = bits + 2 * n,
		.next_descend = bits + 3 * n,
		.seen_climb = bits + 4 * n,
		.seen_descend = bits + 5 * n,
		.seen = bits + 6 * n,
	};
	uint32_t j, hops;

	memset(bits, 0, sizeof(uint64_t) * 7 * n);
	for (j = 0; j < BATCH && row0 + j < num; j++) {
		uint32_t t = targets[row0 + j];

		fr.climb[t] |= 1ull << j;
		fr.seen_climb[t] |= 1ull << j;
		fr.seen[t] |= 1ull << j;
		dist[(size_t)(row0 + j) * n + t] = 0;
	}
	for (hops = 1; hops < OC_HOPS_UNREACHABLE; hops++) {
		if (!expand(a, n, &fr))
			break;
		record(&fr, n, dist, row0, hops);
	}
}

uint8_t *oc_updown_distances(const struct oc_fabric *f, const uint8_t *level,
			     const uint32_t *targets, uint32_t num)
{
	size_t n = f->num_switches, size = n * num;
	uint8_t *dist = malloc(size ? size : 1);
	uint64_t *bits = malloc(sizeof(uint64_t) * 7 * (n ? n : 1));
	struct updown_adjacency a = {NULL, NULL, NULL};
	uint32_t row;

	if (!dist || !bits || build_adjacency(f, level, &a)) {
		free(dist);
		dist = NULL;
		goto out;
	}
	memset(dist, OC_HOPS_UNREACHABLE, size);
	for (row = 0; row < num; row += BATCH)
		search_batch(&a, n, targets, num, row, dist, bits);
out:
	free(bits);
	free(a.below);
	free(a.beside);
	free(a.nbr);
	return dist;
}
