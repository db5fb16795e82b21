/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * kept_model.h - the migrator's model of the fabric, kept from one VM
 * command to the next.
 *
 * A VM command (migrate, boot, stop, prepare, apply) plans on a model of
 * OpenSM's subnet: the snapshot (routing/snapshot.h), the LFTs OpenSM
 * believes programmed (every switch's new_lft), the fat-tree analysis and
 * the planner with its switch tuples.  Building it costs a copy of every
 * table (6,804 switches x 24,300 LIDs: 165 MB) and 0.15-0.18 s at 24,300
 * LIDs; the plan itself under a millisecond (docs/migration.md).  So the model built by
 * one command stays after it: when the command changed the fabric, the
 * plan's LID moves and blocks are applied to the model (the same blocks
 * it wrote into new_lft and sent), so the kept model is again exactly
 * what OpenSM holds, and the next command plans on it at once.
 *
 * What can change what the model describes, and how each is caught:
 *   - a heavy sweep (discovery, LIDs, links, every new_lft) or a routing
 *     run without one (OpenSM's "reroute"): sweeps.h's generation moves;
 *     a model kept at another generation is dropped, never used.  The
 *     snapshot points into OpenSM's switches, which only a heavy sweep
 *     frees, so the generation guards these pointers too.  The plugin
 *     also drops the model as soon as a heavy sweep or routing run starts
 *     (oc_osm_migrator_event()), so that its memory is back before the
 *     sweep builds its own;
 *   - new_lft between sweeps: only OpenSM's unicast manager (in a heavy
 *     sweep or a reroute: both move the generation) and the VM commands
 *     (through osm_internals.h, whose changes the model follows) write
 *     it; multicast writes other tables, the SA reads only;
 *   - port state and LIDs between sweeps: a light sweep records a port
 *     that went down or up before it starts the heavy sweep, and a
 *     command may run in between.  The executor therefore re-reads, for
 *     every command, the ports it touches (the VM's VF, the destination
 *     VF, the PortInfo targets) from OpenSM and builds the model afresh
 *     when one disagrees (op_exec.c).  A link between switches that
 *     went down in that window is still up in the kept model (a model
 *     built then would leave it out), so a command may plan routes over
 *     it; the heavy sweep that follows
 *     reroutes and rewrites every block that differs from its routing,
 *     as it does after a command planned just before the link went down;
 *   - the VM registry: read afresh by every command, never kept.
 * A command that failed half way (SMPs not acknowledged: a heavy sweep is
 * requested) or moved a detached VM (OpenSM's heavy sweep does it) keeps
 * nothing.
 *
 * All under the migrator's busy lock (migrate_exec.h).
 */
#ifndef OC_OSM_KEPT_MODEL_H
#define OC_OSM_KEPT_MODEL_H

#include "base/hash.h"
#include "analysis/ftree.h"
#include "model/lft.h"
#include "reconf/reconf.h"
#include "routing/snapshot.h"

/* A model of OpenSM's subnet; rc and names may be NULL (made when first
 * needed). */
struct oc_osm_model {
	struct oc_osm_snapshot *snap;
	struct oc_ftree *ft;
	struct oc_reconf *rc;
	struct oc_lfts *lfts;
	struct oc_hash *names; /* the vSwitches by name (dest.h) */
};

struct oc_osm_kept_model {
	struct oc_osm_model m; /* snap NULL: none kept */
	unsigned generation;   /* oc_osm_sweeps_generation() it is true at */
	unsigned uses;	       /* commands that planned on it */
};

/* Frees what m holds and empties it. */
void oc_osm_model_free(struct oc_osm_model *m);

/* Keeps m (now owned here, m emptied), true at generation; a model kept
 * before is freed.  built: m is a new model (its uses count from 0), not
 * the one taken last. */
void oc_osm_model_keep(struct oc_osm_kept_model *k, struct oc_osm_model *m,
		       unsigned generation, int built);

/* The kept model when it is true at generation: handed over into m
 * (returns 1).  0 otherwise; a kept model of another generation is freed. */
int oc_osm_model_take(struct oc_osm_kept_model *k, unsigned generation,
		      struct oc_osm_model *m);

void oc_osm_model_drop(struct oc_osm_kept_model *k);

/* Port guid (a CA port the command touches; 0: none) as OpenSM has it now
 * differs from the model snap: not the same LID, or one of them without
 * it (absent, inactive).  1: changed, the model must be built afresh. */
int oc_osm_model_port_changed(const struct oc_osm_snapshot *snap,
			      osm_subn_t *subn, uint64_t guid);

#endif
