/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * flow_round.c - a round of flows along the LFTs (see flow_round.h).
 */
#include <stdlib.h>
#include <string.h>

#include "model/lft_hop.h"
#include "verify/flow_round.h"

int oc_flow_round_init(struct oc_flow_round *r, const struct oc_fabric *f,
		       const struct oc_lfts *t, uint32_t cap)
{
	memset(r, 0, sizeof(*r));
	r->f = f;
	r->t = t;
	r->cap = cap;
	r->load = calloc((size_t)f->num_ports + 1, sizeof(*r->load));
	r->path = malloc(sizeof(*r->path) * OC_FLOW_MAX_LINKS * (cap + 1));
	r->start = calloc((size_t)cap + 2, sizeof(*r->start));
	r->reached = malloc(cap + 1);
	if (r->load && r->path && r->start && r->reached)
		return 0;
	oc_flow_round_free(r);
	return -1;
}

void oc_flow_round_free(struct oc_flow_round *r)
{
	free(r->load);
	free(r->path);
	free(r->start);
	free(r->reached);
	memset(r, 0, sizeof(*r));
}

/* Stores the egress slots from sw towards lid in path; returns how many,
 * or -1 when the walk does not end at the LID's owner. */
static int walk(const struct oc_fabric *f, const struct oc_lfts *t, uint32_t sw,
		uint16_t lid, int ca_links, uint32_t *path, int room)
{
	int n = 0;

	if (lid > t->max_lid)
		return -1;
	while (n < room) {
		struct oc_lft_hop h;
		enum oc_hop_kind kind = oc_lft_hop(f, t, sw, lid, &h);

		if (kind == OC_HOP_DROP || (h.out && !h.out->active))
			return -1;
		if (kind != OC_HOP_SWITCH) {
			if (!oc_lft_hop_delivers(f, lid, kind, &h))
				return -1;
			if (ca_links && kind == OC_HOP_CA)
				path[n++] = (uint32_t)(h.out - f->ports);
			return n;
		}
		path[n++] = (uint32_t)(h.out - f->ports);
		sw = h.next_sw;
	}
	return -1; /* longer than any fabric's path: a loop */
}

int oc_flow_round_add(struct oc_flow_round *r, uint32_t src_slot, uint32_t sw,
		      uint16_t lid, int ca_links)
{
	uint32_t i = r->flows++, *path = r->path + r->start[i];
	int k, first = src_slot != OC_NONE, n;

	if (first)
		path[0] = src_slot;
	n = walk(r->f, r->t, sw, lid, ca_links, path + first,
		 OC_FLOW_MAX_LINKS - first);
	r->reached[i] = n >= 0;
	if (n < 0) {
		r->start[i + 1] = r->start[i];
		return -1;
	}
	r->start[i + 1] = r->start[i] + (uint32_t)(n + first);
	for (k = 0; k < n + first; k++)
		r->load[path[k]]++;
	return 0;
}

double oc_flow_round_bandwidth(const struct oc_flow_round *r, uint32_t i)
{
	uint32_t k, worst = 1;

	if (!r->reached[i])
		return 0;
	for (k = r->start[i]; k < r->start[i + 1]; k++)
		if (r->load[r->path[k]] > worst)
			worst = r->load[r->path[k]];
	return 1.0 / worst;
}

void oc_flow_round_clear(struct oc_flow_round *r)
{
	uint32_t k;

	for (k = 0; k < r->start[r->flows]; k++)
		r->load[r->path[k]] = 0;
	r->flows = 0;
}

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

void oc_flow_shuffle(uint32_t *order, uint32_t n, uint64_t *state)
{
	uint32_t i;

	for (i = n; i > 1; i--) {
		uint32_t j = (uint32_t)(xorshift(state) % i);
		uint32_t tmp = order[i - 1];

		order[i - 1] = order[j];
		order[j] = tmp;
	}
}
