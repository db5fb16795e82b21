/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf_int.h - the planner's state, shared by its files: reconf.c (life
 * cycle, the fabric side), reconf_op.c (checking operations),
 * reconf_entry.c (new LFT entries), reconf_mark.c (which switches),
 * reconf_safe.c (when FTreeMinRC must widen) and reconf_plan.c (blocks
 * and their order).  Not part of the API: see reconf.h.
 */
#ifndef OC_RECONF_INT_H
#define OC_RECONF_INT_H

#include "reconf/reconf.h"

#define RECONF_FAR 0xff /* hops: the route does not deliver */

struct oc_reconf {
	struct oc_fabric *f;
	const struct oc_ftree *ft;
	struct oc_tuples *tuples; /* NULL: FTreeMinRC unavailable */
	struct oc_err tuple_err;  /* why */
	uint8_t *selected;	  /* [switch index]: may be updated */
	uint8_t *active;	  /* [switch index]: on the VM's new route */
	uint32_t *list;		  /* the selected switches */
	uint32_t num_list;
	uint8_t *memo;	 /* [switch index]: memo of a walk (hops, or the
			  * route shape in reconf_safe.c), valid when
			  * stamp == cur */
	uint32_t *stamp; /* [switch index] */
	uint32_t cur;	 /* stamp of the current plan */
	uint32_t *stack; /* walk scratch */
};

/* reconf_op.c: checks op against the fabric and t and describes it. */
int reconf_resolve(const struct oc_reconf *rc, const struct oc_lfts *t,
		   const struct oc_migrate_op *op, struct oc_migrate_move *mv,
		   struct oc_err *err);

/* reconf_entry.c: the entry switch sw holds for m->lid after the move,
 * and the entry it will hold once the plan is applied (selected switches
 * change, the others keep theirs). */
uint8_t reconf_new_entry(const struct oc_reconf *rc, const struct oc_lfts *t,
			 uint32_t sw, const struct oc_lid_move *m);
uint8_t reconf_entry_after(const struct oc_reconf *rc, const struct oc_lfts *t,
			   uint32_t sw, const struct oc_lid_move *m);
/* Starts a new memo generation (stamps). */
void reconf_next_stamp(struct oc_reconf *rc);
/* Switch-to-switch hops from sw to m's new owner along the entries after
 * the plan (RECONF_FAR when they do not deliver); memoised per plan. */
uint8_t reconf_hops(struct oc_reconf *rc, const struct oc_lfts *t,
		    const struct oc_lid_move *m, uint32_t sw);

/* reconf_mark.c: fills selected/list (and active) for the method. */
int reconf_select(struct oc_reconf *rc, const struct oc_lfts *t,
		  const struct oc_migrate_move *mv,
		  enum oc_reconf_method method, struct oc_plan_counts *c,
		  struct oc_err *err);
/* reconf_safe.c: whether FTreeMinRC's selection keeps CA routes
 * up*-down* (level: of the common sub-tree). */
int reconf_minrc_safe(struct oc_reconf *rc, const struct oc_lfts *t,
		      const struct oc_migrate_move *mv, int level);
void reconf_mark_active(struct oc_reconf *rc, const struct oc_lfts *t,
			const struct oc_migrate_move *mv);

#endif
