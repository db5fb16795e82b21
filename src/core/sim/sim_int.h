/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sim_int.h - the steps of the simulator, one file each: placing the VMs
 * (sim_place.c), the pattern's moves (sim_pattern.c), a snapshot
 * (sim_snap.c); sim.c runs them.  Internal to src/core/sim.
 */
#ifndef OC_SIM_INT_H
#define OC_SIM_INT_H

#include "sim/sim.h"

/* Random streams of the seed (base/rand.h), one per choice. */
enum {
	OC_SIM_STREAM_PLACE = 1,
	OC_SIM_STREAM_TENANT = 2,
	OC_SIM_STREAM_MIGRATE = 3,
};

/* Lists the hypervisors, puts the VMs on their VFs (the VM table), gives
 * the LIDs (dynamic model) and fills the placement arrays. */
int oc_sim_place(struct oc_sim *s, struct oc_err *err);

/* The VM table's answer for the VF chooser (reconf_vf.h). */
const struct oc_vf_users *oc_sim_users(const struct oc_sim *s,
				       struct oc_vf_users *u);

/* Plans the moves of a consolidate, grouping or to-uniform pattern into
 * s->moves and sets s->total (random: 2 x hypervisors, chosen as it
 * goes). */
int oc_sim_plan_moves(struct oc_sim *s, struct oc_err *err);

/* Fresh tables of the current placement, routed by vswitch_ftree
 * (sim_snap.c); NULL with err set. */
struct oc_lfts *oc_sim_route(const struct oc_sim *s, struct oc_err *err);

/* Verifies FTreeMinRC's tables, re-routes into fresh ones and measures
 * the EBB of both; fills snap (percent and migrations set by the
 * caller). */
int oc_sim_snapshot(struct oc_sim *s, struct oc_sim_snap *snap,
		    struct oc_err *err);

/* The mean spread of each hypervisor's VMs over the up-links of the
 * other leaves in t (sim_spread.c): 1 when as wide as it can be. */
double oc_sim_spread(const struct oc_sim *s, const struct oc_lfts *t);

#endif
