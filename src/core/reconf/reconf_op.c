/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf_op.c - checking an operation (swap, copy, boot, stop) against
 * the fabric and its LFTs, and describing which LIDs change hands.
 * Nothing is changed here; every refusal names the LID or node.
 */
#include "reconf/reconf_int.h"
#include "reconf/reconf_vf.h"

/* A CA port behind a vSwitch. */
struct vport {
	uint32_t node;
	uint8_t port;
	uint32_t hv;	 /* vSwitch index */
	uint8_t hv_port; /* the vSwitch's port to it */
};

static const char *node_name(const struct oc_reconf *rc, uint32_t node)
{
	return rc->f->nodes[node].name;
}

static const char *sw_name(const struct oc_reconf *rc, uint32_t sw)
{
	return node_name(rc, rc->f->switches[sw]);
}

/* Fills v when (node, port) is linked to a vSwitch. */
static int behind_vswitch(const struct oc_reconf *rc, uint32_t node,
			  unsigned port, struct vport *v)
{
	const struct oc_port *p = oc_port(rc->f, node, port);
	uint32_t sw;

	if (p->peer_node == OC_NONE || !oc_is_switch(rc->f, p->peer_node))
		return 0;
	sw = rc->f->nodes[p->peer_node].sw_index;
	if (rc->ft->sw[sw].role != OC_SW_VSWITCH)
		return 0;
	v->node = node;
	v->port = port;
	v->hv = sw;
	v->hv_port = p->peer_port;
	return 1;
}

static int is_pf(const struct oc_reconf *rc, const struct vport *v)
{
	return v->hv_port == rc->ft->sw[v->hv].pf_port;
}

/* The CA port behind a vSwitch that owns lid and has LFT entries. */
static int owner(const struct oc_reconf *rc, const struct oc_lfts *t,
		 unsigned lid, struct vport *v, struct oc_err *err)
{
	const struct oc_fabric *f = rc->f;
	const struct oc_lid_owner *o;

	if (!lid || lid > f->max_lid || f->lid_owner[lid].node == OC_NONE)
		return oc_err_set(err, "LID %u is not in use", lid);
	o = &f->lid_owner[lid];
	if (oc_is_switch(f, o->node))
		return oc_err_set(err, "LID %u is switch \"%s\", not a VM", lid,
				  node_name(rc, o->node));
	if (!behind_vswitch(rc, o->node, o->port, v))
		return oc_err_set(err,
				  "LID %u is CA \"%s\", which is not behind "
				  "a vSwitch",
				  lid, node_name(rc, o->node));
	if (lid > t->max_lid)
		return oc_err_set(err,
				  "LID %u has no LFT entries (the tables end "
				  "at LID %u)",
				  lid, t->max_lid);
	return 0;
}

static int vf_owner(const struct oc_reconf *rc, const struct oc_lfts *t,
		    unsigned lid, struct vport *v, struct oc_err *err)
{
	if (owner(rc, t, lid, v, err))
		return -1;
	if (is_pf(rc, v))
		return oc_err_set(err,
				  "LID %u is \"%s\", the PF of hypervisor "
				  "\"%s\", not a VF",
				  lid, node_name(rc, v->node),
				  sw_name(rc, v->hv));
	return 0;
}

static int pf_owner(const struct oc_reconf *rc, const struct oc_lfts *t,
		    unsigned lid, struct vport *v, struct oc_err *err)
{
	if (owner(rc, t, lid, v, err))
		return -1;
	if (!is_pf(rc, v))
		return oc_err_set(err,
				  "LID %u is \"%s\", a VF of hypervisor "
				  "\"%s\", not a PF",
				  lid, node_name(rc, v->node),
				  sw_name(rc, v->hv));
	return 0;
}

/* The port of CA vf linked to vSwitch hv, if any. */
static int vf_on(const struct oc_reconf *rc, uint32_t vf, uint32_t hv,
		 struct vport *v)
{
	unsigned p;

	for (p = 1; p <= rc->f->nodes[vf].num_ports; p++)
		if (behind_vswitch(rc, vf, p, v) && v->hv == hv)
			return 1;
	return 0;
}

static int check_given_vf(const struct oc_reconf *rc, uint32_t vf, uint32_t hv,
			  struct vport *v, struct oc_err *err)
{
	uint16_t lid;

	if (vf >= rc->f->num_nodes || oc_is_switch(rc->f, vf))
		return oc_err_set(err, "node %u is not a VF", vf);
	if (!vf_on(rc, vf, hv, v))
		return oc_err_set(err,
				  "\"%s\" is not a VF of hypervisor \"%s\"",
				  node_name(rc, vf), sw_name(rc, hv));
	if (is_pf(rc, v))
		return oc_err_set(err, "\"%s\" is the PF of hypervisor \"%s\"",
				  node_name(rc, vf), sw_name(rc, hv));
	lid = oc_port(rc->f, v->node, v->port)->lid;
	if (lid)
		return oc_err_set(err,
				  "VF \"%s\" already has LID %u (a VM moves "
				  "to a VF with a LID by a swap)",
				  node_name(rc, vf), lid);
	return 0;
}

/* The VF that takes the VM on hypervisor hv: the given one, or the first
 * VF without a LID by the one rule (reconf_vf.h). */
static int free_vf(const struct oc_reconf *rc, uint32_t vf, uint32_t hv,
		   struct vport *v, struct oc_err *err)
{
	const struct oc_vf_ask ask = {.hv = hv, .purpose = OC_VF_COPY};
	struct oc_vf_pick pick;

	if (vf != OC_NONE)
		return check_given_vf(rc, vf, hv, v, err);
	if (oc_reconf_vf_choose(rc->f, rc->ft, &ask, &pick, err))
		return -1;
	v->node = pick.node;
	v->port = pick.port;
	v->hv = hv;
	v->hv_port = pick.hv_port;
	return 0;
}

static void set_lid_move(struct oc_lid_move *m, unsigned lid, unsigned from_lid,
			 const struct vport *to, const struct vport *from)
{
	m->lid = lid;
	m->from_lid = from_lid;
	m->node = to ? to->node : OC_NONE;
	m->port = to ? to->port : 0;
	m->hv = to ? to->hv : OC_NONE;
	m->old_node = from ? from->node : OC_NONE;
	m->old_port = from ? from->port : 0;
}

static void set_ends(const struct oc_reconf *rc, struct oc_migrate_move *mv,
		     uint32_t src_hv, uint32_t dst_hv)
{
	mv->src_hv = src_hv;
	mv->dst_hv = dst_hv;
	mv->src_leaf = rc->ft->sw[src_hv].parent;
	mv->dst_leaf = rc->ft->sw[dst_hv].parent;
}

static int same_hypervisor(const struct oc_reconf *rc, unsigned lid,
			   const struct vport *v, struct oc_err *err)
{
	return oc_err_set(err,
			  "destination equals source: LID %u already runs on "
			  "hypervisor \"%s\"",
			  lid, sw_name(rc, v->hv));
}

static int resolve_swap(const struct oc_reconf *rc, const struct oc_lfts *t,
			const struct oc_migrate_op *op,
			struct oc_migrate_move *mv, struct oc_err *err)
{
	struct vport vm, idle;

	if (op->lid == op->peer_lid)
		return oc_err_set(err, "destination equals source: LID %u",
				  op->lid);
	if (vf_owner(rc, t, op->lid, &vm, err) ||
	    vf_owner(rc, t, op->peer_lid, &idle, err))
		return -1;
	if (vm.hv == idle.hv)
		return same_hypervisor(rc, op->lid, &vm, err);
	mv->num_lids = 2;
	set_lid_move(&mv->lids[0], op->lid, op->peer_lid, &idle, &vm);
	set_lid_move(&mv->lids[1], op->peer_lid, op->lid, &vm, &idle);
	set_ends(rc, mv, vm.hv, idle.hv);
	return 0;
}

static int resolve_copy(const struct oc_reconf *rc, const struct oc_lfts *t,
			const struct oc_migrate_op *op,
			struct oc_migrate_move *mv, struct oc_err *err)
{
	struct vport vm, pf, vf;

	if (vf_owner(rc, t, op->lid, &vm, err) ||
	    pf_owner(rc, t, op->peer_lid, &pf, err))
		return -1;
	if (vm.hv == pf.hv)
		return same_hypervisor(rc, op->lid, &vm, err);
	if (free_vf(rc, op->vf, pf.hv, &vf, err))
		return -1;
	mv->num_lids = 1;
	set_lid_move(&mv->lids[0], op->lid, op->peer_lid, &vf, &vm);
	set_ends(rc, mv, vm.hv, pf.hv);
	return 0;
}

static int check_free_lid(const struct oc_reconf *rc, const struct oc_lfts *t,
			  unsigned lid, struct oc_err *err)
{
	const struct oc_fabric *f = rc->f;

	if (!lid || lid > OC_MAX_UCAST_LID)
		return oc_err_set(err, "LID %u out of range 1..%u", lid,
				  OC_MAX_UCAST_LID);
	if (lid >= t->stride)
		return oc_err_set(err,
				  "LID %u is beyond the forwarding tables "
				  "(room for LIDs up to %u)",
				  lid, t->stride - 1);
	if (lid <= f->max_lid && f->lid_owner[lid].node != OC_NONE)
		return oc_err_set(err, "LID %u is in use by \"%s\"", lid,
				  node_name(rc, f->lid_owner[lid].node));
	return 0;
}

static int resolve_boot(const struct oc_reconf *rc, const struct oc_lfts *t,
			const struct oc_migrate_op *op,
			struct oc_migrate_move *mv, struct oc_err *err)
{
	struct vport pf, vf;

	if (check_free_lid(rc, t, op->lid, err) ||
	    pf_owner(rc, t, op->peer_lid, &pf, err) ||
	    free_vf(rc, op->vf, pf.hv, &vf, err))
		return -1;
	mv->num_lids = 1;
	set_lid_move(&mv->lids[0], op->lid, op->peer_lid, &vf, NULL);
	set_ends(rc, mv, pf.hv, pf.hv);
	return 0;
}

static int resolve_stop(const struct oc_reconf *rc, const struct oc_lfts *t,
			const struct oc_migrate_op *op,
			struct oc_migrate_move *mv, struct oc_err *err)
{
	struct vport vm;

	if (vf_owner(rc, t, op->lid, &vm, err))
		return -1;
	mv->num_lids = 1;
	set_lid_move(&mv->lids[0], op->lid, 0, NULL, &vm);
	set_ends(rc, mv, vm.hv, vm.hv);
	return 0;
}

int reconf_resolve(const struct oc_reconf *rc, const struct oc_lfts *t,
		   const struct oc_migrate_op *op, struct oc_migrate_move *mv,
		   struct oc_err *err)
{
	if (t->num_switches != rc->f->num_switches)
		return oc_err_set(err,
				  "LFTs of %u switches for a fabric of %u "
				  "switches",
				  t->num_switches, rc->f->num_switches);
	mv->kind = op->kind;
	switch (op->kind) {
	case OC_OP_SWAP:
		return resolve_swap(rc, t, op, mv, err);
	case OC_OP_COPY:
		return resolve_copy(rc, t, op, mv, err);
	case OC_OP_BOOT:
		return resolve_boot(rc, t, op, mv, err);
	case OC_OP_STOP:
		return resolve_stop(rc, t, op, mv, err);
	default:
		return oc_err_set(err, "unknown operation %u", op->kind);
	}
}
