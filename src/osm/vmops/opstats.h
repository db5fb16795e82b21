/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * opstats.h - figures of the last operations (osmcloud stats).
 *
 * A small ring of the most recent operations (migrate, boot, stop) with what they cost: SMPs
 * by kind, switches updated, planning time and the time until the last
 * SMP was acknowledged.  Thread-safe (its own mutex).
 */
#ifndef OC_OSM_OPSTATS_H
#define OC_OSM_OPSTATS_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include <jansson.h>

#include "io/node_name_map.h"
#include "io/vmfile.h"

#define OC_OPSTATS_KEEP 8

struct oc_osm_op {
	time_t when;
	const char *kind; /* "migrate", "boot", "stop" */
	char vm[OC_VM_NAME_MAX];
	char from[OC_NODE_NAME_MAX], to[OC_NODE_NAME_MAX]; /* hypervisors */
	const char *method;
	uint16_t lid, idle_lid;
	uint32_t switches, vswitches; /* with an LFT update */
	uint32_t lft_smps, pi_smps;   /* posted */
	uint32_t lft_acked, pi_acked; /* acknowledged */
	uint32_t gi_smps;	      /* GUIDInfo Sets (a VM's own vGUID) */
	uint32_t si_smps, si_acked;   /* SwitchInfo (a boot grew the tables) */
	uint32_t qp0_sent;	      /* qp0_mads_sent delta (all SMPs) */
	double plan_ms;		      /* snapshot, analysis, plan */
	const char *model;	      /* "built", "kept", "prepared" */
	double model_ms;	      /* of plan_ms: building the model
				       * (0 when kept) */
	double targets_ms;	      /* of plan_ms: the checks, the VM, the
				       * destination and its VF */
	double prepared_ms;	      /* planned ahead (prepare) in this
				       * long; 0: planned here */
	double send_ms;		      /* command start to the first SMP
				       * (planned, registry staged) */
	double ack_ms;		      /* command start to last ack */
	int timed_out;		      /* outstanding SMPs remained */
	int swept;		      /* a heavy sweep overlapped */
};

struct oc_osm_opstats {
	pthread_mutex_t lock;
	struct oc_osm_op ops[OC_OPSTATS_KEEP];
	uint32_t count; /* ever recorded */
};

void oc_osm_opstats_init(struct oc_osm_opstats *s);
void oc_osm_opstats_destroy(struct oc_osm_opstats *s);
void oc_osm_opstats_add(struct oc_osm_opstats *s, const struct oc_osm_op *op);
/* One line per kept operation, oldest first. */
void oc_osm_opstats_print(struct oc_osm_opstats *s, FILE *out);
/* The figures of one operation on one line. */
void oc_osm_op_print(const struct oc_osm_op *op, FILE *out);
/* The figures of a reply to migrate, boot, stop (docs/protocol.md):
 * from, to, method, SMPs, blocks, switches, times; NULL: out of memory. */
json_t *oc_osm_op_json(const struct oc_osm_op *op);
/* The stats reply's "ops": each kept operation, oldest first, its time,
 * kind, VM, LID and figures; NULL: out of memory. */
json_t *oc_osm_opstats_json(struct oc_osm_opstats *s);

#endif
