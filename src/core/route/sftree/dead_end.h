/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * dead_end.h - sftree: the switches whose up cables are all cut.
 *
 * A switch below the roots without an up link (oc_ftree_is_dead_end)
 * hangs below its children only: up/down routing reaches it from them
 * alone, and from it only the switches below it; no subtree root can
 * connect it (a route to it turns down to up at one of its children, a
 * second turn besides the subtree root's).  Its pairs are left out of
 * the subtree root's choice (subtree_root.c) and filled here, after the
 * subtree:
 *   - to its LID: every child has its port up to it; every other switch
 *     that lacks the LID follows its route to one child, c, chosen once
 *     per dead end (the first child in port order with a LID);
 *   - from it: a destination it lacks goes down to the first child that
 *     has an entry for it not leading back up to the dead end.
 * Both kinds of route end in, or start from, a link of the dead end,
 * which carries no other turn from down to up; the promise check of
 * sftree verifies the credit loops on the result (sftree.c).
 */
#ifndef OC_SFTREE_DEAD_END_H
#define OC_SFTREE_DEAD_END_H

#include <stdint.h>

#include "analysis/ftree.h"
#include "model/lft.h"

/* Fills the entries to and from every dead end; returns the (physical
 * switch, switch LID) pairs involving a dead end still without a route,
 * each weighted by reach[switch] (the switches whose routes it carries;
 * sftree.c), and sets *filled to the entries added. */
uint64_t oc_sftree_dead_ends(const struct oc_ftree *ft, struct oc_lfts *t,
			     const uint32_t *reach, uint64_t *filled);

#endif
