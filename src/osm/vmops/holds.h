/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * holds.h - the VMs this SM holds: kept in the registry with their LID,
 * every operation on them refused (OC_RES_UNRECONCILED), each with the
 * reason an operator reads in the refusal, in `vms` and in the ERR line.
 *
 * One list for every reason a record cannot be trusted, whoever found
 * it: the takeover's reconcile (reconcile.h: its LID on a PF, on two
 * ports neither its own, another vGUID on its VF, ...) and the check of
 * each routing run (vm_doubts.h: a VF that is a PF, a switch's or the
 * SM's LID).  Each finder replaces its own entries at each pass: it
 * marks them, adds what it finds now (an entry found again is kept and
 * says so, so that its ERR is logged once), then sweeps what it did not
 * find again.  Every look-up is a hash probe per finder (a takeover may
 * hold thousands of VMs under OpenSM's lock).  The caller serialises
 * (vmstate.lock).
 */
#ifndef OC_OSM_HOLDS_H
#define OC_OSM_HOLDS_H

#include <stdint.h>

#include "base/hash.h"
#include "io/vmfile.h"

#define OC_HOLD_WHY_MAX 768

/* Who found the reason. */
enum oc_hold_finder {
	OC_HOLD_BY_TAKEOVER, /* the takeover's reconcile */
	OC_HOLD_BY_ROUTING,  /* the check at each routing run */
	OC_HOLD_FINDERS
};

struct oc_osm_hold {
	char name[OC_VM_NAME_MAX];
	char why[OC_HOLD_WHY_MAX];
	enum oc_hold_finder finder;
	int stale; /* marked, not found again yet */
};

struct oc_osm_holds {
	struct oc_osm_hold *v;
	uint32_t count, cap;
	/* per finder: name (in v[]) -> index in v; NULL: none (or no memory:
	 * the look-ups then scan v) */
	struct oc_hash *by_name[OC_HOLD_FINDERS];
};

/* Marks finder's entries stale: the start of its pass. */
void oc_osm_holds_mark(struct oc_osm_holds *h, enum oc_hold_finder finder);
/* Holds VM name for finder's reason why: 1 when finder held it already
 * (the reason is updated), 0 when it is new, -1 out of memory. */
int oc_osm_holds_add(struct oc_osm_holds *h, enum oc_hold_finder finder,
		     const char *name, const char *why);
/* Drops finder's entries still stale: the end of its pass. */
void oc_osm_holds_sweep(struct oc_osm_holds *h, enum oc_hold_finder finder);
/* How many VMs finder holds; the first one's reason (NULL: none). */
uint32_t oc_osm_holds_count(const struct oc_osm_holds *h,
			    enum oc_hold_finder finder);
const char *oc_osm_holds_first(const struct oc_osm_holds *h,
			       enum oc_hold_finder finder);
/* The first reason VM name is held, NULL when it is not. */
const char *oc_osm_holds_why(const struct oc_osm_holds *h, const char *name);
void oc_osm_holds_free(struct oc_osm_holds *h);

#endif
