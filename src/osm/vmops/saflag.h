/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * saflag.h - the PathRecord caching flag (plugin option
 * sa_path_caching=on; docs/plugin.md, "SA path-record caching").
 *
 * The flag (the first bit of a PathRecord's reserved field) tells clients
 * that a path record stays valid across VM migrations, so they may cache
 * it.  It is up only while the plugin keeps that true: the option is on,
 * a VM registry (state=) is configured and usable (migrations keep each
 * VM's LID, vGUID and GID), and the last routing run was one of
 * osmcloud's engines (an engine opensm fell back to routes the VMs' LIDs
 * without the registry).  oc_saflag_decide() (src/core/sa/flag_rule.h,
 * unit-tested) is that rule; the state
 * is updated at create() and at each UCAST_ROUTING_DONE event, and a
 * change is logged once with its reason.  It lives with the VM
 * operations because the registry is what makes the promise.
 *
 * The flag reaches the records through opensm-patches/0003's PathRecord
 * hook, registered at create() when the option is on.  Stock opensm has
 * no hook: there the plugin takes over the SA's PathRecord handler
 * (sa_pr_handler.h) and raises the flag itself.
 */
#ifndef OC_OSM_SAFLAG_H
#define OC_OSM_SAFLAG_H

struct oc_osm_plugin;

struct oc_osm_saflag {
	int up;		  /* read by the SA threads (atomic) */
	int why;	  /* enum oc_saflag_why, last logged */
	int hooked;	  /* our hook is registered */
	int own_handler;  /* stock opensm: our PathRecord handler */
	int routed_by_us; /* last routing run: one of our engines */
	int routed;	  /* a routing run happened */
};

/* create(): registers the hook when the option is on and opensm has it,
 * else takes over the SA's PathRecord handler; then decides. */
void oc_osm_saflag_start(struct oc_osm_plugin *p);
/* delete(): clears the hook, or gives OpenSM's handler back. */
void oc_osm_saflag_stop(struct oc_osm_plugin *p);
/* report(): at UCAST_ROUTING_DONE, notes which engine routed and
 * decides again. */
void oc_osm_saflag_event(struct oc_osm_plugin *p, int id);

#endif
