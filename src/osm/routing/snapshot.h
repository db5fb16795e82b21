/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * snapshot.h - OpenSM's subnet copied into the core fabric model.
 *
 * Taken by the routing engine under the lock OpenSM already holds
 * exclusively.  Switches and CAs come from subn->node_guid_tbl (routers
 * are left out), names from node descriptions (made unique with the node
 * GUID), links from the physical ports' remote pointers when neither end
 * is DOWN, LIDs from switch port 0 and CA ports.  A port is active when it
 * is linked (and, for a CA, has a LID).  Linear in the size of the subnet.
 */
#ifndef OC_OSM_SNAPSHOT_H
#define OC_OSM_SNAPSHOT_H

#include <opensm/osm_subnet.h>
#include <opensm/osm_switch.h>

#include "io/node_name_map.h"
#include "model/fabric.h"

struct oc_osm_snapshot {
	struct oc_fabric *f;
	osm_switch_t **sw; /* [switch index]: OpenSM's switch, or NULL
				   for a switch without a linear table */
};

struct oc_osm_snapshot *oc_osm_snapshot_take(osm_subn_t *subn,
					     struct oc_err *err);
/* The same, nodes named by OpenSM's node name map where it has them
 * (node_name_map_name; NULL: by their descriptions), so that every log
 * line naming a switch or a port uses the administrator's names. */
struct oc_osm_snapshot *
oc_osm_snapshot_take_named(osm_subn_t *subn, const struct oc_name_map *names,
			   struct oc_err *err);
/* The nodes, port GUIDs and links only (every linked port active, no
 * LID): what a LID held by two ports, which the full snapshot refuses,
 * cannot break (the takeover's view before OpenSM's LID manager runs;
 * read the LIDs with oc_osm_snapshot_ca_lid()). */
struct oc_osm_snapshot *oc_osm_snapshot_take_links(osm_subn_t *subn,
						   struct oc_err *err);
void oc_osm_snapshot_free(struct oc_osm_snapshot *s);

/* A CA port as a snapshot models it: its LID when it is active (linked,
 * neither end DOWN, with a LID), 0 when it is not. */
uint16_t oc_osm_snapshot_ca_lid(const osm_physp_t *ph);

#endif
