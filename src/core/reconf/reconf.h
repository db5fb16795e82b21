/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf.h - live-migration reconfiguration planner, independent of
 * OpenSM (vSwitch architecture paper, section V-C and VI; vSwitch routing
 * paper, section 6).
 *
 * A VM keeps its LID when it moves; no path is ever computed.  The
 * operations, on the LFTs of a fabric routed with vSwitches:
 *   swap (prepopulated LID model): the VM's VF LID and the LID of an idle
 *       VF on the destination hypervisor trade places: on every physical
 *       switch the two LFT entries are swapped; the VM's LID now belongs to
 *       the destination VF port, the idle LID to the source VF port;
 *   copy (dynamic LID model): the VM's LID moves to a VF without a LID on
 *       the destination hypervisor; physical switches copy the destination
 *       PF's entry into the VM's LID; the source VF is left without a LID;
 *   boot (dynamic): a free LID is given to a VF without a LID; physical
 *       switches copy the hypervisor PF's entry;
 *   stop (dynamic): the VM's LID is freed; its entries become OC_NO_PATH.
 * vSwitch tables are not copied: a vSwitch delivers a LID on the port of
 * the CA that owns it after the operation and sends every other LID up;
 * a free LID gets OC_NO_PATH.
 *
 * Methods (which switches are updated):
 *   ITRC: every switch whose entries for the LIDs change (algorithm 1 of
 *       the vSwitch architecture paper);
 *   FTREEMINRC: for swap and copy only the switches of the skyline of the
 *       source and destination leaves (tuple.h), plus every switch a new
 *       entry leads to from there (none on an intact fat-tree; a detour on
 *       a degraded one), plus the two vSwitches; within one leaf that is
 *       the leaf alone.  Switches outside keep their entries: their routes
 *       reach the skyline going up or enter the common sub-tree at its top
 *       and go down from there, so on an intact fat-tree every route stays
 *       minimal and up*-down*.  On a tree that lost links, when a top of
 *       the sub-tree would send CA traffic on a detour, the operation
 *       falls back to ItRC's switch set (counts.fallback).  Boot updates
 *       every switch (the whole fabric must learn a new LID); stop updates
 *       the leaf (it drops the LID) and the hypervisor's vSwitch.
 * Either method sends only the 64-LID blocks whose content changes, so
 * FTreeMinRC never updates a switch that ItRC would not.
 *
 * Planning reads the fabric and the LFTs and changes neither; a bad
 * operation fails with an error naming the LID or node.  Apply the plan to
 * the LFTs with oc_plan_apply_lfts() and to the fabric model (LID owners,
 * active VF ports, the VM's port GUID) with oc_reconf_commit().
 */
#ifndef OC_RECONF_H
#define OC_RECONF_H

#include <stdint.h>

#include "model/fabric.h"
#include "analysis/ftree.h"
#include "model/lft.h"
#include "analysis/tuple.h"

enum oc_migrate_kind {
	OC_OP_SWAP = 1,
	OC_OP_COPY = 2,
	OC_OP_BOOT = 3,
	OC_OP_STOP = 4,
};

enum oc_reconf_method {
	OC_RECONF_ITRC = 0,
	OC_RECONF_FTREEMINRC = 1,
};

struct oc_migrate_op {
	uint8_t kind;	   /* enum oc_migrate_kind */
	uint16_t lid;	   /* the VM's LID; boot: the free LID it takes */
	uint16_t peer_lid; /* swap: the idle VF's LID; copy, boot: the
			    * destination hypervisor's PF LID */
	uint32_t vf;	   /* copy, boot: the VF CA node to take; OC_NONE:
			    * the first VF without a LID of that hypervisor
			    * (reconf_vf.h) */
};

/* One LFT block to send: the whole new block content. */
struct oc_lft_update {
	uint32_t sw;	/* switch index */
	uint16_t block; /* LIDs block*64 .. block*64+63 */
	uint8_t active; /* on the VM's new route from its old place */
	uint8_t ports[OC_LFT_BLOCK];
};

/* One LID that changes hands. */
struct oc_lid_move {
	uint16_t lid;
	uint16_t from_lid; /* physical switches take this LID's old entry;
			      * 0: OC_NO_PATH */
	uint32_t node;	   /* new owner CA node, OC_NONE: freed */
	uint8_t port;	   /* its port */
	uint32_t hv;	   /* the new owner's vSwitch, OC_NONE: freed */
	uint32_t old_node; /* previous owner, OC_NONE: was free */
	uint8_t old_port;
};

/* What the operation does to the fabric model. */
struct oc_migrate_move {
	uint8_t kind;
	uint8_t num_lids;
	struct oc_lid_move lids[2]; /* [0]: the VM's LID */
	uint32_t src_hv, dst_hv;    /* vSwitches (stop, boot: both the same) */
	uint32_t src_leaf, dst_leaf;
};

struct oc_plan_counts {
	uint32_t switches;	 /* physical switches with an update */
	uint32_t blocks;	 /* their block updates */
	uint32_t vswitches;	 /* vSwitches with an update */
	uint32_t vswitch_blocks; /* their block updates */
	uint32_t smps;		 /* blocks + vswitch_blocks (one SMP each) */
	uint32_t active;	 /* updates flagged active (sent first) */
	uint32_t selected;	 /* switches the method looked at */
	uint32_t skyline;	 /* FTreeMinRC: physical skyline switches */
	uint32_t closure;	 /* FTreeMinRC: switches added beyond it */
	uint32_t fallback;	 /* FTreeMinRC: 1 when it took ItRC's set */
	int level;		 /* FTreeMinRC: common sub-tree level, or -1 */
};

struct oc_plan {
	struct oc_lft_update *updates; /* in sending order */
	uint32_t num_updates;
	uint32_t cap_updates;
	uint16_t max_lid; /* the LFTs' max_lid after the plan */
	uint8_t method;	  /* enum oc_reconf_method */
	struct oc_migrate_move move;
	struct oc_plan_counts counts;
	double select_us; /* time to select the switches (marking) */
};

struct oc_reconf;

/* Planner for fabric f analysed as ft (ft->f == f).  Builds the switch
 * tuples; when they cannot describe the tree, ItRC still works and
 * FTreeMinRC plans fail with the tuples' error.  NULL when out of memory
 * (for the tuples too). */
struct oc_reconf *oc_reconf_new(struct oc_fabric *f, const struct oc_ftree *ft,
				struct oc_err *err);
void oc_reconf_free(struct oc_reconf *rc);
const struct oc_tuples *oc_reconf_tuples(const struct oc_reconf *rc);
/* Why there are no tuples ("" when there are). */
const char *oc_reconf_tuples_error(const struct oc_reconf *rc);

void oc_plan_init(struct oc_plan *p);
void oc_plan_release(struct oc_plan *p);

/* Plans op with method on the LFTs t (which must give every switch a route
 * to every active CA LID).  Neither t nor the fabric change; plan is
 * overwritten.  -1 with err set on a bad operation. */
int oc_reconf_plan(struct oc_reconf *rc, const struct oc_lfts *t,
		   const struct oc_migrate_op *op, enum oc_reconf_method method,
		   struct oc_plan *plan, struct oc_err *err);

/* Writes the plan's blocks into t (and raises t->max_lid for a boot). */
void oc_plan_apply_lfts(const struct oc_plan *p, struct oc_lfts *t);

/* Moves the LIDs in the fabric model as planned: owners, port LIDs, VF
 * ports up (with a LID) or down (without), and the VM's port GUID (its
 * vGUID) travels with it in a swap or copy.  Fails, changing nothing, when
 * the fabric no longer matches the plan. */
int oc_reconf_commit(struct oc_reconf *rc, const struct oc_plan *p,
		     struct oc_err *err);

/* oc_reconf_commit() without the GUID move: for a fabric whose port GUIDs
 * are the hardware's (OpenSM's subnet, where a VM's vGUID is an alias of
 * the port and the VM's VF is named by its port GUID). */
int oc_reconf_commit_lids(struct oc_reconf *rc, const struct oc_plan *p,
			  struct oc_err *err);

/* oc_reconf_plan, then oc_plan_apply_lfts and oc_reconf_commit. */
int oc_reconf_run(struct oc_reconf *rc, struct oc_lfts *t,
		  const struct oc_migrate_op *op, enum oc_reconf_method method,
		  struct oc_plan *plan, struct oc_err *err);

/* "itrc" / "ftreeminrc"; parse returns -1 on an unknown name. */
const char *oc_reconf_method_name(enum oc_reconf_method m);
int oc_reconf_method_parse(const char *name, enum oc_reconf_method *m);

#endif
