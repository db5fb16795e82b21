/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tenant_ebb.c - a victim partition's effective bisection bandwidth, alone
 * and next to the other partitions' traffic (see tenant_metrics.h).
 *
 * Every round shuffles the victim's members (xorshift, seeded) and lets
 * the first half send to the second; the noisy round replays the same
 * victim flows with a random bisection of every other partition at the
 * same time.  Flows follow the LFTs; a flow's bandwidth is 1/n for the
 * most crowded directed switch link on its path (n flows on it).
 */
#include <stdlib.h>

#include "verify/tenant_links.h"
#include "verify/tenant_metrics.h"

#define MAX_PATH 64

struct flow {
	uint32_t src_sw;
	uint16_t lid;
	uint8_t victim;
	uint8_t hops;
	uint32_t path[MAX_PATH];
};

struct path_ctx {
	struct flow *fl;
};

static void add_hop(void *arg, uint32_t slot)
{
	struct path_ctx *c = arg;

	if (c->fl->hops < MAX_PATH)
		c->fl->path[c->fl->hops++] = slot;
}

static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

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

/* Appends one random bisection of the n members as flows. */
static uint32_t bisect(struct member *m, uint32_t n, uint64_t *seed, int victim,
		       struct flow *out)
{
	uint32_t i, half = n / 2;

	for (i = n; i > 1; i--) {
		uint32_t j = next_rand(seed) % i;
		struct member tmp = m[i - 1];

		m[i - 1] = m[j];
		m[j] = tmp;
	}
	for (i = 0; i < half; i++) {
		out[i].src_sw = m[i].sw;
		out[i].lid = m[half + i].lid;
		out[i].victim = (uint8_t)victim;
		out[i].hops = 0;
	}
	return half;
}

struct ebb_state {
	const struct oc_fabric *f;
	const struct oc_lfts *t;
	const struct oc_partitions *ps;
	struct member *m;
	struct flow *fl;
	uint32_t *load; /* [slot] */
	uint64_t seed;
};

/* Appends a random bisection of partition i's members to the flows. */
static uint32_t add_bisection(struct ebb_state *s, uint32_t i, int victim,
			      uint32_t n)
{
	uint32_t nm = members_of(s->f, &s->ps->parts[i], s->m);

	return n + bisect(s->m, nm, &s->seed, victim, s->fl + n);
}

/* Mean bandwidth of the victim flows of one round: the victim's
 * bisection first, so a noisy round with the same seed has the same
 * victim flows as the quiet one. */
static double round_ebb(struct ebb_state *s, uint32_t victim, int noisy)
{
	uint32_t i, k, n = add_bisection(s, victim, 1, 0), nv = 0;
	double sum = 0;

	for (i = 0; noisy && i < s->ps->count; i++)
		if (i != victim && s->ps->parts[i].pkey != OC_DEFAULT_PKEY)
			n = add_bisection(s, i, 0, n);
	for (i = 0; i < n; i++) {
		struct path_ctx c = {&s->fl[i]};

		oc_walk_channels(s->f, s->t, s->fl[i].src_sw, s->fl[i].lid,
				 add_hop, &c);
		for (k = 0; k < s->fl[i].hops; k++)
			s->load[s->fl[i].path[k]]++;
	}
	for (i = 0; i < n; i++) {
		uint32_t worst = 1;

		for (k = 0; k < s->fl[i].hops; k++)
			if (s->load[s->fl[i].path[k]] > worst)
				worst = s->load[s->fl[i].path[k]];
		if (s->fl[i].victim) {
			sum += 1.0 / worst;
			nv++;
		}
	}
	for (i = 0; i < n; i++)
		for (k = 0; k < s->fl[i].hops; k++)
			s->load[s->fl[i].path[k]] = 0;
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
	struct ebb_state s = {f, t, ps, NULL, NULL, NULL, seed | 1};
	uint32_t i, total = 0;
	unsigned r;
	int ret;

	for (i = 0; i < ps->count; i++)
		total += ps->parts[i].num_members;
	s.m = malloc(sizeof(*s.m) * (total + 1));
	s.fl = malloc(sizeof(*s.fl) * (total + 1));
	s.load = calloc(f->num_ports + 1, sizeof(uint32_t));
	if (!s.m || !s.fl || !s.load) {
		free(s.m);
		free(s.fl);
		free(s.load);
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
	free(s.fl);
	free(s.load);
	return ret;
}
