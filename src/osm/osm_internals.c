/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osm_internals.c - every write of the plugin into structures OpenSM owns
 * (see osm_internals.h: what each function mirrors in OpenSM 3.3.23).
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <opensm/osm_db_pack.h>

#include "osm_internals.h"

/* ---- a switch's tables ----------------------------------------------- */

uint32_t oc_osmi_lft_size_for(uint16_t lid)
{
	return ((uint32_t)lid / IB_SMP_DATA_SIZE + 1) * IB_SMP_DATA_SIZE;
}

/* *table grows from old to size bytes, the new ones OSM_NO_PATH. */
static int grow_bytes(uint8_t **table, uint32_t old, uint32_t size)
{
	uint8_t *grown = realloc(*table, size);

	if (!grown)
		return -1;
	memset(grown + old, OSM_NO_PATH, size - old);
	*table = grown;
	return 0;
}

static int grow_hops(osm_switch_t *sw, uint16_t lid)
{
	uint8_t **rows;

	if (sw->hops && lid < sw->num_hops)
		return 0;
	rows = realloc(sw->hops, ((size_t)lid + 1) * sizeof(*rows));
	if (!rows)
		return -1;
	memset(rows + (sw->hops ? sw->num_hops : 0), 0,
	       ((size_t)lid + 1 - (sw->hops ? sw->num_hops : 0)) *
		       sizeof(*rows));
	sw->hops = rows;
	sw->num_hops = lid + 1u;
	return 0;
}

int oc_osmi_lft_grow(osm_switch_t *sw, uint16_t lid)
{
	uint32_t size = oc_osmi_lft_size_for(lid);

	if (size > sw->lft_size) {
		/* new_lft first: lft_size describes both */
		if (grow_bytes(&sw->new_lft, sw->lft_size, size) ||
		    grow_bytes(&sw->lft, sw->lft_size, size))
			return -1;
		sw->lft_size = size;
	}
	return grow_hops(sw, lid);
}

void oc_osmi_lft_set_top(osm_switch_t *sw, uint16_t top)
{
	sw->max_lid_ho = top;
}

void oc_osmi_new_lft_set(osm_switch_t *sw, const uint8_t *row, uint16_t max_lid)
{
	memcpy(sw->new_lft, row, max_lid + 1u);
	sw->max_lid_ho = max_lid;
}

void oc_osmi_new_lft_set_block(osm_switch_t *sw, unsigned block,
			       const uint8_t ports[IB_SMP_DATA_SIZE])
{
	memcpy(sw->new_lft + (size_t)block * IB_SMP_DATA_SIZE, ports,
	       IB_SMP_DATA_SIZE);
}

void oc_osmi_lft_forget_block(osm_switch_t *sw, unsigned block)
{
	memset(sw->lft + (size_t)block * IB_SMP_DATA_SIZE, 0, IB_SMP_DATA_SIZE);
}

/* ---- LIDs ------------------------------------------------------------ */

void oc_osmi_port_lid_release(osm_opensm_t *osm, osm_port_t *port)
{
	cl_ptr_vector_t *tbl = &osm->subn.port_lid_tbl;
	uint16_t old = cl_ntoh16(port->lid);

	if (old && old < cl_ptr_vector_get_size(tbl) &&
	    cl_ptr_vector_get(tbl, old) == port) {
		cl_ptr_vector_set(tbl, old, NULL);
		osm->sm.lid_mgr.used_lids[old] = 0;
	}
}

void oc_osmi_port_lid_take(osm_opensm_t *osm, osm_port_t *port, uint64_t guid,
			   uint16_t lid)
{
	osm_lid_mgr_t *mgr = &osm->sm.lid_mgr;

	port->lid = cl_hton16(lid);
	if (!lid)
		return;
	osm_db_guid2lid_set(mgr->p_g2l, guid, lid, lid);
	cl_ptr_vector_set(&osm->subn.port_lid_tbl, lid, port);
	mgr->used_lids[lid] = 1;
}

void oc_osmi_guid2lid_reserve(osm_opensm_t *osm, uint64_t guid, uint16_t lid)
{
	osm_lid_mgr_t *mgr = &osm->sm.lid_mgr;

	osm_db_guid2lid_set(mgr->p_g2l, guid, lid, lid);
	mgr->used_lids[lid] = 1;
}

void oc_osmi_guid2lid_forget(osm_opensm_t *osm, uint64_t guid)
{
	osm_db_guid2lid_delete(osm->sm.lid_mgr.p_g2l, guid);
}

void oc_osmi_guid2lid_store(osm_opensm_t *osm)
{
	osm_db_store(osm->sm.lid_mgr.p_g2l, FALSE);
}

void oc_osmi_force_heavy_sweep(osm_opensm_t *osm)
{
	osm->subn.force_heavy_sweep = TRUE;
}

/* ---- alias GUIDs ----------------------------------------------------- */

osm_alias_guid_t *oc_osmi_alias_add(osm_opensm_t *osm, ib_net64_t guid,
				    osm_port_t *port)
{
	osm_alias_guid_t *a = osm_alias_guid_new(guid, port);

	if (a)
		cl_qmap_insert(&osm->subn.alias_port_guid_tbl, guid,
			       &a->map_item);
	return a;
}

void oc_osmi_alias_move(osm_alias_guid_t *a, osm_port_t *port)
{
	a->p_base_port = port;
}

void oc_osmi_alias_remove(osm_opensm_t *osm, osm_alias_guid_t *a)
{
	cl_qmap_remove_item(&osm->subn.alias_port_guid_tbl, &a->map_item);
	osm_alias_guid_delete(&a);
}

/* The port's GUID table, made as OpenSM's SA makes it (index 0 = the port
 * GUID); NULL when the port has no room for index. */
static ib_net64_t *guid_table(osm_port_t *port, unsigned index)
{
	osm_physp_t *ph = port->p_physp;
	unsigned blocks;

	if (!ph || ph->port_info.guid_cap <= index)
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

void oc_osmi_guid_index_set(osm_port_t *port, unsigned index, ib_net64_t guid)
{
	ib_net64_t *tbl = guid_table(port, index);

	if (tbl)
		tbl[index] = guid;
}

void oc_osmi_guid_index_clear(osm_port_t *port, unsigned index, ib_net64_t guid)
{
	osm_physp_t *ph = port->p_physp;

	if (ph && ph->p_guids && ph->port_info.guid_cap > index &&
	    (*ph->p_guids)[index] == guid)
		(*ph->p_guids)[index] = 0;
}

/* ---- the LID manager's port filter ---------------------------------- */

oc_osmi_set_port_filter_fn oc_osmi_port_filter_hook(void)
{
	return (oc_osmi_set_port_filter_fn)dlsym(RTLD_DEFAULT,
						 "osm_lid_mgr_set_port_filter");
}

int oc_osmi_lft_stream(void)
{
	return dlsym(RTLD_DEFAULT, "osm_ucast_mgr_lft_stream_next") != NULL;
}

oc_osmi_set_pr_hook_fn oc_osmi_sa_pr_hook(void)
{
	return (oc_osmi_set_pr_hook_fn)dlsym(RTLD_DEFAULT,
					     "osm_sa_set_pr_hook");
}

void oc_osmi_pr_raise_cache_flag(ib_path_rec_t *pr)
{
	pr->hop_flow_raw |= cl_hton32(0x40000000);
}

/* ---- the SA's PathRecord handler (stock opensm: no 0003 hook) ------- */

/* OpenSM's PathRecord handler: exported by the opensm binary, declared in
 * no installed header (osm_sa.c declares it for itself). */
void osm_pr_rcv_process(IN void *context, IN void *data);

void oc_osmi_sa_pr_default(osm_sa_t *sa, osm_madw_t *madw)
{
	osm_pr_rcv_process(sa, madw);
}

/* Unregisters *h, registers fn for msg on disp; the new handle in *h
 * (CL_DISP_INVALID_HANDLE when the registration failed). */
static int swap_handler(cl_dispatcher_t *disp, cl_disp_reg_handle_t *h,
			cl_disp_msgid_t msg, cl_pfn_msgrcv_cb_t fn, void *ctx)
{
	cl_disp_unregister(*h);
	*h = cl_disp_register(disp, msg, fn, ctx);
	return *h == CL_DISP_INVALID_HANDLE ? -1 : 0;
}

/* Is h the dispatcher's registration for msg now? */
static int handler_current(cl_dispatcher_t *disp, cl_disp_msgid_t msg,
			   cl_disp_reg_handle_t h)
{
	int current = 0;

	cl_spinlock_acquire(&disp->lock);
	if (msg < cl_ptr_vector_get_size(&disp->reg_vec))
		current = cl_ptr_vector_get(&disp->reg_vec, msg) == (void *)h;
	cl_spinlock_release(&disp->lock);
	return current;
}

/* Puts fn (ctx) in the place of OpenSM's handler dflt (dctx) for msg. */
static int handler_take(cl_dispatcher_t *disp, cl_disp_reg_handle_t *h,
			cl_disp_msgid_t msg, cl_pfn_msgrcv_cb_t fn, void *ctx,
			cl_pfn_msgrcv_cb_t dflt, void *dctx)
{
	const cl_disp_reg_info_t *reg = *h;

	if (!disp || !reg || reg == CL_DISP_INVALID_HANDLE)
		return -ENOENT;
	if (reg->pfn_rcv_callback != dflt)
		return -EBUSY; /* another plugin (or this one loaded twice) */
	if (!swap_handler(disp, h, msg, fn, ctx))
		return 0;
	swap_handler(disp, h, msg, dflt, dctx);
	return -ENOMEM;
}

static int handler_give_back(cl_dispatcher_t *disp, cl_disp_reg_handle_t *h,
			     cl_disp_msgid_t msg, cl_pfn_msgrcv_cb_t dflt,
			     void *dctx)
{
	if (!disp || *h == CL_DISP_INVALID_HANDLE ||
	    !handler_current(disp, msg, *h))
		return 0;
	return swap_handler(disp, h, msg, dflt, dctx);
}

int oc_osmi_sa_pr_handler_take(osm_sa_t *sa, oc_osmi_sa_handler_fn fn,
			       void *ctx)
{
	return handler_take(sa->p_disp, &sa->pr_disp_h, OSM_MSG_MAD_PATH_RECORD,
			    fn, ctx, osm_pr_rcv_process, sa);
}

int oc_osmi_sa_pr_handler_give_back(osm_sa_t *sa)
{
	return handler_give_back(sa->p_disp, &sa->pr_disp_h,
				 OSM_MSG_MAD_PATH_RECORD, osm_pr_rcv_process,
				 sa);
}

/* ---- the SM's GUIDInfo receiver ------------------------------------- */

/* OpenSM's GUIDInfo receiver (osm_guid_info_rcv.c): exported by the
 * opensm binary, declared in no installed header. */
void osm_gi_rcv_process(IN void *context, IN void *data);

void oc_osmi_sm_gi_default(osm_sm_t *sm, osm_madw_t *madw)
{
	osm_gi_rcv_process(sm, madw);
}

int oc_osmi_sm_gi_handler_take(osm_sm_t *sm, oc_osmi_sa_handler_fn fn,
			       void *ctx)
{
	return handler_take(sm->p_disp, &sm->gi_disp_h, OSM_MSG_MAD_GUID_INFO,
			    fn, ctx, osm_gi_rcv_process, sm);
}

int oc_osmi_sm_gi_handler_give_back(osm_sm_t *sm)
{
	return handler_give_back(sm->p_disp, &sm->gi_disp_h,
				 OSM_MSG_MAD_GUID_INFO, osm_gi_rcv_process, sm);
}
