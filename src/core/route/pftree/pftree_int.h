/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pftree_int.h - what the files of the partition-aware engines share
 * (pftree.c: partitions and routing; pftree_mark.c: port choice and
 * switch marks; pftree_order.c: the order of the compute nodes;
 * lane_assign.c: lanes; pftree_validate.c: policies).
 */
#ifndef OC_PFTREE_INT_H
#define OC_PFTREE_INT_H

#include <stdint.h>

#include "route/engine.h"
#include "analysis/ftree.h"
#include "route/router.h"
#include "verify/tenant_links.h"

enum pft_kind {
	PFT_BASE = 0, /* pftree: section 5 */
	PFT_EXT = 1,  /* pftree_ext: section 6, policies */
	PFT_WT = 2,   /* pftree_wt: section 7, weights */
};

/* A compute node of one leaf while it is being ordered. */
struct pft_node {
	uint16_t lid;
	uint8_t port;  /* leaf port */
	uint32_t part; /* routing partition, OC_PART_NONE */
	double weight;
	uint32_t order; /* position to route at */
};

struct pft_run {
	const struct oc_engine_input *in;
	const struct oc_fabric *f;
	const struct oc_ftree *ft;
	struct oc_router *r;
	struct oc_lfts *lfts;
	struct oc_route_stats *stats;
	enum pft_kind kind;
	uint32_t nparts;	 /* partitions of in->parts (0 without) */
	uint8_t *iso;		 /* [part] enum oc_isolation (pftree_ext) */
	uint8_t *tenant;	 /* [part] 1: a tenant on two or more leaves */
	uint32_t *leaf_first;	 /* [part + 1] into leaf_list */
	uint32_t *leaf_list;	 /* leaves with members, per partition */
	int up_marks;		 /* pftree_ext: Algorithm 4 UP marks needed */
	struct oc_hash *part_of; /* CA port GUID -> routing partition */
	/* switch marks (paper Algorithms 3 and 4) */
	uint32_t *marks;	/* [sw * nparts + part] nodes routed down */
	uint8_t *mark_iso;	/* [sw] strictest policy marked (up or down) */
	uint32_t *mark_first;	/* [sw] first partition marked, or NONE */
	uint8_t *mark_multi;	/* [sw] marked by two partitions or more */
	uint32_t cur;		/* partition of the LID being routed */
	struct pft_node *nodes; /* scratch for one leaf */
	uint32_t *scratch; /* [switches + 1]: leaf stamps, then LID stamps */
};

/* The router's chooser (pftree_mark.c): Algorithm 3's port choice and
 * the switch marks; ctx is the run. */
uint32_t pft_choose_up(void *ctx, uint32_t sw, const struct oc_up_choice *c,
		       uint32_t n);

/* pftree_ext: marks the switches the flows of partition part climb
 * through towards lid (Algorithm 4's UP marks). */
void pft_mark_up_paths(struct pft_run *run, uint16_t lid, uint32_t part,
		       uint32_t attach_sw);

/* Puts the n compute nodes of a leaf with up_ports up links into routing
 * order (paper Algorithm 2; stricter partitions first for pftree_ext,
 * heavier nodes first within a partition for pftree_wt). */
int pft_order_nodes(const struct pft_run *run, struct pft_node *nodes,
		    uint32_t n, uint32_t up_ports);

/* Chooses the SL of every partition (Algorithm 5) into plan, from the
 * links the partitions share; counts the lanes policy could not get. */
int pft_assign_lanes(const struct pft_run *run, const struct oc_link_users *u,
		     struct oc_lane_plan *plan, struct oc_err *err);

/* Checks every policy (pftree_ext); strict mode fails on the first unmet
 * one, best-effort warns through in->warn.  Returns -1 on failure. */
int pft_validate(const struct pft_run *run, const struct oc_link_users *u,
		 const struct oc_lane_plan *plan, struct oc_err *err);

#endif
