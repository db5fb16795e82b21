/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * hops.c - switch-to-switch hop distances.
 *
 * Breadth-first search over switch-to-switch links, 64 sources at a time:
 * each switch keeps one bit per source of the batch, and every level ORs
 * the frontier bits of its neighbours.  A fat-tree has a small diameter,
 * so a batch costs a few sweeps over the links: for 1,728 switches with
 * 48 ports each, 27 batches of about 5 levels instead of 1,728 searches.
 */
#include <stdlib.h>
#include <string.h>

#include "model/hops.h"

#define BATCH 64

/* Switch adjacency in compressed rows: the neighbours of switch s are
 * nbr[first[s]] .. nbr[first[s + 1] - 1] (one per link). */
struct adjacency {
	uint32_t *first;
	uint32_t *nbr;
};

static int build_adjacency(const struct oc_fabric *f, struct adjacency *a)
{
	uint32_t s, n = 0;

	a->first = malloc(sizeof(uint32_t) * (f->num_switches + 1));
	a->nbr = malloc(sizeof(uint32_t) * (f->num_ports + 1));
	if (!a->first || !a->nbr)
		return -1;
	for (s = 0; s < f->num_switches; s++) {
		uint32_t node = f->switches[s];
		unsigned p;

		a->first[s] = n;
		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			uint32_t peer = oc_peer(f, node, p);

			if (peer != OC_NONE && oc_is_switch(f, peer))
				a->nbr[n++] = f->nodes[peer].sw_index;
		}
	}
	a->first[f->num_switches] = n;
	return 0;
}

/* One BFS level for the batch: next = neighbours' frontier, not seen yet.
 * Returns whether any switch was reached. */
static int expand(const struct adjacency *a, uint32_t n,
		  const uint64_t *frontier, uint64_t *next, uint64_t *seen)
{
	uint64_t any = 0;
	uint32_t v, i;

	for (v = 0; v < n; v++) {
		uint64_t m = 0;

		for (i = a->first[v]; i < a->first[v + 1]; i++)
			m |= frontier[a->nbr[i]];
		m &= ~seen[v];
		next[v] = m;
		seen[v] |= m;
		any |= m;
	}
	return any != 0;
}

/* Writes distance 'level' from every source bit set in reached[v]. */
static void record(uint8_t *dist, uint32_t n, uint32_t src0,
		   const uint64_t *reached, uint8_t level)
{
	uint32_t v;

	for (v = 0; v < n; v++) {
		uint64_t m = reached[v];

		while (m) {
			unsigned j = __builtin_ctzll(m);

			dist[(size_t)(src0 + j) * n + v] = level;
			m &= m - 1;
		}
	}
}

/* Distances from sources src0 .. src0 + 63 (or the last switch). */
static void bfs_batch(const struct adjacency *a, uint32_t n, uint32_t src0,
		      uint8_t *dist, uint64_t *bits)
{
	uint64_t *seen = bits, *cur = bits + n, *next = bits + 2 * n, *tmp;
	uint32_t j, level;

	memset(bits, 0, sizeof(uint64_t) * 2 * n);
	for (j = 0; j < BATCH && src0 + j < n; j++) {
		cur[src0 + j] = 1ull << j;
		seen[src0 + j] = 1ull << j;
		dist[(size_t)(src0 + j) * n + src0 + j] = 0;
	}
	for (level = 1; level < OC_HOPS_UNREACHABLE; level++) {
		if (!expand(a, n, cur, next, seen))
			break;
		record(dist, n, src0, next, level);
		tmp = cur;
		cur = next;
		next = tmp;
	}
}

uint8_t *oc_switch_distances(const struct oc_fabric *f)
{
	size_t n = f->num_switches;
	uint8_t *dist = malloc(n ? n * n : 1);
	uint64_t *bits = malloc(sizeof(uint64_t) * 3 * (n ? n : 1));
	struct adjacency a = {NULL, NULL};
	uint32_t s;

	if (!dist || !bits || build_adjacency(f, &a)) {
		free(dist);
		dist = NULL;
		goto out;
	}
	memset(dist, OC_HOPS_UNREACHABLE, n * n);
	for (s = 0; s < n; s += BATCH)
		bfs_batch(&a, n, s, dist, bits);
out:
	free(bits);
	free(a.first);
	free(a.nbr);
	return dist;
}
