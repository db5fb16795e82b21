/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lid_model.c - applying the dynamic LID model to a fabric, and checking
 * that the VMs of a VM file sit on VF ports.
 */
#include <inttypes.h>

#include "vm/lid_model.h"

static void idle_vfs_down(struct oc_fabric *f, const struct oc_ftree *ft,
			  uint32_t hv, const struct oc_vm_table *vms)
{
	uint32_t node = f->switches[hv];
	unsigned p;

	for (p = 1; p <= f->nodes[node].num_ports; p++) {
		uint32_t ca = oc_peer(f, node, p);
		struct oc_port *vf;

		if (p == ft->sw[hv].uplink_port || p == ft->sw[hv].pf_port ||
		    ca == OC_NONE || oc_is_switch(f, ca))
			continue;
		vf = oc_port_mut(f, ca, oc_port(f, node, p)->peer_port);
		if (!oc_vm_table_find(vms, vf->guid))
			vf->active = 0;
	}
}

int oc_lid_model_dynamic(struct oc_fabric *f, const struct oc_vm_table *vms,
			 struct oc_err *err)
{
	struct oc_ftree *ft = oc_ftree_analyze(f, NULL, err);
	uint32_t sw;

	if (!ft)
		return -1;
	for (sw = 0; sw < f->num_switches; sw++)
		if (ft->sw[sw].role == OC_SW_VSWITCH)
			idle_vfs_down(f, ft, sw, vms);
	oc_ftree_free(ft);
	return 0;
}

const char *oc_lid_model_not_a_vf(const struct oc_fabric *f,
				  const struct oc_ftree *ft, uint64_t guid)
{
	const struct oc_ft_switch *hv;
	unsigned port;
	uint32_t node = oc_fabric_find_port_guid(f, guid, &port), peer;

	if (node == OC_NONE)
		return "no port of the topology has this GUID";
	if (oc_is_switch(f, node))
		return "it is a switch's port";
	peer = oc_peer(f, node, port);
	if (peer == OC_NONE || !oc_is_switch(f, peer))
		return "the port is not linked to a vSwitch";
	if (!ft)
		return NULL;
	hv = &ft->sw[f->nodes[peer].sw_index];
	if (hv->role != OC_SW_VSWITCH)
		return "the port is not behind a vSwitch";
	if (oc_port(f, node, port)->peer_port == hv->pf_port)
		return "it is the port of a PF, not of a VF";
	return NULL;
}

int oc_lid_model_check_vms(const struct oc_fabric *f, const struct oc_ftree *ft,
			   const struct oc_vm_table *vms, const char *path,
			   struct oc_err *err)
{
	uint32_t i;

	for (i = 0; i < vms->count; i++) {
		const struct oc_vm *vm = &vms->vms[i];
		const char *why = oc_lid_model_not_a_vf(f, ft, vm->vf_guid);

		if (why)
			return oc_err_set(err,
					  "%s:%u: VM \"%s\": 0x%016" PRIx64
					  " is not a VF port: %s",
					  path, vm->line, vm->name, vm->vf_guid,
					  why);
	}
	return 0;
}
