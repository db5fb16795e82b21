/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_hop.h - one hop along the linear forwarding tables.
 *
 * The verifier, the path hop counts, the tenant link users, pftree_ext's
 * marks and sftree's route shapes all follow the LFTs from a switch
 * towards a LID, one entry at a time.  What an entry leads to is the same
 * for all of them; what ends a walk is each caller's own rule (an
 * inactive port, a LID owned by another port), so the hop reports the
 * facts and leaves port activity and LID ownership to the caller.
 * Inline: the verifier and sftree take millions of hops per run.
 */
#ifndef OC_LFT_HOP_H
#define OC_LFT_HOP_H

#include <stddef.h>
#include <stdint.h>

#include "model/fabric.h"
#include "model/lft.h"

enum oc_hop_kind {
	OC_HOP_SWITCH, /* on to another switch: next_sw */
	OC_HOP_HERE,   /* port 0: the route ends at this switch itself */
	OC_HOP_CA,     /* out of a port to a CA: the route ends there */
	OC_HOP_DROP,   /* OC_NO_PATH, a port the switch lacks, no link */
};

struct oc_lft_hop {
	uint8_t port;	   /* the LFT entry: the egress port */
	uint8_t peer_port; /* port the hop lands on (0 for HERE) */
	uint32_t node;	   /* the switch's node */
	uint32_t peer;	   /* node the hop lands on (the switch itself for
			    * HERE), OC_NONE for DROP */
	uint32_t next_sw;  /* switch index of peer for SWITCH, else OC_NONE */
	const struct oc_port *out; /* the egress port; NULL for HERE and for
				    * a port beyond the switch's ports */
};

/* Where the entry of switch index sw for lid (<= t->max_lid) leads.  Port
 * activity is not looked at: h->out->active is the caller's to check. */
static inline enum oc_hop_kind oc_lft_hop(const struct oc_fabric *f,
					  const struct oc_lfts *t, uint32_t sw,
					  uint16_t lid, struct oc_lft_hop *h)
{
	h->node = f->switches[sw];
	h->port = oc_lft_row(t, sw)[lid];
	h->next_sw = OC_NONE;
	h->out = NULL;
	h->peer_port = 0;
	if (h->port == 0) {
		h->peer = h->node;
		return OC_HOP_HERE;
	}
	h->peer = OC_NONE;
	if (h->port > f->nodes[h->node].num_ports) /* includes OC_NO_PATH */
		return OC_HOP_DROP;
	h->out = oc_port(f, h->node, h->port);
	if (h->out->peer_node == OC_NONE)
		return OC_HOP_DROP;
	h->peer = h->out->peer_node;
	h->peer_port = h->out->peer_port;
	if (!oc_is_switch(f, h->peer))
		return OC_HOP_CA;
	h->next_sw = f->nodes[h->peer].sw_index;
	return OC_HOP_SWITCH;
}

/* The hop (of this kind) ends the route at the port that owns lid: port 0
 * of this switch (HERE) or the CA port at the far end (CA). */
static inline int oc_lft_hop_delivers(const struct oc_fabric *f, uint16_t lid,
				      enum oc_hop_kind kind,
				      const struct oc_lft_hop *h)
{
	const struct oc_lid_owner *o = &f->lid_owner[lid];

	return (kind == OC_HOP_HERE || kind == OC_HOP_CA) &&
	       o->node == h->peer && o->port == h->peer_port;
}

#endif
