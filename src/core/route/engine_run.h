/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * engine_run.h - the one skeleton every routing engine runs.
 *
 * The engines share their phases and differ in the steps: an engine is a
 * policy, a struct of the steps that differ, over one sequence:
 *
 *   1. analyse the fat-tree (oc_ftree_analyze(), timed as analyze_ms),
 *      count its leaves and vSwitches, and let the engine accept it
 *      (pftree refuses vSwitches);
 *   2. set up the router and the engine's scratch;
 *   3. route the end nodes (VMs and PFs, or the compute nodes);
 *   4. route the I/O nodes;
 *   5. route the switch LIDs;
 *   6. complete the tables (vswitch_ftree: idle VFs, holes through a
 *      subtree root, the vSwitches' own tables; pftree: lanes and shared
 *      links);
 *   7. check the result, which may route again from scratch through
 *      oc_engine_route_phases() (vswitch_ftree: detours that close a
 *      credit loop) and run an engine built on top (sftree);
 *   steps 2-7 are timed as route_ms; then the engine frees its scratch
 *   and the analysis is freed.
 *
 * A step left NULL is skipped.  Every step that can fail returns 0, or
 * non-zero with err set; the run stops at the first failure and returns
 * its value.  run is the engine's own state, handed to every step.
 */
#ifndef OC_ENGINE_RUN_H
#define OC_ENGINE_RUN_H

#include "analysis/ftree.h"
#include "route/engine.h"

struct oc_engine_policy {
	/* 1: the analysis, kept by the engine until teardown */
	int (*accept)(void *run, const struct oc_ftree *ft, struct oc_err *err);
	int (*setup)(void *run, struct oc_err *err);	       /* 2 */
	int (*route_end_nodes)(void *run, struct oc_err *err); /* 3 */
	void (*route_io_nodes)(void *run);		       /* 4 */
	void (*route_switch_lids)(void *run);		       /* 5 */
	int (*complete)(void *run, struct oc_err *err);	       /* 6 */
	int (*check)(void *run, struct oc_err *err);	       /* 7 */
	void (*teardown)(void *run); /* after setup, whatever it returned */
};

/* The whole run of an engine (steps 1-7 above) on in's fabric; stats are
 * cleared first. */
int oc_engine_run(const struct oc_engine_policy *p, void *run,
		  const struct oc_engine_input *in,
		  struct oc_route_stats *stats, struct oc_err *err);

/* Steps 3-6, for an engine that routes again from scratch in step 7. */
int oc_engine_route_phases(const struct oc_engine_policy *p, void *run,
			   struct oc_err *err);

#endif
