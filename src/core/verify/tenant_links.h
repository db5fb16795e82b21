/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tenant_links.h - which tenant partitions' flows cross each
 * switch-to-switch link, read from the LFTs.
 *
 * A flow is a (source, destination) pair of CA ports that are members of
 * one partition; the default partition 0x7fff is not a tenant and has no
 * flows here.  Channels are directed: a link is used upwards and
 * downwards separately, each named by the port slot it leaves from
 * (fabric->nodes[sw].first_port + port).  Links to CAs are not counted:
 * they belong to the member itself.
 */
#ifndef OC_TENANT_LINKS_H
#define OC_TENANT_LINKS_H

#include <stdint.h>

#include "model/fabric.h"
#include "model/lft.h"
#include "model/partition.h"

struct oc_link_users {
	uint32_t num_slots; /* == fabric->num_ports */
	uint32_t *head;	    /* [slot] first user entry, OC_NONE */
	uint32_t *part;	    /* [entry] partition index */
	uint32_t *next;	    /* [entry] next entry of the slot, OC_NONE */
	uint32_t *users;    /* [slot] number of partitions */
	uint32_t len, cap;
};

/* The CA port with this GUID if it is usable as a member: active, with a
 * LID, linked to a switch; gives its LID and the switch index.  -1 if
 * not. */
int oc_tenant_port(const struct oc_fabric *f, uint64_t guid, uint16_t *lid,
		   uint32_t *sw);

/* Follows t from switch index sw towards lid; calls fn(ctx, slot) for each
 * switch-to-switch hop.  Returns the hops, -1 on a hole or loop. */
int oc_walk_channels(const struct oc_fabric *f, const struct oc_lfts *t,
		     uint32_t sw, uint16_t lid,
		     void (*fn)(void *ctx, uint32_t slot), void *ctx);

/* Fills u (zeroed by the caller; free with oc_link_users_free). */
int oc_link_users_build(struct oc_link_users *u, const struct oc_fabric *f,
			const struct oc_lfts *t, const struct oc_partitions *ps,
			struct oc_err *err);
void oc_link_users_free(struct oc_link_users *u);

#endif
