/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vmstate.h - the VM registry inside opensm (plugin option state=FILE).
 *
 * At load (create(), before the first sweep) the state file is read and
 * every VM's LID is written into OpenSM's guid2lid for its VF port, so
 * that OpenSM's LID manager gives each VM its own LID, also after an
 * opensm restart.  Without a state file yet, the first routing run seeds
 * the registry from the vms= file and the LIDs OpenSM assigned, and saves
 * it.  Routing then takes the VMs and weights from the registry.
 *
 * A PATH.pending is never taken here, on any SM: only the master takes
 * it, at the takeover's reconcile, when it is provably newer than PATH
 * (takeover.h): a restarting standby must not roll a shared file back.
 * Without a state file, seeding needs the takeover's consent (may_seed).
 *
 * A state file that cannot be used (a folder that does not exist, a bad
 * or truncated file) turns the VM operations off, not routing: the
 * reason is logged once at load and given to every refused operation,
 * the file is never written, and routing takes the VMs of the vms= file.
 *
 * An operation changes the registry in two steps around its SMPs:
 * stage() writes the registry as the operation leaves it to
 * PATH.pending and syncs it before the first SMP (a failure refuses the
 * operation: nothing sent, nothing changed), commit() after the SMPs
 * makes it the registry and renames it over PATH.  A PATH.pending left
 * by an interrupted operation is taken by the next takeover's reconcile
 * when its generation is above PATH's.
 *
 * Every access holds vmstate.lock: routing runs in the sweeper thread,
 * commands in the console or control-socket thread.
 */
#ifndef OC_OSM_VMSTATE_H
#define OC_OSM_VMSTATE_H

#include <pthread.h>

#include <opensm/osm_opensm.h>

#include "model/fabric.h"
#include "analysis/ftree.h"
#include "log.h"
#include "vm/vmreg.h"
#include "vmops/holds.h"
#include "vmops/vf_absent.h"

struct oc_osm_vmstate {
	pthread_mutex_t lock;
	const char *path;      /* NULL: no registry (state= not given) */
	struct oc_vmreg *reg;  /* loaded or seeded; empty before */
	struct oc_vmreg *next; /* staged by an operation, NULL otherwise */
	int ready;	       /* reg holds the fabric's VMs */
	int off;	       /* VM operations are off: off_why says why */
	int may_seed; /* not ready: the takeover allows seeding from vms= */
	/* called after this SM wrote the state file (seeding), for the
	 * takeover's freshness check (takeover.h); may be NULL */
	void (*wrote)(void *ctx);
	void *wrote_ctx;
	char off_why[512];
	struct oc_osm_vf_absent absent; /* VMs whose VF is absent */
	struct oc_hash *guids_seen;	/* every node and port GUID of every
				     * snapshot since load (vguid_rule.h) */
	struct oc_osm_holds holds; /* VMs held: operations on them refused */
};

/* create(): checks the path, reads the state file (a missing one is
 * fine: seeded later) and reserves each VM's LID in guid2lid.  A file or
 * folder that cannot be used turns the VM operations off (logged, ERR);
 * -1 only when out of memory. */
int oc_osm_vmstate_open(struct oc_osm_vmstate *vs, const char *path,
			osm_opensm_t *osm, const struct oc_osm_log *log,
			struct oc_err *err);
/* Reserves every VM's LID for its VF port in OpenSM's guid2lid (taking
 * it from any other GUID there), a held VM's excepted (reconcile.h);
 * also the takeover's (takeover.h). */
void oc_osm_vmstate_reserve_lids(const struct oc_vmreg *reg, osm_opensm_t *osm);

/* Frees what open() made; a no-op on a zeroed, never opened state. */
void oc_osm_vmstate_close(struct oc_osm_vmstate *vs);

/* Reads the state file (never PATH.pending: takeover.h) into the
 * registry and reserves its LIDs; open() does it once.  Under vs->lock and OpenSM's lock.  0 when read or absent,
 * -1 when the VM operations are now off (logged). */
int oc_osm_vmstate_read(struct oc_osm_vmstate *vs, osm_opensm_t *osm,
			const struct oc_osm_log *log);

/* Turns the VM operations off for the reason why (logged as ERR). */
void oc_osm_vmstate_disable(struct oc_osm_vmstate *vs,
			    const struct oc_osm_log *log, const char *why);

/* Under vs->lock: 0 when an operation may change the registry, else -1
 * with err saying why (operations off, or not seeded yet). */
int oc_osm_vmstate_usable(const struct oc_osm_vmstate *vs, struct oc_err *err);

/* A routing run, under OpenSM's lock: seeds the registry from seed (the
 * vms= file seed_path, may be NULL) on the fabric f (ft: its fat-tree analysis,
 * may be NULL) if it is not ready and may_seed, each VM that cannot be seeded an ERR
 * of its own; reports VMs whose VF has another LID than recorded.
 * *view gets the routing view (VF port GUID -> weight; free it), or NULL
 * when the operations are off or no registry may be seeded (route with
 * the vms= file).  -1 with err
 * only when out of memory. */
int oc_osm_vmstate_for_routing(struct oc_osm_vmstate *vs,
			       const struct oc_vm_table *seed,
			       const char *seed_path, const struct oc_fabric *f,
			       const struct oc_ftree *ft,
			       const struct oc_osm_log *log,
			       struct oc_vm_table **view, struct oc_err *err);

/* A routing run's snapshot f: its GUIDs join vs->guids_seen (takes
 * vs->lock; out of memory, the GUIDs of the ports OpenSM knows at a boot
 * are still refused). */
void oc_osm_vmstate_note_guids(struct oc_osm_vmstate *vs,
			       const struct oc_fabric *f);

/* A routing run (after oc_osm_vmstate_for_routing): the VMs whose
 * record f refutes (src/core/vm/vm_doubts.h; sm_lid: the SM's LID) are
 * held, their operations refused; each is an ERR naming it and the
 * reason when it is first held.  Takes vs->lock. */
void oc_osm_vmstate_hold_doubted(struct oc_osm_vmstate *vs,
				 const struct oc_fabric *f,
				 const struct oc_ftree *ft, unsigned sm_lid,
				 const struct oc_osm_log *log);

/* Whether the registry waits to be seeded at a routing run (takes
 * vs->lock): a state file to seed that is not off. */
int oc_osm_vmstate_awaits_seed(struct oc_osm_vmstate *vs);

/* Under vs->lock, for an operation: a copy of the registry to change
 * (NULL when out of memory). */
struct oc_vmreg *oc_osm_vmstate_draft(const struct oc_osm_vmstate *vs);
/* Before the first SMP: writes next (a draft, now owned by vs) to
 * PATH.pending and syncs it.  -1 with err when it cannot: next is freed,
 * nothing changed, and the operation must be refused. */
int oc_osm_vmstate_stage(struct oc_osm_vmstate *vs, struct oc_vmreg *next,
			 struct oc_err *err);
/* After the SMPs: the staged registry becomes the registry and replaces
 * PATH.  -1 with err (logged by the caller) when the rename failed: the
 * registry in memory is the new one all the same, and PATH.pending,
 * which holds it, is taken at the next start. */
int oc_osm_vmstate_commit(struct oc_osm_vmstate *vs, struct oc_err *err);
/* Drops a staged registry (an operation refused after staging). */
void oc_osm_vmstate_abort(struct oc_osm_vmstate *vs);

#endif
