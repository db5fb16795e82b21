/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pftree_order.c - the order in which the pftree engines route the
 * compute nodes of one leaf (pFTree paper, Algorithm 2).
 *
 * First a stable sort: tenant nodes before the others, for pftree_ext by
 * decreasing isolation (phy, vlane, def), for pftree_wt by decreasing
 * weight within a partition.  Then, when the leaf has more nodes than up
 * ports, the first node of each partition takes the first free position
 * and every further node of it the position of the previous one plus the
 * number of up ports (the first free one if that is taken or past the
 * end): routed in that order over least-loaded ports, the nodes of a
 * partition come back to the same up port, and with the switch marks to
 * the same switches.  Nodes in no tenant come last (their routes carry
 * no tenant traffic, so the tenants get the balanced choices).
 */
#include <stdlib.h>

#include "route/pftree/pftree_int.h"

struct sort_ctx {
	const struct pft_run *run;
	const struct pft_node *nodes;
};

static int rank_of(const struct pft_run *run, const struct pft_node *x)
{
	if (x->part == OC_PART_NONE)
		return -1;
	return run->kind == PFT_EXT ? run->iso[x->part] : 0;
}

/* Stable: equal keys keep their port order (x->order holds it). */
static int cmp_priority(const void *a, const void *b, void *arg)
{
	const struct pft_run *run = arg;
	const struct pft_node *x = a, *y = b;
	int rx = rank_of(run, x), ry = rank_of(run, y);

	if (rx != ry)
		return rx > ry ? -1 : 1;
	if (run->kind == PFT_WT && x->part == y->part && x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static uint32_t first_free(const uint8_t *taken, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n && taken[i]; i++)
		;
	return i;
}

/* Algorithm 2, lines 8-30: positions by partition for the n tenant
 * nodes (first in nodes[]). */
static int assign_positions(const struct pft_run *run, struct pft_node *nodes,
			    uint32_t n, uint32_t up_ports)
{
	uint8_t *taken = calloc(n + 1, 1);
	uint32_t *last = malloc(sizeof(uint32_t) * (run->nparts + 1));
	uint32_t i, id;

	if (!taken || !last) {
		free(taken);
		free(last);
		return -1;
	}
	for (i = 0; i < run->nparts; i++)
		last[i] = OC_NONE;
	for (i = 0; i < n; i++) {
		struct pft_node *x = &nodes[i];

		id = last[x->part] == OC_NONE ? first_free(taken, n)
					      : last[x->part] + up_ports;
		if (id >= n || taken[id])
			id = first_free(taken, n);
		taken[id] = 1;
		last[x->part] = id;
		x->order = id;
	}
	free(taken);
	free(last);
	return 0;
}

int pft_order_nodes(const struct pft_run *run, struct pft_node *nodes,
		    uint32_t n, uint32_t up_ports)
{
	uint32_t i, tenants = 0;

	for (i = 0; i < n; i++)
		nodes[i].order = i;
	qsort_r(nodes, n, sizeof(*nodes), cmp_priority, (void *)run);
	for (i = 0; i < n; i++) {
		nodes[i].order = i;
		tenants += nodes[i].part != OC_PART_NONE;
	}
	if (tenants <= up_ports)
		return 0;
	return assign_positions(run, nodes, tenants, up_ports);
}
