/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tenant_args.h - the tenant options shared by "osmcloud route" and
 * "osmcloud check": --partitions (offline partitions file), --policies
 * (pftree_ext policy file), --weights (pftree_wt weights file) and
 * --sm-guid (the SM's port: SELF in the partitions file; route's sftree
 * also keeps its subtree root off the SM's leaf).
 */
#ifndef OC_TENANT_ARGS_H
#define OC_TENANT_ARGS_H

#include "model/fabric.h"
#include "model/partition.h"

struct tenant_args {
	const char *partitions;
	const char *policies;
	const char *weights;
	uint64_t sm_guid; /* 0: not given */
};

struct tenant_inputs {
	struct oc_partitions *parts; /* NULL without --partitions */
	struct oc_policies *policies;
	struct oc_weights *weights;
};

/* "--sm-guid VALUE": 0x and 1 to 16 hex digits, not 0; prints an error
 * naming cmd and returns 2 otherwise. */
int tenant_args_sm_guid(struct tenant_args *a, const char *cmd,
			const char *value);

/* Loads what a names (ALL in the partitions file expands over f, SELF is
 * a->sm_guid, which must be a port of f); prints "osmcloud CMD:
 * [FILE:LINE: ]problem" and returns 2 on an error. */
int tenant_args_load(const struct tenant_args *a, const struct oc_fabric *f,
		     const char *cmd, struct tenant_inputs *ti);
void tenant_inputs_free(struct tenant_inputs *ti);

/* The partition with this P_Key ("0x8001") or name; OC_PART_NONE with a
 * message on stderr if there is none. */
uint32_t tenant_find(const struct oc_partitions *ps, const char *key,
		     const char *cmd);

#endif
