/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sim_pattern.c - the moves of the consolidate, grouping and to-uniform
 * patterns, planned on a copy of the placement before the run (so the
 * run knows where its snapshots fall).
 *
 * consolidate and grouping set a goal: how many VMs of each tenant every
 * hypervisor holds at the end (consolidate: one tenant packed from the
 * left, each hypervisor full before the next; grouping: tenant A packed
 * from the left, tenant B from the next hypervisor after A's last).  A
 * move takes a VM from the rightmost hypervisor holding more of its
 * tenant than the goal to the leftmost holding fewer and having a free
 * VF.  When every such hypervisor is full (grouping: the other tenant's
 * VMs sit on it), one VM of the other tenant leaves it for the leftmost
 * hypervisor with a free VF.  Every VM not yet where the goal wants it
 * moves about once: the patterns are not optimised for the fewest
 * migrations (the paper's footnote 8).
 *
 * to-uniform moves a VM from the most loaded hypervisor (leftmost of
 * ties) to the least loaded one with a free VF (leftmost of ties) until
 * their counts differ by at most one.  With equal VF counts every
 * hypervisor then holds the same count +-1; a hypervisor with fewer VFs
 * than that count stays full.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

struct work {
	struct oc_sim *s;
	uint32_t *load, *pos;	     /* copies of the placement */
	uint32_t *have[2], *want[2]; /* [tenant][position] */
	unsigned tenants;
	uint32_t cap_moves;
};

static int add_move(struct work *w, uint32_t vm, uint32_t to,
		    struct oc_err *err)
{
	struct oc_sim *s = w->s;
	uint32_t from;
	unsigned t;

	if (vm == OC_NONE)
		return oc_err_set(err, "%s: no VM left to move",
				  oc_sim_pattern_name(s->o.pattern));
	t = s->tenant[vm];
	from = w->pos[vm];
	if (s->total == w->cap_moves) {
		uint32_t cap = w->cap_moves ? 2 * w->cap_moves : 64;
		struct oc_sim_move *m =
			realloc(s->moves, sizeof(*m) * (size_t)cap);

		if (!m)
			return oc_err_set(err, "out of memory");
		s->moves = m;
		w->cap_moves = cap;
	}
	s->moves[s->total].vm = vm;
	s->moves[s->total++].to = to;
	w->load[from]--;
	w->load[to]++;
	w->have[t][from]--;
	w->have[t][to]++;
	w->pos[vm] = to;
	return 0;
}

/* The last VM of tenant t on position p. */
static uint32_t vm_at(const struct work *w, uint32_t p, unsigned t)
{
	uint32_t v;

	for (v = w->s->num_vms; v-- > 0;)
		if (w->pos[v] == p && w->s->tenant[v] == t)
			return v;
	return OC_NONE;
}

/* count VMs packed from position *first on: each hypervisor full before
 * the next; *first moves past the last one used.  -1 if they do not fit. */
static int pack(const struct oc_sim *s, uint32_t *want, uint32_t count,
		uint32_t *first)
{
	uint32_t p;

	for (p = *first; p < s->num_hvs && count; p++) {
		want[p] = count < s->cap[p] ? count : s->cap[p];
		count -= want[p];
	}
	*first = p;
	return count ? -1 : 0;
}

static int set_goal(struct work *w, struct oc_err *err)
{
	const struct oc_sim *s = w->s;
	uint32_t v, n[2] = {0, 0}, first = 0;

	for (v = 0; v < s->num_vms; v++) {
		n[s->tenant[v]]++;
		w->have[s->tenant[v]][w->pos[v]]++;
	}
	if (pack(s, w->want[0], n[0], &first) ||
	    (w->tenants == 2 && pack(s, w->want[1], n[1], &first)))
		return oc_err_set(err,
				  "grouping: tenants of %u and %u VMs do "
				  "not fit on separate hypervisors (%u)",
				  n[0], n[1], s->num_hvs);
	return 0;
}

/* The rightmost position with more VMs of t than the goal; OC_NONE. */
static uint32_t surplus(const struct work *w, unsigned t)
{
	uint32_t p;

	for (p = w->s->num_hvs; p-- > 0;)
		if (w->have[t][p] > w->want[t][p])
			return p;
	return OC_NONE;
}

/* The leftmost position short of t's goal: with a free VF when free,
 * else full. */
static uint32_t deficit(const struct work *w, unsigned t, int free)
{
	uint32_t p;

	for (p = 0; p < w->s->num_hvs; p++)
		if (w->have[t][p] < w->want[t][p] &&
		    (w->load[p] < w->s->cap[p]) == free)
			return p;
	return OC_NONE;
}

static uint32_t first_free(const struct work *w, uint32_t not )
{
	uint32_t p;

	for (p = 0; p < w->s->num_hvs; p++)
		if (p != not &&w->load[p] < w->s->cap[p])
			return p;
	return OC_NONE;
}

/* One move towards the goal; 1 when the goal is reached. */
static int goal_step(struct work *w, struct oc_err *err)
{
	uint32_t from[2] = {OC_NONE, OC_NONE}, to[2], best = OC_NONE, p, d;
	unsigned t, bt = 0;

	for (t = 0; t < w->tenants; t++) {
		from[t] = surplus(w, t);
		to[t] = deficit(w, t, 1);
		if (from[t] != OC_NONE && to[t] != OC_NONE &&
		    (best == OC_NONE || from[t] > best)) {
			best = from[t];
			bt = t;
		}
	}
	if (best != OC_NONE)
		return add_move(w, vm_at(w, best, bt), to[bt], err);
	if (from[0] == OC_NONE && from[w->tenants - 1] == OC_NONE)
		return 1;
	/* every hypervisor short of a tenant is full of the other's VMs */
	for (t = 0; t < w->tenants; t++) {
		p = deficit(w, t, 0);
		if (p == OC_NONE)
			continue;
		d = first_free(w, p);
		if (d == OC_NONE)
			break;
		return add_move(w, vm_at(w, p, !t), d, err);
	}
	return oc_err_set(err, "%s: no VM can move towards the goal",
			  oc_sim_pattern_name(w->s->o.pattern));
}

/* The most loaded hypervisor, and the least loaded with a free VF
 * (OC_NONE if none has one); the leftmost of ties. */
static void most_least(const struct work *w, uint32_t *most, uint32_t *least)
{
	uint32_t p;

	*most = 0;
	*least = OC_NONE;
	for (p = 0; p < w->s->num_hvs; p++) {
		if (w->load[p] > w->load[*most])
			*most = p;
		if (w->load[p] < w->s->cap[p] &&
		    (*least == OC_NONE || w->load[p] < w->load[*least]))
			*least = p;
	}
}

static int to_uniform(struct work *w, struct oc_err *err)
{
	uint32_t most, least;

	for (;;) {
		most_least(w, &most, &least);
		if (least == OC_NONE || w->load[most] <= w->load[least] + 1)
			return 0;
		if (add_move(w, vm_at(w, most, 0), least, err))
			return -1;
	}
}

static int plan_goal(struct work *w, struct oc_err *err)
{
	uint32_t limit = 4 * w->s->num_vms + w->s->num_hvs;
	int ret;

	if (set_goal(w, err))
		return -1;
	while (!(ret = goal_step(w, err))) {
		if (w->s->total > limit)
			return oc_err_set(err,
					  "%s: no goal after %u moves of "
					  "%u VMs",
					  oc_sim_pattern_name(w->s->o.pattern),
					  w->s->total, w->s->num_vms);
	}
	return ret < 0 ? -1 : 0;
}

static int work_init(struct work *w, struct oc_sim *s)
{
	size_t n = s->num_hvs;
	unsigned t;

	w->s = s;
	w->tenants = s->o.pattern == OC_SIM_PAT_GROUPING ? 2 : 1;
	w->load = malloc(sizeof(*w->load) * n);
	w->pos = malloc(sizeof(*w->pos) * (s->num_vms ? s->num_vms : 1));
	for (t = 0; t < 2; t++) {
		w->have[t] = calloc(n, sizeof(*w->have[t]));
		w->want[t] = calloc(n, sizeof(*w->want[t]));
	}
	if (!w->load || !w->pos || !w->have[0] || !w->have[1] || !w->want[0] ||
	    !w->want[1])
		return -1;
	memcpy(w->load, s->load, sizeof(*w->load) * n);
	memcpy(w->pos, s->vm_pos, sizeof(*w->pos) * s->num_vms);
	return 0;
}

static void work_free(struct work *w)
{
	unsigned t;

	free(w->load);
	free(w->pos);
	for (t = 0; t < 2; t++) {
		free(w->have[t]);
		free(w->want[t]);
	}
}

int oc_sim_plan_moves(struct oc_sim *s, struct oc_err *err)
{
	struct work w = {0};
	int ret;

	s->total = 0;
	if (s->o.pattern == OC_SIM_PAT_RANDOM) {
		s->total = 2 * s->num_hvs;
		return 0;
	}
	if (work_init(&w, s))
		ret = oc_err_set(err, "out of memory");
	else if (s->o.pattern == OC_SIM_PAT_TO_UNIFORM)
		ret = to_uniform(&w, err);
	else
		ret = plan_goal(&w, err);
	work_free(&w);
	return ret;
}
