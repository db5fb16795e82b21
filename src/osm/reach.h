/*
 * reach.h - the last check before OpenSM's tables are written.
 */
#ifndef OC_OSM_REACH_H
#define OC_OSM_REACH_H

#include "fabric.h"
#include "lft.h"

/* Fails, naming the first hole and the number of holes, when some switch
 * has no LFT entry for the LID of an active CA port that hangs off a
 * switch.  Such a hole would silently drop traffic; failing instead makes
 * OpenSM fall back to its next engine.  Linear in switches x LIDs. */
int oc_osm_check_reach(const struct oc_fabric *f, const struct oc_lfts *lfts,
		       struct oc_err *err);

/* For engines that route every switch pair (OC_ENGINE_SWITCH_PATHS):
 * fails, naming the first pair and the number of pairs, when the route
 * from some switch to some switch LID drops, loops or ends elsewhere.
 * hops: oc_lft_switch_hops() of the engine's tables. */
int oc_osm_check_switch_reach(const struct oc_fabric *f, const uint8_t *hops,
			      struct oc_err *err);

#endif
