/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf_vf.h - the one rule that chooses the VF a VM goes to: the
 * destination VF of a migration and the VF of a boot.  The plugin's
 * migrate/boot (src/osm/vmops/exec_targets.c), "osmcloud plan" and the
 * planner's own default (an operation without a VF) all ask it, so that
 * plan predicts what the live command does.
 *
 * The rule.  The VFs of hypervisor hv are the CAs on its ports in port
 * order, but for its uplink and its PF.  A VF is skipped when a VM runs
 * on it, when it is not the VF asked for (want_vf), and, for a boot (its
 * GUID becomes the VM's vGUID), when its GUID is some VM's vGUID.  Of the
 * others:
 *   migrate: the first idle VF (active, with a LID: prepopulated LIDs,
 *            the VM swaps LIDs with it, OC_OP_SWAP); if there is none,
 *            the first free VF (no LID: dynamic LIDs, the VM's LID is
 *            copied to it, OC_OP_COPY);
 *   copy:    the first free VF (OC_OP_COPY);
 *   boot:    the first free VF (OC_OP_BOOT).
 * No VF found: -1 with an error naming the hypervisor (or the VF asked
 * for and the VM).  Nothing is changed.
 */
#ifndef OC_RECONF_VF_H
#define OC_RECONF_VF_H

#include <stdint.h>

#include "base/error.h"
#include "model/fabric.h"
#include "analysis/ftree.h"

/* What the chooser asks of the VMs; NULL functions: no VM. */
struct oc_vf_users {
	/* 1 when a VM runs on the VF whose port GUID is guid. */
	int (*runs_vm)(const void *ctx, uint64_t guid);
	/* 1 when guid is some VM's vGUID. */
	int (*is_vguid)(const void *ctx, uint64_t guid);
	const void *ctx;
};

enum oc_vf_purpose {
	OC_VF_MIGRATE, /* idle, else free */
	OC_VF_COPY,    /* free */
	OC_VF_BOOT,    /* free, not a VM's vGUID */
};

struct oc_vf_ask {
	uint32_t hv; /* the vSwitch index of the hypervisor */
	enum oc_vf_purpose purpose;
	uint64_t want_vf;		 /* the VF's port GUID; 0: any */
	const char *vm_name;		 /* for the error text; may be NULL */
	const struct oc_vf_users *users; /* may be NULL */
};

struct oc_vf_pick {
	uint32_t node;	 /* the VF's CA node */
	uint8_t port;	 /* its port linked to the vSwitch */
	uint8_t hv_port; /* the vSwitch's port to it */
	uint64_t guid;	 /* that port's GUID */
	uint16_t lid;	 /* its LID: the idle VF's for a swap, else 0 */
	uint8_t kind;	 /* enum oc_migrate_kind: SWAP, COPY or BOOT */
};

/* The VF port behind port p of vSwitch hv (a CA port but the PF's);
 * NULL when p leads to none. */
const struct oc_port *oc_reconf_vf_behind(const struct oc_fabric *f,
					  const struct oc_ftree *ft,
					  uint32_t hv, unsigned p);

/* The VF that takes the VM (see the rule above); 0, or -1 with err. */
int oc_reconf_vf_choose(const struct oc_fabric *f, const struct oc_ftree *ft,
			const struct oc_vf_ask *ask, struct oc_vf_pick *pick,
			struct oc_err *err);

#endif
