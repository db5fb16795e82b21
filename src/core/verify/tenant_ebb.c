/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tenant_ebb.c - a victim partition's effective bisection bandwidth, alone
 * and next to the other partitions' traffic (see tenant_metrics.h).
 *
 * Every round shuffles the victim's members (xorshift, seeded) and lets
 * the first half send to the second; the noisy round replays the same
 * victim flows with a random bisection of every other partition at the
 * same time.  Flows follow the LFTs (flow_round.c, shared with the
 * bisection bandwidth of ebb.c); a flow's bandwidth is 1/n for the most
 * crowded directed switch link on its path (n flows on it), 0 when the
 * LFTs do not deliver it.
 */
#include <stdlib.h>

#include "verify/flow_round.h"
#include "verify/tenant_links.h"
#include "verify/tenant_metrics.h"

struct member {
	uint16_t lid;
	uint32_t sw;
};

static uint32_t members_of(const struct oc_fabric *f,
			   const struct oc_partition *p, struct member *m)
{
	uint32_t i, n = 0;

	for (i = 0; i < p->num_members; i++)
		if (!oc_tenant_port(f, p->members[i], &m[n].lid, &m[n].sw))
			n++;
	return n;
}

/* Adds one random bisection of the n members as flows along switch
 * links (a member's own CA link belongs to it alone). */
static void bisect(const struct member *m, uint32_t n, uint32_t *order,
		   uint64_t *seed, struct oc_flow_round *fr)
{
	uint32_t i, half = n / 2;

	for (i = 0; i < n; i++)
		order[i] = i;
	oc_flow_shuffle(order, n, seed);
	for (i = 0; i < half; i++)
		oc_flow_round_add(fr, OC_NONE, m[order[i]].sw,
				  m[order[half + i]].lid, 0);
}

struct ebb_state {
	const struct oc_fabric *f;
	const struct oc_partitions *ps;
	struct member *m;
	uint32_t *order; /* the members' bisection order */
	struct oc_flow_round fr;
	uint64_t seed;
};

/* Adds a random bisection of partition i's members to the round. */
static void add_bisection(struct ebb_state *s, uint32_t i)
{
	uint32_t nm = members_of(s->f, &s->ps->parts[i], s->m);

	bisect(s->m, nm, s->order, &s->seed, &s->fr);
}

/* Mean bandwidth of the victim flows of one round: the victim's
 * bisection first, so a noisy round with the same seed has the same
 * victim flows as the quiet one. */
static double round_ebb(struct ebb_state *s, uint32_t victim, int noisy)
{
	uint32_t i, nv;
	double sum = 0;

	add_bisection(s, victim);
	nv = s->fr.flows;
	for (i = 0; noisy && i < s->ps->count; i++)
		if (i != victim && s->ps->parts[i].pkey != OC_DEFAULT_PKEY)
			add_bisection(s, i);
	for (i = 0; i < nv; i++)
		sum += oc_flow_round_bandwidth(&s->fr, i);
	oc_flow_round_clear(&s->fr);
	return nv ? sum / nv : 1;
}

/* A victim with fewer than two members in the fabric sends no flow: its
 * EBB cannot be measured (1 would read as a perfect score). */
static int check_victim(const struct ebb_state *s, uint32_t victim,
			struct oc_err *err)
{
	const struct oc_partition *p = &s->ps->parts[victim];
	uint32_t n = members_of(s->f, p, s->m);

	if (n >= 2)
		return 0;
	return oc_err_set(err,
			  "victim partition 0x%04x%s%s%s: %u of its %u members "
			  "are active CA ports of this fabric with a LID; its "
			  "EBB needs at least 2 (one sends, one receives)",
			  p->pkey, p->name ? " (" : "", p->name ? p->name : "",
			  p->name ? ")" : "", n, p->num_members);
}

int oc_victim_ebb(const struct oc_fabric *f, const struct oc_lfts *t,
		  const struct oc_partitions *ps, uint32_t victim,
		  unsigned rounds, uint64_t seed, double *quiet, double *noisy,
		  struct oc_err *err)
{
	struct ebb_state s = {f, ps, NULL, NULL, {0}, seed | 1};
	uint32_t i, total = 0;
	unsigned r;
	int ret;

	for (i = 0; i < ps->count; i++)
		total += ps->parts[i].num_members;
	s.m = malloc(sizeof(*s.m) * (total + 1));
	s.order = malloc(sizeof(*s.order) * (total + 1));
	if (!s.m || !s.order || oc_flow_round_init(&s.fr, f, t, total + 1)) {
		free(s.m);
		free(s.order);
		return oc_err_set(err, "out of memory");
	}
	*quiet = *noisy = 0;
	ret = check_victim(&s, victim, err);
	for (r = 0; !ret && r < rounds; r++) {
		uint64_t start = s.seed;

		*quiet += round_ebb(&s, victim, 0);
		s.seed = start; /* the same victim bisection, now with noise */
		*noisy += round_ebb(&s, victim, 1);
	}
	if (!ret && rounds) {
		*quiet /= rounds;
		*noisy /= rounds;
	}
	free(s.m);
	free(s.order);
	oc_flow_round_free(&s.fr);
	return ret;
}
