/*
 * hops_out.h - the switch hop matrices OpenSM keeps for multicast, the SA
 * and its dump files, filled from the core's switch distances.
 */
#ifndef OC_OSM_HOPS_OUT_H
#define OC_OSM_HOPS_OUT_H

#include <stdint.h>

#include "snapshot.h"

/* For every switch and every switch LID: hops 0 through port 0 to its own
 * LID, and 1 + distance(neighbour, target) through each port that leads
 * to a neighbour switch, like osm_ucast_mgr_build_lid_matrices() but from
 * dist (oc_switch_distances()).  On failure (out of memory) every matrix
 * is cleared again and -1 returned. */
int oc_osm_hops_write(const struct oc_osm_snapshot *s, const uint8_t *dist,
		      struct oc_err *err);

#endif
