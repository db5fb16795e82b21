/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_in.h - the tables OpenSM believes its switches hold (sw->lft) and
 * the links that came up in this sweep, for a routing run that carries
 * the installed tables (route/carry.h).  Read in place, under the lock
 * OpenSM holds for the routing engine.
 *
 * OpenSM 3.3.23 keeps in sw->lft what each switch acknowledged: the
 * LinearForwardingTable receiver (osm_lin_fwd_rcv.c) copies each block of
 * a GetResp into it, and set_lft_block() (osm_ucast_mgr.c) zeroes a block
 * before sending it, so a block whose Set is outstanding or was lost
 * reads as "port 0" and its walks fail.  ucast_mgr_setup_all_switches()
 * leaves lft alone (it clears new_lft), so the routing engine still sees
 * it; a switch OpenSM has just found has an lft of OSM_NO_PATH (alloc_lft
 * in osm_switch.c), which no walk gets through.  The plugin's own
 * migrations go through the same receiver.  A switch OpenSM reprograms
 * whole (sw->need_update: new, reset, a port state change) is sent every
 * block of new_lft, whatever lft says: its carried row is installed all
 * the same.
 *
 * A link came up in this sweep when its switch port is in the INIT state
 * at routing time: the link manager arms and activates ports after the
 * routing (osm_state_mgr.c do_sweep()), and ibsim's ReLink/Link, like a
 * real cable, brings both ends up in INIT.
 */
#ifndef OC_OSM_LFT_IN_H
#define OC_OSM_LFT_IN_H

#include "route/carry.h"
#include "routing/snapshot.h"

struct oc_osm_installed {
	struct oc_carry_installed view; /* what carry.h reads */
	const uint8_t **rows;		/* [sw_index]: sw->lft or NULL */
	uint16_t *tops;	     /* [sw_index]: LinearFDBTop within lft_size */
	uint8_t *rising;     /* [port slot]: switch-to-switch link in INIT */
	uint32_t num_known;  /* switches with an lft */
	uint32_t num_rising; /* switch ports in INIT */
};

/* The installed rows of the snapshot's switches: sw->lft up to the
 * switch's LinearFDBTop as OpenSM read it from the switch (SwitchInfo)
 * and within lft_size.  0, or -1 with err when out of memory (nothing to
 * free then). */
int oc_osm_installed_read(const struct oc_osm_snapshot *s,
			  struct oc_osm_installed *in, struct oc_err *err);
void oc_osm_installed_free(struct oc_osm_installed *in);

#endif
