/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * path_hops.h - hop counts along the routes the LFTs really take.
 *
 * OpenSM keeps, per switch and switch LID, the hop count of the route.
 * For up/down routing that is the shortest distance (hops.h); sftree's
 * routes through the subtree root are longer, so their counts come from
 * following the tables.
 */
#ifndef OC_PATH_HOPS_H
#define OC_PATH_HOPS_H

#include <stdint.h>

#include "model/fabric.h"
#include "model/hops.h"
#include "model/lft.h"

/* hops[target * num_switches + sw]: switch-to-switch hops of the route
 * the LFTs take from switch index sw to the LID of switch index target
 * (0 for its own LID); OC_HOPS_UNREACHABLE when that route drops, loops,
 * ends elsewhere or is longer than 254 hops, or target has no LID.  One
 * walk per switch and target, each hop looked at once (routes towards one
 * LID form a forest).  NULL when out of memory; free with free(). */
uint8_t *oc_lft_switch_hops(const struct oc_fabric *f, const struct oc_lfts *t);

#endif
