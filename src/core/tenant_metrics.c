/*
 * tenant_metrics.c - the checker's tenant metrics (see tenant_metrics.h).
 */
#include <stdlib.h>
#include <string.h>

#include "ftree.h"
#include "tenant_links.h"
#include "tenant_metrics.h"

#define MAX_PATH 64

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

static int has_ca(const struct oc_fabric *f, uint32_t node)
{
	unsigned p;

	for (p = 1; p <= f->nodes[node].num_ports; p++) {
		uint32_t peer = oc_peer(f, node, p);

		if (peer != OC_NONE && !oc_is_switch(f, peer))
			return 1;
	}
	return 0;
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
		if (has_ca(f, f->switches[sw]))
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
	struct oc_ftree_opts opts = {NULL, 0};
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

/* ---- effective bisection bandwidth ------------------------------------ */

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

int oc_victim_ebb(const struct oc_fabric *f, const struct oc_lfts *t,
		  const struct oc_partitions *ps, uint32_t victim,
		  unsigned rounds, uint64_t seed, double *quiet, double *noisy,
		  struct oc_err *err)
{
	struct ebb_state s = {f, t, ps, NULL, NULL, NULL, seed | 1};
	uint32_t i, total = 0;
	unsigned r;

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
	for (r = 0; r < rounds; r++) {
		uint64_t start = s.seed;

		*quiet += round_ebb(&s, victim, 0);
		s.seed = start; /* the same victim bisection, now with noise */
		*noisy += round_ebb(&s, victim, 1);
	}
	if (rounds) {
		*quiet /= rounds;
		*noisy /= rounds;
	}
	free(s.m);
	free(s.fl);
	free(s.load);
	return 0;
}
