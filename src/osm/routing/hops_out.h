/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * hops_out.h - the switch hop matrices OpenSM keeps for multicast, the SA
 * and its dump files, filled from the core's switch distances.
 */
#ifndef OC_OSM_HOPS_OUT_H
#define OC_OSM_HOPS_OUT_H

#include <stdint.h>

#include "model/lft.h"
#include "routing/snapshot.h"

struct oc_osm_hops;

/* Starts filling, for every switch and the switch LIDs whose rows it needs
 * (model/hop_rows.h; all of them if 'full'): hops 0 through port 0 to its
 * own LID, and 1 + distance(neighbour, target) through each port that
 * leads to a neighbour switch, like osm_ucast_mgr_build_lid_matrices()
 * but from oc_switch_distances().
 * The fill runs on a worker thread (or, if none can be started, in
 * oc_osm_hops_finish()) and touches only the hop rows of s's switches, so
 * the caller may route meanwhile, reading s but not OpenSM's hop matrices.
 * The switch tables must already be large enough (oc_osm_lft_reserve()).
 * NULL when out of memory. */
struct oc_osm_hops *oc_osm_hops_start(const struct oc_osm_snapshot *s, int full,
				      struct oc_err *err);

/* Helps the worker finish, waits for it and frees h.  On failure (out of
 * memory) every matrix is cleared again and -1 returned.  *dist_ms: when
 * the distances were ready, from oc_osm_hops_start(). */
int oc_osm_hops_finish(struct oc_osm_hops *h, double *dist_ms,
		       struct oc_err *err);

/* Stops the fill, waits for the worker, clears every matrix and frees h
 * (NULL: nothing). */
void oc_osm_hops_cancel(struct oc_osm_hops *h);

/* For engines whose switch-to-switch routes need not be the shortest
 * (OC_ENGINE_SWITCH_PATHS): rewrites each switch's row of every switch
 * LID after oc_osm_hops_finish() as OpenSM's ftree fills it: slot 0 and
 * the port the LFT uses get the hop count of the real route (hops, from
 * oc_lft_switch_hops()), every other port OSM_NO_PATH, so that the dump
 * and multicast follow the unicast routes.  The rows the fill made are
 * all rewritten; a missing one is made if hop_rows.h's rule wants it
 * (with the route's hops; 'full' as for oc_osm_hops_start()).  -1 when
 * out of memory (every matrix is cleared then). */
int oc_osm_hops_along_routes(const struct oc_osm_snapshot *s,
			     const struct oc_lfts *t, const uint8_t *hops,
			     int full, struct oc_err *err);

#endif
