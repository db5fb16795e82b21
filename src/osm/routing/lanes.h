/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lanes.h - service levels and virtual lanes of the partition-aware
 * engines inside OpenSM.
 *
 * The engine decides one SL per partition (struct oc_lane_plan).  OpenSM
 * asks the routing engine for a path's SL (path_sl, for every PathRecord
 * the SA answers) and lets it adjust the SL-to-VL tables it programs
 * (update_sl2vl, only with "qos TRUE"); both are answered from the plan
 * of the last successful run, kept here with a LID -> partitions index.
 * They are called after routing with OpenSM's lock held (shared for the
 * SA), while routing rebuilds them with the lock held exclusively.
 */
#ifndef OC_OSM_LANES_H
#define OC_OSM_LANES_H

#include <stdint.h>

#include <opensm/osm_subnet.h>

#include "model/fabric.h"
#include "model/partition.h"

struct oc_osm_lanes {
	struct oc_lane_plan plan; /* filled by the engine */
	uint16_t max_lid;
	uint32_t *first; /* [max_lid + 2]: LID l's partitions are */
	uint32_t *part;	 /* part[first[l] .. first[l + 1]) */
	uint16_t *pkey;	 /* [plan.count] */
	int ready;	 /* the last run succeeded */
};

/* Data VLs every linked CA port and switch port supports (PortInfo
 * VLCap), at most what OpenSM's max_op_vls allows; 1 at least. */
unsigned oc_osm_data_vls(const osm_subn_t *subn);

/* Indexes which partitions each CA LID of f is in, for path_sl; the plan
 * must have been filled for ps.  On error the lanes are not ready. */
int oc_osm_lanes_index(struct oc_osm_lanes *l, const struct oc_fabric *f,
		       const struct oc_partitions *ps, struct oc_err *err);

/* Forgets the index (not the plan's storage): path_sl answers hints. */
void oc_osm_lanes_reset(struct oc_osm_lanes *l);
void oc_osm_lanes_free(struct oc_osm_lanes *l);

/* The SL of the path slid -> dlid (host order): the SL of a tenant
 * partition both ports are in (the default partition only when they
 * share no other); hint when it is the SL of one of those; else 0. */
uint8_t oc_osm_lanes_path_sl(const struct oc_osm_lanes *l, uint8_t hint,
			     uint16_t slid, uint16_t dlid);

/* SL i -> VL i % n, n = the plan's VLs, at most the port's operational
 * data VLs. */
void oc_osm_lanes_sl2vl(const struct oc_osm_lanes *l, const osm_physp_t *physp,
			ib_slvl_table_t *t);

#endif
