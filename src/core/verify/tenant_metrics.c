/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tenant_metrics.c - the checker's tenant metrics (see tenant_metrics.h):
 * links shared per partition and receiver contention (the EBB is in
 * tenant_ebb.c).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/ftree.h"
#include "verify/tenant_links.h"
#include "verify/tenant_metrics.h"

/* ---- partitions sharing links ------------------------------------------ */

static void part_links(const struct oc_link_users *u, uint32_t part,
		       struct oc_part_metrics *m)
{
	uint32_t slot, e;

	for (slot = 0; slot < u->num_slots; slot++) {
		for (e = u->head[slot]; e != OC_NONE; e = u->next[e]) {
			if (u->part[e] != part)
				continue;
			m->links_used++;
			m->links_shared += u->users[slot] > 1;
			break;
		}
	}
}

static uint32_t usable_members(const struct oc_fabric *f,
			       const struct oc_partition *p)
{
	uint32_t i, n = 0, sw;
	uint16_t lid;

	for (i = 0; i < p->num_members; i++)
		n += !oc_tenant_port(f, p->members[i], &lid, &sw);
	return n;
}

int oc_tenant_metrics(const struct oc_fabric *f, const struct oc_lfts *t,
		      const struct oc_partitions *ps,
		      const struct oc_policies *policies,
		      struct oc_tenant_report *r, struct oc_err *err)
{
	struct oc_link_users u = {0};
	uint32_t i, slot;

	memset(r, 0, sizeof(*r));
	if (oc_link_users_build(&u, f, t, ps, err))
		return -1;
	r->parts = calloc(ps->count + 1, sizeof(*r->parts));
	if (!r->parts) {
		oc_link_users_free(&u);
		return oc_err_set(err, "out of memory");
	}
	for (slot = 0; slot < u.num_slots; slot++)
		r->links_shared += u.users[slot] > 1;
	for (i = 0; i < ps->count; i++) {
		struct oc_part_metrics *m = &r->parts[r->count];

		if (ps->parts[i].pkey == OC_DEFAULT_PKEY)
			continue;
		m->part = i;
		m->members = usable_members(f, &ps->parts[i]);
		m->isolation = oc_policies_get(policies, &ps->parts[i]);
		part_links(&u, i, m);
		m->alone = m->links_shared == 0;
		r->phy_not_alone += m->isolation == OC_ISO_PHY && !m->alone;
		r->count++;
	}
	oc_link_users_free(&u);
	return 0;
}

void oc_tenant_report_free(struct oc_tenant_report *r)
{
	free(r->parts);
	memset(r, 0, sizeof(*r));
}

/* ---- contention ------------------------------------------------------- */

struct cont_ctx {
	uint32_t *count; /* [slot] receivers crossing */
	uint32_t *stamp; /* [slot] receiver + 1 counted last */
	uint32_t recv;
};

static void count_receiver(void *arg, uint32_t slot)
{
	struct cont_ctx *c = arg;

	if (c->stamp[slot] == c->recv + 1)
		return;
	c->stamp[slot] = c->recv + 1;
	c->count[slot]++;
}

/* Marks in src[] the switches of the sources of flows towards guid. */
static uint32_t receiver_sources(const struct oc_fabric *f,
				 const struct oc_partitions *ps, uint64_t guid,
				 uint32_t *seen, uint32_t stamp, uint32_t *src)
{
	uint32_t i, k, n = 0, sw, in_any = 0;
	uint16_t lid;

	for (i = 0; ps && i < ps->count; i++) {
		const struct oc_partition *p = &ps->parts[i];
		int member = 0;

		if (p->pkey == OC_DEFAULT_PKEY)
			continue;
		for (k = 0; k < p->num_members && !member; k++)
			member = p->members[k] == guid;
		if (!member)
			continue;
		in_any = 1;
		for (k = 0; k < p->num_members; k++) {
			if (oc_tenant_port(f, p->members[k], &lid, &sw) ||
			    seen[sw] == stamp)
				continue;
			seen[sw] = stamp;
			src[n++] = sw;
		}
	}
	if (in_any)
		return n;
	for (sw = 0; sw < f->num_switches; sw++) /* every CA's switch */
		if (oc_node_has_ca(f, f->switches[sw]))
			src[n++] = sw;
	return n;
}

static void sum_contention(const struct oc_fabric *f, const struct oc_ftree *ft,
			   const uint32_t *count, struct oc_contention *c)
{
	uint32_t sw;
	unsigned p;

	for (sw = 0; sw < f->num_switches; sw++) {
		uint32_t node = f->switches[sw];

		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			uint32_t slot = f->nodes[node].first_port + p;
			uint32_t peer = f->ports[slot].peer_node;
			int up;

			if (count[slot] < 2 || peer == OC_NONE)
				continue;
			up = ft->sw[f->nodes[peer].sw_index].rank <
			     ft->sw[sw].rank;
			if (up) {
				c->contended_up++;
				c->total_up += count[slot] - 1;
			} else {
				c->contended_down++;
				c->total_down += count[slot] - 1;
			}
		}
	}
}

int oc_receiver_contention(const struct oc_fabric *f, const struct oc_lfts *t,
			   const struct oc_partitions *ps,
			   const struct oc_weights *w, struct oc_contention *c,
			   struct oc_err *err)
{
	struct oc_ftree_opts opts = {0};
	struct oc_ftree *ft = oc_ftree_analyze(f, &opts, err);
	struct cont_ctx cc = {NULL, NULL, 0};
	uint32_t *seen, *src, i, j, n, sw;
	uint16_t lid;
	int ret = 0;

	memset(c, 0, sizeof(*c));
	if (!ft)
		return -1;
	cc.count = calloc(f->num_ports + 1, sizeof(uint32_t));
	cc.stamp = calloc(f->num_ports + 1, sizeof(uint32_t));
	seen = calloc(f->num_switches + 1, sizeof(uint32_t));
	src = malloc(sizeof(uint32_t) * (f->num_switches + 1));
	if (!cc.count || !cc.stamp || !seen || !src)
		ret = oc_err_set(err, "out of memory");
	for (i = 0; !ret && w && i < w->count; i++) {
		if (!(w->weight[i] > 1) ||
		    oc_tenant_port(f, w->guids[i], &lid, &sw))
			continue;
		cc.recv = c->receivers++;
		n = receiver_sources(f, ps, w->guids[i], seen, cc.recv + 1,
				     src);
		for (j = 0; j < n; j++)
			if (src[j] != sw)
				oc_walk_channels(f, t, src[j], lid,
						 count_receiver, &cc);
	}
	if (!ret)
		sum_contention(f, ft, cc.count, c);
	free(cc.count);
	free(cc.stamp);
	free(seen);
	free(src);
	oc_ftree_free(ft);
	return ret;
}
