/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * link_rank.c - the links ranked by the verifier's load, levels and the
 * summary per pair of levels (link_rank.h).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/ftree_optional.h"
#include "model/hops.h"
#include "verify/link_rank.h"
#include "verify/updown.h"

/* ---- levels ------------------------------------------------------------ */

static void count_levels(const struct oc_fabric *f, struct oc_link_rank *rk)
{
	uint32_t s;

	rk->num_levels = f->num_switches ? 1 : 0;
	for (s = 0; s < f->num_switches; s++)
		if (rk->level[s] + 1u > rk->num_levels)
			rk->num_levels = rk->level[s] + 1u;
}

/* 1: levels from the fat-tree analysis, 0: no fat-tree, -1: no memory. */
static int ftree_levels(const struct oc_fabric *f, struct oc_link_rank *rk,
			struct oc_err *err)
{
	struct oc_ftree *ft;

	if (oc_ftree_analyze_optional(f, &ft, err))
		return -1;
	if (!ft)
		return 0;
	rk->level = oc_updown_levels(ft);
	rk->leaf_level = ft->leaf_rank;
	rk->vswitch_level = ft->num_vswitches ? ft->leaf_rank + 1 : -1;
	oc_ftree_free(ft);
	if (!rk->level)
		return oc_err_set(err, "out of memory");
	rk->by_ftree = 1;
	return 1;
}

/* Hops from every switch to the nearest switch with a CA, into level[]
 * (OC_HOPS_UNREACHABLE: none reached); the farthest such distance. */
static int leaf_distances(const struct oc_fabric *f, const uint8_t *dist,
			  uint8_t *level)
{
	uint32_t n = f->num_switches, s, t;
	int far = -1;

	memset(level, OC_HOPS_UNREACHABLE, n);
	for (t = 0; t < n; t++) {
		if (!oc_node_has_ca(f, f->switches[t]))
			continue;
		for (s = 0; s < n; s++)
			if (dist[(size_t)t * n + s] < level[s])
				level[s] = dist[(size_t)t * n + s];
	}
	for (s = 0; s < n; s++)
		if (level[s] != OC_HOPS_UNREACHABLE && level[s] > far)
			far = level[s];
	return far;
}

/* No fat-tree: the breadth-first distance from the leaves, turned round;
 * switches that reach no leaf go to the top. */
static int distance_levels(const struct oc_fabric *f, struct oc_link_rank *rk,
			   struct oc_err *err)
{
	uint32_t n = f->num_switches, s;
	uint8_t *dist = oc_switch_distances(f);
	int far;

	rk->level = malloc(n ? n : 1);
	if (!dist || !rk->level) {
		free(dist);
		return oc_err_set(err, "out of memory");
	}
	far = leaf_distances(f, dist, rk->level);
	for (s = 0; s < n; s++)
		rk->level[s] = rk->level[s] == OC_HOPS_UNREACHABLE
				       ? 0
				       : (uint8_t)(far - rk->level[s]);
	rk->leaf_level = far;
	rk->vswitch_level = -1;
	free(dist);
	return 0;
}

const char *oc_link_rank_level_name(const struct oc_link_rank *rk,
				    unsigned level, char *buf, size_t len)
{
	if (rk->by_ftree && (int)level == rk->vswitch_level)
		snprintf(buf, len, "vswitch");
	else if ((int)level == rk->leaf_level)
		snprintf(buf, len, "leaf");
	else if (!rk->by_ftree)
		snprintf(buf, len, "leaf+%d", rk->leaf_level - (int)level);
	else if (level == 0)
		snprintf(buf, len, rk->leaf_level == 1 ? "spine" : "root");
	else
		snprintf(buf, len, "level %u", level);
	return buf;
}

/* ---- ranking ------------------------------------------------------------- */

struct ranked {
	uint64_t load;
	uint32_t channel;
};

static int hotter(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->load != y->load)
		return x->load > y->load ? -1 : 1;
	return x->channel < y->channel ? -1 : x->channel > y->channel;
}

static int rank_links(const struct oc_verify_report *r, struct oc_link_rank *rk,
		      struct oc_err *err)
{
	struct ranked *tmp = malloc(sizeof(*tmp) * (r->channels + 1));
	uint32_t c;

	rk->order = malloc(sizeof(*rk->order) * (r->channels + 1));
	if (!tmp || !rk->order) {
		free(tmp);
		return oc_err_set(err, "out of memory");
	}
	for (c = 0; c < r->channels; c++) {
		tmp[c].load = r->links[c].load;
		tmp[c].channel = c;
	}
	qsort(tmp, r->channels, sizeof(*tmp), hotter);
	for (c = 0; c < r->channels; c++)
		rk->order[c] = tmp[c].channel;
	rk->num_links = r->channels;
	free(tmp);
	return 0;
}

/* ---- per pair of levels ------------------------------------------------ */

static uint8_t channel_level(const struct oc_fabric *f,
			     const struct oc_link_rank *rk, uint32_t node)
{
	return rk->level[f->nodes[node].sw_index];
}

static int sum_levels(const struct oc_fabric *f,
		      const struct oc_verify_report *r, struct oc_link_rank *rk,
		      struct oc_err *err)
{
	uint32_t L = rk->num_levels, c, i, n = 0;
	struct oc_level_load *m = calloc((size_t)L * L + 1, sizeof(*m));
	double *total = calloc((size_t)2 * L * L + 1, sizeof(*total));
	double *wtotal = total + (size_t)L * L;

	rk->by_level = malloc(sizeof(*rk->by_level) * ((size_t)L * L + 1));
	if (!m || !total || !rk->by_level) {
		free(m);
		free(total);
		return oc_err_set(err, "out of memory");
	}
	for (c = 0; c < r->channels; c++) {
		const struct oc_channel *ch = &r->links[c].ch;
		uint32_t peer = oc_peer(f, ch->node, ch->port);
		uint8_t a = channel_level(f, rk, ch->node);
		uint8_t b = channel_level(f, rk, peer);
		struct oc_level_load *x = &m[(size_t)a * L + b];

		x->from = a;
		x->to = b;
		x->links++;
		if (r->links[c].load > x->max)
			x->max = r->links[c].load;
		total[(size_t)a * L + b] += (double)r->links[c].load;
		wtotal[(size_t)a * L + b] += r->links[c].weighted;
		if (r->links[c].weighted > x->weighted_max)
			x->weighted_max = r->links[c].weighted;
	}
	for (i = 0; i < L * L; i++) {
		if (!m[i].links)
			continue;
		m[i].mean = total[i] / m[i].links;
		m[i].weighted_mean = wtotal[i] / m[i].links;
		rk->by_level[n++] = m[i];
	}
	rk->num_by_level = n;
	free(m);
	free(total);
	return 0;
}

int oc_link_rank(const struct oc_fabric *f, const struct oc_verify_report *r,
		 struct oc_link_rank *rk, struct oc_err *err)
{
	int ret;

	memset(rk, 0, sizeof(*rk));
	ret = ftree_levels(f, rk, err);
	if (ret < 0)
		return -1;
	if (!ret && distance_levels(f, rk, err))
		goto fail;
	count_levels(f, rk);
	if (rank_links(r, rk, err) || sum_levels(f, r, rk, err))
		goto fail;
	return 0;
fail:
	oc_link_rank_free(rk);
	return -1;
}

void oc_link_rank_free(struct oc_link_rank *rk)
{
	free(rk->level);
	free(rk->order);
	free(rk->by_level);
	memset(rk, 0, sizeof(*rk));
}
