/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tenant_links.c - partitions per directed switch link (see
 * tenant_links.h).
 *
 * Per partition: the distinct switches its members hang off are the flow
 * sources; for every member LID the route from each of them is walked
 * until it meets a switch already walked for that LID, so a destination
 * costs at most one step per switch.
 */
#include <stdlib.h>
#include <string.h>

#include "model/lft_hop.h"
#include "verify/tenant_links.h"

#define MAX_WALK 64

int oc_tenant_port(const struct oc_fabric *f, uint64_t guid, uint16_t *lid,
		   uint32_t *sw)
{
	unsigned port;
	uint32_t node = oc_fabric_find_port_guid(f, guid, &port), peer;
	const struct oc_port *p;

	if (node == OC_NONE || oc_is_switch(f, node))
		return -1;
	p = oc_port(f, node, port);
	peer = p->peer_node;
	if (!p->lid || !p->active || peer == OC_NONE || !oc_is_switch(f, peer))
		return -1;
	*lid = p->lid;
	*sw = f->nodes[peer].sw_index;
	return 0;
}

int oc_walk_channels(const struct oc_fabric *f, const struct oc_lfts *t,
		     uint32_t sw, uint16_t lid,
		     void (*fn)(void *ctx, uint32_t slot), void *ctx)
{
	struct oc_lft_hop h;
	int hops;

	if (lid > t->max_lid)
		return -1;
	for (hops = 0; hops <= MAX_WALK; hops++) {
		enum oc_hop_kind kind = oc_lft_hop(f, t, sw, lid, &h);

		if (kind == OC_HOP_DROP)
			return -1;
		/* the end counts when at the LID's owner, on any of its ports */
		if (kind != OC_HOP_SWITCH)
			return f->lid_owner[lid].node == h.peer ? hops : -1;
		fn(ctx, f->nodes[h.node].first_port + h.port);
		sw = h.next_sw;
	}
	return -1;
}

struct users_ctx {
	struct oc_link_users *u;
	uint32_t *stamp; /* [slot] partition + 1 that was recorded last */
	uint32_t part;
	int oom;
	uint32_t *visited; /* [switch] == dest when walked for it */
	uint32_t dest;	   /* counts (partition, destination) pairs */
};

static void add_user(void *arg, uint32_t slot)
{
	struct users_ctx *c = arg;
	struct oc_link_users *u = c->u;

	if (c->stamp[slot] == c->part + 1)
		return;
	c->stamp[slot] = c->part + 1;
	if (u->len == u->cap) {
		uint32_t cap = u->cap ? u->cap * 2 : 1024;
		uint32_t *p = realloc(u->part, sizeof(uint32_t) * cap);
		uint32_t *n = p ? realloc(u->next, sizeof(uint32_t) * cap)
				: NULL;

		if (p)
			u->part = p;
		if (!n) {
			c->oom = 1;
			return;
		}
		u->next = n;
		u->cap = cap;
	}
	u->part[u->len] = c->part;
	u->next[u->len] = u->head[slot];
	u->head[slot] = u->len++;
	u->users[slot]++;
}

/* Follows t from sw towards lid, recording every switch-to-switch hop,
 * up to a switch already walked for this destination (its way on is
 * recorded already). */
static void walk_new(struct users_ctx *c, const struct oc_fabric *f,
		     const struct oc_lfts *t, uint32_t sw, uint16_t lid)
{
	int hops;

	for (hops = 0; c->visited[sw] != c->dest && hops <= MAX_WALK; hops++) {
		struct oc_lft_hop h;

		c->visited[sw] = c->dest;
		if (oc_lft_hop(f, t, sw, lid, &h) != OC_HOP_SWITCH)
			return;
		add_user(c, (uint32_t)(h.out - f->ports));
		sw = h.next_sw;
	}
}

/* Walks the flows of partition c->part. */
static int partition_flows(struct users_ctx *c, const struct oc_fabric *f,
			   const struct oc_lfts *t,
			   const struct oc_partition *p, uint32_t *src,
			   uint32_t *sw_seen)
{
	uint32_t i, j, nsrc = 0, sw;
	uint16_t lid;

	for (i = 0; i < p->num_members; i++) {
		if (oc_tenant_port(f, p->members[i], &lid, &sw))
			continue;
		if (sw_seen[sw] != c->part + 1) {
			sw_seen[sw] = c->part + 1;
			src[nsrc++] = sw;
		}
	}
	if (nsrc < 2)
		return 0; /* one switch: no flow crosses a link */
	for (i = 0; i < p->num_members; i++) {
		if (oc_tenant_port(f, p->members[i], &lid, &sw) ||
		    lid > t->max_lid)
			continue;
		c->dest++;
		c->visited[sw] = c->dest; /* the member's own switch */
		for (j = 0; j < nsrc; j++)
			walk_new(c, f, t, src[j], lid);
	}
	return c->oom ? -1 : 0;
}

int oc_link_users_build(struct oc_link_users *u, const struct oc_fabric *f,
			const struct oc_lfts *t, const struct oc_partitions *ps,
			struct oc_err *err)
{
	struct users_ctx c = {u, NULL, 0, 0, NULL, 0};
	uint32_t *src = malloc(sizeof(uint32_t) * (f->num_switches + 1));
	uint32_t *seen = calloc(f->num_switches + 1, sizeof(uint32_t));
	uint32_t i;
	int ret = 0;

	u->num_slots = f->num_ports;
	u->head = malloc(sizeof(uint32_t) * (f->num_ports + 1));
	u->users = calloc(f->num_ports + 1, sizeof(uint32_t));
	c.stamp = calloc(f->num_ports + 1, sizeof(uint32_t));
	c.visited = calloc(f->num_switches + 1, sizeof(uint32_t));
	if (!src || !seen || !u->head || !u->users || !c.stamp || !c.visited)
		ret = -1;
	else
		memset(u->head, 0xff, sizeof(uint32_t) * (f->num_ports + 1));
	for (i = 0; !ret && ps && i < ps->count; i++) {
		if (ps->parts[i].pkey == OC_DEFAULT_PKEY)
			continue;
		c.part = i;
		ret = partition_flows(&c, f, t, &ps->parts[i], src, seen);
	}
	free(src);
	free(seen);
	free(c.stamp);
	free(c.visited);
	if (ret)
		return oc_err_set(err, "out of memory");
	return 0;
}

void oc_link_users_free(struct oc_link_users *u)
{
	free(u->head);
	free(u->part);
	free(u->next);
	free(u->users);
	memset(u, 0, sizeof(*u));
}
