/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sim.c - the migration simulator's run (sim.h): set-up, the migrations
 * with ItRC's and FTreeMinRC's plans, the snapshots; the option names.
 */
#include <stdlib.h>
#include <string.h>

#include "base/rand.h"
#include "reconf/reconf_pick.h"
#include "sim/sim_int.h"

static const char *const initial_names[] = {"random", "uniform"};
static const char *const pattern_names[] = {"random", "consolidate", "grouping",
					    "to-uniform"};

#define NUM_INITIAL (sizeof(initial_names) / sizeof(initial_names[0]))
#define NUM_PATTERN (sizeof(pattern_names) / sizeof(pattern_names[0]))

/* The index of name in names[0..n-1], or -1. */
static int name_index(const char *const *names, unsigned n, const char *name)
{
	unsigned k;

	for (k = 0; k < n; k++)
		if (!strcmp(name, names[k]))
			return (int)k;
	return -1;
}

const char *oc_sim_initial_name(enum oc_sim_initial i)
{
	return (unsigned)i < NUM_INITIAL ? initial_names[i] : "?";
}

const char *oc_sim_pattern_name(enum oc_sim_pattern p)
{
	return (unsigned)p < NUM_PATTERN ? pattern_names[p] : "?";
}

int oc_sim_initial_parse(const char *name, enum oc_sim_initial *i)
{
	int k = name_index(initial_names, NUM_INITIAL, name);

	if (k < 0)
		return -1;
	*i = (enum oc_sim_initial)k;
	return 0;
}

int oc_sim_pattern_parse(const char *name, enum oc_sim_pattern *p)
{
	int k = name_index(pattern_names, NUM_PATTERN, name);

	if (k < 0)
		return -1;
	*p = (enum oc_sim_pattern)k;
	return 0;
}

int oc_sim_opts_check(const struct oc_sim_opts *o, struct oc_err *err)
{
	if (o->population < 1 || o->population > 100)
		return oc_err_set(err,
				  "--population %u: want 1..100 (percent "
				  "of all VFs)",
				  o->population);
	if (o->pattern == OC_SIM_PAT_TO_UNIFORM &&
	    o->initial != OC_SIM_INIT_RANDOM)
		return oc_err_set(err, "--pattern to-uniform needs --initial "
				       "random (a uniform start is uniform "
				       "already)");
	if (!o->ebb_rounds)
		return oc_err_set(err, "--ebb-rounds 0: want at least 1");
	if (!o->snapshots)
		return oc_err_set(err, "--snapshots 0: want at least 1");
	return 0;
}

static int route_initial(struct oc_sim *s, struct oc_err *err)
{
	s->t = oc_sim_route(s, err);
	if (!s->t)
		return -1;
	s->rc = oc_reconf_new(s->f, s->ft, err);
	return s->rc ? 0 : -1;
}

struct oc_sim *oc_sim_new(struct oc_fabric *f, const struct oc_sim_opts *o,
			  struct oc_err *err)
{
	const struct oc_ftree_opts fo = {0};
	struct oc_sim *s;

	if (oc_sim_opts_check(o, err))
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s) {
		oc_err_set(err, "out of memory");
		return NULL;
	}
	s->o = *o;
	s->f = f;
	s->rng = oc_rand_stream(o->seed, OC_SIM_STREAM_MIGRATE);
	s->ft = oc_ftree_analyze(f, &fo, err);
	if (!s->ft || oc_sim_place(s, err) || route_initial(s, err) ||
	    oc_sim_plan_moves(s, err)) {
		oc_sim_free(s);
		return NULL;
	}
	return s;
}

void oc_sim_free(struct oc_sim *s)
{
	if (!s)
		return;
	oc_reconf_free(s->rc);
	oc_lfts_free(s->t);
	oc_vm_table_free(s->vms);
	oc_ftree_free(s->ft);
	free(s->hvs);
	free(s->cap);
	free(s->load);
	free(s->pos_of);
	free(s->vm_lids);
	free(s->tenant);
	free(s->vm_pos);
	free(s->vm_of_lid);
	free(s->moves);
	free(s);
}

/* Migration i's operation: drawn (random) or planned. */
static int next_op(struct oc_sim *s, uint32_t i, struct oc_migrate_op *op,
		   struct oc_err *err)
{
	struct oc_vf_users u;
	const struct oc_reconf_pool pool = {.vm_lids = s->vm_lids,
					    .num_vms = s->num_vms,
					    .hvs = s->hvs,
					    .num_hvs = s->num_hvs,
					    .users = oc_sim_users(s, &u)};

	if (s->o.pattern != OC_SIM_PAT_RANDOM)
		return oc_reconf_op_to(s->f, s->ft, &u,
				       s->vm_lids[s->moves[i].vm],
				       s->hvs[s->moves[i].to], op, err);
	if (oc_reconf_random_op(s->f, s->ft, &pool, &s->rng, op))
		return oc_err_set(err,
				  "random migration %u: no hypervisor "
				  "has a free VF",
				  i + 1);
	return 0;
}

/* The VM of m->lid moved from m->from_hv to m->to_hv. */
static int follow(struct oc_sim *s, const struct oc_sim_mig *m,
		  struct oc_err *err)
{
	uint32_t vm = s->vm_of_lid[m->lid];
	uint32_t from = s->pos_of[m->from_hv], to = s->pos_of[m->to_hv];

	if (vm == OC_NONE || from != s->vm_pos[vm] ||
	    (s->moves && to != s->moves[m->index - 1].to))
		return oc_err_set(err,
				  "migration %u: LID %u did not land where "
				  "planned",
				  m->index, m->lid);
	s->load[from]--;
	s->load[to]++;
	s->vm_pos[vm] = to;
	return 0;
}

static int migrate(struct oc_sim *s, uint32_t i, struct oc_plan p[2],
		   const struct oc_sim_hooks *h, struct oc_err *err)
{
	struct oc_migrate_op op;
	struct oc_sim_mig m = {.index = i + 1};

	if (next_op(s, i, &op, err))
		return -1;
	m.lid = op.lid;
	m.from_hv = oc_reconf_hv_of_lid(s->f, op.lid);
	if (oc_reconf_plan(s->rc, s->t, &op, OC_RECONF_ITRC, &p[0], err) ||
	    oc_reconf_plan(s->rc, s->t, &op, OC_RECONF_FTREEMINRC, &p[1],
			   err) ||
	    oc_reconf_commit(s->rc, &p[1], err))
		return -1;
	oc_plan_apply_lfts(&p[1], s->t);
	m.to_hv = oc_reconf_hv_of_lid(s->f, op.lid);
	m.itrc = p[0].counts;
	m.minrc = p[1].counts;
	if (follow(s, &m, err))
		return -1;
	if (h && h->mig)
		h->mig(h->ctx, &m);
	return 0;
}

/* The snapshots due after done migrations, from *k on. */
static int snapshots(struct oc_sim *s, uint32_t done, unsigned *k,
		     const struct oc_sim_hooks *h, struct oc_err *err)
{
	struct oc_sim_snap snap;

	while (*k <= s->o.snapshots &&
	       (uint64_t)s->total * *k / s->o.snapshots <= done) {
		memset(&snap, 0, sizeof(snap));
		snap.percent = 100 * *k / s->o.snapshots;
		snap.migrations = done;
		if (oc_sim_snapshot(s, &snap, err))
			return -1;
		if (h && h->snap)
			h->snap(h->ctx, &snap);
		(*k)++;
	}
	return 0;
}

int oc_sim_run(struct oc_sim *s, const struct oc_sim_hooks *h,
	       struct oc_err *err)
{
	struct oc_plan p[2];
	unsigned k = 0;
	uint32_t i;
	int ret;

	oc_plan_init(&p[0]);
	oc_plan_init(&p[1]);
	ret = snapshots(s, 0, &k, h, err);
	for (i = 0; !ret && i < s->total; i++)
		ret = migrate(s, i, p, h, err) ||
		      snapshots(s, i + 1, &k, h, err);
	oc_plan_release(&p[0]);
	oc_plan_release(&p[1]);
	return ret ? -1 : 0;
}
