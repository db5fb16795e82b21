/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * route_keep.c - which entries of a CA LID sftree must keep (see
 * route_keep.h).
 *
 * Per LID the next hops form a forest, so both questions are answered by
 * walks that stop at the first switch already known:
 *   - the shape of the route from each switch: down links only to the
 *     destination, up links then down links, or anything else (a hole, a
 *     loop, a sideways link, a down link followed by an up link);
 *   - the switches CA-sourced traffic passes: walks from every switch
 *     that has a routable CA.
 */
#include <stdlib.h>
#include <string.h>

#include "model/lft_hop.h"
#include "route/sftree/route_keep.h"

enum shape {
	UNKNOWN = 0,
	WALKING,
	DOWN,	/* down links only, to the destination */
	UPDOWN, /* up links, then down links */
	OTHER,
};

enum dir { DIR_UP, DIR_DOWN, DIR_SIDE };

struct oc_route_keep {
	const struct oc_ftree *ft;
	const struct oc_fabric *f;
	const struct oc_lfts *t;
	uint32_t *ca_sw; /* switches with a routable CA */
	uint32_t num_ca_sw;
	uint8_t *shape;	 /* [switch], per LID */
	uint8_t *passed; /* [switch]: CA traffic passes it, per LID */
	uint32_t *path;	 /* switches of one walk */
	uint8_t *dirs;	 /* link direction after path[i] */
};

static int routable_ca(const struct oc_fabric *f, uint32_t node, unsigned p)
{
	const struct oc_port *port = oc_port(f, node, p);

	return port->lid && port->active && port->peer_node != OC_NONE;
}

/* Lists the switches with at least one routable CA. */
static void find_ca_switches(struct oc_route_keep *k)
{
	const struct oc_fabric *f = k->f;
	uint32_t sw;

	for (sw = 0; sw < f->num_switches; sw++) {
		uint32_t node = f->switches[sw];
		unsigned p;

		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			uint32_t ca = oc_peer(f, node, p);

			if (ca != OC_NONE && !oc_is_switch(f, ca) &&
			    routable_ca(f, ca,
					oc_port(f, node, p)->peer_port)) {
				k->ca_sw[k->num_ca_sw++] = sw;
				break;
			}
		}
	}
}

struct oc_route_keep *oc_route_keep_new(const struct oc_ftree *ft,
					const struct oc_lfts *t)
{
	struct oc_route_keep *k = calloc(1, sizeof(*k));
	size_t n = ft->f->num_switches + 1;

	if (!k)
		return NULL;
	k->ft = ft;
	k->f = ft->f;
	k->t = t;
	k->ca_sw = malloc(sizeof(*k->ca_sw) * n);
	k->shape = malloc(n);
	k->passed = malloc(n);
	k->path = malloc(sizeof(*k->path) * n);
	k->dirs = malloc(n);
	if (!k->ca_sw || !k->shape || !k->passed || !k->path || !k->dirs) {
		oc_route_keep_free(k);
		return NULL;
	}
	find_ca_switches(k);
	return k;
}

void oc_route_keep_free(struct oc_route_keep *k)
{
	if (!k)
		return;
	free(k->ca_sw);
	free(k->shape);
	free(k->passed);
	free(k->path);
	free(k->dirs);
	free(k);
}

/* Rank of a switch for link directions; vSwitches lie below the leaves. */
static int rank_of(const struct oc_ftree *ft, uint32_t sw)
{
	return ft->sw[sw].role == OC_SW_VSWITCH ? ft->leaf_rank + 1
						: ft->sw[sw].rank;
}

/* The next switch from sw towards lid, or OC_NONE with *end the shape of
 * the last step (DOWN: delivered to the CA, OTHER: dropped, also at port
 * 0 or an inactive port). */
static uint32_t next_hop(const struct oc_route_keep *k, uint32_t sw,
			 uint16_t lid, uint8_t *dir, uint8_t *end)
{
	struct oc_lft_hop h;
	enum oc_hop_kind kind = oc_lft_hop(k->f, k->t, sw, lid, &h);
	int diff;

	*end = OTHER;
	if (kind == OC_HOP_HERE || kind == OC_HOP_DROP || !h.out->active)
		return OC_NONE;
	if (kind == OC_HOP_CA) {
		if (oc_lft_hop_delivers(k->f, lid, kind, &h))
			*end = DOWN;
		return OC_NONE;
	}
	diff = rank_of(k->ft, h.next_sw) - rank_of(k->ft, sw);
	*dir = diff > 0 ? DIR_DOWN : diff < 0 ? DIR_UP : DIR_SIDE;
	return h.next_sw;
}

/* The shape of a route that takes a link in direction dir, then a route
 * of shape rest. */
static uint8_t prepend(uint8_t dir, uint8_t rest)
{
	if (dir == DIR_DOWN)
		return rest == DOWN ? DOWN : OTHER;
	if (dir == DIR_UP)
		return rest == DOWN || rest == UPDOWN ? UPDOWN : OTHER;
	return OTHER;
}

static void shape_from(struct oc_route_keep *k, uint32_t sw, uint16_t lid)
{
	uint32_t len = 0, cur = sw, next;
	uint8_t rest, end;

	for (;;) {
		if (k->shape[cur] != UNKNOWN) {
			rest = k->shape[cur] == WALKING ? OTHER : k->shape[cur];
			break;
		}
		k->shape[cur] = WALKING;
		k->path[len] = cur;
		next = next_hop(k, cur, lid, &k->dirs[len], &end);
		len++;
		if (next == OC_NONE) {
			k->shape[k->path[--len]] = end;
			rest = end;
			break;
		}
		cur = next;
	}
	while (len--) {
		rest = prepend(k->dirs[len], rest);
		k->shape[k->path[len]] = rest;
	}
}

/* Marks every switch on the routes from switches with CAs. */
static void mark_passed(struct oc_route_keep *k, uint16_t lid)
{
	uint32_t i, cur, next;
	uint8_t dir, end;

	memset(k->passed, 0, k->f->num_switches);
	for (i = 0; i < k->num_ca_sw; i++) {
		for (cur = k->ca_sw[i]; cur != OC_NONE && !k->passed[cur];
		     cur = next) {
			k->passed[cur] = 1;
			next = next_hop(k, cur, lid, &dir, &end);
		}
	}
}

uint32_t oc_route_keep_entry_switch(const struct oc_route_keep *k, uint16_t lid)
{
	const struct oc_fabric *f = k->f;
	const struct oc_lid_owner *o = &f->lid_owner[lid];
	uint32_t peer, sw;

	if (o->node == OC_NONE || oc_is_switch(f, o->node))
		return OC_NONE;
	peer = oc_peer(f, o->node, o->port);
	if (peer == OC_NONE || !oc_is_switch(f, peer))
		return OC_NONE;
	sw = f->nodes[peer].sw_index;
	return k->ft->sw[sw].role == OC_SW_VSWITCH ? k->ft->sw[sw].parent : sw;
}

uint32_t oc_route_keep_ca(struct oc_route_keep *k, uint16_t lid, uint8_t *keep,
			  uint32_t *detours)
{
	uint32_t sw, n = k->f->num_switches, free_entries = 0;

	memset(k->shape, UNKNOWN, n);
	for (sw = 0; sw < n; sw++)
		if (k->shape[sw] == UNKNOWN)
			shape_from(k, sw, lid);
	mark_passed(k, lid);
	*detours = 0;
	for (sw = 0; sw < n; sw++) {
		int vswitch = k->ft->sw[sw].role == OC_SW_VSWITCH;
		int updown = k->shape[sw] == DOWN || k->shape[sw] == UPDOWN;

		keep[sw] = vswitch || updown || k->passed[sw];
		free_entries += !keep[sw];
		*detours += !vswitch && !updown;
	}
	return free_entries;
}
