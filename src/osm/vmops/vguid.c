/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vguid.c - a VM's own GUID in OpenSM's alias GUID table and in the VF's
 * GUID table (see vguid.h).
 */
#include <opensm/osm_port.h>
#include <opensm/osm_db_pack.h>
#include <opensm/osm_subnet.h>

#include "vm/vguid_rule.h"
#include "vmops/smp.h"
#include "vmops/vguid.h"
#include "osm_internals.h"

#define OC_VGUID_INDEX 1 /* GUIDInfo index the vGUID takes */

int oc_osm_vguid_is_own(osm_opensm_t *osm, uint64_t vguid)
{
	return vguid && !osm_get_port_by_guid(&osm->subn, cl_hton64(vguid));
}

const char *oc_osm_vguid_refusal(osm_opensm_t *osm, const struct oc_hash *seen,
				 uint64_t vguid)
{
	uint16_t min, max;
	int port_now = vguid && !oc_osm_vguid_is_own(osm, vguid);
	int in_g2l =
		!osm_db_guid2lid_get(osm->sm.lid_mgr.p_g2l, vguid, &min, &max);

	return oc_vguid_refusal(vguid, port_now, seen, in_g2l);
}

/* The alias entry of vguid that is not some port's own GUID. */
static osm_alias_guid_t *alias_of(osm_opensm_t *osm, ib_net64_t vguid)
{
	osm_alias_guid_t *a = osm_get_alias_guid_by_guid(&osm->subn, vguid);

	if (!a || a->p_base_port->guid == vguid)
		return NULL;
	return a;
}

int oc_osm_vguid_place(osm_opensm_t *osm, uint64_t vguid, uint64_t vf_guid,
		       osm_port_t **prev)
{
	ib_net64_t net = cl_hton64(vguid);
	osm_port_t *port = osm_get_port_by_guid(&osm->subn, cl_hton64(vf_guid));
	osm_alias_guid_t *a = alias_of(osm, net);

	*prev = NULL;
	if (!port)
		return -1;
	if (a && a->p_base_port == port)
		return 0;
	if (a) {
		*prev = a->p_base_port;
		oc_osmi_guid_index_clear(a->p_base_port, OC_VGUID_INDEX, net);
		oc_osmi_alias_move(a, port);
	} else if (!oc_osmi_alias_add(osm, net, port)) {
		return -1;
	}
	oc_osmi_guid_index_set(port, OC_VGUID_INDEX, net);
	return 1;
}

void oc_osm_vguid_drop(osm_opensm_t *osm, uint64_t vguid, osm_port_t **prev)
{
	osm_alias_guid_t *a = alias_of(osm, cl_hton64(vguid));

	*prev = NULL;
	if (!a)
		return;
	*prev = a->p_base_port;
	oc_osmi_guid_index_clear(a->p_base_port, OC_VGUID_INDEX,
				 cl_hton64(vguid));
	oc_osmi_alias_remove(osm, a);
}

unsigned oc_osm_vguid_send(osm_opensm_t *osm, uint64_t vf_guid,
			   osm_port_t *prev)
{
	osm_port_t *port = osm_get_port_by_guid(&osm->subn, cl_hton64(vf_guid));
	unsigned sent = 0;

	if (port && !oc_osm_smp_guid_block0(osm, port))
		sent++;
	if (prev && prev != port && !oc_osm_smp_guid_block0(osm, prev))
		sent++;
	return sent;
}

unsigned oc_osm_vguid_sync(osm_opensm_t *osm, const struct oc_vmreg *reg,
			   const struct oc_osm_holds *holds)
{
	unsigned changed = 0;
	osm_port_t *prev;
	uint32_t i;

	for (i = 0; i < reg->count; i++) {
		const struct oc_vm_rec *vm = &reg->vms[i];

		if (vm->held || oc_osm_holds_why(holds, vm->name) ||
		    !oc_osm_vguid_is_own(osm, vm->vguid) ||
		    oc_osm_vguid_place(osm, vm->vguid, vm->vf_guid, &prev) <= 0)
			continue;
		oc_osm_vguid_send(osm, vm->vf_guid, prev);
		changed++;
	}
	return changed;
}
