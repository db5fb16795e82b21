/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * carry_run.h - a routing run keeps the installed tables that still work
 * (route/carry.h, docs/carry.md): when it does, and the carried tables.
 *
 * A heavy sweep carries; it routes from scratch (the engine's tables as
 * they come) when the plugin option carry_tables=off, when OpenSM
 * reroutes without a heavy sweep (the console's "reroute": the admin asks
 * for a re-balanced fabric), and when OpenSM reprograms every switch
 * anyway (the first sweep as master, coming out of standby:
 * subn->need_update).  What is installed and which links came up:
 * lft_in.h.
 */
#ifndef OC_OSM_CARRY_RUN_H
#define OC_OSM_CARRY_RUN_H

#include "log.h"
#include "model/lft.h"
#include "route/carry.h"
#include "route/engine.h"
#include "options.h"
#include "routing/snapshot.h"

/* Why this run of engine e routes from scratch (logged at INFO), or NULL
 * when it carries; reroute: no heavy sweep started since the last routing
 * run.  The partition-aware engines always route from scratch: a carried
 * route is checked for reach and credit loops, not for a partition's
 * isolation or lanes, and their inputs (partitions, policies, weights)
 * may have changed since the tables were installed. */
const char *oc_osm_carry_skip(const osm_subn_t *subn,
			      const struct oc_osm_opts *opts,
			      const struct oc_engine *e, int reroute);

/* Carries the installed tables into t, the engine's fresh ones (in
 * place), with the INFO line "<engine>: carried N of M entries from the
 * installed tables (K fresh: ...)": 1, undo holds the fresh entries
 * replaced (oc_carry_undo_apply() gives them back); 0 when nothing was
 * carried (no switch's table is known, out of memory), logged, t fresh. */
int oc_osm_carry_tables(const struct oc_osm_snapshot *s, struct oc_lfts *t,
			struct oc_carry_undo *undo, const struct oc_osm_log *lg,
			const char *engine);

#endif
