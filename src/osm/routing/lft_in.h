/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_in.h - the tables OpenSM believes its switches hold (sw->lft), for
 * a routing run that carries them (route/carry.h).
 *
 * OpenSM 3.3.23 keeps in sw->lft what each switch acknowledged: the
 * LinearForwardingTable receiver (osm_lin_fwd_rcv.c) copies each block of
 * a GetResp into it, and set_lft_block() (osm_ucast_mgr.c) zeroes a block
 * before sending it, so a block whose Set is outstanding or was lost
 * reads as "port 0" and its walks fail.  ucast_mgr_setup_all_switches()
 * leaves lft alone (it clears new_lft), so the routing engine still sees
 * it.  The plugin's own migrations go through the same receiver.
 * OpenSM compares new_lft with lft block by block and sends only the
 * blocks that differ, unless the switch is new or must be reprogrammed
 * whole (sw->need_update, subn->need_update): such a switch's lft is not
 * trusted.
 */
#ifndef OC_OSM_LFT_IN_H
#define OC_OSM_LFT_IN_H

#include "model/lft.h"
#include "routing/snapshot.h"

/* The installed tables in the shape of shape (its switches and LIDs):
 * sw->lft up to the switch's LinearFDBTop as OpenSM read it from the
 * switch (SwitchInfo) and within lft_size, OC_NO_PATH above.
 * (*trusted)[i] (malloc'd) is nonzero when OpenSM sends switch i only
 * the blocks that differ; *num_trusted counts them.  NULL with err when
 * out of memory. */
struct oc_lfts *oc_osm_lft_installed(const struct oc_osm_snapshot *s,
				     const struct oc_lfts *shape,
				     uint8_t **trusted, uint32_t *num_trusted,
				     struct oc_err *err);

#endif
