/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * route_keep.h - which entries of a CA LID sftree must keep.
 *
 * vswitch_ftree gives every switch that up/down routing cannot serve a
 * detour through a neighbour: on degraded trees, and on multi-core trees
 * for every switch of the other cores.  The detours that CA-sourced
 * traffic crosses belong to the CA routing and stay.  The others carry
 * only traffic that switches send; their down-to-up (or sideways) turns
 * would lie anywhere in the fabric and can close a credit loop with other
 * switch traffic (the verifier finds one on a two-core 4-ary 3-tree
 * joined at the leaves).  sftree moves those into the subtree like the
 * switch-to-switch pairs.
 */
#ifndef OC_ROUTE_KEEP_H
#define OC_ROUTE_KEEP_H

#include <stdint.h>

#include "analysis/ftree.h"
#include "model/lft.h"

struct oc_route_keep;

struct oc_route_keep *oc_route_keep_new(const struct oc_ftree *ft,
					const struct oc_lfts *t);
void oc_route_keep_free(struct oc_route_keep *k);

/* keep[sw] for every switch index: 1 when its entry for lid (a CA LID)
 * stays: the route from sw takes up and then down links only (as every
 * route of the router does), CA-sourced traffic to lid passes sw, or sw
 * is a vSwitch.  Returns the number of physical switches that may change
 * (keep 0); *detours: physical switches whose route is not up/down
 * (kept or not). */
uint32_t oc_route_keep_ca(struct oc_route_keep *k, uint16_t lid, uint8_t *keep,
			  uint32_t *detours);

/* The switch a CA LID enters the physical fabric at: the switch its port
 * is linked to, or the leaf above it when that is a vSwitch.  Up/down
 * routing reaches the LIDs that enter at one switch from the same
 * switches, so they have detours alike.  OC_NONE when lid is not the LID
 * of a CA port linked to a switch. */
uint32_t oc_route_keep_entry_switch(const struct oc_route_keep *k,
				    uint16_t lid);

#endif
