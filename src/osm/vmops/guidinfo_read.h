/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * guidinfo_read.h - GUIDInfo block 0 read from the VF ports themselves,
 * the vGUID evidence of a takeover (reconcile.h, docs/failover.md).
 *
 * OpenSM learns alias GUIDs only from SA GUIDInfoRecord Sets (and its SA
 * database file), never from the ports: its GUIDInfo receiver discards
 * the table of a Get response.  The plugin puts its own receiver in the
 * place of OpenSM's on the SM's dispatcher (the plugin's lifetime); it
 * notes index 1 of every Get response to block 0 per port GUID, then
 * hands the response to OpenSM's receiver unchanged.  At a takeover's
 * heavy sweep the plugin sends one Get per VF (OpenSM's osm_req_get(),
 * by the VF's directed route) under OpenSM's lock, then waits for the
 * answers without it (a bounded time: the state manager's sweep waits
 * too, the dispatcher's threads deliver the answers).
 */
#ifndef OC_OSM_GUIDINFO_READ_H
#define OC_OSM_GUIDINFO_READ_H

#include <pthread.h>
#include <stdint.h>

#include "base/hash.h"
#include "vm/reconcile.h"

struct oc_osm_plugin;

/* The answers of the last read, under lock. */
struct oc_osm_gi_read {
	pthread_mutex_t lock;
	pthread_cond_t answered_cond;
	int own_receiver;	 /* the plugin's receiver is registered */
	struct oc_hash *by_port; /* port GUID -> slot */
	uint64_t *index1;	 /* per slot: index 1 answered */
	uint8_t *state;		 /* per slot: GI_ASKED, GI_READ, GI_BAD */
	uint32_t asked, answered, bad;
};

/* At load (vmstate with a state file): the receiver; -1 with an ERR when
 * OpenSM's cannot be replaced (the takeover then has OpenSM's alias
 * table only). */
int oc_osm_gi_read_start(struct oc_osm_plugin *p);
/* At unload: OpenSM's receiver back, the answers freed. */
void oc_osm_gi_read_stop(struct oc_osm_plugin *p);

/* Without OpenSM's lock: asks every VF of the subnet for GUIDInfo block
 * 0 and waits for the answers (at most 1 s + 0.5 ms per VF, 5 s in all);
 * logs one summary line. */
void oc_osm_gi_read_fabric(struct oc_osm_plugin *p);

/* Fills gi_read and gi_index1 of the n ports seen from the last read. */
void oc_osm_gi_read_fill(struct oc_osm_gi_read *gr, struct oc_port_seen *seen,
			 uint32_t n);

#endif
