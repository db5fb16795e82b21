/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sim.h - the live-migration simulator (the vSwitch routing paper's
 * vSwitchMigrationSim, section 7.2; docs/migration-sim.md).
 *
 * On a vSwitch fat-tree under the dynamic LID model (a VM has a LID only
 * on its VF, so vswitch_ftree's balance follows the VMs):
 *   1. place the VMs (initial distribution): uniform, every hypervisor
 *      population % of its VFs; random, population % of all VFs drawn at
 *      random;
 *   2. route with vswitch_ftree;
 *   3. migrate the VMs by a pattern: random (2 x hypervisors random
 *      migrations, reconf_pick.h), consolidate (all VMs packed on the
 *      fewest hypervisors from the left, in hypervisor order), grouping
 *      (two tenants drawn at random, each packed on neighbouring
 *      hypervisors, A from the left, B from the next hypervisor after A),
 *      to-uniform (from the most to the least loaded hypervisor until the
 *      counts differ by at most 1);
 *   4. each migration is planned with ItRC and FTreeMinRC on the current
 *      tables, and FTreeMinRC's plan is applied (LFTs and fabric);
 *   5. at 0, 1/S, .., S/S of the migrations (S snapshots, 10 in the
 *      paper): FTreeMinRC's tables are verified (every CA LID reached, no
 *      credit loop: a failure stops the run), the placement is re-routed
 *      with vswitch_ftree into fresh tables, and the EBB (verify/ebb.h)
 *      of both is measured over the VM LIDs with the same seed.
 * Everything follows from the seed: the same fabric, options and seed
 * give the same records.
 */
#ifndef OC_SIM_H
#define OC_SIM_H

#include <stdint.h>

#include "base/error.h"
#include "model/fabric.h"
#include "analysis/ftree.h"
#include "model/lft.h"
#include "io/vmfile.h"
#include "reconf/reconf.h"
#include "reconf/reconf_vf.h"
#include "verify/ebb.h"

enum oc_sim_initial {
	OC_SIM_INIT_RANDOM = 0,
	OC_SIM_INIT_UNIFORM = 1,
};

enum oc_sim_pattern {
	OC_SIM_PAT_RANDOM = 0,
	OC_SIM_PAT_CONSOLIDATE = 1,
	OC_SIM_PAT_GROUPING = 2,
	OC_SIM_PAT_TO_UNIFORM = 3,
};

struct oc_sim_opts {
	enum oc_sim_initial initial;
	enum oc_sim_pattern pattern;
	unsigned population; /* percent of all VFs holding a VM, 1..100 */
	uint64_t seed;
	uint32_t ebb_rounds; /* random splits per EBB, >= 1 */
	unsigned snapshots;  /* S, >= 1 (10) */
};

/* One migration: what each method would update. */
struct oc_sim_mig {
	uint32_t index;		 /* 1.. */
	uint16_t lid;		 /* the VM */
	uint32_t from_hv, to_hv; /* vSwitch indices */
	struct oc_plan_counts itrc, minrc;
};

/* One snapshot. */
struct oc_sim_snap {
	unsigned percent;    /* 100 * k / S */
	uint32_t migrations; /* done so far */
	struct oc_ebb_result minrc, reroute;
	uint64_t reroute_blocks; /* blocks the re-route changes */
	/* how widely the VMs of one hypervisor come down from the roots,
	 * 0..1 (sim_spread.c) */
	double spread_minrc, spread_reroute;
};

struct oc_sim_hooks {
	void (*mig)(void *ctx, const struct oc_sim_mig *m);
	void (*snap)(void *ctx, const struct oc_sim_snap *s);
	void *ctx;
};

/* A planned move: VM index to position. */
struct oc_sim_move {
	uint32_t vm, to;
};

/* The simulator's state; read-only for its users (tests read the
 * placement from it). */
struct oc_sim {
	struct oc_sim_opts o;
	struct oc_fabric *f; /* not owned */
	struct oc_ftree *ft;
	struct oc_vm_table *vms; /* the VMs' port GUIDs (they travel) */
	struct oc_reconf *rc;
	struct oc_lfts *t; /* FTreeMinRC's tables */
	uint32_t *hvs;	   /* vSwitch indices, hypervisor order */
	uint32_t num_hvs;
	uint32_t *cap;	     /* [position in hvs] VFs */
	uint32_t *load;	     /* [position] VMs */
	uint32_t *pos_of;    /* [vSwitch index] position, OC_NONE */
	uint16_t *vm_lids;   /* [VM] its LID (it keeps it) */
	uint8_t *tenant;     /* [VM] 0 or 1 (grouping), else 0 */
	uint32_t *vm_pos;    /* [VM] position of its hypervisor */
	uint32_t *vm_of_lid; /* [LID] VM index, OC_NONE */
	uint32_t num_vms;
	uint32_t total;		   /* migrations the pattern makes */
	struct oc_sim_move *moves; /* planned moves (not random) */
	uint64_t rng;
};

/* Places the VMs on f (a vSwitch fat-tree without LIDs: they are given
 * here, dynamic model), routes with vswitch_ftree and plans the pattern's
 * moves.  f must outlive the simulator.  NULL with err set on a bad
 * fabric or option. */
struct oc_sim *oc_sim_new(struct oc_fabric *f, const struct oc_sim_opts *o,
			  struct oc_err *err);
void oc_sim_free(struct oc_sim *s);

/* Runs the migrations and snapshots, calling the hooks (may be NULL). */
int oc_sim_run(struct oc_sim *s, const struct oc_sim_hooks *h,
	       struct oc_err *err);

/* ---- names ---- */
const char *oc_sim_initial_name(enum oc_sim_initial i);
const char *oc_sim_pattern_name(enum oc_sim_pattern p);
/* -1 on an unknown name. */
int oc_sim_initial_parse(const char *name, enum oc_sim_initial *i);
int oc_sim_pattern_parse(const char *name, enum oc_sim_pattern *p);
/* Checks the options fit together; errors name the option. */
int oc_sim_opts_check(const struct oc_sim_opts *o, struct oc_err *err);

#endif
