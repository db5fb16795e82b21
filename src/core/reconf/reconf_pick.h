/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf_pick.h - turning "VM LID to hypervisor" into a planner
 * operation, and the random migration: what "osmcloud plan --random"
 * and the migration simulator (sim/) both choose with, so that both move
 * VMs by one rule.
 *
 * A migration goes to the VF oc_reconf_vf_choose() picks (reconf_vf.h):
 * a swap with an idle VF (prepopulated LIDs), else a copy to a free VF
 * (dynamic LIDs).  The random migration draws a VM, then hypervisors
 * other than its own until one has a VF for it (64 draws, then the
 * hypervisors in order from a random start).
 */
#ifndef OC_RECONF_PICK_H
#define OC_RECONF_PICK_H

#include <stdint.h>

#include "reconf/reconf.h"
#include "reconf/reconf_vf.h"

/* The vSwitch index the CA port owning lid hangs on; OC_NONE if the LID
 * has no owner or its owner is not behind a switch. */
uint32_t oc_reconf_hv_of_lid(const struct oc_fabric *f, uint16_t lid);

/* The LID of hypervisor hv's PF (0 if it has none). */
uint16_t oc_reconf_pf_lid(const struct oc_fabric *f, const struct oc_ftree *ft,
			  uint32_t hv);

/* The operation moving the VM of lid to hypervisor hv; -1 with err
 * naming hv when it has no VF for it. */
int oc_reconf_op_to(const struct oc_fabric *f, const struct oc_ftree *ft,
		    const struct oc_vf_users *users, uint16_t lid, uint32_t hv,
		    struct oc_migrate_op *op, struct oc_err *err);

/* The VMs and hypervisors a random migration draws from. */
struct oc_reconf_pool {
	const uint16_t *vm_lids;
	uint32_t num_vms;
	const uint32_t *hvs; /* vSwitch indices */
	uint32_t num_hvs;
	const struct oc_vf_users *users;
};

/* A random VM of the pool to a random other hypervisor with a VF for it;
 * -1 if no hypervisor has one.  Draws from *rng. */
int oc_reconf_random_op(const struct oc_fabric *f, const struct oc_ftree *ft,
			const struct oc_reconf_pool *pool, uint64_t *rng,
			struct oc_migrate_op *op);

#endif
