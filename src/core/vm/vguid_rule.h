/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vguid_rule.h - which GUID a VM may take as its own (its vGUID, which
 * follows it as an alias GUID of the VF it runs on: src/osm/vmops/vguid.h).
 *
 * The SA resolves a GID through OpenSM's port and alias GUID tables.  A
 * vGUID that is some port's GUID makes that port's GID resolve to the
 * VM's LID, or the VM's to the port's: a port that is only down at the
 * moment of the boot takes its GUID back when it returns.  So a vGUID
 * is refused when it is 0 or all ones (no port's GUID: 0 is "none", all
 * ones is reserved), when a port of the subnet has it now, when a port
 * had it in any snapshot since the plugin started, and when OpenSM's
 * guid2lid knows it (a port had it before, even before this start).
 */
#ifndef OC_VGUID_RULE_H
#define OC_VGUID_RULE_H

#include <stdint.h>

#include "base/hash.h"
#include "model/fabric.h"

/* Adds every node and port GUID of f to seen (GUID -> 1); -1 when out of
 * memory (what was added stays). */
int oc_guids_seen_add(struct oc_hash *seen, const struct oc_fabric *f);

/* Why guid may not be a new VM's own vGUID (a predicate: "is 0, no
 * GUID", "is the port GUID of ..."), NULL when it may.  port_now:
 * a port of the subnet has it now; seen: the GUIDs ports had since the
 * plugin started (oc_guids_seen_add; NULL: none known); in_guid2lid:
 * OpenSM's guid2lid has an entry for it. */
const char *oc_vguid_refusal(uint64_t guid, int port_now,
			     const struct oc_hash *seen, int in_guid2lid);

#endif
