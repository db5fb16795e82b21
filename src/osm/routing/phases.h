/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * phases.h - where the time of one routing run goes, every millisecond.
 *
 * A lap timer: oc_osm_phases_start() reads the clock once, and every
 * oc_osm_phases_lap() gives the time since the previous reading to the
 * phase it names.  The laps are contiguous, so the phases add up to the
 * run's span by construction: nothing is left out and "other" (log lines,
 * bookkeeping between the phases, the engine's time outside its own
 * analyse and route figures) is measured like the rest, not derived.
 * OC_PH_OPENSM is OpenSM's own time between the two callbacks
 * (build_lid_matrices returned -> ucast_build_fwd_tables called).
 */
#ifndef OC_OSM_PHASES_H
#define OC_OSM_PHASES_H

#include <stddef.h>

enum oc_osm_phase {
	OC_PH_INPUTS,	  /* re-reading the option files */
	OC_PH_SNAPSHOT,	  /* copying OpenSM's subnet */
	OC_PH_RESERVE,	  /* growing OpenSM's LFTs to the max LID */
	OC_PH_HOPS_START, /* starting the hop fill (its thread) */
	OC_PH_PARTITIONS, /* OpenSM's partitions (partition-aware engines) */
	OC_PH_VMS,	  /* the VMs to route (registry or vms= file) */
	OC_PH_NEW_TABLES, /* the engine's private LFTs */
	OC_PH_ENGINE,	  /* the engine call: analyse + route + the rest */
	OC_PH_CHECK,	  /* the engine's promise */
	OC_PH_HOPS,	  /* finishing the hop matrices after routing */
	OC_PH_CARRY,	  /* keeping the installed tables (carry.h) */
	OC_PH_OPENSM,	  /* OpenSM between the two callbacks */
	OC_PH_LFT_COPY,	  /* the LFTs into OpenSM's new_lft */
	OC_PH_OTHER,	  /* log lines and glue between the phases */
	OC_PH_COUNT
};

struct oc_osm_phases {
	double start_ms; /* the first clock reading of the run */
	double last_ms;	 /* the latest one */
	double ms[OC_PH_COUNT];
};

void oc_osm_phases_start(struct oc_osm_phases *ph);
/* Gives the time since the last reading to phase p; returns that time. */
double oc_osm_phases_lap(struct oc_osm_phases *ph, enum oc_osm_phase p);
/* The span from the first to the latest reading (= sum of the phases). */
double oc_osm_phases_total(const struct oc_osm_phases *ph);
/* The phases as "inputs 0.1, snapshot 2.0, ..., other 0.3" (carry, which
 * runs between route and check, is listed after hops), the engine's
 * lap split into analyse, route and the rest (counted in other). */
void oc_osm_phases_format(const struct oc_osm_phases *ph, double analyse_ms,
			  double route_ms, char *buf, size_t size);

#endif
