/*
 * vmstate.h - the VM registry inside opensm (plugin option state=FILE).
 *
 * At load (create(), before the first sweep) the state file is read and
 * every VM's LID is written into OpenSM's guid2lid for its VF port, so
 * that OpenSM's LID manager gives each VM its own LID, also after an
 * opensm restart.  Without a state file yet, the first routing run seeds
 * the registry from the vms= file and the LIDs OpenSM assigned, and saves
 * it.  Routing then takes the VMs and weights from the registry.
 * Every access holds vmstate.lock: routing runs in the sweeper thread,
 * commands in the console or control-socket thread.
 */
#ifndef OC_OSM_VMSTATE_H
#define OC_OSM_VMSTATE_H

#include <pthread.h>

#include <opensm/osm_opensm.h>

#include "fabric.h"
#include "log.h"
#include "vmreg.h"

struct oc_osm_vmstate {
	pthread_mutex_t lock;
	const char *path;     /* NULL: no registry (state= not given) */
	struct oc_vmreg *reg; /* loaded or seeded; empty before */
	int ready;	      /* reg holds the fabric's VMs */
};

/* create(): reads the state file (a missing one is fine: seeded later)
 * and reserves each VM's LID in guid2lid.  -1 with err on a bad file. */
int oc_osm_vmstate_open(struct oc_osm_vmstate *vs, const char *path,
			osm_opensm_t *osm, const struct oc_osm_log *log,
			struct oc_err *err);
/* Reserves every VM's LID for its VF port in OpenSM's guid2lid (taking
 * it from any other GUID there); also the takeover's (takeover.h). */
void oc_osm_vmstate_reserve_lids(const struct oc_vmreg *reg, osm_opensm_t *osm);

/* Frees what open() made; a no-op on a zeroed, never opened state. */
void oc_osm_vmstate_close(struct oc_osm_vmstate *vs);

/* A routing run, under OpenSM's lock: seeds the registry from seed (the
 * vms= file, may be NULL) on the fabric f if it is not ready, reports
 * VMs whose VF has another LID than recorded, and returns the routing
 * view (VF port GUID -> weight; free it) or NULL on error. */
struct oc_vm_table *oc_osm_vmstate_for_routing(struct oc_osm_vmstate *vs,
					       const struct oc_vm_table *seed,
					       const struct oc_fabric *f,
					       const struct oc_osm_log *log,
					       struct oc_err *err);

#endif
