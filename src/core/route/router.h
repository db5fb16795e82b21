/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * router.h - the shared fat-tree router.
 *
 * Routes one destination LID at a time over the up/down structure found by
 * oc_ftree_analyze(), the way OpenSM's ftree does (destination based,
 * computed backwards from the destination):
 *   1. from the switch the destination hangs off, go up level by level; the
 *      main path takes the least loaded up port (load = accumulated weight
 *      of routes going down through that link) and adds the weight; every
 *      other ancestor gets a down route too, without adding load;
 *   2. every switch not above the destination routes up towards the lowest
 *      ancestor that reaches it going down, choosing the least loaded port
 *      of the parallel links (load = accumulated weight of routes going up),
 *      and adds the weight.
 * Ancestors are processed bottom-up, so every path is minimal and follows
 * up*-down* turns only: no credit loop for CA traffic.  Weight 0 routes a
 * LID without touching the loads (switch LIDs, secondary paths).
 */
#ifndef OC_ROUTER_H
#define OC_ROUTER_H

#include <stdint.h>

#include "analysis/ftree.h"
#include "model/lft.h"

struct oc_router;

struct oc_router *oc_router_new(const struct oc_ftree *ft,
				struct oc_lfts *lfts);
void oc_router_free(struct oc_router *r);

/* Routes lid, which leaves switch index attach_sw through attach_port
 * (0: the switch's own LID), with the given weight. */
void oc_router_route(struct oc_router *r, uint16_t lid, uint32_t attach_sw,
		     uint8_t attach_port, double weight);

/* Gives every physical switch that up/down routing left without an entry
 * for lid (it lost its links towards the destination's subtree, e.g. a
 * root without a link to the destination's leaf) a detour through a
 * neighbour that has one, nearest first: down-up turns for the traffic of
 * those switches only, as no CA route crosses them towards lid.  Call right
 * after oc_router_route() for the same lid.  Returns the entries added. */
uint32_t oc_router_fill_holes(struct oc_router *r, uint16_t lid);

/* The same detours for the column of lid as it is now, at any time:
 * every physical switch with an entry counts as routed. */
uint32_t oc_router_fill_column(struct oc_router *r, uint16_t lid);

/* 1 when up/down routing left some physical switch without an entry for
 * the LID oc_router_route() routed last (a degraded tree). */
int oc_router_left_holes(const struct oc_router *r);

/* Consumes weight on the main up path of attach_sw without writing any
 * LFT entry (OpenSM's dummy nodes: keeps leaves with fewer nodes in step). */
void oc_router_pad(struct oc_router *r, uint32_t attach_sw, double weight);

/* A policy over the main path's up-port choice (the pftree engines): the
 * router offers the least loaded link of each up group of sw (one per
 * parent switch) and takes the one the chooser returns.  Without a
 * chooser the least loaded one is taken, ties to the first group. */
struct oc_up_choice {
	uint32_t parent; /* switch index the link leads to */
	double load;	 /* weight routed down the link so far */
};
typedef uint32_t (*oc_up_chooser)(void *ctx, uint32_t sw,
				  const struct oc_up_choice *c, uint32_t n);

/* Sets (fn NULL: removes) the chooser for all later routes. */
int oc_router_set_chooser(struct oc_router *r, oc_up_chooser fn, void *ctx);

/* Tags the following routes (0: untagged, the default).  Among equally
 * loaded parallel links a tagged route takes one that already carries its
 * tag, else one no tagged route has loaded yet, else the first; a link
 * keeps the tag of the first tagged route that loads it.  This holds on
 * every link a route loads: up the main path (with or without a chooser;
 * the parent is chosen first, the tag only picks among its parallel
 * links) and down to the children.  The pftree engines tag a node's
 * routes with its partition (Algorithm 4's marks on parallel links). */
int oc_router_set_tag(struct oc_router *r, uint32_t tag);

#endif
