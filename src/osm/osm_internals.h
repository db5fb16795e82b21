/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osm_internals.h - every write of the plugin into structures OpenSM owns.
 *
 * OpenSM has no API for what the plugin does between its sweeps (a VM's
 * LID moved to another port, a table grown for a booted VM, an alias GUID
 * carried along, hop matrices filled by the routing engines): the plugin
 * writes OpenSM's structures the way OpenSM's own code does.  Those writes
 * are here and nowhere else, each function naming the OpenSM source it
 * mirrors, so that an OpenSM upgrade has one file to audit: read each
 * mirrored function in the new release, and where it changed, change the
 * function here.  Reads of OpenSM's structures and calls of its exported
 * functions stay with their callers.
 *
 * Written for OpenSM 3.3.23 (the sources named below are of that release,
 * opensm/ and include/opensm/ of the linux-rdma/opensm repository); the
 * build stops against any other version.  All functions expect osm->lock
 * held exclusively, as OpenSM's sweeper and SA hold it for these writes.
 */
#ifndef OC_OSM_INTERNALS_H
#define OC_OSM_INTERNALS_H

#include <config.h>

#define OC_OSMI_OPENSM_VERSION "OpenSM 3.3.23"
#define OC_OSMI_OPENSM_VERSION_NUM \
	30323 /* major * 10000 + minor * 100 + patch */

#if !defined(OSMCLOUD_OPENSM_VERSION_NUM)
#error "osm_internals.h: OpenSM's version is unknown (config.h has no OSMCLOUD_OPENSM_VERSION_NUM): build through ./configure"
#elif OSMCLOUD_OPENSM_VERSION_NUM != OC_OSMI_OPENSM_VERSION_NUM
#error "osm_internals.h was written for OpenSM 3.3.23 and this build is against another OpenSM: audit every function of src/osm/osm_internals.c against the new OpenSM sources, then raise OC_OSMI_OPENSM_VERSION_NUM"
#endif

#include <stdint.h>
#include <string.h>

#include <opensm/osm_opensm.h>
#include <opensm/osm_port.h>
#include <opensm/osm_switch.h>

/* ---- a switch's tables (osm_switch_t) -------------------------------- */

/* Bytes of lft/new_lft that hold LIDs up to lid, in whole 64-LID blocks:
 * osm_switch.c alloc_lft(). */
uint32_t oc_osmi_lft_size_for(uint16_t lid);

/* Grows sw's lft and new_lft to the block holding lid (new entries
 * OSM_NO_PATH) and its hop rows' pointers to lid (new rows NULL, read as
 * no path), keeping what is there; max_lid_ho is left alone.  The growing
 * half of osm_switch.c osm_switch_prepare_path_rebuild() (which also
 * clears new_lft and the hops: meant for a full routing run).  0, or -1
 * out of memory (what grew stays: larger arrays, same content). */
int oc_osmi_lft_grow(osm_switch_t *sw, uint16_t lid);

/* The switch's LinearFDBTop as OpenSM records it (sw->max_lid_ho), as
 * osm_switch_prepare_path_rebuild() sets it; the caller sends the
 * SwitchInfo Set. */
void oc_osmi_lft_set_top(osm_switch_t *sw, uint16_t top);

/* new_lft[0 .. max_lid] = row and the top to max_lid: what a routing
 * engine hands back in OpenSM's ucast_mgr (osm_ucast_mgr.c
 * ucast_mgr_route(), the engine's ucast_build_fwd_tables). */
void oc_osmi_new_lft_set(osm_switch_t *sw, const uint8_t *row,
			 uint16_t max_lid);

/* One 64-LID block of new_lft (the table OpenSM means the switch to
 * hold), before the block is sent: osm_ucast_mgr.c set_lft_block() sends
 * new_lft's blocks. */
void oc_osmi_new_lft_set_block(osm_switch_t *sw, unsigned block,
			       const uint8_t ports[IB_SMP_DATA_SIZE]);

/* Zeroes block of lft (what the switch is known to hold) before its Set
 * is sent, so that a lost reply leaves it differing from new_lft and the
 * next sweep sends it again: osm_ucast_mgr.c set_lft_block(), "Zero the
 * stored LFT block"; the reply fills it (osm_lin_fwd_rcv.c,
 * osm_switch_set_lft_block()). */
void oc_osmi_lft_forget_block(osm_switch_t *sw, unsigned block);

/* Hop matrix: sw reaches lid in hops through port, and row[0] keeps the
 * least.  Exactly osm_switch.c osm_switch_set_hops() (which allocates a
 * row filled with OSM_NO_PATH on first use), without its call for each
 * entry of a row that exists: the routing engines fill millions of
 * entries.  0, or -1 out of memory or, as there, for a LID above the
 * switch's top or a port it does not have. */
static inline int oc_osmi_hops_set(osm_switch_t *sw, uint16_t lid, uint8_t port,
				   uint8_t hops)
{
	uint8_t *row;

	if (!lid || lid > sw->max_lid_ho || port >= sw->num_ports)
		return -1;
	row = sw->hops[lid];
	if (!row)
		return osm_switch_set_hops(sw, lid, port, hops);
	row[port] = hops;
	if (row[0] > hops)
		row[0] = hops;
	return 0;
}

/* The row of lid says only: hops through port (port 0: the switch
 * itself), no other port.  0, or -1 out of memory. */
static inline int oc_osmi_hops_set_only(osm_switch_t *sw, uint16_t lid,
					uint8_t port, uint8_t hops)
{
	uint8_t *row;

	if (!sw->hops[lid] && osm_switch_set_hops(sw, lid, 0, hops))
		return -1;
	row = sw->hops[lid];
	memset(row, OSM_NO_PATH, sw->num_ports);
	row[0] = hops;
	if (port && port < sw->num_ports)
		row[port] = hops;
	return 0;
}

/* ---- LIDs: the LID manager, the LID table, guid2lid ------------------ */

/* port lets its LID go: the LID table's entry (when it points to port)
 * and the LID manager's used mark, as osm_lid_mgr.c
 * lid_mgr_cleanup_discovered_port_lid_range() and lid_mgr_init_sweep()
 * clear them. */
void oc_osmi_port_lid_release(osm_opensm_t *osm, osm_port_t *port);

/* port (GUID guid) takes lid (0: none): port->lid as osm_lid_mgr.c
 * lid_mgr_set_physp_pi() sets it, guid2lid, the LID table and the used
 * mark as lid_mgr_get_port_lid() sets them.  guid2lid's entry is
 * removed for lid 0. */
void oc_osmi_port_lid_take(osm_opensm_t *osm, osm_port_t *port, uint64_t guid,
			   uint16_t lid);

/* guid2lid keeps lid for guid (a port that is not there now) and the LID
 * manager counts it used, as osm_lid_mgr.c lid_mgr_init_sweep() does for
 * the persistent assignments it reads. */
void oc_osmi_guid2lid_reserve(osm_opensm_t *osm, uint64_t guid, uint16_t lid);

/* guid2lid forgets guid (osm_db_guid2lid_delete(), as
 * lid_mgr_init_sweep() does for a conflicting entry). */
void oc_osmi_guid2lid_forget(osm_opensm_t *osm, uint64_t guid);

/* guid2lid written to its file, as osm_lid_mgr.c
 * osm_lid_mgr_process_subnet() ends (osm_db_store()). */
void oc_osmi_guid2lid_store(osm_opensm_t *osm);

/* The next sweep is a heavy one (osm_trap_rcv.c sets the same flag). */
void oc_osmi_force_heavy_sweep(osm_opensm_t *osm);

/* ---- alias GUIDs (vGUIDs) ------------------------------------------- */

/* A new alias guid of port in the subnet's alias table, as
 * osm_sa_guidinfo_record.c set_guidinfo() adds one (osm_alias_guid_new()
 * and cl_qmap_insert into subn.alias_port_guid_tbl); NULL out of memory. */
osm_alias_guid_t *oc_osmi_alias_add(osm_opensm_t *osm, ib_net64_t guid,
				    osm_port_t *port);

/* The alias moves to port (its base port). */
void oc_osmi_alias_move(osm_alias_guid_t *a, osm_port_t *port);

/* The alias leaves the table and is freed, as osm_sa_guidinfo_record.c
 * del_guidinfo() removes one. */
void oc_osmi_alias_remove(osm_opensm_t *osm, osm_alias_guid_t *a);

/* Index index of port's GUID table (physp->p_guids) holds guid; the table
 * is made as set_guidinfo() makes it when the port has none (index 0 =
 * the port GUID).  Nothing when the port's GuidCap has no such index or
 * out of memory. */
void oc_osmi_guid_index_set(osm_port_t *port, unsigned index, ib_net64_t guid);

/* Index index of port's GUID table is cleared when it holds guid. */
void oc_osmi_guid_index_clear(osm_port_t *port, unsigned index,
			      ib_net64_t guid);

/* ---- the LID manager's port filter (opensm-patches/0002) ------------ */

/* The hook opensm-patches/0002-lid-manager-port-filter.patch adds to
 * osm_lid_mgr.c: the LID manager asks filter whether a port is left
 * without a LID.  Not in the installed (stock) headers. */
typedef int (*oc_osmi_port_filter_fn)(void *ctx, ib_net64_t port_guid);
typedef int (*oc_osmi_set_port_filter_fn)(oc_osmi_port_filter_fn filter,
					  void *ctx);

/* osm_lid_mgr_set_port_filter() of the running opensm, NULL when it is a
 * stock one without the patch. */
oc_osmi_set_port_filter_fn oc_osmi_port_filter_hook(void);

/* ---- the LFT block stream (opensm-patches/0004) ------------------- */

/* Whether the running opensm streams the LFT blocks (a window queued at
 * the end of routing, the rest as the responses come back) rather than
 * queuing them all before its "tables configured" line. */
int oc_osmi_lft_stream(void);

/* ---- the SA's PathRecord hook (opensm-patches/0003) ---------------- */

/* opensm-patches/0003-sa-path-record-hook.patch: the SA calls the hook
 * for each unicast PathRecord it is about to send. */
typedef void (*oc_osmi_pr_hook_fn)(void *ctx, ib_path_rec_t *pr);
typedef int (*oc_osmi_set_pr_hook_fn)(oc_osmi_pr_hook_fn hook, void *ctx);

/* osm_sa_set_pr_hook() of the running opensm, NULL when it is a stock
 * one without the patch. */
oc_osmi_set_pr_hook_fn oc_osmi_sa_pr_hook(void);
/* Raises the caching flag in a PathRecord about to be sent: the first bit
 * of its reserved field (bit 353, byte 44, mask 0x40), which OpenSM's
 * pr_rcv_build_pr() leaves clear. */
void oc_osmi_pr_raise_cache_flag(ib_path_rec_t *pr);

/* ---- the SA's PathRecord handler (stock opensm: no 0003 hook) ------- */

/* A handler of the SA's dispatcher: context, then the request's
 * osm_madw_t (cl_pfn_msgrcv_cb_t). */
typedef void (*oc_osmi_sa_handler_fn)(void *ctx, void *madw);

/* Puts fn in the place of OpenSM's PathRecord handler
 * (osm_pr_rcv_process, osm_sa.c osm_sa_init()): unregisters
 * sa->pr_disp_h, registers fn for OSM_MSG_MAD_PATH_RECORD and keeps its
 * handle in sa->pr_disp_h, so that osm_sa_shutdown() unregisters it when
 * opensm stops, before the plugins are unloaded.  Call at create(),
 * before opensm binds the SA: no request is in flight.  0; -EBUSY when
 * the handler registered is not OpenSM's (another plugin, or this one
 * loaded twice, took it over first: it is left alone); -ENOENT when the
 * SA has no PathRecord handler; -ENOMEM when the registration failed
 * (OpenSM's handler is back in place). */
int oc_osmi_sa_pr_handler_take(osm_sa_t *sa, oc_osmi_sa_handler_fn fn,
			       void *ctx);
/* Puts OpenSM's handler back, if fn's registration is still the one the
 * dispatcher uses (after osm_sa_shutdown() there is nothing to give
 * back: OpenSM unregistered it).  0, or -1: the registration failed and
 * PathRecord queries are no longer answered (out of memory). */
int oc_osmi_sa_pr_handler_give_back(osm_sa_t *sa);
/* OpenSM's own PathRecord handler, for the requests the plugin leaves to
 * it. */
void oc_osmi_sa_pr_default(osm_sa_t *sa, osm_madw_t *madw);

/* ---- the SM's GUIDInfo receiver -------------------------------------- */

/* Puts fn in the place of OpenSM's GUIDInfo receiver (osm_gi_rcv_process,
 * osm_sm.c osm_sm_init(): sm->gi_disp_h on the SM's dispatcher), as
 * oc_osmi_sa_pr_handler_take() does for the SA's PathRecord handler, with
 * the same results; osm_sm_shutdown() unregisters it when opensm stops.
 * OpenSM itself never Gets GUIDInfo (it only Sets it for the SA's
 * GUIDInfoRecords), so the Get responses fn sees are the plugin's. */
int oc_osmi_sm_gi_handler_take(osm_sm_t *sm, oc_osmi_sa_handler_fn fn,
			       void *ctx);
int oc_osmi_sm_gi_handler_give_back(osm_sm_t *sm);
/* OpenSM's own GUIDInfo receiver, for every response after the plugin
 * looked at it (it logs the table and discards it). */
void oc_osmi_sm_gi_default(osm_sm_t *sm, osm_madw_t *madw);

#endif
