/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf_pick.c - a migration's operation from a VM LID and a hypervisor,
 * and the random migration (reconf_pick.h).
 */
#include "base/rand.h"
#include "reconf/reconf_pick.h"

uint32_t oc_reconf_hv_of_lid(const struct oc_fabric *f, uint16_t lid)
{
	const struct oc_lid_owner *o = &f->lid_owner[lid];
	uint32_t peer;

	if (o->node == OC_NONE)
		return OC_NONE;
	peer = oc_peer(f, o->node, o->port);
	if (peer == OC_NONE || !oc_is_switch(f, peer))
		return OC_NONE;
	return f->nodes[peer].sw_index;
}

uint16_t oc_reconf_pf_lid(const struct oc_fabric *f, const struct oc_ftree *ft,
			  uint32_t hv)
{
	uint32_t node = f->switches[hv];
	unsigned pf = ft->sw[hv].pf_port;
	const struct oc_port *sp;

	if (!pf)
		return 0;
	sp = oc_port(f, node, pf);
	return oc_port(f, sp->peer_node, sp->peer_port)->lid;
}

int oc_reconf_op_to(const struct oc_fabric *f, const struct oc_ftree *ft,
		    const struct oc_vf_users *users, uint16_t lid, uint32_t hv,
		    struct oc_migrate_op *op, struct oc_err *err)
{
	const struct oc_vf_ask ask = {
		.hv = hv, .purpose = OC_VF_MIGRATE, .users = users};
	struct oc_vf_pick pick;

	if (oc_reconf_vf_choose(f, ft, &ask, &pick, err))
		return -1;
	op->lid = lid;
	op->kind = pick.kind;
	if (pick.kind == OC_OP_SWAP) {
		op->vf = OC_NONE;
		op->peer_lid = pick.lid;
	} else {
		op->vf = pick.node;
		op->peer_lid = oc_reconf_pf_lid(f, ft, hv);
	}
	return 0;
}

int oc_reconf_random_op(const struct oc_fabric *f, const struct oc_ftree *ft,
			const struct oc_reconf_pool *pool, uint64_t *rng,
			struct oc_migrate_op *op)
{
	struct oc_err full;
	uint16_t lid = pool->vm_lids[oc_rand_next(rng) % pool->num_vms];
	uint32_t from = oc_reconf_hv_of_lid(f, lid), i, start, hv;

	for (i = 0; i < 64; i++) {
		hv = pool->hvs[oc_rand_next(rng) % pool->num_hvs];
		if (hv != from &&
		    !oc_reconf_op_to(f, ft, pool->users, lid, hv, op, &full))
			return 0;
	}
	start = oc_rand_next(rng) % pool->num_hvs;
	for (i = 0; i < pool->num_hvs; i++) {
		hv = pool->hvs[(start + i) % pool->num_hvs];
		if (hv != from &&
		    !oc_reconf_op_to(f, ft, pool->users, lid, hv, op, &full))
			return 0;
	}
	return -1;
}
