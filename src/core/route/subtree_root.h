/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * subtree_root.h - sFtree's Algorithm 1: the subtree root.
 *
 * Up/down routing (the shared router) leaves some (switch, switch LID)
 * pairs without an entry: roots do not reach each other, nor do switches
 * of different cores of a multi-core tree.  sFtree sends all of them
 * through one leaf switch, the subtree root, so that every down-to-up
 * turn happens in the up/down tree that converges to it (see sftree.c).
 *
 * A leaf can serve when it reaches every switch LID that some switch lacks
 * and every switch lacking one reaches the leaf, both by up/down routing
 * (the LFT entries the router left).  On a multi-core tree no leaf may do
 * that alone; then its siblings (same-rank neighbours over horizontal
 * links) help, best effort as in the paper: a destination the root lacks
 * is handed to the first sibling that has it, a switch that does not
 * reach the root goes to the first sibling it reaches, which hands the
 * packet to the root.  The choice, in order: a leaf that serves alone and
 * does not carry the SM's port, one that serves alone, then the same two
 * with siblings; leaves in GUID order within each.
 */
#ifndef OC_SUBTREE_ROOT_H
#define OC_SUBTREE_ROOT_H

#include <stdint.h>

#include "base/error.h"
#include "analysis/ftree.h"
#include "model/lft.h"

struct oc_subtree_sibling {
	uint32_t sw;	     /* switch index */
	uint16_t lid;	     /* its LID */
	uint8_t root_port;   /* the root's port towards it */
	uint8_t toward_root; /* its port towards the root */
};

struct oc_subtree {
	const struct oc_ftree *ft;
	const struct oc_lfts *t;
	uint32_t root; /* switch index of the chosen leaf */
	uint16_t root_lid;
	struct oc_subtree_sibling *sib; /* the root's siblings, port order */
	uint32_t num_sib;
	int hosts_sm;	   /* the root carries the SM's port */
	int uses_siblings; /* the root needs its siblings */
	/* switch LIDs, and which pairs up/down routing left without entry */
	uint16_t *lids; /* the LIDs of all switches */
	uint32_t num_lids;
	uint8_t *lid_missing;	 /* [i]: some switch lacks lids[i] */
	uint8_t *switch_missing; /* [switch]: lacks some switch LID */
	uint64_t missing_pairs;	 /* (physical switch, switch LID) pairs */
	int tree_above; /* the root's ancestors form a tree towards it */
	int partial;	/* the root leaves some missing pairs unconnected */
	/* scratch of the tree test: stamps and a queue, [switch] */
	uint32_t *seen;
	uint32_t *queue;
	uint32_t mark;
};

/* 1 when switch index sw has an LFT entry for lid. */
static inline int oc_subtree_has(const struct oc_lfts *t, uint32_t sw,
				 uint16_t lid)
{
	return lid <= t->max_lid && oc_lft_row(t, sw)[lid] != OC_NO_PATH;
}

/* Finds the pairs up/down routing left without an entry and chooses the
 * root (st->root = OC_NONE when no pair is missing).  Leaves whose
 * ancestors form a tree towards them come first: the deadlock-freedom
 * argument needs that (docs/design.md).  When no leaf connects every
 * missing pair: with partial 0 it returns 1, naming the first
 * unconnected pairs and their number in err; with partial 1 it takes the first
 * candidate leaf anyway, sets st->partial and writes that description
 * into err as a note.  Fails (-1) only out of memory or when no leaf has
 * a LID; 1 when no leaf serves and partial is 0. */
int oc_subtree_choose(const struct oc_ftree *ft, const struct oc_lfts *t,
		      uint64_t sm_port_guid, int partial, struct oc_subtree *st,
		      struct oc_err *err);
/* The same over the given LIDs instead of the switch LIDs: the CA LIDs
 * whose holes vswitch_ftree routes through a subtree root. */
int oc_subtree_choose_for(const struct oc_ftree *ft, const struct oc_lfts *t,
			  const uint16_t *lids, uint32_t num_lids,
			  uint64_t sm_port_guid, int partial,
			  struct oc_subtree *st, struct oc_err *err);
void oc_subtree_free(struct oc_subtree *st);

/* Where the root sends lid: 0 when it has an entry that stays, else 1 +
 * the index of the first sibling that has one; -1 when neither has.
 * keep[sw]: switch sw's entry for lid stays (route_keep.h); NULL: every
 * entry there is (switch LIDs: the router's up/down entries). */
int oc_subtree_via(const struct oc_subtree *st, uint16_t lid,
		   const uint8_t *keep);

/* The port of switch sw towards the root, or towards the first sibling it
 * reaches; OC_NO_PATH when it reaches neither. */
uint8_t oc_subtree_toward(const struct oc_subtree *st, uint32_t sw);

/* The physical leaf that carries the port with this GUID (the leaf itself,
 * the leaf of its vSwitch, or the leaf it is); OC_NONE when the GUID is 0,
 * unknown or not on a leaf. */
uint32_t oc_subtree_sm_leaf(const struct oc_ftree *ft, uint64_t port_guid);

#endif
