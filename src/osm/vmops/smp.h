/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smp.h - the plugin's own SMPs: LFT blocks, PortInfo LID sets, GUIDInfo
 * sets and SwitchInfo LinearFDBTop sets.
 *
 * All are posted with osm_req_set() and the standard contexts, so the
 * GetResp is absorbed by OpenSM's receivers: an LFT block lands in
 * sw->lft (and raises LFT_CHANGE), a PortInfo in physp->port_info, a
 * SwitchInfo in sw->switch_info (a GUIDInfo reply is only logged).  The
 * caller holds osm->lock exclusively and never waits for the replies
 * while holding it (the receivers take the lock).
 */
#ifndef OC_OSM_SMP_H
#define OC_OSM_SMP_H

#include <stdint.h>

#include <opensm/osm_opensm.h>

/* Sends block blk of sw->new_lft; zeroes the same block of sw->lft first
 * (as OpenSM's set_lft_block does) so that a lost SMP is retried by the
 * next sweep.  0, or -1 when it could not be posted. */
int oc_osm_smp_lft_block(osm_opensm_t *osm, osm_switch_t *sw, unsigned blk);

/* Sets the base LID of an end port (a copy of its PortInfo with only the
 * LID changed, as OpenSM's LID manager does).  0, or -1. */
int oc_osm_smp_port_lid(osm_opensm_t *osm, osm_physp_t *ph, uint16_t lid);

/* Sends block 0 of the port's GUID table (physp->p_guids: index 0 the
 * port GUID, index 1 a VM's vGUID or 0).  OpenSM's receiver only logs the
 * reply.  0, or -1 when the port has no GUID table or it was not posted. */
int oc_osm_smp_guid_block0(osm_opensm_t *osm, osm_port_t *port);
/* Sets a switch's LinearFDBTop to top (a copy of its SwitchInfo with only
 * the top changed and PortStateChange left alone, as OpenSM's
 * ucast_mgr_set_fwd_top does).  0, or -1. */
int oc_osm_smp_lft_top(osm_opensm_t *osm, osm_switch_t *sw, uint16_t top);

#endif
