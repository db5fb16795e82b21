/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smp.c - LFT block and PortInfo sets from the plugin (see smp.h).
 */
#include <string.h>

#include <opensm/osm_node.h>
#include <opensm/osm_port.h>
#include <opensm/osm_switch.h>

#include "vmops/smp.h"
#include "osm_internals.h"

int oc_osm_smp_lft_block(osm_opensm_t *osm, osm_switch_t *sw, unsigned blk)
{
	osm_physp_t *p0 = osm_node_get_physp_ptr(sw->p_node, 0);
	size_t off = (size_t)blk * IB_SMP_DATA_SIZE;
	osm_madw_context_t ctx;

	if (!p0 || off + IB_SMP_DATA_SIZE > sw->lft_size)
		return -1;
	memset(&ctx, 0, sizeof(ctx));
	ctx.lft_context.node_guid = osm_node_get_node_guid(sw->p_node);
	ctx.lft_context.set_method = TRUE;
	oc_osmi_lft_forget_block(sw, blk);
	return osm_req_set(&osm->sm, osm_physp_get_dr_path_ptr(p0),
			   sw->new_lft + off, IB_SMP_DATA_SIZE,
			   IB_MAD_ATTR_LIN_FWD_TBL, cl_hton32(blk), FALSE,
			   ib_port_info_get_m_key(&p0->port_info), 0,
			   CL_DISP_MSGID_NONE, &ctx) == IB_SUCCESS
		       ? 0
		       : -1;
}

int oc_osm_smp_port_lid(osm_opensm_t *osm, osm_physp_t *ph, uint16_t lid)
{
	uint8_t payload[IB_SMP_DATA_SIZE];
	ib_port_info_t *pi = (ib_port_info_t *)payload;
	osm_madw_context_t ctx;

	memset(payload, 0, sizeof(payload));
	memcpy(payload, &ph->port_info, sizeof(ib_port_info_t));
	pi->state_info2 = 0x02; /* physical state: no change; polling */
	ib_port_info_set_port_state(pi, IB_LINK_NO_CHANGE);
	pi->base_lid = cl_hton16(lid);
	ib_port_info_set_client_rereg(pi, 0);
	memset(&ctx, 0, sizeof(ctx));
	ctx.pi_context.node_guid = osm_node_get_node_guid(ph->p_node);
	ctx.pi_context.port_guid = osm_physp_get_port_guid(ph);
	ctx.pi_context.set_method = TRUE;
	return osm_req_set(&osm->sm, osm_physp_get_dr_path_ptr(ph), payload,
			   sizeof(payload), IB_MAD_ATTR_PORT_INFO,
			   cl_hton32(osm_physp_get_port_num(ph)), FALSE,
			   ib_port_info_get_m_key(&ph->port_info), 0,
			   CL_DISP_MSGID_NONE, &ctx) == IB_SUCCESS
		       ? 0
		       : -1;
}

int oc_osm_smp_guid_block0(osm_opensm_t *osm, osm_port_t *port)
{
	osm_physp_t *ph = port->p_physp;
	uint8_t payload[IB_SMP_DATA_SIZE];
	osm_madw_context_t ctx;

	if (!ph || !ph->p_guids)
		return -1;
	memset(payload, 0, sizeof(payload));
	memcpy(payload, &(*ph->p_guids)[0], sizeof(ib_guid_info_t));
	memset(&ctx, 0, sizeof(ctx));
	ctx.gi_context.node_guid = osm_node_get_node_guid(port->p_node);
	ctx.gi_context.port_guid = osm_physp_get_port_guid(ph);
	ctx.gi_context.set_method = TRUE;
	ctx.gi_context.port_num = osm_physp_get_port_num(ph);
	return osm_req_set(&osm->sm, osm_physp_get_dr_path_ptr(ph), payload,
			   sizeof(payload), IB_MAD_ATTR_GUID_INFO, 0, FALSE,
			   ib_port_info_get_m_key(&ph->port_info), 0,
			   CL_DISP_MSGID_NONE, &ctx) == IB_SUCCESS
		       ? 0
		       : -1;
}

int oc_osm_smp_lft_top(osm_opensm_t *osm, osm_switch_t *sw, uint16_t top)
{
	osm_physp_t *p0 = osm_node_get_physp_ptr(sw->p_node, 0);
	ib_switch_info_t si = sw->switch_info;
	osm_madw_context_t ctx;

	if (!p0)
		return -1;
	ib_switch_info_clear_state_change(&si);
	si.lin_top = cl_hton16(top);
	memset(&ctx, 0, sizeof(ctx));
	ctx.si_context.node_guid = osm_node_get_node_guid(sw->p_node);
	ctx.si_context.set_method = TRUE;
	ctx.si_context.light_sweep = FALSE;
	ctx.si_context.lft_top_change = TRUE;
	return osm_req_set(&osm->sm, osm_physp_get_dr_path_ptr(p0),
			   (uint8_t *)&si, sizeof(si), IB_MAD_ATTR_SWITCH_INFO,
			   0, FALSE, ib_port_info_get_m_key(&p0->port_info), 0,
			   CL_DISP_MSGID_NONE, &ctx) == IB_SUCCESS
		       ? 0
		       : -1;
}
