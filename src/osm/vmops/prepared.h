/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * prepared.h - a migration planned ahead and kept until it is applied:
 *   osmcloud prepare VM DEST [itrc|ftreeminrc]   plans, sends nothing
 *   osmcloud apply VM                            sends the kept plan
 * (a "migrate VM DEST" with the same DEST and method takes it too).
 *
 * The papers' split of a live migration: the switch marking and the plan
 * run while the VM still runs (pre-copy); once the VM has stopped only
 * the SMPs are left, the active routes first (reconf.h).  The migrator
 * keeps one prepared migration, the last one.  It is current while
 * OpenSM's fabric is the one it was planned on: no heavy sweep started
 * and no routing run since (sweeps.h's generation) and no VM operation
 * applied since (which drops it).  A plan that is not current is dropped
 * and the operation plans afresh, which is only slower: a kept plan is
 * never sent onto tables it was not made for.  The kept model points into
 * OpenSM's switches, which only a heavy sweep frees: the generation
 * guards these pointers too.
 *
 * All under the migrator's busy lock (migrate_exec.h).
 */
#ifndef OC_OSM_PREPARED_H
#define OC_OSM_PREPARED_H

#include "vmops/dest.h"
#include "reconf/reconf.h"
#include "io/vmfile.h"

struct oc_exec;

/* Frees a kept model and plan (op_exec.c knows how). */
typedef void oc_osm_prepared_release_fn(struct oc_exec *x);

struct oc_osm_prepared {
	struct oc_exec *x; /* the kept model and plan, NULL: none */
	oc_osm_prepared_release_fn *release;
	char vm[OC_VM_NAME_MAX]; /* the VM it moves */
	char dest[OC_DEST_MAX];	 /* DEST as prepare was given it */
	enum oc_reconf_method method;
	unsigned generation; /* oc_osm_sweeps_generation() when planned */
};

/* Keeps x (allocated by the caller, now owned here; release frees what
 * it holds), replacing any kept one; vm and dest are copied. */
void oc_osm_prepared_keep(struct oc_osm_prepared *pp, struct oc_exec *x,
			  oc_osm_prepared_release_fn *release, const char *vm,
			  const char *dest, enum oc_reconf_method method,
			  unsigned generation);

/* The kept plan of this VM, whether current or not (NULL: none). */
const struct oc_osm_prepared *
oc_osm_prepared_of(const struct oc_osm_prepared *pp, const char *vm);

/* The kept model and plan when they are for this VM, DEST and method and
 * still current at generation: handed over to the caller (who frees the
 * struct itself).  NULL otherwise; a kept plan that is no longer current
 * is dropped and why says so ("" when there was none for this request). */
struct oc_exec *oc_osm_prepared_take(struct oc_osm_prepared *pp, const char *vm,
				     const char *dest,
				     enum oc_reconf_method method,
				     unsigned generation, char *why,
				     size_t why_size);

void oc_osm_prepared_drop(struct oc_osm_prepared *pp);

#endif
