/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconf_entry.c - the LFT entries of a moved LID.
 *
 * Physical switches reuse routes that exist: a swap gives each of the two
 * LIDs the other's old entry, a copy or boot gives the LID the PF's entry,
 * a stop drops it.  Those entries lead to the new owner because the old
 * LID (or the PF) sat on the same vSwitch.  A vSwitch table is rebuilt
 * from ownership instead, as the routing engine builds it: the port of the
 * CA that owns the LID after the move, the uplink for a LID owned
 * elsewhere, OC_NO_PATH for a freed one.  (Copying the PF's entry would
 * deliver the VM's packets to the PF.)
 */
#include "reconf/reconf_int.h"

static uint8_t vswitch_entry(const struct oc_reconf *rc, uint32_t sw,
			     const struct oc_lid_move *m)
{
	if (m->node == OC_NONE)
		return OC_NO_PATH;
	if (m->hv == sw)
		return oc_port(rc->f, m->node, m->port)->peer_port;
	return rc->ft->sw[sw].uplink_port;
}

uint8_t reconf_new_entry(const struct oc_reconf *rc, const struct oc_lfts *t,
			 uint32_t sw, const struct oc_lid_move *m)
{
	if (rc->ft->sw[sw].role == OC_SW_VSWITCH)
		return vswitch_entry(rc, sw, m);
	if (!m->from_lid)
		return OC_NO_PATH;
	return oc_lft_row(t, sw)[m->from_lid];
}

uint8_t reconf_entry_after(const struct oc_reconf *rc, const struct oc_lfts *t,
			   uint32_t sw, const struct oc_lid_move *m)
{
	if (rc->selected[sw])
		return reconf_new_entry(rc, t, sw, m);
	return oc_lft_row(t, sw)[m->lid];
}

enum hop {
	HOP_SWITCH,
	HOP_DELIVERED, /* to a CA port */
	HOP_DROPPED,
};

static enum hop next_hop(const struct oc_reconf *rc, const struct oc_lfts *t,
			 const struct oc_lid_move *m, uint32_t sw,
			 uint32_t *next)
{
	uint32_t node = rc->f->switches[sw], peer;
	uint8_t port = reconf_entry_after(rc, t, sw, m);

	if (port == 0 || port > rc->f->nodes[node].num_ports)
		return HOP_DROPPED;
	peer = oc_peer(rc->f, node, port);
	if (peer == OC_NONE)
		return HOP_DROPPED;
	if (!oc_is_switch(rc->f, peer))
		return HOP_DELIVERED;
	*next = rc->f->nodes[peer].sw_index;
	return HOP_SWITCH;
}

void reconf_next_stamp(struct oc_reconf *rc)
{
	uint32_t sw;

	if (++rc->cur)
		return;
	for (sw = 0; sw < rc->f->num_switches; sw++)
		rc->stamp[sw] = 0;
	rc->cur = 1;
}

static uint8_t plus_one(uint8_t hops)
{
	return hops >= RECONF_FAR - 1 ? RECONF_FAR : hops + 1;
}

uint8_t reconf_hops(struct oc_reconf *rc, const struct oc_lfts *t,
		    const struct oc_lid_move *m, uint32_t sw)
{
	uint32_t n = 0, x = sw, next = OC_NONE;
	uint8_t hops;
	enum hop h;

	if (rc->stamp[sw] == rc->cur)
		return rc->memo[sw];
	for (;;) {
		rc->stamp[x] = rc->cur;
		rc->memo[x] = RECONF_FAR; /* meeting it again is a loop */
		rc->stack[n++] = x;
		h = next_hop(rc, t, m, x, &next);
		if (h != HOP_SWITCH) {
			hops = h == HOP_DELIVERED ? 0 : RECONF_FAR;
			break;
		}
		if (rc->stamp[next] == rc->cur) {
			hops = plus_one(rc->memo[next]);
			break;
		}
		x = next;
	}
	while (n--) {
		rc->memo[rc->stack[n]] = hops;
		hops = plus_one(hops);
	}
	return rc->memo[sw];
}
