/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lidfilter.h - free VFs keep no LID across heavy sweeps (dynamic LID
 * model), through the LID manager port filter of
 * opensm-patches/0002-lid-manager-port-filter.patch.
 *
 * A *free VF* here is a VF port the plugin left without a LID: the VF a
 * stop freed, or the old VF of a LID copy (both get a PortInfo Set with
 * LID 0).  It stays free until a boot or a copy gives it a LID again.
 * The set is the registry's (oc_vmreg_mark_free(), vmreg.h), guarded by
 * vmstate.lock and saved in the state file with the VMs, so it survives
 * an opensm restart.  In a patched opensm the plugin
 * registers a filter that answers "no LID" for a port in the set that no
 * VM of the registry uses, so OpenSM's LID manager leaves it at LID 0 at
 * every heavy sweep.  Stock opensm has no filter (dlsym finds nothing):
 * its LID manager gives free VFs a LID again at the next heavy sweep
 * (the state file keeps them all the same, with no effect there).
 */
#ifndef OC_OSM_LIDFILTER_H
#define OC_OSM_LIDFILTER_H

#include <stdint.h>

#include "vm/vmreg.h"

struct oc_osm_plugin;

struct oc_osm_lidfilter {
	int registered; /* opensm's LID manager asks us */
};

/* From create(): registers the filter when opensm has the hook; returns
 * 1 when registered, 0 without the hook (stock opensm) or when another
 * filter holds it (logged). */
int oc_osm_lidfilter_register(struct oc_osm_plugin *p);
/* From delete(): clears the filter. */
void oc_osm_lidfilter_unregister(struct oc_osm_plugin *p);

/* Under vmstate.lock: the port guid now has LID lid (0: none), so it
 * enters (lid 0) or leaves the registry's free VFs.  -1 when out of
 * memory (the port then gets a LID at the next heavy sweep, as on stock
 * opensm). */
int oc_osm_lidfilter_note(struct oc_vmreg *reg, uint64_t guid, uint16_t lid);

#endif
