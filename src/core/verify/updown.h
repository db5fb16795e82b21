/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * updown.h - the fat-tree's directions and the shortest up/down paths.
 *
 * A switch's level comes from the fat-tree analysis: 0 for the roots,
 * the rank of the physical switches, one below the leaves for vSwitches.
 * A link is up towards a lower level, down towards a higher one,
 * horizontal (lateral) between switches of one level.
 *
 * An up/down path never leaves a down link except over another down
 * link: up and horizontal links in any order, then down links only.
 * That is every route a fat-tree engine takes where the tree allows one
 * (up then down; across the leaves' horizontal links first when cores
 * are joined at their leaves; across the roots' when joined at their
 * roots): the channel orders of docs/design.md (up, horizontal, down, or
 * horizontal, up, down) put the down channels last in both, and a turn
 * from a down link to an up or horizontal one goes against both.  Such
 * a turn is what closes credit loops; the only paths it shortens are
 * detours, so the checker measures the minimality of CA routes against
 * the shortest up/down path (verify_part.c).
 */
#ifndef OC_UPDOWN_H
#define OC_UPDOWN_H

#include <stdint.h>

#include "model/fabric.h"
#include "analysis/ftree.h"

enum oc_link_dir {
	OC_LINK_UNKNOWN = 0, /* fabric is not a fat-tree */
	OC_LINK_UP = 1,	     /* towards the roots */
	OC_LINK_DOWN = 2,    /* towards the leaves and vSwitches */
	OC_LINK_LATERAL = 3, /* between switches of one rank */
};

/* level[switch index] of the analysis ft; NULL when out of memory.  Free
 * with free(). */
uint8_t *oc_updown_levels(const struct oc_ftree *ft);

/* The direction of a link from a switch of level from to one of level
 * to. */
enum oc_link_dir oc_updown_dir(uint8_t from, uint8_t to);

/* Shortest up/down paths towards the switches targets[0..num): row i,
 * dist[i * num_switches + s], is the switch hops of the shortest up/down
 * path from switch index s to targets[i], OC_HOPS_UNREACHABLE when there
 * is none (or it is longer than 254 hops).  Links count as in
 * oc_switch_distances() (hops.h), so a row is never below the graph's
 * distance.  One breadth-first search per target, over (switch, gone
 * down yet) states, 64 targets at a time.  NULL when out of memory; free
 * with free(). */
uint8_t *oc_updown_distances(const struct oc_fabric *f, const uint8_t *level,
			     const uint32_t *targets, uint32_t num);

#endif
