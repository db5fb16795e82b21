/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sa_pr_handler.h - the plugin's own PathRecord handler, the fallback
 * that carries the caching flag on stock opensm (no opensm-patches/0003
 * hook; docs/plugin.md, "SA path-record caching", "Stock opensm").
 *
 * At create(), when sa_path_caching=on and the opensm has no PathRecord
 * hook, the plugin puts its handler in the place of OpenSM's
 * (osm_pr_rcv_process) in the SA's dispatcher.  For each PathRecord
 * request:
 *   - flag down, or a request that is not a plain unicast query (a
 *     method other than Get/GetTable, an invalid rate or MTU selector, one
 *     half of the ServiceID, a multicast DGID): OpenSM's own handler
 *     answers it, unchanged;
 *   - otherwise the handler builds the records as OpenSM does, from
 *     OpenSM's exported functions (osm_pr_get_end_points, then
 *     osm_pr_process_pair / osm_pr_process_half over the same alias GUIDs
 *     in the same order, under the SA's lock taken for reading), raises
 *     the flag in each record and answers with osm_sa_respond();  any
 *     error on the way (no requester port, unknown end points, SGID and
 *     SLID of different ports) is left to OpenSM's handler, which answers
 *     it as it always does.
 * MultiPathRecord stays OpenSM's (flag down): OpenSM exports nothing of
 * its search but the whole handler (docs/plugin.md says why).
 */
#ifndef OC_OSM_SA_PR_HANDLER_H
#define OC_OSM_SA_PR_HANDLER_H

struct oc_osm_plugin;

/* Takes over OpenSM's PathRecord handler; 0, or -1 (logged, OpenSM's
 * handler stays). */
int oc_osm_sa_pr_handler_take(struct oc_osm_plugin *p);
/* Gives OpenSM's handler back (a no-op after OpenSM's SA shutdown, which
 * unregistered ours). */
void oc_osm_sa_pr_handler_give_back(struct oc_osm_plugin *p);

#endif
