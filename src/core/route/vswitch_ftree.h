/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vswitch_ftree.h - the vswitch_ftree routing as a building block.
 *
 * sftree routes CA LIDs exactly as vswitch_ftree does and only adds
 * switch-to-switch entries afterwards, so it runs vswitch_ftree's phases
 * and then its own, while the fat-tree analysis is still alive.
 */
#ifndef OC_VSWITCH_FTREE_H
#define OC_VSWITCH_FTREE_H

#include "route/engine.h"
#include "analysis/ftree.h"

/* Runs after vswitch_ftree filled lfts; returns 0 or -1 with err set. */
typedef int (*oc_vswitch_ftree_after_fn)(const struct oc_engine_input *in,
					 const struct oc_ftree *ft,
					 struct oc_lfts *lfts,
					 struct oc_route_stats *stats,
					 struct oc_err *err);

/* What becomes of the holes up/down routing leaves in the columns of CA
 * LIDs (degraded trees: switches that lost their links towards the
 * destination's subtree). */
enum oc_vswitch_holes {
	/* vswitch_ftree's own: a detour through the nearest neighbour that
	 * has an entry, or, where those close a credit loop of CA traffic,
	 * through a subtree root (subtree_fill.h) */
	OC_HOLES_DETOUR = 0,
	/* left without an entry, for after() to fill */
	OC_HOLES_LEAVE = 1,
};

/* vswitch_ftree's routing, then after() (may be NULL) on the same fat-tree
 * analysis; its time counts as routing time. */
int oc_vswitch_ftree_route_then(const struct oc_engine_input *in,
				struct oc_lfts *lfts,
				struct oc_route_stats *stats,
				enum oc_vswitch_holes holes,
				oc_vswitch_ftree_after_fn after,
				struct oc_err *err);

/* The weight vswitch_ftree routes each LID of f with, into
 * weight[0..max_lid]: a VF holding a VM its VM's weight (the VM file's,
 * else 1/N of the N VMs of its hypervisor; vms NULL: every active VF
 * holds one), an idle VF 0 (it only copies its PF's routes), every other
 * LID 1 (PFs, I/O and compute nodes; switches).  A fabric that is no
 * fat-tree has no vSwitches: all 1.  -1 with err when out of memory. */
int oc_vswitch_ftree_lid_weights(const struct oc_fabric *f,
				 const struct oc_vm_table *vms, double *weight,
				 struct oc_err *err);

#endif
