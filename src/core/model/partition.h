/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * partition.h - tenants for the partition-aware engines (pftree,
 * pftree_ext, pftree_wt): partitions with their members, the providers'
 * isolation policies, node weights, and the lanes the engines choose.
 *
 * The OpenSM glue fills struct oc_partitions from OpenSM's own partition
 * table (partitions.conf, re-read at every heavy sweep); the offline tools
 * fill it from a partitions file.  Policies and weights come from files
 * named in the plugin options (formats: docs/user-guide.md).
 */
#ifndef OC_PARTITION_H
#define OC_PARTITION_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

#define OC_PKEY_MASK 0x7fff    /* P_Key without the membership bit */
#define OC_DEFAULT_PKEY 0x7fff /* the default (management) partition */
#define OC_MAX_SL 16

/* One partition: a P_Key and the CA ports that are members. */
struct oc_partition {
	uint16_t pkey; /* 15 bits, membership bit cleared */
	char *name;    /* from partitions.conf; may be NULL */
	uint8_t sl;    /* SL from partitions.conf (sl=), else 0 */
	uint32_t num_members;
	uint32_t cap_members;
	uint64_t *members; /* CA port GUIDs, in the order added */
	uint8_t *full;	   /* [num_members]: 1 full, 0 limited member */
};

struct oc_partitions {
	struct oc_partition *parts; /* in the order added */
	uint32_t count;
	uint32_t cap;
};

struct oc_partitions *oc_partitions_new(void);
void oc_partitions_free(struct oc_partitions *ps);

/* Adds a partition (pkey masked with OC_PKEY_MASK); returns its index, or
 * OC_PART_NONE with err set for a duplicate P_Key or out of memory. */
#define OC_PART_NONE UINT32_MAX
uint32_t oc_partitions_add(struct oc_partitions *ps, uint16_t pkey,
			   const char *name, uint8_t sl, struct oc_err *err);

/* Adds a member port to partition index part; a GUID already there keeps
 * the stronger membership (full wins). */
int oc_partitions_add_member(struct oc_partitions *ps, uint32_t part,
			     uint64_t port_guid, int full, struct oc_err *err);

/* Index of the partition with this P_Key, or OC_PART_NONE. */
uint32_t oc_partitions_find(const struct oc_partitions *ps, uint16_t pkey);

/* Provider isolation policies (pFTree-Ext, Table 1). */
enum oc_isolation {
	OC_ISO_DEFAULT = 0, /* def-isolation: may share links and lanes */
	OC_ISO_VLANE = 1,   /* vlane-isolation: shares links on its own VL */
	OC_ISO_PHY = 2,	    /* phy-isolation: shares no link */
};

enum oc_policy_mode {
	OC_POLICY_STRICT = 0,	   /* an unmet policy fails the routing */
	OC_POLICY_BEST_EFFORT = 1, /* an unmet policy is a warning */
};

struct oc_pkey_policy {
	uint16_t pkey;
	uint8_t isolation; /* enum oc_isolation */
	char *name;	   /* set: the entry names a partition, pkey 0 */
};

struct oc_policies {
	uint8_t mode; /* enum oc_policy_mode */
	uint32_t count;
	uint32_t cap;
	struct oc_pkey_policy *entries;
};

/* Node weights (pFTree-Wt): CA port GUID -> weight; absent means 1. */
struct oc_weights {
	uint32_t count;
	uint32_t cap;
	uint64_t *guids;
	double *weight;
	struct oc_hash *index; /* GUID -> position */
};

struct oc_policies *oc_policies_new(void);
void oc_policies_free(struct oc_policies *p);
/* Adds the policy of a P_Key (name NULL) or of a partition name; fails on
 * a second policy for the same P_Key or name. */
int oc_policies_add(struct oc_policies *p, uint16_t pkey, const char *name,
		    enum oc_isolation iso, struct oc_err *err);
/* The policy of a partition, matched by P_Key or by name; def-isolation
 * when none is given (p may be NULL). */
enum oc_isolation oc_policies_get(const struct oc_policies *p,
				  const struct oc_partition *part);
/* "phy-isolation", ...; "strict", "best-effort". */
const char *oc_isolation_name(enum oc_isolation iso);
const char *oc_policy_mode_name(enum oc_policy_mode mode);

struct oc_weights *oc_weights_new(void);
void oc_weights_free(struct oc_weights *w);
/* Sets the weight of a port (adds or replaces); weight must be > 0. */
int oc_weights_set(struct oc_weights *w, uint64_t port_guid, double weight,
		   struct oc_err *err);
/* The weight of a port: 1 when absent or w is NULL. */
double oc_weights_get(const struct oc_weights *w, uint64_t port_guid);
/* 1 when the port has a weight in w. */
int oc_weights_has(const struct oc_weights *w, uint64_t port_guid);

/* What a partition-aware engine decided about lanes: the SL each
 * partition's traffic uses; SL i maps to data VL i % num_vls. */
struct oc_lane_plan {
	uint32_t count;	 /* == partitions->count */
	uint8_t *sl;	 /* [partition index] */
	uint8_t num_vls; /* data VLs used (at least 1) */
};

/* Sizes plan for count partitions, every SL 0 and one VL (the old table
 * is freed; a zeroed plan is empty). */
int oc_lane_plan_reset(struct oc_lane_plan *plan, uint32_t count,
		       struct oc_err *err);
void oc_lane_plan_clear(struct oc_lane_plan *plan);

#endif
