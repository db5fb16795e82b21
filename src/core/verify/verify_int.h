/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verify_int.h - the verifier's internals: verify.c sets up what every
 * destination needs, splits the LIDs into parts (one thread each), merges
 * the parts' findings in LID order and builds the graphs; verify_part.c
 * checks the destinations of one part.
 */
#ifndef OC_VERIFY_INT_H
#define OC_VERIFY_INT_H

#include <stdint.h>

#include "model/fabric.h"
#include "model/lft.h"
#include "verify/verify.h"
#include "verify/verify_cdg.h"

/* What a switch's entry leads to, as one code: over a switch-to-switch
 * link that is up at both ends, the next switch index, the port it lands
 * on and the entry (the port it leaves by); else VERIFY_ASK_EXACT (the
 * route ends there; how is worked out from the fabric, which the one
 * delivering entry per destination and the faults need). */
#define VERIFY_ASK_EXACT UINT32_MAX
#define VERIFY_MAX_SWITCHES 0xffffu /* switch index: 16 bits of a code */
#define VERIFY_HOP(next, in, out) \
	((uint32_t)(next) << 16 | (uint32_t)(in) << 8 | (out))
#define VERIFY_IS_HOP(code) ((code) != VERIFY_ASK_EXACT)
#define VERIFY_NEXT(code) ((code) >> 16)
#define VERIFY_IN(code) (((code) >> 8) & 0xff)
#define VERIFY_OUT(code) ((code)&0xff)

/* A CA port that has a LID and a working link: its LID is a
 * destination. */
static inline int verify_active_ca_port(const struct oc_fabric *f,
					uint32_t node, unsigned port)
{
	const struct oc_port *p = oc_port(f, node, port);

	return !oc_is_switch(f, node) && port > 0 && p->lid && p->active &&
	       p->peer_node != OC_NONE;
}

/* Read-only while the parts run. */
struct verify_shared {
	const struct oc_fabric *f;
	const struct oc_lfts *t;
	unsigned what;		  /* OC_VERIFY_* */
	const double *lid_weight; /* [LID] for links[].weighted, or NULL */
	uint32_t n;		  /* switches */
	uint8_t *dist;		  /* oc_switch_distances() */
	uint8_t *short_rows;	  /* [switch] no distance to it > MAX_HOPS */
	uint32_t *cas;		  /* [switch] active CA ports linked to it */
	double *cas_weight;	  /* [switch] their weights, with lid_weight */
	uint32_t *with_cas;	  /* switches with cas[] > 0, ascending */
	uint32_t num_with_cas;
	uint32_t *chan; /* [port slot] channel index, OC_NONE */
	uint32_t channels;
	uint32_t *link;	    /* [first[s] + port] code of that port */
	uint32_t *first;    /* [switch] */
	uint8_t *num_ports; /* [switch] */
	/* fat-trees only (else NULL), with OC_VERIFY_CA_PAIRS or _LOAD */
	uint8_t *level; /* oc_updown_levels() */
	/* with OC_VERIFY_CA_PAIRS on a fat-tree: the shortest up/down paths
	 * towards each switch of with_cas[], row ud_row[switch] */
	uint8_t *ud;
	uint32_t *ud_row; /* [switch] row in ud, OC_NONE */
};

/* One range of LIDs and what was found there. */
struct verify_part {
	const struct verify_shared *sh;
	unsigned first_lid, last_lid;
	/* findings, merged by verify.c */
	struct oc_verify_reach ca, sw;
	uint64_t ca_pairs, ca_pairs_unreachable, ca_pairs_nonminimal;
	uint64_t ca_pairs_nonminimal_graph, ca_pairs_no_updown;
	uint32_t ca_max_hops;
	uint64_t *load;	  /* [channel], OC_VERIFY_LOAD */
	double *weighted; /* [channel], with lid_weight */
	struct oc_turns ca_turns, all_turns;
	/* codes[i * n + s]: switch s's entry for LID block * 64 + i; one
	 * column more, all VERIFY_ASK_EXACT, for LIDs beyond the tables */
	uint32_t *codes;
	uint32_t block; /* OC_NONE: none decoded yet */
	/* distances to the destination's switch, then 0xff up to
	 * VERIFY_MAX_SWITCHES (where VERIFY_ASK_EXACT points) */
	uint8_t *potential;
	/* the destination being checked */
	uint16_t lid;
	uint32_t home;	      /* switch the CA hangs off, OC_NONE */
	uint32_t target;      /* switch that must deliver it, OC_NONE */
	int beyond;	      /* lid > t->max_lid: no entries at all */
	const uint32_t *code; /* its codes, [switch] */
	uint32_t failed;      /* switches that do not reach it */
	/* per switch, for that destination */
	uint8_t *state, *fault, *hops, *carry;
	uint32_t *stack, *order;
	uint64_t *flow;
	double *wflow; /* flow[], weighted by the sources, with lid_weight */
};

int verify_part_init(struct verify_part *p, const struct verify_shared *sh);
void verify_part_free(struct verify_part *p);
/* Checks the destinations first_lid..last_lid. */
void verify_part_run(struct verify_part *p);

/* oc_verify_some() in exactly `parts` parts (0: as many as it chooses);
 * the findings do not depend on it. */
int verify_in_parts(const struct oc_fabric *f, const struct oc_lfts *t,
		    unsigned what, unsigned parts, struct oc_verify_report *r,
		    struct oc_err *err);
/* The same with destination weights (NULL: none). */
int verify_weighted_in_parts(const struct oc_fabric *f, const struct oc_lfts *t,
			     unsigned what, const double *lid_weight,
			     unsigned parts, struct oc_verify_report *r,
			     struct oc_err *err);

#endif
