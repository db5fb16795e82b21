/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * takeover_view.h - the CA ports as a new master sees them, for the
 * reconcile (vm/reconcile.h), read at HEAVY_SWEEP_DONE, before OpenSM's
 * LID manager: straight from OpenSM's port table, so that what that LID
 * manager resolves in the same sweep (a LID on two ports, a port not
 * active yet) is evidence, not a failure.  Nodes and links come from a
 * links-only snapshot (routing/snapshot.h: the one VF rule, a CA port on
 * a vSwitch port other than its PF's); each linked CA port's LID from its
 * PortInfo, its alias GUID from OpenSM's alias table.  A port without a
 * link (detached) is not seen.  Under osm->lock.
 */
#ifndef OC_OSM_TAKEOVER_VIEW_H
#define OC_OSM_TAKEOVER_VIEW_H

#include <opensm/osm_subnet.h>

#include "base/error.h"
#include "io/vmfile.h"
#include "vm/reconcile.h"

/* Every linked CA port; *n gets their number.  NULL with err when the
 * subnet cannot be modelled or out of memory. */
struct oc_osm_gi_read;

struct oc_port_seen *oc_osm_ports_seen(osm_subn_t *subn,
				       struct oc_osm_gi_read *gi, uint32_t *n,
				       struct oc_err *err);

/* 1 with why (len bytes) when a VF carries an alias GUID that the VM file
 * vms (may be NULL) does not predict there (a VM given its own vGUID on
 * that VF): evidence that VMs moved under a registry some SM kept. */
int oc_osm_aliases_unpredicted(osm_subn_t *subn, const struct oc_vm_table *vms,
			       char *why, size_t len);

#endif
