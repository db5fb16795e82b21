/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * run.h - one routing run of one engine inside OpenSM.
 *
 * build_lid_matrices -> oc_osm_run_route(): read the option files, take
 * the snapshot (for the partition-aware engines also OpenSM's partitions
 * and the ports' data VLs), run the core engine into a private oc_lfts
 * (and lane plan), check the engine's promise on those tables (promise.h:
 * every CA LID reached, no credit loop in CA traffic; for sftree also
 * every switch LID but the pairs it declares unserved, and no credit
 * loop with switch sources), make room in the switch tables, fill the
 * hop matrices.  Every failure is logged and returned before OpenSM's
 * tables are touched, so the next engine (or minhop) starts from clean
 * tables.  A heavy sweep keeps the installed entries that still work
 * (carry_run.h) before the promise check; carried tables that break the
 * promise give way to the engine's own.
 * ucast_build_fwd_tables -> oc_osm_run_write(): copy the LFTs into
 * new_lft, set LinearFDBTop, log the summary.
 * path_sl / update_sl2vl -> oc_osm_run_path_sl() / oc_osm_run_sl2vl():
 * answered from the lanes of the last successful run (lanes.h).
 */
#ifndef OC_OSM_RUN_H
#define OC_OSM_RUN_H

#include "route/carry.h"
#include "route/engine.h"
#include "routing/inputs.h"
#include "routing/lanes.h"
#include "routing/phases.h"
#include "plugin.h"
#include "routing/snapshot.h"

struct oc_osm_run {
	struct oc_osm_plugin *plugin;
	const struct oc_engine *engine;
	struct oc_osm_snapshot *snap;
	struct oc_partitions *parts; /* OpenSM's, while a run is under way */
	struct oc_osm_lanes lanes;   /* kept from run to run */
	struct oc_lfts *lfts; /* NULL unless oc_osm_run_route() succeeded */
	int carried;	      /* lfts are carried (carry_run.h) */
	struct oc_carry_undo undo; /* the engine's entries they replaced */
	int reroute;		   /* no heavy sweep since the last run */
	int routed_once;
	unsigned routed_at;   /* heavy sweeps started at the last run */
	uint8_t *switch_hops; /* OC_ENGINE_SWITCH_PATHS: oc_lft_switch_hops() */
	struct oc_vm_table *registry_vms; /* the registry's VMs routed */
	struct oc_route_stats stats;
	struct oc_osm_phases phases; /* every millisecond of the run */
	double snapshot_ms, check_ms, hops_ms;
};

struct oc_osm_run *oc_osm_run_new(const struct oc_osm_slot *slot);
void oc_osm_run_free(struct oc_osm_run *run);

/* 0 on success, -1 (logged) on any failure. */
int oc_osm_run_route(struct oc_osm_run *run);
int oc_osm_run_write(struct oc_osm_run *run);

uint8_t oc_osm_run_path_sl(const struct oc_osm_run *run, uint8_t hint,
			   uint16_t slid, uint16_t dlid);
void oc_osm_run_sl2vl(const struct oc_osm_run *run, const osm_physp_t *physp,
		      ib_slvl_table_t *t);

#endif
