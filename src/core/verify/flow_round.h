/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * flow_round.h - one round of flows along the LFTs and the bandwidth each
 * flow gets: the shared core of the bisection-bandwidth evaluator (ebb.c)
 * and a victim partition's EBB (tenant_ebb.c).
 *
 * A flow is walked once from its source switch towards its destination
 * LID; the directed links it uses are stored (a link is named by the port
 * slot it leaves from, fabric->nodes[node].first_port + port, so the CA
 * port of a source names its CA->switch link) and each one's load, the
 * flows on it this round, goes up by one.  After every flow of the round
 * is added, a flow's bandwidth is 1 / (the highest load on its path).  A
 * flow whose walk does not deliver it to its LID's owner (a hole, a loop,
 * another port) is unreachable: it loads no link and its bandwidth is 0.
 * Clearing resets only the loads the stored paths touched, so a round
 * costs its flows' path lengths, not the fabric's size.
 */
#ifndef OC_FLOW_ROUND_H
#define OC_FLOW_ROUND_H

#include <stdint.h>

#include "model/fabric.h"
#include "model/lft.h"

/* Links on one path: two CA links and up to 62 switch-to-switch hops. */
#define OC_FLOW_MAX_LINKS 64

struct oc_flow_round {
	const struct oc_fabric *f;
	const struct oc_lfts *t;
	uint32_t *load;	  /* [slot] flows on the link leaving slot */
	uint32_t *path;	  /* the flows' link slots, one path after another */
	uint32_t *start;  /* [flow] its first entry in path; [flows] the end */
	uint8_t *reached; /* [flow] delivered to its LID's owner */
	uint32_t flows, cap;
};

/* Room for cap flows per round (between two clears).  -1 when out of memory. */
int oc_flow_round_init(struct oc_flow_round *r, const struct oc_fabric *f,
		       const struct oc_lfts *t, uint32_t cap);
void oc_flow_round_free(struct oc_flow_round *r);

/* Adds a flow from switch index sw to lid and loads its links: first
 * src_slot (the source CA port's slot; OC_NONE for none), then every
 * switch's egress towards lid, the last one to the destination CA only
 * with ca_links.  Returns 0 when delivered, -1 when unreachable. */
int oc_flow_round_add(struct oc_flow_round *r, uint32_t src_slot, uint32_t sw,
		      uint16_t lid, int ca_links);

/* The bandwidth of flow i once every flow of the round is added: 1 / the
 * highest load on its path (1 for a path without links), 0 when
 * unreachable. */
double oc_flow_round_bandwidth(const struct oc_flow_round *r, uint32_t i);

/* Zeroes the loads of this round's paths and drops its flows. */
void oc_flow_round_clear(struct oc_flow_round *r);

/* Shuffles order[0..n-1] (Fisher-Yates from the end) with the
 * bisections' random numbers: xorshift64 (13, 7, 17), the same sequence
 * on every machine; *state must not be 0. */
void oc_flow_shuffle(uint32_t *order, uint32_t n, uint64_t *state);

#endif
