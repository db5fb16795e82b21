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

#endif
