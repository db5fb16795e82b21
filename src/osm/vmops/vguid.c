/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vguid.c - a VM's own GUID in OpenSM's alias GUID table and in the VF's
 * GUID table (see vguid.h).
 */
#include <stdlib.h>

#include <opensm/osm_port.h>
#include <opensm/osm_subnet.h>

#include "vmops/smp.h"
#include "vmops/vguid.h"

#define OC_VGUID_INDEX 1 /* GUIDInfo index the vGUID takes */

int oc_osm_vguid_is_own(osm_opensm_t *osm, uint64_t vguid)
{
	return vguid && !osm_get_port_by_guid(&osm->subn, cl_hton64(vguid));
}

/* The port's GUID table, made as OpenSM's SA makes it (index 0 = the port
 * GUID); NULL when the port has no room for an alias GUID. */
static ib_net64_t *guid_table(osm_port_t *port)
{
	osm_physp_t *ph = port->p_physp;
	unsigned blocks;

	if (!ph || ph->port_info.guid_cap <= OC_VGUID_INDEX)
		return NULL;
	if (!ph->p_guids) {
		blocks = (ph->port_info.guid_cap + GUID_TABLE_MAX_ENTRIES - 1) /
			 GUID_TABLE_MAX_ENTRIES;
		ph->p_guids = calloc((size_t)blocks * GUID_TABLE_MAX_ENTRIES,
				     sizeof(ib_net64_t));
		if (!ph->p_guids)
			return NULL;
		(*ph->p_guids)[0] = ph->port_guid;
	}
	return *ph->p_guids;
}

static void set_index(osm_port_t *port, ib_net64_t guid)
{
	ib_net64_t *tbl = guid_table(port);

	if (tbl)
		tbl[OC_VGUID_INDEX] = guid;
}

/* Clears index 1 of port when it holds guid (and nothing else). */
static void clear_index(osm_port_t *port, ib_net64_t guid)
{
	osm_physp_t *ph = port->p_physp;

	if (ph && ph->p_guids && ph->port_info.guid_cap > OC_VGUID_INDEX &&
	    (*ph->p_guids)[OC_VGUID_INDEX] == guid)
		(*ph->p_guids)[OC_VGUID_INDEX] = 0;
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
		clear_index(a->p_base_port, net);
		a->p_base_port = port;
	} else {
		a = osm_alias_guid_new(net, port);
		if (!a)
			return -1;
		cl_qmap_insert(&osm->subn.alias_port_guid_tbl, net,
			       &a->map_item);
	}
	set_index(port, net);
	return 1;
}

void oc_osm_vguid_drop(osm_opensm_t *osm, uint64_t vguid, osm_port_t **prev)
{
	osm_alias_guid_t *a = alias_of(osm, cl_hton64(vguid));

	*prev = NULL;
	if (!a)
		return;
	*prev = a->p_base_port;
	clear_index(a->p_base_port, cl_hton64(vguid));
	cl_qmap_remove_item(&osm->subn.alias_port_guid_tbl, &a->map_item);
	osm_alias_guid_delete(&a);
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

unsigned oc_osm_vguid_sync(osm_opensm_t *osm, const struct oc_vmreg *reg)
{
	unsigned changed = 0;
	osm_port_t *prev;
	uint32_t i;

	for (i = 0; i < reg->count; i++) {
		const struct oc_vm_rec *vm = &reg->vms[i];

		if (!oc_osm_vguid_is_own(osm, vm->vguid) ||
		    oc_osm_vguid_place(osm, vm->vguid, vm->vf_guid, &prev) <= 0)
			continue;
		oc_osm_vguid_send(osm, vm->vf_guid, prev);
		changed++;
	}
	return changed;
}
