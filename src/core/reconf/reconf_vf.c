/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf_vf.c - the destination VF of a migration or a boot: the rule is
 * stated in reconf_vf.h.
 */
#include <inttypes.h>

#include "reconf/reconf.h"
#include "reconf/reconf_vf.h"

const struct oc_port *oc_reconf_vf_behind(const struct oc_fabric *f,
					  const struct oc_ftree *ft,
					  uint32_t hv, unsigned p)
{
	const struct oc_ft_switch *s = &ft->sw[hv];
	const struct oc_port *sp = oc_port(f, f->switches[hv], p);

	if (p == s->uplink_port || p == s->pf_port ||
	    sp->peer_node == OC_NONE || oc_is_switch(f, sp->peer_node))
		return NULL;
	return oc_port(f, sp->peer_node, sp->peer_port);
}

static int users_say(int (*q)(const void *, uint64_t),
		     const struct oc_vf_users *u, uint64_t guid)
{
	return u && q && q(u->ctx, guid);
}

/* A VF no VM holds and the ask allows (want_vf, vGUIDs for a boot). */
static int may_take(const struct oc_vf_ask *ask, const struct oc_port *vf)
{
	const struct oc_vf_users *u = ask->users;

	if (ask->want_vf && vf->guid != ask->want_vf)
		return 0;
	if (u && users_say(u->runs_vm, u, vf->guid))
		return 0;
	return ask->purpose != OC_VF_BOOT ||
	       !(u && users_say(u->is_vguid, u, vf->guid));
}

/* The first VF of the hypervisor the ask allows, idle (active, with a
 * LID) or free (no LID); 1 when found. */
static int first_vf(const struct oc_fabric *f, const struct oc_ftree *ft,
		    const struct oc_vf_ask *ask, int idle,
		    struct oc_vf_pick *pick)
{
	uint32_t node = f->switches[ask->hv];
	const struct oc_port *vf;
	unsigned p;

	for (p = 1; p <= f->nodes[node].num_ports; p++) {
		vf = oc_reconf_vf_behind(f, ft, ask->hv, p);
		if (!vf || !may_take(ask, vf))
			continue;
		if (idle ? !(vf->active && vf->lid) : vf->lid != 0)
			continue;
		pick->node = oc_port(f, node, p)->peer_node;
		pick->port = oc_port(f, node, p)->peer_port;
		pick->hv_port = p;
		pick->guid = vf->guid;
		pick->lid = vf->lid;
		return 1;
	}
	return 0;
}

static int none_left(const struct oc_fabric *f, const struct oc_vf_ask *ask,
		     struct oc_err *err)
{
	const char *hv = f->nodes[f->switches[ask->hv]].name;
	const char *vm = ask->vm_name ? ask->vm_name : "?";

	if (ask->purpose == OC_VF_BOOT && ask->want_vf)
		return oc_err_set(err,
				  "VF 0x%016" PRIx64 " cannot take a boot: "
				  "a VM uses it, its GUID is a VM's vGUID, "
				  "or it has a LID",
				  ask->want_vf);
	if (ask->want_vf)
		return oc_err_set(err,
				  "VF 0x%016" PRIx64 " cannot take VM \"%s\": "
				  "another VM uses it",
				  ask->want_vf, vm);
	if (ask->purpose == OC_VF_BOOT)
		return oc_err_set(err,
				  "hypervisor \"%s\" has no VF up without a "
				  "LID (boot needs one: dynamic LID model; "
				  "a VF whose GUID is a VM's vGUID is "
				  "skipped)",
				  hv);
	if (ask->purpose == OC_VF_COPY)
		return oc_err_set(err,
				  "hypervisor \"%s\" has no VF without a LID "
				  "(with prepopulated LIDs a VM moves by a "
				  "swap)",
				  hv);
	return oc_err_set(err,
			  "hypervisor \"%s\" has no idle VF (every VF with "
			  "a LID runs a VM) and no VF up without a LID",
			  hv);
}

int oc_reconf_vf_choose(const struct oc_fabric *f, const struct oc_ftree *ft,
			const struct oc_vf_ask *ask, struct oc_vf_pick *pick,
			struct oc_err *err)
{
	if (ask->hv >= f->num_switches || ft->sw[ask->hv].role != OC_SW_VSWITCH)
		return oc_err_set(err, "switch index %u is not a hypervisor",
				  ask->hv);
	if (ask->purpose == OC_VF_MIGRATE && first_vf(f, ft, ask, 1, pick)) {
		pick->kind = OC_OP_SWAP;
		return 0;
	}
	if (first_vf(f, ft, ask, 0, pick)) {
		pick->kind = ask->purpose == OC_VF_BOOT ? OC_OP_BOOT
							: OC_OP_COPY;
		return 0;
	}
	return none_left(f, ask, err);
}
