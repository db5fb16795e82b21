/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * op_exec.h - the executor the VM commands share (migrate, boot, stop):
 * one path for the planner's four operations in a running opensm.
 *
 * The command fills in the targets (exec_targets.c): the operation, the
 * registry record and the PortInfo sets; the executor then, under
 * osm->lock held exclusively and vmstate.lock, copies OpenSM's subnet and
 * the LFTs it believes programmed (new_lft) into the core model (or takes
 * the model the last command left, kept_model.h), plans
 * (reconf.h), posts the PortInfo SMPs and the planned LFT blocks in plan
 * order, updates OpenSM's model (guid2lid, port_lid_tbl, the ports' LIDs,
 * new_lft) and saves the registry.  A boot whose LID lies above the
 * switches' LinearFDBTop first grows every switch's tables (osm_internals.h)
 * and sends each a SwitchInfo Set of the new top (max_lid_ho).  After the locks are released it waits
 * (at most 10 s) until no SMP is outstanding and no heavy sweep is under
 * way (sweeps.h), verifies the acknowledgements and records the figures
 * (opstats.h).  When a heavy sweep overlapped the operation, the sweep
 * reprogrammed the blocks last (from the saved registry): they are then
 * checked against OpenSM's tables (new_lft), not the plan.  Any refusal
 * sends nothing and changes nothing.
 */
#ifndef OC_OSM_OP_EXEC_H
#define OC_OSM_OP_EXEC_H

#include <stdint.h>
#include <stdio.h>

#include <opensm/osm_opensm.h>

#include "analysis/ftree.h"
#include "reconf/reconf.h"
#include "vmops/opstats.h"
#include "osmcloud/ctl.h"
#include "routing/snapshot.h"
#include "vm/vmreg.h"

struct oc_osm_plugin;
struct oc_cmd_out;

/* A PortInfo Set: the end port guid takes lid (0: no LID). */
struct oc_pi_set {
	uint64_t guid;
	uint16_t lid;
	osm_port_t *port;
};

struct oc_sent_block {
	ib_net64_t sw_guid;
	uint16_t block;
	uint8_t ports[OC_LFT_BLOCK];
};

struct oc_exec {
	struct oc_osm_plugin *p;
	osm_opensm_t *osm;
	const char *cmd; /* "migrate", "boot", "stop", "prepare", "apply" */
	const char *vm_name;
	const char *hv_name;   /* DEST as given (dest.h) */
	const char *from_name; /* stop: from=DEST, NULL: anywhere */
	struct oc_cmd_out *o;  /* the answer and its figures */
	enum oc_reconf_method method;
	double weight;	/* boot */
	uint64_t vguid; /* boot: the VM's own GUID (0: the VF's) */
	double t0;	/* the command arrived */
	double t_plan;	/* the lock was taken */
	/* prepare (prepared.h): plan and keep, send nothing; may_take: a
	 * migrate that takes a kept plan made for it (prepared: it did) */
	int prepare_only, may_take, prepared;
	unsigned generation; /* oc_osm_sweeps_generation() at the snapshot */
	/* the model, built by the executor or taken from the kept one
	 * (kept_model.h: model_kept); model_true: it is OpenSM's subnet as
	 * the command leaves it, so it may be kept for the next one */
	int model_kept, model_true;
	struct oc_osm_snapshot *snap;
	struct oc_ftree *ft;
	struct oc_reconf *rc;
	struct oc_lfts *lfts;
	struct oc_hash *names; /* the vSwitches by name (dest.c) */
	struct oc_plan plan;
	/* the targets, filled in by the command */
	struct oc_migrate_op op;
	struct oc_vm_rec *vm;	     /* migrate, stop: the VM's record */
	uint32_t src_hv, dst_hv;     /* vSwitch indices (boot: src = dst) */
	uint64_t src_guid, dst_guid; /* VF port GUIDs (0: none) */
	uint64_t want_vf;	     /* DEST named this VF (0: any) */
	int already;		     /* it had taken effect: note says */
	char note[320];
	char vf_name[OC_NODE_NAME_MAX]; /* the VF that takes or keeps the LID */
	struct oc_pi_set pis[2];
	unsigned num_pis;
	/* boot beyond LinearFDBTop: every switch's top goes from (at least)
	 * old_top to grow_top by a SwitchInfo Set (grow_top 0: no growth) */
	uint16_t old_top, grow_top;
	/* results */
	struct oc_sent_block *sent;
	uint32_t num_sent;
	ib_net64_t *si_guids; /* switches sent a SwitchInfo Set */
	uint32_t num_si, si_planned;
	unsigned sweeps0; /* heavy sweeps started when the SMPs went out */
	int not_master;	  /* refused: this SM is not master */
	int unreconciled; /* refused: registry unreconciled, or VM held */
	/* migrate: the VM's VF is detached (down or dropped by OpenSM: the
	 * real migration order); its LID moves in OpenSM's LID table and
	 * guid2lid and a heavy sweep programs it (detached_ok: allowed) */
	int detached_ok, detached;
	int saved; /* registry written */
	struct oc_err save_err;
	struct oc_osm_op st;
};

/* Target selection, per command (exec_targets.c); all under the locks,
 * after the executor built the model.  -1 with err on a refusal. */
int oc_exec_targets_migrate(struct oc_exec *x, struct oc_err *err);
int oc_exec_targets_boot(struct oc_exec *x, struct oc_err *err);
int oc_exec_targets_stop(struct oc_exec *x, struct oc_err *err);

/* Shared helpers for the targets (op_exec.c). */
const char *oc_exec_node_name(const struct oc_exec *x, uint32_t node);
/* The model's LFTs hold LIDs up to lid (a boot beyond the tables). */
int oc_exec_room_for(struct oc_exec *x, unsigned lid, struct oc_err *err);
int oc_exec_find_vm(struct oc_exec *x, struct oc_err *err);
/* DEST (hv_name, dest.h): sets dst_hv, and want_vf when it names a VF. */
int oc_exec_find_hv(struct oc_exec *x, struct oc_err *err);
/* The request had already taken effect: nothing will be sent, the answer
 * is done with this note.  Returns 0. */
int oc_exec_already(struct oc_exec *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Runs the whole operation; targets is one of the functions above.
 * Writes the answer and the figures to x->o. */
enum oc_result oc_exec_run(struct oc_exec *x,
			   int (*targets)(struct oc_exec *, struct oc_err *));

#endif
