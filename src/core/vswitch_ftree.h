/*
 * vswitch_ftree.h - the vswitch_ftree routing as a building block.
 *
 * sftree routes CA LIDs exactly as vswitch_ftree does and only adds
 * switch-to-switch entries afterwards, so it runs vswitch_ftree's phases
 * and then its own, while the fat-tree analysis is still alive.
 */
#ifndef OC_VSWITCH_FTREE_H
#define OC_VSWITCH_FTREE_H

#include "engine.h"
#include "ftree.h"

/* Runs after vswitch_ftree filled lfts; returns 0 or -1 with err set. */
typedef int (*oc_vswitch_ftree_after_fn)(const struct oc_engine_input *in,
					 const struct oc_ftree *ft,
					 struct oc_lfts *lfts,
					 struct oc_route_stats *stats,
					 struct oc_err *err);

/* vswitch_ftree's routing, then after() (may be NULL) on the same fat-tree
 * analysis; its time counts as routing time. */
int oc_vswitch_ftree_route_then(const struct oc_engine_input *in,
				struct oc_lfts *lfts,
				struct oc_route_stats *stats,
				oc_vswitch_ftree_after_fn after,
				struct oc_err *err);

#endif
