/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * migrate_env.h - a routed vSwitch fabric with a planner, for the tests of
 * the live-migration planner.
 */
#ifndef OC_MIGRATE_ENV_H
#define OC_MIGRATE_ENV_H

#include "route/engine.h"
#include "analysis/ftree.h"
#include "reconf/reconf.h"

struct menv {
	struct oc_fabric *f;
	struct oc_ftree *ft;
	struct oc_reconf *rc;
	struct oc_lfts *t;
	struct oc_vm_table *vms; /* dynamic model: the VFs with a LID */
};

/* Generates a PGFT ('h;m..;w..[;p..]') with vswitch_vfs VFs per hypervisor
 * (and the options in extra, "name=value" pairs or NULL), assigns LIDs and
 * routes it with vswitch_ftree.  dynamic: only the first VF of every
 * hypervisor has a LID.  The LFTs have room up to LID room (0: max LID). */
void menv_gen(struct menv *e, const char *pgft, unsigned vswitch_vfs,
	      int dynamic, const char *const *extra, unsigned room);
/* The same from an ibsim topology text, prepopulated. */
void menv_text(struct menv *e, const char *text);
void menv_free(struct menv *e);

/* LID of a CA or switch by name. */
uint16_t menv_lid(const struct menv *e, const char *name);
uint32_t menv_node(const struct menv *e, const char *name);

/* Fails the test unless every CA LID is reached from every switch, without
 * loop or CA credit loop, minimally unless allow_nonminimal. */
void menv_check(const struct menv *e, int allow_nonminimal);

/* Plans op with method, checks that the updates are exactly the blocks
 * that change (each once, with the content they get), applies plan and
 * commit, checks the VM's LID ends at new_owner (a CA name; NULL: no check)
 * and verifies the result. */
void menv_run(struct menv *e, const struct oc_migrate_op *op,
	      enum oc_reconf_method method, struct oc_plan *plan,
	      const char *new_owner);

/* Copies of the LFTs and of the fabric's LID state, to show that a failed
 * plan changed nothing. */
struct menv_snapshot {
	uint8_t *ports;
	size_t ports_len;
	struct oc_lid_owner *owners;
	size_t owners_len;
	struct oc_port *fports;
	size_t fports_len;
};

void menv_snap(const struct menv *e, struct menv_snapshot *s);
void menv_same(const struct menv *e, const struct menv_snapshot *s);
void menv_snap_free(struct menv_snapshot *s);

#endif
