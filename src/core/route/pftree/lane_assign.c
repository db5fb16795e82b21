/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lane_assign.c - the SL of every partition (pFTree paper, Algorithm 5).
 *
 * Two tenants conflict when the flows of both cross one directed link.
 * Tenants are taken by decreasing isolation (phy, vlane, def), then in
 * the order given; a tenant without conflict keeps lane 0, any other
 * takes the lowest lane none of its conflicting tenants has.  Lanes are
 * the data VLs the ports support (in->data_vls, 0 meaning 8; at most 15),
 * SL i on VL i.  When they run out, the tenant takes the lane fewest of
 * its conflicting tenants hold (the paper's best-effort restart); a
 * vlane-isolation tenant then misses its policy, which pftree_validate.c
 * reports.  The default partition and non-tenants keep SL 0.
 */
#include <stdlib.h>
#include <string.h>

#include "route/pftree/pftree_int.h"

#define DEFAULT_DATA_VLS 8
#define MAX_DATA_VLS 15

struct conflicts {
	uint32_t n;
	uint8_t *m; /* bit a * n + b: a and b share a link */
};

static void set_conflict(struct conflicts *c, uint32_t a, uint32_t b)
{
	size_t bit = (size_t)a * c->n + b;

	c->m[bit >> 3] |= (uint8_t)(1u << (bit & 7));
}

static int in_conflict(const struct conflicts *c, uint32_t a, uint32_t b)
{
	size_t bit = (size_t)a * c->n + b;

	return c->m[bit >> 3] >> (bit & 7) & 1;
}

static int build_conflicts(const struct pft_run *run,
			   const struct oc_link_users *u, struct conflicts *c)
{
	uint32_t slot, e, e2;

	c->n = run->nparts;
	c->m = calloc((size_t)c->n * c->n / 8 + 1, 1);
	if (!c->m)
		return -1;
	for (slot = 0; slot < u->num_slots; slot++) {
		if (u->users[slot] < 2)
			continue;
		for (e = u->head[slot]; e != OC_NONE; e = u->next[e])
			for (e2 = u->next[e]; e2 != OC_NONE; e2 = u->next[e2]) {
				uint32_t a = u->part[e], b = u->part[e2];

				set_conflict(c, a, b);
				set_conflict(c, b, a);
			}
	}
	return 0;
}

static int cmp_order(const void *a, const void *b, void *arg)
{
	const struct pft_run *run = arg;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	if (run->iso[x] != run->iso[y])
		return run->iso[x] > run->iso[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

static unsigned data_vls(const struct pft_run *run)
{
	unsigned v = run->in->data_vls ? run->in->data_vls : DEFAULT_DATA_VLS;

	return v > MAX_DATA_VLS ? MAX_DATA_VLS : v;
}

/* The lane for part p given the lanes of the tenants before it. */
static uint8_t pick_lane(const struct conflicts *c, const uint8_t *done,
			 const uint8_t *sl, uint32_t p, unsigned vls)
{
	unsigned held[MAX_DATA_VLS] = {0}, v, best = 0;
	uint32_t q;
	int any = 0;

	for (q = 0; q < c->n; q++) {
		if (!done[q] || !in_conflict(c, p, q))
			continue;
		held[sl[q]]++;
		any = 1;
	}
	if (!any)
		return 0;
	for (v = 0; v < vls; v++)
		if (held[v] < held[best])
			best = v;
	return (uint8_t)best; /* the lowest free lane when there is one */
}

int pft_assign_lanes(const struct pft_run *run, const struct oc_link_users *u,
		     struct oc_lane_plan *plan, struct oc_err *err)
{
	struct conflicts c = {0, NULL};
	uint32_t *order = malloc(sizeof(uint32_t) * (run->nparts + 1));
	uint8_t *done = calloc(run->nparts + 1, 1);
	uint32_t i, n = 0;
	unsigned vls = data_vls(run), used = 1;

	if (!order || !done || build_conflicts(run, u, &c) ||
	    oc_lane_plan_reset(plan, run->nparts, err)) {
		free(c.m);
		free(order);
		free(done);
		return oc_err_set(err, "out of memory");
	}
	for (i = 0; i < run->nparts; i++)
		if (run->tenant[i])
			order[n++] = i;
	qsort_r(order, n, sizeof(*order), cmp_order, (void *)run);
	for (i = 0; i < n; i++) {
		uint32_t p = order[i];

		plan->sl[p] = pick_lane(&c, done, plan->sl, p, vls);
		done[p] = 1;
		if (plan->sl[p] + 1u > used)
			used = plan->sl[p] + 1u;
	}
	plan->num_vls = (uint8_t)used;
	free(c.m);
	free(order);
	free(done);
	return 0;
}
