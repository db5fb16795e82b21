/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf.c - the planner's life cycle and the fabric side of a move:
 * LID owners, port LIDs, VF ports up or down, and the VM's port GUID.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "reconf/reconf_int.h"

struct oc_reconf *oc_reconf_new(struct oc_fabric *f, const struct oc_ftree *ft,
				struct oc_err *err)
{
	struct oc_reconf *rc = calloc(1, sizeof(*rc));
	size_t n = f->num_switches ? f->num_switches : 1;

	if (!rc) {
		oc_err_set(err, "out of memory");
		return NULL;
	}
	rc->f = f;
	rc->ft = ft;
	rc->selected = calloc(n, 1);
	rc->active = calloc(n, 1);
	rc->memo = calloc(n, 1);
	rc->list = malloc(sizeof(*rc->list) * n);
	rc->stamp = calloc(n, sizeof(*rc->stamp));
	rc->stack = malloc(sizeof(*rc->stack) * n);
	if (!rc->selected || !rc->active || !rc->memo || !rc->list ||
	    !rc->stamp || !rc->stack) {
		oc_reconf_free(rc);
		oc_err_set(err, "out of memory");
		return NULL;
	}
	/* a tree the tuples cannot describe leaves FTreeMinRC unavailable;
	 * no memory for them is an error (a failed allocation leaves errno
	 * at ENOMEM; the tuples' rules set none) */
	errno = 0;
	rc->tuples = oc_tuples_build(ft, &rc->tuple_err);
	if (!rc->tuples && errno == ENOMEM) {
		oc_reconf_free(rc);
		oc_err_set(err, "out of memory");
		return NULL;
	}
	return rc;
}

void oc_reconf_free(struct oc_reconf *rc)
{
	if (!rc)
		return;
	oc_tuples_free(rc->tuples);
	free(rc->selected);
	free(rc->active);
	free(rc->memo);
	free(rc->list);
	free(rc->stamp);
	free(rc->stack);
	free(rc);
}

const struct oc_tuples *oc_reconf_tuples(const struct oc_reconf *rc)
{
	return rc->tuples;
}

const char *oc_reconf_tuples_error(const struct oc_reconf *rc)
{
	return rc->tuples ? "" : rc->tuple_err.msg;
}

void oc_plan_init(struct oc_plan *p)
{
	memset(p, 0, sizeof(*p));
	p->counts.level = -1;
}

void oc_plan_release(struct oc_plan *p)
{
	free(p->updates);
	oc_plan_init(p);
}

/* The fabric still looks as it did when the plan was made. */
static int check_current(const struct oc_fabric *f,
			 const struct oc_migrate_move *mv, struct oc_err *err)
{
	unsigned k;

	for (k = 0; k < mv->num_lids; k++) {
		const struct oc_lid_move *m = &mv->lids[k];
		uint32_t node = m->lid <= f->max_lid ? f->lid_owner[m->lid].node
						     : OC_NONE;

		if (node != m->old_node ||
		    (node != OC_NONE &&
		     f->lid_owner[m->lid].port != m->old_port))
			return oc_err_set(err,
					  "stale plan: LID %u changed hands "
					  "since it was planned",
					  m->lid);
		if ((mv->kind == OC_OP_COPY || mv->kind == OC_OP_BOOT) &&
		    oc_port(f, m->node, m->port)->lid)
			return oc_err_set(err,
					  "stale plan: \"%s\" got a LID since "
					  "it was planned",
					  f->nodes[m->node].name);
	}
	return 0;
}

/* The VM carries its port GUID (vGUID) to the new VF; the VF it leaves
 * gets the other one. */
static void swap_guids(struct oc_fabric *f, const struct oc_lid_move *m)
{
	struct oc_port *a = oc_port_mut(f, m->old_node, m->old_port);
	struct oc_port *b = oc_port_mut(f, m->node, m->port);
	uint64_t guid = a->guid;

	a->guid = b->guid;
	b->guid = guid;
	/* both keys exist: replacing a value never allocates */
	oc_hash_set64(f->by_port_guid, a->guid, m->old_node << 8 | m->old_port);
	oc_hash_set64(f->by_port_guid, b->guid, m->node << 8 | m->port);
}

static int move_lids(struct oc_fabric *f, const struct oc_migrate_move *mv,
		     struct oc_err *err)
{
	unsigned k;

	for (k = 0; k < mv->num_lids; k++) {
		const struct oc_lid_move *m = &mv->lids[k];

		if (m->old_node == OC_NONE)
			continue;
		oc_port_mut(f, m->old_node, m->old_port)->lid = 0;
		f->lid_owner[m->lid].node = OC_NONE;
	}
	/* cannot fail once a LID was released: only a boot (which releases
	 * none) may grow the LID table */
	for (k = 0; k < mv->num_lids; k++) {
		const struct oc_lid_move *m = &mv->lids[k];

		if (m->node != OC_NONE &&
		    oc_fabric_set_lid(f, m->node, m->port, m->lid, err))
			return -1;
	}
	return 0;
}

static void set_active(struct oc_fabric *f, const struct oc_migrate_move *mv)
{
	unsigned k;

	for (k = 0; k < mv->num_lids; k++) {
		const struct oc_lid_move *m = &mv->lids[k];
		struct oc_port *p;

		if (m->old_node != OC_NONE) {
			p = oc_port_mut(f, m->old_node, m->old_port);
			p->active = p->lid != 0;
		}
		if (m->node != OC_NONE)
			oc_port_mut(f, m->node, m->port)->active = 1;
	}
}

int oc_reconf_commit_lids(struct oc_reconf *rc, const struct oc_plan *p,
			  struct oc_err *err)
{
	const struct oc_migrate_move *mv = &p->move;

	if (!mv->num_lids)
		return oc_err_set(err, "empty plan");
	if (check_current(rc->f, mv, err) || move_lids(rc->f, mv, err))
		return -1;
	set_active(rc->f, mv);
	return 0;
}

int oc_reconf_commit(struct oc_reconf *rc, const struct oc_plan *p,
		     struct oc_err *err)
{
	const struct oc_migrate_move *mv = &p->move;

	if (oc_reconf_commit_lids(rc, p, err))
		return -1;
	if (mv->kind == OC_OP_SWAP || mv->kind == OC_OP_COPY)
		swap_guids(rc->f, &mv->lids[0]);
	return 0;
}

int oc_reconf_run(struct oc_reconf *rc, struct oc_lfts *t,
		  const struct oc_migrate_op *op, enum oc_reconf_method method,
		  struct oc_plan *plan, struct oc_err *err)
{
	if (oc_reconf_plan(rc, t, op, method, plan, err) ||
	    oc_reconf_commit(rc, plan, err))
		return -1;
	oc_plan_apply_lfts(plan, t);
	return 0;
}

const char *oc_reconf_method_name(enum oc_reconf_method m)
{
	return m == OC_RECONF_FTREEMINRC ? "ftreeminrc" : "itrc";
}

int oc_reconf_method_parse(const char *name, enum oc_reconf_method *m)
{
	if (!strcmp(name, "itrc"))
		*m = OC_RECONF_ITRC;
	else if (!strcmp(name, "ftreeminrc"))
		*m = OC_RECONF_FTREEMINRC;
	else
		return -1;
	return 0;
}
