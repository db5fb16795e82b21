/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * subtree_fill.h - sFtree's Algorithm 2: entries through the subtree root.
 *
 * For a LID d and each switch s whose entry for d does not stay:
 *   - s = R: the port to the first sibling that has d (multi-core trees);
 *   - s a sibling of R: its horizontal port to R;
 *   - otherwise: s's port towards R (the entry of R's LID), or, when s
 *     does not reach R (another core), towards the first sibling of R it
 *     reaches.
 * A packet for d then follows the route to R until the first switch whose
 * entry stays, and that switch's route from there.  sftree fills switch
 * LIDs and the CA detours only switch traffic takes this way;
 * vswitch_ftree the holes of CA LIDs when its nearest-neighbour detours
 * close a credit loop (docs/design.md says why both are deadlock-free).
 */
#ifndef OC_SUBTREE_FILL_H
#define OC_SUBTREE_FILL_H

#include <stdint.h>

#include "model/lft.h"
#include "route/subtree_root.h"

struct oc_subtree_fill {
	const struct oc_subtree *st;
	struct oc_lfts *lfts;
	uint8_t *toward; /* [switch]: port towards R or a sibling */
	uint8_t *keep;	 /* [switch]: its entry for the LID stays */
	uint8_t *fill;	 /* [switch]: its new entry for the LID */
};

/* Takes every switch's port towards R or a sibling from lfts: call it
 * before any entry is filled.  -1 out of memory. */
int oc_subtree_fill_init(struct oc_subtree_fill *sf,
			 const struct oc_subtree *st, struct oc_lfts *lfts);
void oc_subtree_fill_free(struct oc_subtree_fill *sf);

/* keep[]: vSwitches (they send everything up), dead ends (their rows are
 * sftree's dead_end.c's) and the switches that have an entry for lid. */
void oc_subtree_fill_keep_present(struct oc_subtree_fill *sf, uint16_t lid);

/* Gives every switch whose entry for lid does not stay (sf->keep) its
 * entry through the subtree; returns how many.  A switch that cannot be
 * given one (the root lacks lid, or the switch does not reach the root)
 * stays without: with unserved NULL nothing is written then and the
 * result is -1; otherwise the others are written and *unserved grows by
 * reach[switch] for each such switch (1 each when reach is NULL). */
long oc_subtree_fill_lid(struct oc_subtree_fill *sf, uint16_t lid,
			 const uint32_t *reach, uint64_t *unserved);

#endif
