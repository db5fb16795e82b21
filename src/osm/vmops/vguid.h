/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vguid.h - a VM's own GUID (its vGUID) in OpenSM's model and on the VF.
 *
 * A VM given a GUID of its own (VM file: vguid=) keeps it when it moves:
 * the vGUID is an alias GUID, index 1 of the GUIDInfo table, of the VF
 * the VM runs on.  OpenSM's SA resolves a GID through its alias GUID table
 * (subn.alias_port_guid_tbl), so a PathRecord for the VM's GID names the
 * VF that holds the VM's LID.  The plugin keeps that table and the VF's
 * GUID table (physp->p_guids, what the SA's GUIDInfoRecords show) in step
 * with the registry, and programs the VF with a GUIDInfo Set.
 *
 * A VM without vguid= has its first VF's port GUID as vGUID; OpenSM keys
 * that port by it, so it cannot move: such a VM's GID keeps naming that
 * VF (docs/plugin.md).
 *
 * Every function runs with osm->lock held exclusively.
 */
#ifndef OC_OSM_VGUID_H
#define OC_OSM_VGUID_H

#include <stdint.h>

#include <opensm/osm_opensm.h>

#include "base/hash.h"
#include "vm/vmreg.h"
#include "vmops/holds.h"

/* The vGUID is the VM's own: no port of the subnet has it as its GUID. */
int oc_osm_vguid_is_own(osm_opensm_t *osm, uint64_t vguid);

/* Why vguid may not be a new VM's own GUID (src/core/vm/vguid_rule.h),
 * asked of OpenSM's ports now, its guid2lid and seen (the GUIDs of the
 * snapshots since load, may be NULL); NULL when it may. */
const char *oc_osm_vguid_refusal(osm_opensm_t *osm, const struct oc_hash *seen,
				 uint64_t vguid);

/* Points vguid at the port with GUID vf_guid: its alias entry, index 1 of
 * that port's GUID table, and index 1 of the previous holder cleared.
 * Returns 1 when something changed, 0 when it was already so, -1 when
 * the VF is not in OpenSM's subnet.  *prev gets the previous holder's
 * port (NULL: none or unchanged). */
int oc_osm_vguid_place(osm_opensm_t *osm, uint64_t vguid, uint64_t vf_guid,
		       osm_port_t **prev);

/* Drops the alias entry of vguid (a stopped VM); *prev as above. */
void oc_osm_vguid_drop(osm_opensm_t *osm, uint64_t vguid, osm_port_t **prev);

/* GUIDInfo Set of block 0 to the VF with GUID vf_guid and to prev (a
 * previous holder, may be NULL); returns the SMPs posted. */
unsigned oc_osm_vguid_send(osm_opensm_t *osm, uint64_t vf_guid,
			   osm_port_t *prev);

/* Places every registry VM's own vGUID (a routing run: after a heavy
 * sweep rebuilt OpenSM's ports, or a restart) and programs the VFs that
 * changed; returns the number of vGUIDs placed anew.  A held VM's is
 * not placed (holds: its VF may run another VM, whose GUIDInfo must not
 * be overwritten, nor become the next reconcile's false evidence). */
unsigned oc_osm_vguid_sync(osm_opensm_t *osm, const struct oc_vmreg *reg,
			   const struct oc_osm_holds *holds);

#endif
