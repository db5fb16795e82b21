/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tuple.c - switch tuples (OpenSM's fabric_make_indexing) and skylines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "analysis/tuple.h"

struct indexing {
	struct oc_tuples *t;
	struct oc_hash *taken; /* packed tuple -> switch index */
	uint8_t *assigned;     /* [switch index] */
	uint32_t *queue;
	uint32_t tail;
	struct oc_err *err;
};

static uint64_t tuple_key(const uint8_t *v)
{
	uint64_t key = 0;
	int i;

	for (i = 0; i < OC_TUPLE_LEN; i++)
		key = key << 8 | v[i];
	return key;
}

static const char *sw_name(const struct oc_ftree *ft, uint32_t sw)
{
	return ft->f->nodes[ft->f->switches[sw]].name;
}

static int take(struct indexing *x, uint32_t sw, const uint8_t *v)
{
	memcpy(x->t->tuple[sw], v, OC_TUPLE_LEN);
	x->assigned[sw] = 1;
	x->queue[x->tail++] = sw;
	if (oc_hash_put64(x->taken, tuple_key(v), sw))
		return oc_err_set(x->err, "out of memory");
	return 0;
}

/* OpenSM's fabric_get_new_tuple: from's tuple one rank down (or up), the
 * smallest value at the varying position that no switch holds yet. */
static int assign_from(struct indexing *x, uint32_t sw, uint32_t from, int down)
{
	uint8_t v[OC_TUPLE_LEN];
	int var;
	unsigned i;

	memcpy(v, x->t->tuple[from], OC_TUPLE_LEN);
	var = down ? v[0] + 1 : v[0];
	v[0] = down ? v[0] + 1 : v[0] - 1;
	for (i = 0; i < OC_TUPLE_NONE; i++) {
		v[var] = i;
		if (oc_hash_get64(x->taken, tuple_key(v)) == OC_NONE)
			return take(x, sw, v);
	}
	return oc_err_set(x->err,
			  "switch tuples: more than %u values at position %d "
			  "next to \"%s\"",
			  OC_TUPLE_NONE - 1, var, sw_name(x->t->ft, from));
}

static int visit_groups(struct indexing *x, uint32_t sw, uint32_t first,
			uint32_t count, int down)
{
	const struct oc_ftree *ft = x->t->ft;
	uint32_t g;

	for (g = first; g < first + count; g++) {
		uint32_t peer = ft->groups[g].peer;

		if (!x->assigned[peer] && assign_from(x, peer, sw, down))
			return -1;
	}
	return 0;
}

/* bfs_fabric_indexing, started from a leaf: down from every switch above
 * the leaves, up from every switch below the roots. */
static int bfs(struct indexing *x, uint32_t first)
{
	const struct oc_ftree *ft = x->t->ft;
	uint8_t v[OC_TUPLE_LEN];
	uint32_t head = 0;

	memset(v, OC_TUPLE_NONE, sizeof(v));
	v[0] = ft->sw[first].rank;
	memset(v + 1, 0, ft->leaf_rank);
	if (take(x, first, v))
		return -1;
	while (head < x->tail) {
		uint32_t sw = x->queue[head++];
		const struct oc_ft_switch *s = &ft->sw[sw];

		if (s->rank < ft->leaf_rank &&
		    visit_groups(x, sw, s->down_first, s->down_count, 1))
			return -1;
		if (s->rank > 0 &&
		    visit_groups(x, sw, s->up_first, s->up_count, 0))
			return -1;
	}
	return 0;
}

/* Definition 1 of the paper: a rank-r switch and its rank-(r-1) parent
 * differ at position r only. */
static int check_link(const struct oc_tuples *t, uint32_t sw, uint32_t up,
		      struct oc_err *err)
{
	const uint8_t *a = t->tuple[sw], *b = t->tuple[up];
	char sa[OC_TUPLE_STR], sb[OC_TUPLE_STR];
	int i;

	for (i = 1; i < OC_TUPLE_LEN; i++)
		if (i != a[0] && a[i] != b[i])
			return oc_err_set(err,
					  "switch tuples do not describe this "
					  "tree (not an XGFT/PGFT): \"%s\" "
					  "(%s) is linked to \"%s\" (%s)",
					  sw_name(t->ft, sw),
					  oc_tuple_str(t, sw, sa),
					  sw_name(t->ft, up),
					  oc_tuple_str(t, up, sb));
	return 0;
}

static int check_tuples(const struct oc_tuples *t, const uint8_t *assigned,
			struct oc_err *err)
{
	const struct oc_ftree *ft = t->ft;
	uint32_t i, g;

	for (i = 0; i < t->num_fabric; i++) {
		uint32_t sw = t->fabric_sw[i];
		const struct oc_ft_switch *s = &ft->sw[sw];

		if (!assigned[sw])
			return oc_err_set(err,
					  "switch tuples: \"%s\" is not "
					  "reached from the leaves",
					  sw_name(ft, sw));
		for (g = s->up_first; g < s->up_first + s->up_count; g++)
			if (check_link(t, sw, ft->groups[g].peer, err))
				return -1;
	}
	return 0;
}

static int list_fabric_switches(struct oc_tuples *t, struct oc_err *err)
{
	const struct oc_ftree *ft = t->ft;
	uint32_t sw, n = ft->f->num_switches;

	if (ft->leaf_rank >= OC_TUPLE_LEN)
		return oc_err_set(err,
				  "switch tuples: %d switch levels, at "
				  "most %d supported",
				  ft->leaf_rank + 1, OC_TUPLE_LEN - 1);
	t->tuple = malloc(sizeof(*t->tuple) * (n ? n : 1));
	t->fabric_sw = malloc(sizeof(*t->fabric_sw) * (n ? n : 1));
	if (!t->tuple || !t->fabric_sw)
		return oc_err_set(err, "out of memory");
	memset(t->tuple, OC_TUPLE_NONE, sizeof(*t->tuple) * n);
	for (sw = 0; sw < n; sw++)
		if (ft->sw[sw].role == OC_SW_FABRIC)
			t->fabric_sw[t->num_fabric++] = sw;
	return 0;
}

static int index_tree(struct oc_tuples *t, struct oc_err *err)
{
	uint32_t n = t->ft->f->num_switches ? t->ft->f->num_switches : 1;
	struct indexing x = {.t = t, .err = err};
	int ret = -1;

	x.taken = oc_hash_new();
	x.assigned = calloc(n, 1);
	x.queue = malloc(sizeof(*x.queue) * n);
	if (!x.taken || !x.assigned || !x.queue)
		oc_err_set(err, "out of memory");
	else if (!t->ft->num_leaves)
		oc_err_set(err, "switch tuples: no leaf switch");
	else if (!bfs(&x, t->ft->leaves[0]))
		ret = check_tuples(t, x.assigned, err);
	oc_hash_free(x.taken);
	free(x.assigned);
	free(x.queue);
	return ret;
}

struct oc_tuples *oc_tuples_build(const struct oc_ftree *ft, struct oc_err *err)
{
	struct oc_tuples *t = calloc(1, sizeof(*t));

	if (!t) {
		oc_err_set(err, "out of memory");
		return NULL;
	}
	t->ft = ft;
	t->leaf_rank = ft->leaf_rank;
	if (list_fabric_switches(t, err) || index_tree(t, err)) {
		oc_tuples_free(t);
		return NULL;
	}
	return t;
}

void oc_tuples_free(struct oc_tuples *t)
{
	if (!t)
		return;
	free(t->tuple);
	free(t->fabric_sw);
	free(t);
}

const char *oc_tuple_str(const struct oc_tuples *t, uint32_t sw, char *buf)
{
	const uint8_t *v = t->tuple[sw];
	int i, len;

	if (v[0] == OC_TUPLE_NONE) {
		strcpy(buf, "-");
		return buf;
	}
	len = sprintf(buf, "%u", v[0]);
	for (i = 1; i <= t->leaf_rank; i++)
		len += sprintf(buf + len, ".%u", v[i]);
	return buf;
}

static int rank_of(const struct oc_tuples *t, uint32_t sw)
{
	return t->tuple[sw][0] == OC_TUPLE_NONE ? -1 : t->tuple[sw][0];
}

/* x1..x_level of a and b agree. */
static int same_prefix(const struct oc_tuples *t, uint32_t a, uint32_t b,
		       int level)
{
	return !memcmp(t->tuple[a] + 1, t->tuple[b] + 1, level);
}

int oc_tuple_common_level(const struct oc_tuples *t, uint32_t a, uint32_t b)
{
	int ra = rank_of(t, a), rb = rank_of(t, b), l;
	int max = ra < rb ? ra : rb;

	for (l = 0; l < max; l++)
		if (t->tuple[a][l + 1] != t->tuple[b][l + 1])
			break;
	return l;
}

int oc_tuple_in_subtree(const struct oc_tuples *t, uint32_t sw, int level,
			uint32_t ref)
{
	return rank_of(t, sw) >= level && rank_of(t, ref) >= level &&
	       same_prefix(t, sw, ref, level);
}

int oc_tuple_on_skyline(const struct oc_tuples *t, uint32_t sw, int level,
			uint32_t a, uint32_t b)
{
	int r = rank_of(t, sw);

	if (r < level)
		return 0;
	return (r <= rank_of(t, a) && same_prefix(t, sw, a, r)) ||
	       (r <= rank_of(t, b) && same_prefix(t, sw, b, r));
}

uint32_t oc_tuple_mark_skyline(const struct oc_tuples *t, uint32_t a,
			       uint32_t b, uint8_t *mark, int *level)
{
	uint32_t i, n = 0;
	int l = oc_tuple_common_level(t, a, b);

	for (i = 0; i < t->num_fabric; i++) {
		uint32_t sw = t->fabric_sw[i];

		if (oc_tuple_on_skyline(t, sw, l, a, b)) {
			mark[sw] = 1;
			n++;
		}
	}
	*level = l;
	return n;
}
