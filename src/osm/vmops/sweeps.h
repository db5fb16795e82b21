/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sweeps.h - the heavy sweeps OpenSM runs, as the plugin's event report
 * sees them: how many started and whether one is under way (from
 * HEAVY_SWEEP_START until SUBNET_UP).
 *
 * A VM operation takes osm->lock between a sweep's discovery and its
 * routing; the sweep then reprograms LFT blocks after the operation's
 * SMPs (from the registry the operation saved).  The executor waits for
 * such a sweep and checks its blocks against OpenSM's tables instead of
 * its own (op_exec.c).  A sweep that fails before SUBNET_UP leaves
 * "running" set until the next one is up: the executor then only waits
 * its usual 10 s at most.  Written by the sweeper thread, read by any.
 *
 * The generation counts heavy sweeps started and routing runs done
 * (OpenSM's "reroute" routes without a heavy sweep): a model of the
 * fabric taken at one generation (a prepared migration, prepared.h) is
 * still OpenSM's while the generation has not moved.
 */
#ifndef OC_OSM_SWEEPS_H
#define OC_OSM_SWEEPS_H

#include <opensm/osm_event_plugin.h>

struct oc_osm_sweeps {
	unsigned started; /* HEAVY_SWEEP_START events */
	int running;	  /* a START not yet followed by SUBNET_UP */
	unsigned routed;  /* UCAST_ROUTING_DONE events */
};

/* The plugin's report(): records the sweep events, ignores the rest. */
void oc_osm_sweeps_event(struct oc_osm_sweeps *s, osm_epi_event_id_t id);

unsigned oc_osm_sweeps_started(const struct oc_osm_sweeps *s);
int oc_osm_sweeps_running(const struct oc_osm_sweeps *s);
unsigned oc_osm_sweeps_generation(const struct oc_osm_sweeps *s);

#endif
