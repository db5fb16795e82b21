/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * exec_targets.c - what migrate, boot and stop ask of the executor
 * (op_exec.h): the planner operation, the PortInfo sets and the VF.
 *
 * The VF is the one rule's (reconf/reconf_vf.h, shared with "osmcloud
 * plan"), asked of the registry: an idle VF (an active VF port with a
 * LID that no VM of the registry uses) means prepopulated LIDs and a
 * migration swaps; otherwise a VF port without a LID means dynamic LIDs
 * and a migration copies.
 */
#include <inttypes.h>
#include <string.h>

#include <opensm/osm_opensm.h>
#include <opensm/osm_switch.h>

#include "vmops/op_exec.h"
#include "vmops/vguid.h"
#include "reconf/reconf_vf.h"
#include "plugin.h"

/* The VF of hypervisor hv the one rule (reconf_vf.h) gives for purpose,
 * asked of the registry; taken (dst_guid, vf_name) when found. */
static int choose_vf(struct oc_exec *x, uint32_t hv, enum oc_vf_purpose purpose,
		     struct oc_vf_pick *v, struct oc_err *err)
{
	const struct oc_vf_users users = {
		.runs_vm = oc_vmreg_runs_vm,
		.is_vguid = oc_vmreg_is_vguid,
		.ctx = x->p->vmstate.reg,
	};
	const struct oc_vf_ask ask = {
		.hv = hv,
		.purpose = purpose,
		.want_vf = x->want_vf,
		.vm_name = x->vm_name,
		.users = &users,
	};

	if (oc_reconf_vf_choose(x->snap->f, x->ft, &ask, v, err))
		return -1;
	x->dst_guid = v->guid;
	snprintf(x->vf_name, sizeof(x->vf_name), "%s",
		 oc_exec_node_name(x, v->node));
	return 0;
}

static void add_pi(struct oc_exec *x, uint64_t guid, uint16_t lid)
{
	x->pis[x->num_pis].guid = guid;
	x->pis[x->num_pis].lid = lid;
	x->num_pis++;
}

/* The LID of hypervisor hv's PF. */
static int pf_lid(const struct oc_exec *x, uint32_t hv, uint16_t *lid,
		  struct oc_err *err)
{
	const struct oc_fabric *f = x->snap->f;
	const struct oc_port *sp =
		oc_port(f, f->switches[hv], x->ft->sw[hv].pf_port);

	*lid = 0;
	if (x->ft->sw[hv].pf_port && sp->peer_node != OC_NONE)
		*lid = oc_port(f, sp->peer_node, sp->peer_port)->lid;
	if (!*lid)
		return oc_err_set(err, "hypervisor \"%s\" has no PF with a LID",
				  x->hv_name);
	return 0;
}

/* Dynamic model: the VM's LID moves to a free VF, entries of the PF. */
static int copy_to(struct oc_exec *x, const struct oc_vf_pick *v,
		   struct oc_err *err)
{
	x->op.kind = OC_OP_COPY;
	x->op.lid = x->vm->lid;
	x->op.vf = v->node;
	add_pi(x, x->src_guid, 0);
	add_pi(x, x->dst_guid, x->vm->lid);
	return pf_lid(x, x->dst_hv, &x->op.peer_lid, err);
}

/* Prepopulated model: the VM's LID and the idle VF's trade places. */
static int swap_with(struct oc_exec *x, const struct oc_vf_pick *v)
{
	x->op.kind = OC_OP_SWAP;
	x->op.lid = x->vm->lid;
	x->op.peer_lid = v->lid;
	x->op.vf = OC_NONE;
	add_pi(x, x->src_guid, v->lid);
	add_pi(x, x->dst_guid, x->vm->lid);
	return 0;
}

/* The VM's VF is detached: the destination VF takes the VM's LID by
 * OpenSM's LID manager (guid2lid, a heavy sweep); no plan, no SMP of
 * ours.  The VM's LID stayed reserved for its old VF until now. */
static int detached_to(struct oc_exec *x, struct oc_err *err)
{
	struct oc_vf_pick v;

	if (choose_vf(x, x->dst_hv, OC_VF_MIGRATE, &v, err))
		return -1;
	x->op.kind = v.kind;
	x->op.lid = x->vm->lid;
	x->op.peer_lid = v.lid;
	x->op.vf = v.node;
	add_pi(x, x->dst_guid, x->vm->lid);
	return 0;
}

int oc_exec_targets_migrate(struct oc_exec *x, struct oc_err *err)
{
	struct oc_vf_pick v;

	x->detached_ok = 1;
	if (oc_exec_find_vm(x, err) || oc_exec_find_hv(x, err))
		return -1;
	if (x->detached)
		return detached_to(x, err);
	if (x->dst_hv == x->src_hv && x->want_vf && x->want_vf != x->src_guid)
		return oc_err_set(err,
				  "VM \"%s\" already runs on hypervisor "
				  "\"%s\" (VF %s): a move between the VFs of "
				  "one hypervisor is not supported",
				  x->vm_name, x->hv_name, x->vf_name);
	if (x->dst_hv == x->src_hv)
		return oc_exec_already(x,
				       "VM \"%s\" already runs on \"%s\" "
				       "(VF %s, LID %u): nothing sent",
				       x->vm_name, x->hv_name, x->vf_name,
				       x->vm->lid);
	if (choose_vf(x, x->dst_hv, OC_VF_MIGRATE, &v, err))
		return -1;
	return v.kind == OC_OP_SWAP ? swap_with(x, &v) : copy_to(x, &v, err);
}

/* Highest LID every switch's table holds (max_lid_ho of each). */
static unsigned table_room(const struct oc_exec *x)
{
	unsigned room = OC_MAX_UCAST_LID;
	uint32_t i;

	for (i = 0; i < x->snap->f->num_switches; i++) {
		const osm_switch_t *sw = x->snap->sw[i];

		if (sw && sw->new_lft && sw->max_lid_ho < room)
			room = sw->max_lid_ho;
	}
	return room;
}

static int lid_free(const struct oc_exec *x, unsigned lid)
{
	const struct oc_fabric *f = x->snap->f;
	cl_ptr_vector_t *tbl = &x->osm->subn.port_lid_tbl;

	if (lid < cl_ptr_vector_get_size(tbl) && cl_ptr_vector_get(tbl, lid))
		return 0;
	if (x->osm->sm.lid_mgr.used_lids[lid] ||
	    oc_vmreg_by_lid(x->p->vmstate.reg, lid))
		return 0;
	return lid > f->max_lid || f->lid_owner[lid].node == OC_NONE;
}

/* Highest LID every switch's table can be grown to: its LinearFDBCap
 * minus one. */
static unsigned table_cap(const struct oc_exec *x)
{
	unsigned cap = OC_MAX_UCAST_LID, lin_cap;
	uint32_t i;

	for (i = 0; i < x->snap->f->num_switches; i++) {
		const osm_switch_t *sw = x->snap->sw[i];

		if (!sw || !sw->new_lft)
			continue;
		lin_cap = cl_ntoh16(sw->switch_info.lin_cap);
		if (lin_cap && lin_cap - 1 < cap)
			cap = lin_cap - 1;
	}
	return cap;
}

/* The lowest LID no port, guid2lid reservation or VM holds.  Above every
 * switch's LinearFDBTop (room) the tables grow to it (grow_top), up to
 * the smallest LinearFDBCap. */
static int free_lid(struct oc_exec *x, struct oc_err *err)
{
	unsigned room = table_room(x), cap = table_cap(x), lid;

	for (lid = 1; lid <= cap; lid++)
		if (lid_free(x, lid))
			break;
	if (lid > cap)
		return oc_err_set(err,
				  "no free LID: LIDs 1..%u are all taken, "
				  "and %u is the highest LID every switch's "
				  "forwarding table can hold (smallest "
				  "LinearFDBCap %u)",
				  cap, cap, cap + 1);
	x->op.lid = lid;
	x->old_top = room;
	if (lid > room)
		x->grow_top = lid;
	return lid > room ? oc_exec_room_for(x, lid, err) : 0;
}

/* A boot of a VM the registry has: done when it runs where and as asked
 * (a repeated boot), refused otherwise. */
static int booted_already(struct oc_exec *x, struct oc_err *err)
{
	if (oc_exec_find_vm(x, err) || oc_exec_find_hv(x, err))
		return -1;
	if (x->dst_hv != x->src_hv ||
	    (x->want_vf && x->want_vf != x->src_guid) ||
	    (x->vguid && x->vguid != x->vm->vguid) ||
	    (x->weight && x->weight != x->vm->weight))
		return oc_err_set(err,
				  "VM \"%s\" already exists (VF %s, LID %u, "
				  "vGUID 0x%016" PRIx64 ")",
				  x->vm_name, x->vf_name, x->vm->lid,
				  x->vm->vguid);
	return oc_exec_already(x,
			       "VM \"%s\" already runs on \"%s\" (VF %s, LID "
			       "%u): nothing sent",
			       x->vm_name, x->hv_name, x->vf_name, x->vm->lid);
}

int oc_exec_targets_boot(struct oc_exec *x, struct oc_err *err)
{
	struct oc_vf_pick v;
	const char *why;

	if (oc_vmreg_by_name(x->p->vmstate.reg, x->vm_name))
		return booted_already(x, err);
	if (x->vguid && oc_vmreg_by_vguid(x->p->vmstate.reg, x->vguid))
		return oc_err_set(err, "vGUID 0x%016" PRIx64 " is another VM's",
				  x->vguid);
	why = x->vguid ? oc_osm_vguid_refusal(x->osm, x->p->vmstate.guids_seen,
					      x->vguid)
		       : NULL;
	if (why)
		return oc_err_set(err, "vGUID 0x%016" PRIx64 " %s", x->vguid,
				  why);
	if (oc_exec_find_hv(x, err))
		return -1;
	x->src_hv = x->dst_hv;
	x->op.kind = OC_OP_BOOT;
	if (choose_vf(x, x->dst_hv, OC_VF_BOOT, &v, err))
		return -1;
	x->op.vf = v.node;
	if (free_lid(x, err) || pf_lid(x, x->dst_hv, &x->op.peer_lid, err))
		return -1;
	add_pi(x, x->dst_guid, x->op.lid);
	return 0;
}

/* stop ... from=DEST: the VM runs on DEST (1), elsewhere (0). */
static int runs_on_from(struct oc_exec *x, struct oc_err *err)
{
	x->hv_name = x->from_name;
	if (oc_exec_find_hv(x, err))
		return -1;
	if (x->want_vf ? x->want_vf == x->src_guid : x->dst_hv == x->src_hv)
		return 1;
	return oc_exec_already(x,
			       "VM \"%s\" runs on VF %s, not on \"%s\": "
			       "nothing to stop, nothing sent",
			       x->vm_name, x->vf_name, x->from_name);
}

int oc_exec_targets_stop(struct oc_exec *x, struct oc_err *err)
{
	if (!oc_vmreg_by_name(x->p->vmstate.reg, x->vm_name))
		return oc_exec_already(x,
				       "VM \"%s\" is not in the registry "
				       "(stopped already?): nothing to stop, "
				       "nothing sent",
				       x->vm_name);
	if (oc_exec_find_vm(x, err))
		return -1;
	if (x->from_name && runs_on_from(x, err) <= 0)
		return x->already ? 0 : -1;
	x->dst_hv = x->src_hv;
	x->op.kind = OC_OP_STOP;
	x->op.lid = x->vm->lid;
	x->op.vf = OC_NONE;
	add_pi(x, x->src_guid, 0);
	return 0;
}
