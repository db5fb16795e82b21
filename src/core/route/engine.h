/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * engine.h - the routing engines of osmcloud, independent of OpenSM.
 *
 * Every engine is a policy over the shared fat-tree router: it decides in
 * which order and with which weight destinations are routed.  The phases
 * they share are sequenced in one place, oc_engine_run() (engine_run.h);
 * an engine supplies the steps that differ.  The OpenSM
 * glue registers each engine under its name; the offline tool calls them
 * directly.
 */
#ifndef OC_ENGINE_H
#define OC_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/ca_role.h"
#include "model/fabric.h"
#include "model/lft.h"
#include "model/partition.h"
#include "io/vmfile.h"

struct oc_engine_input {
	const struct oc_fabric *f;
	const uint64_t *root_guids; /* NULL: detect the roots */
	size_t num_roots;
	const struct oc_vm_table *vms; /* NULL: every active VF holds a VM */
	/* partition-aware engines; NULL/0 for the others */
	const struct oc_partitions *parts;  /* NULL: no partitions */
	const struct oc_policies *policies; /* pftree_ext; NULL: defaults */
	const struct oc_weights *weights;   /* pftree_wt; NULL: all 1 */
	unsigned data_vls;	    /* data VLs all ports support; 0: 8 */
	struct oc_lane_plan *lanes; /* out: SL per partition; may be NULL */
	/* pftree_ext best-effort: one call per unmet policy; may be NULL */
	void (*warn)(void *ctx, const char *msg);
	void *warn_ctx;
	uint64_t sm_port_guid; /* port GUID of the SM, 0: unknown */
	/* OpenSM's cn_guid_file and io_guid_file (analysis/ca_role.h); a
	 * fabric the lists make no fat-tree of is routed without them, after
	 * one warn() call saying why */
	struct oc_ca_lists cas;
};

/* What an engine did, for logs and tests. */
struct oc_route_stats {
	uint32_t vms;		/* VF LIDs routed with VM weights */
	uint32_t pfs;		/* PF LIDs routed with equal weights */
	uint32_t idle_vfs;	/* VF LIDs copied from their PF */
	uint32_t compute_nodes; /* plain CAs on leaves (no vSwitches) */
	uint32_t io_nodes;	/* other CAs on physical switches */
	uint32_t switch_lids;
	uint32_t detours; /* (switch, CA LID) entries off the up/down
				   paths, on degraded trees only */
	/* the leaf the detours go through when the nearest-neighbour ones
	 * closed a credit loop (0: nearest neighbour) */
	uint64_t detour_root_guid;
	uint32_t leaves;
	uint32_t vswitches;
	uint32_t tenants;	 /* partitions routed as tenants (pftree) */
	uint32_t shared_links;	 /* directed links with flows of 2+ tenants */
	uint32_t lanes;		 /* data VLs the lane plan uses */
	uint32_t unmet_policies; /* pftree_ext: policies not met */
	/* sftree: (switch, switch LID) entries through the subtree root;
	 * (switch, CA LID) detours only switch traffic takes, moved there;
	 * the root's node GUID (0: no pair needed one) */
	uint32_t sw2sw;
	uint32_t ca_via_root;
	uint64_t subtree_root_guid;
	/* sftree on cores joined at the roots: (switch, switch LID) entries
	 * up, across the horizontal links between roots, down */
	uint32_t cross_core;
	/* sftree: (physical switch, switch LID) pairs it leaves without a
	 * route because no route for them is deadlock-free (logged by name);
	 * the pre-write check expects exactly these switch pairs unreached */
	uint64_t sw_pairs_unserved;
	/* sftree: its routes lean on more than the subtree argument proves
	 * deadlock-free (detours of degraded trees, siblings, routes across
	 * cores, a root whose ancestors are no tree), so it checked them */
	uint8_t sw_routes_checked;
	double analyze_ms; /* fat-tree analysis */
	double route_ms;   /* LFT computation */
};

/* The engine routes every switch to every switch LID, but the pairs it
 * declares unserved (oc_route_stats.sw_pairs_unserved): its promise
 * (promise.h) includes that, and the OpenSM glue fills the hop matrices
 * of switch LIDs along the routes (which need not be the shortest). */
#define OC_ENGINE_SWITCH_PATHS 0x1u
/* The engine routes OpenSM's partitions and decides their lanes: the glue
 * gives it the partitions, policies, weights and data VLs, and answers
 * path_sl and update_sl2vl from its lane plan. */
#define OC_ENGINE_PARTITIONS 0x2u
/* The engine promises no credit loop once switches source traffic too
 * (the channel dependency graph of CA- and switch-sourced traffic is
 * acyclic), not only CA traffic as every engine does (promise.h). */
#define OC_ENGINE_SWITCH_CDG 0x4u

struct oc_engine {
	const char *name;
	const char *summary;
	unsigned flags; /* OC_ENGINE_* */
	/* Fills lfts (already sized for in->f, all OC_NO_PATH). */
	int (*route)(const struct oc_engine_input *in, struct oc_lfts *lfts,
		     struct oc_route_stats *stats, struct oc_err *err);
};

static inline int oc_engine_has(const struct oc_engine *e, unsigned flag)
{
	return (e->flags & flag) != 0;
}

/* Whether the engine takes OpenSM's CN and I/O lists (oc_engine_input's
 * cas): vswitch_ftree and sftree; the partition-aware engines route by
 * partitions. */
static inline int oc_engine_uses_ca_lists(const struct oc_engine *e)
{
	return !oc_engine_has(e, OC_ENGINE_PARTITIONS);
}

extern const struct oc_engine oc_vswitch_ftree_engine;
extern const struct oc_engine oc_sftree_engine;
extern const struct oc_engine oc_pftree_engine;
extern const struct oc_engine oc_pftree_ext_engine;
extern const struct oc_engine oc_pftree_wt_engine;

/* NULL-terminated list of all engines. */
extern const struct oc_engine *const oc_engines[];
const struct oc_engine *oc_engine_find(const char *name);

#endif
