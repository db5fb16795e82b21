/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * partitions_in.h - OpenSM's partitions as the partition-aware engines'
 * input (struct oc_partitions).
 *
 * OpenSM re-reads partitions.conf at every heavy sweep, before routing,
 * into subn->prtn_pkey_tbl; the engines take their tenants from there so
 * that OpenSM and the routing always agree on who is in which partition.
 */
#ifndef OC_OSM_PARTITIONS_IN_H
#define OC_OSM_PARTITIONS_IN_H

#include <opensm/osm_subnet.h>

#include "model/partition.h"

/* A copy of subn's partitions: P_Key (membership bit cleared), name, SL
 * (0 unless OpenSM's qos is on) and the CA ports that are full or limited
 * members; switch ports are left out.  Partitions keep OpenSM's order
 * (by P_Key).  The caller holds OpenSM's lock.  NULL with err set when
 * out of memory. */
struct oc_partitions *oc_osm_partitions_take(const osm_subn_t *subn,
					     struct oc_err *err);

#endif
