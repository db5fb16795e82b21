/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconcile.h - the VM registry against the fabric, after a failover.
 *
 * A standby SM that becomes master may hold a registry older than the
 * fabric (its own state file, or a shared one read before the old master's
 * last moves).  The fabric is the truth for where each VM is: the LIDs
 * on the CA ports (PortInfo, which OpenSM reads when it discovers a
 * subnet it did not configure) and the alias GUIDs of the VFs (GUIDInfo
 * index 1, OpenSM's alias GUID table).  Given the registry and what the
 * new master observed, this produces the corrections, one per VM that is
 * not where the registry says, and applies them; OpenSM-independent.
 *
 * Rules, per VM, first match wins:
 *   1. a VF whose alias GUID is the VM's own vGUID: the VM is there
 *      (and has that VF's LID when it has one);
 *   2. the CA port holding the VM's LID: a VF other than the recorded
 *      one -> the VM moved there; a port that is no VF -> conflict, the
 *      record is kept and the conflict reported;
 *   3. the recorded VF holds a LID no VM of the registry claims and the
 *      VM's LID is on no port: the VM's LID is the VF's;
 *   4. the recorded VF is not in the subnet: kept (its LID stays
 *      reserved; a detached VF, see docs/failover.md).
 * The VMs placed by evidence (rules 1 and 2) are placed first; a VM left
 * on a VF that another VM's evidence claims has no place and is dropped,
 * reported with its whole record.  A free VF that now holds a VM stops
 * being free.
 */
#ifndef OC_RECONCILE_H
#define OC_RECONCILE_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "vm/vmreg.h"

/* One CA port as the new master sees it. */
struct oc_port_seen {
	uint64_t guid;	/* port GUID */
	uint16_t lid;	/* base LID read from the port (0: none) */
	uint64_t alias; /* alias GUID at GUIDInfo index 1 (0: none) */
	int is_vf;	/* a VF port behind a vSwitch (not a PF, not a CA) */
};

enum oc_fix_kind {
	OC_FIX_MOVED_BY_VGUID, /* rule 1 */
	OC_FIX_MOVED_BY_LID,   /* rule 2 */
	OC_FIX_LID_FROM_VF,    /* rule 3 */
	OC_FIX_LID_ELSEWHERE,  /* rule 2, a port that is no VF: kept */
	OC_FIX_ABSENT,	       /* rule 4: kept */
	OC_FIX_DROPPED,	       /* its VF runs another VM: dropped */
};

struct oc_fix {
	uint32_t vm; /* index in the registry reconciled */
	enum oc_fix_kind kind;
	uint64_t old_vf, new_vf;
	uint16_t old_lid, new_lid;
	uint64_t holder; /* LID_ELSEWHERE, DROPPED: the other port */
};

struct oc_fixes {
	struct oc_fix *v;
	uint32_t count, cap;
	uint32_t moved; /* VMs whose VF or LID changed */
};

void oc_fixes_free(struct oc_fixes *fx);

/* Reconciles reg against the n ports seen: on success *out is a new
 * registry (the corrected one, free VFs included) and fx the fixes, in
 * registry order.  -1 with err when out of memory (reg unchanged). */
int oc_reconcile(const struct oc_vmreg *reg, const struct oc_port_seen *seen,
		 uint32_t n, struct oc_vmreg **out, struct oc_fixes *fx,
		 struct oc_err *err);

/* One line for a fix: what the registry said, what the fabric says, what
 * was done; names the VM (reg: the registry before reconciliation). */
void oc_fix_describe(const struct oc_vmreg *reg, const struct oc_fix *fix,
		     char *buf, size_t len);

/* 1 for the fixes that are errors (a LID elsewhere, a dropped VM). */
int oc_fix_is_error(const struct oc_fix *fix);

#endif
