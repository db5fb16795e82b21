/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconcile.h - the VM registry against the fabric, after a failover.
 *
 * A standby SM that becomes master may hold a registry older than the
 * fabric (its own state file, or a shared one read before the old master's
 * last moves).  The fabric is the truth for where each VM is: the LIDs
 * on the CA ports (PortInfo, which OpenSM reads when it discovers a
 * subnet it did not configure) and the alias GUIDs of the VFs (GUIDInfo
 * index 1, OpenSM's alias GUID table).  The view is taken before OpenSM's
 * LID manager runs, so it may hold what that LID manager resolves in the
 * same sweep: a LID on two ports (a VF re-attached with a stale LID, a
 * swap cut in the middle), ports not yet active.  Given the registry and
 * that view, this produces the corrections, one per VM that is not where
 * the registry says, and applies them; OpenSM-independent.
 *
 * A VF's vGUID evidence: OpenSM's alias GUID of the port (alias), and
 * what the port itself answered at this takeover for GUIDInfo index 1
 * (gi_index1, when gi_read): OpenSM learns alias GUIDs only from SA
 * GUIDInfoRecord Sets, never from the ports, so only the port knows a
 * vGUID the old master placed after this SM's registry was written.  A
 * VF "carries another vGUID" than VM's G when either is neither 0, nor
 * the port's own GUID, nor G (a VM without a vGUID of its own has its
 * VF's port GUID as G and leaves index 1 at 0).
 *
 * A VM's LID never changes here: peers address the VM by it.  Rules, per
 * VM (VF V, LID L, vGUID G), first match wins:
 *   0. V holds L and carries no vGUID that no VM of the registry has (a
 *      VM booted after this registry was written, on the VF and with the
 *      LID this VM left: held); then the VM is there; any other
 *      port holding L too gets another LID from OpenSM's LID manager (a
 *      VF re-attached with its stale LID, the old end of a cut swap), and
 *      G on another VF is that VF's stale GUIDInfo;
 *   1. a VF whose alias GUID is G: the VM is there and keeps L (reserved
 *      for that VF: OpenSM's LID manager programs it when the VF holds
 *      another LID or none, and takes L from a VF that holds it too).
 *      Rule 0 wins over vGUID evidence: G on a VF that holds the LID of
 *      the VM the registry records on it is stale GUIDInfo (a VF
 *      re-attached after this VM left it, another VM booted there) and
 *      places nothing; the VM goes on to rules 2 to 5;
 *   2. L on exactly one port: a VF -> the VM moved there; a port that is
 *      no VF (a PF) -> held;
 *   3. L on two ports or more, V none of them -> held (which one runs
 *      the VM cannot be told);
 *   4. L on no port and V not in the subnet: kept, L reserved (a
 *      detached VF, see docs/failover.md);
 *   5. L on no port and V in the subnet: V carries another vGUID ->
 *      held (another VM runs there); V holds no LID, or the registry is
 *      trusted (OC_RECONCILE_TRUSTED: the fabric's last word, e.g. a
 *      migration interrupted before OpenSM programmed the destination)
 *      -> the VM stays on V and keeps L, reserved for V; V holds a LID
 *      no VM claims and the registry is not trusted -> held (an idle
 *      VF's LID, or a VM booted after this registry was written: the
 *      idle LID is never adopted).
 * A held VM keeps its record (VF and LID) with held set: its LID stays
 * the registry's, it is not reserved for its VF, and operations on it
 * are refused until a later reconcile places it.  The VMs placed by
 * evidence (rules 0 to 3) are placed first; a VM left on a VF that
 * another VM's evidence claims has no place and is dropped, reported
 * with its whole record.  A free VF that now holds a VM stops being free.
 */
#ifndef OC_RECONCILE_H
#define OC_RECONCILE_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "vm/vmreg.h"

/* One CA port as the new master sees it (a port with a link). */
struct oc_port_seen {
	uint64_t guid;	/* port GUID */
	uint16_t lid;	/* base LID read from the port (0: none) */
	uint64_t alias; /* OpenSM's alias GUID at GUIDInfo index 1 (0: none) */
	int is_vf;	/* a VF port behind a vSwitch (not a PF, not a CA) */
	int gi_read;	/* the port answered a GUIDInfo Get (block 0) */
	uint64_t gi_index1; /* gi_read: index 1 of the port's own GUIDInfo */
};

/* oc_reconcile()'s flags. */
#define OC_RECONCILE_TRUSTED 1 /* rule 5: the registry is the newest word */

enum oc_fix_kind {
	OC_FIX_MOVED_BY_VGUID, /* rule 1 */
	OC_FIX_MOVED_BY_LID,   /* rule 2 */
	OC_FIX_LID_KEPT,       /* rules 1, 5: the VF gets the VM's LID */
	OC_FIX_LID_TWICE,      /* rule 0: the VM's VF keeps it */
	OC_FIX_ABSENT,	       /* rule 4: kept */
	OC_FIX_HELD,	       /* rules 2, 3, 5: kept, held */
	OC_FIX_DROPPED,	       /* its VF runs another VM: dropped */
};

/* Why a VM is held. */
enum oc_hold {
	OC_HOLD_NOT_A_VF,      /* its LID is on a port that is no VF */
	OC_HOLD_TWO_PORTS,     /* its LID is on two ports, neither its own */
	OC_HOLD_OTHER_VGUID,   /* its VF carries another vGUID */
	OC_HOLD_UNKNOWN_VGUID, /* its VF holds its LID and a vGUID no VM
				* of the registry has */
	OC_HOLD_UNCLAIMED_LID  /* its VF holds a LID no VM claims */
};

struct oc_fix {
	uint32_t vm; /* index in the registry reconciled */
	enum oc_fix_kind kind;
	enum oc_hold hold; /* HELD: why */
	uint64_t old_vf, new_vf;
	uint16_t old_lid, new_lid;
	uint64_t holder;   /* another port holding the VM's LID, or DROPPED:
			   * the VM on its VF */
	uint64_t holder2;  /* HELD, TWO_PORTS: the second port */
	uint16_t vf_lid;   /* the LID the VM's (new) VF holds now (0: none) */
	uint64_t vf_alias; /* HELD, OTHER_ or UNKNOWN_VGUID: the vGUID on its
			    * VF */
	int vf_alias_read; /* vf_alias: read from the port's GUIDInfo (else
			    * OpenSM's alias table) */
};

struct oc_fixes {
	struct oc_fix *v;
	uint32_t count, cap;
	uint32_t moved; /* VMs whose VF changed, or dropped */
	uint32_t held;	/* VMs held */
};

void oc_fixes_free(struct oc_fixes *fx);

/* Reconciles reg against the n ports seen (flags: OC_RECONCILE_*): on
 * success *out is a new registry (the corrected one, free VFs and
 * generation included, held VMs marked) and fx the fixes, in registry
 * order.  -1 with err when out of memory (reg unchanged). */
int oc_reconcile(const struct oc_vmreg *reg, const struct oc_port_seen *seen,
		 uint32_t n, unsigned flags, struct oc_vmreg **out,
		 struct oc_fixes *fx, struct oc_err *err);

/* One line for a fix: what the registry said, what the fabric says, what
 * was done; names the VM (reg: the registry before reconciliation). */
void oc_fix_describe(const struct oc_vmreg *reg, const struct oc_fix *fix,
		     char *buf, size_t len);

/* 1 for the fixes that are errors (a held VM, a dropped VM). */
int oc_fix_is_error(const struct oc_fix *fix);

#endif
