/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cross_core.h - switch-to-switch routes across the horizontal links
 * between the roots of a multi-core fat-tree (cores joined at the top).
 *
 * Up/down routing keeps every route inside one core, and a leaf of one
 * core has no sibling to hand packets to when the cores are joined at
 * their roots, so no leaf could be sftree's subtree root there.  This
 * step gives every physical switch that lacks a switch LID, and can reach
 * that switch by up links, then horizontal links between roots, then
 * down links, such an entry: the shape of the routes vswitch_ftree gives
 * CA traffic between the cores.  The shortest such route is taken; ties
 * go to the neighbour with the lowest node GUID.  No route turns from a
 * down link to an up or horizontal link, so the subtree root stays the
 * only place of such turns (see sftree.c and docs/design.md).
 */
#ifndef OC_CROSS_CORE_H
#define OC_CROSS_CORE_H

#include "analysis/ftree.h"
#include "model/lft.h"

/* Adds the entries; returns their number, -1 when out of memory.  Only
 * (switch, switch LID) pairs without an entry get one; the horizontal
 * links between roots are ftree.c's same-rank groups of rank 0. */
long oc_cross_core_fill(const struct oc_ftree *ft, struct oc_lfts *t);

/* The same for the given LIDs (CA LIDs too): vswitch_ftree's holes when
 * its nearest-neighbour detours close a credit loop. */
long oc_cross_core_fill_lids(const struct oc_ftree *ft, struct oc_lfts *t,
			     const uint16_t *lids, uint32_t num_lids);

#endif
