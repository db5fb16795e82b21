/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * subtree_root.c - sFtree's Algorithm 1: choosing the subtree root (see
 * subtree_root.h).
 *
 * The paper checks every leaf's whole table; here only the pairs up/down
 * routing left open matter, and they are found once: which switch LIDs
 * some switch lacks, and which switches lack some.  A candidate then costs
 * one look at the root's (and its siblings') entries for the first, and at
 * each such switch's entry for the root (or a sibling) for the second.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/subtree_root.h"

#define EXAMPLES 3 /* unconnected pairs named in the error */

static int is_fabric(const struct oc_ftree *ft, uint32_t sw)
{
	return ft->sw[sw].role == OC_SW_FABRIC;
}

/* Whether lid is a dead end's (analysis/ftree.h): its pairs are
 * sftree's dead_end.c's, no subtree root's. */
static int dead_end_lid(const struct oc_ftree *ft, uint16_t lid)
{
	uint32_t node = lid <= ft->f->max_lid ? ft->f->lid_owner[lid].node
					      : OC_NONE;

	return node != OC_NONE && oc_is_switch(ft->f, node) &&
	       oc_ftree_is_dead_end(ft, ft->f->nodes[node].sw_index);
}

/* Lists the LIDs (lids, or every switch LID when lids is NULL) and marks
 * the pairs without an entry, leaving out the dead ends' (from and to a
 * switch whose up cables are all cut). */
static int find_missing(struct oc_subtree *st, const uint16_t *lids,
			uint32_t num_lids)
{
	const struct oc_fabric *f = st->ft->f;
	uint32_t n = lids ? num_lids : f->num_switches, sw, i;

	st->lids = malloc(sizeof(*st->lids) * (n + 1));
	st->lid_missing = calloc(n + 1, 1);
	st->switch_missing = calloc(f->num_switches + 1, 1);
	if (!st->lids || !st->lid_missing || !st->switch_missing)
		return -1;
	if (lids) {
		memcpy(st->lids, lids, sizeof(*lids) * num_lids);
		st->num_lids = num_lids;
	}
	for (sw = 0; !lids && sw < f->num_switches; sw++)
		if (oc_switch_lid(f, f->switches[sw]))
			st->lids[st->num_lids++] =
				oc_switch_lid(f, f->switches[sw]);
	for (sw = 0; sw < f->num_switches; sw++) {
		if (!is_fabric(st->ft, sw) || oc_ftree_is_dead_end(st->ft, sw))
			continue; /* vSwitches send everything up */
		for (i = 0; i < st->num_lids; i++) {
			if (oc_subtree_has(st->t, sw, st->lids[i]) ||
			    dead_end_lid(st->ft, st->lids[i]))
				continue;
			st->lid_missing[i] = 1;
			st->switch_missing[sw] = 1;
			st->missing_pairs++;
		}
	}
	return 0;
}

/* The root's siblings: physical same-rank neighbours with a LID. */
static int list_siblings(struct oc_subtree *st)
{
	const struct oc_ftree *ft = st->ft;
	const struct oc_fabric *f = ft->f;
	const struct oc_ft_switch *r = &ft->sw[st->root];
	uint32_t g;

	free(st->sib);
	st->num_sib = 0;
	st->sib = malloc(sizeof(*st->sib) * (r->same_count + 1));
	if (!st->sib)
		return -1;
	for (g = r->same_first; g < r->same_first + r->same_count; g++) {
		const struct oc_group *grp = &ft->groups[g];
		struct oc_subtree_sibling *s = &st->sib[st->num_sib];
		uint32_t node = f->switches[st->root];

		s->sw = grp->peer;
		s->lid = oc_switch_lid(f, f->switches[grp->peer]);
		s->root_port = ft->group_ports[grp->first];
		s->toward_root = oc_port(f, node, s->root_port)->peer_port;
		if (s->lid)
			st->num_sib++;
	}
	return 0;
}

static int stays(const struct oc_subtree *st, uint32_t sw, uint16_t lid,
		 const uint8_t *keep)
{
	return keep ? keep[sw] : oc_subtree_has(st->t, sw, lid);
}

int oc_subtree_via(const struct oc_subtree *st, uint16_t lid,
		   const uint8_t *keep)
{
	uint32_t i;

	if (stays(st, st->root, lid, keep))
		return 0;
	for (i = 0; i < st->num_sib; i++)
		if (stays(st, st->sib[i].sw, lid, keep))
			return 1 + (int)i;
	return -1;
}

uint8_t oc_subtree_toward(const struct oc_subtree *st, uint32_t sw)
{
	uint32_t i;

	if (oc_subtree_has(st->t, sw, st->root_lid))
		return oc_lft_row(st->t, sw)[st->root_lid];
	for (i = 0; i < st->num_sib; i++)
		if (oc_subtree_has(st->t, sw, st->sib[i].lid))
			return oc_lft_row(st->t, sw)[st->sib[i].lid];
	return OC_NO_PATH;
}

static int is_sibling(const struct oc_subtree *st, uint32_t sw)
{
	uint32_t i;

	for (i = 0; i < st->num_sib; i++)
		if (st->sib[i].sw == sw)
			return 1;
	return 0;
}

/* Whether the missing pair (sw, lids[i]) is connected through the root. */
static int pair_connected(const struct oc_subtree *st, uint32_t sw, uint32_t i)
{
	if (oc_subtree_via(st, st->lids[i], NULL) < 0)
		return 0;
	return sw == st->root || is_sibling(st, sw) ||
	       oc_subtree_toward(st, sw) != OC_NO_PATH;
}

/* Whether the current root (and siblings, if any) connects every missing
 * pair; *needs_sib: some pair needs a sibling. */
static int root_serves(const struct oc_subtree *st, int *needs_sib)
{
	const struct oc_fabric *f = st->ft->f;
	uint32_t i, sw;
	int via;

	*needs_sib = 0;
	for (i = 0; i < st->num_lids; i++) {
		if (!st->lid_missing[i])
			continue;
		via = oc_subtree_via(st, st->lids[i], NULL);
		if (via < 0)
			return 0;
		*needs_sib |= via > 0;
	}
	for (sw = 0; sw < f->num_switches; sw++) {
		if (!st->switch_missing[sw] || sw == st->root ||
		    is_sibling(st, sw))
			continue;
		if (oc_subtree_has(st->t, sw, st->root_lid))
			continue;
		if (oc_subtree_toward(st, sw) == OC_NO_PATH)
			return 0;
		*needs_sib = 1;
	}
	return 1;
}

uint32_t oc_subtree_sm_leaf(const struct oc_ftree *ft, uint64_t port_guid)
{
	const struct oc_fabric *f = ft->f;
	unsigned port;
	uint32_t node, sw;

	if (!port_guid)
		return OC_NONE;
	node = oc_fabric_find_port_guid(f, port_guid, &port);
	if (node == OC_NONE)
		return OC_NONE;
	if (!oc_is_switch(f, node)) {
		node = oc_peer(f, node, port);
		if (node == OC_NONE || !oc_is_switch(f, node))
			return OC_NONE;
	}
	sw = f->nodes[node].sw_index;
	if (ft->sw[sw].role == OC_SW_VSWITCH)
		sw = ft->sw[sw].parent;
	if (sw == OC_NONE || ft->sw[sw].rank != ft->leaf_rank)
		return OC_NONE;
	return sw;
}

/* Whether the ancestors of leaf (the switches it reaches by up links
 * only) form a tree towards it: none has two down groups that lead to
 * ancestors.  Then a route that turns from down to up at an ancestor
 * can never come down to an ancestor again without revisiting a switch,
 * which is what keeps the turns of the subtree free of credit loops. */
static int tree_above(struct oc_subtree *st, uint32_t leaf)
{
	const struct oc_ftree *ft = st->ft;
	uint32_t head = 0, tail = 0, mark = ++st->mark, i, g;

	st->seen[leaf] = mark;
	st->queue[tail++] = leaf;
	while (head < tail) {
		const struct oc_ft_switch *s = &ft->sw[st->queue[head++]];

		for (i = 0; i < s->up_count; i++) {
			uint32_t up =
				oc_up_group(ft, st->queue[head - 1], i)->peer;

			if (st->seen[up] != mark) {
				st->seen[up] = mark;
				st->queue[tail++] = up;
			}
		}
	}
	for (head = 0; head < tail; head++) {
		uint32_t sw = st->queue[head], below = 0;

		for (g = 0; g < ft->sw[sw].down_count; g++)
			below += st->seen[oc_down_group(ft, sw, g)->peer] ==
				 mark;
		if (below > 1)
			return 0;
	}
	return 1;
}

/* Makes leaf the root under test. */
static int try_root(struct oc_subtree *st, uint32_t leaf)
{
	st->root = leaf;
	st->root_lid = oc_switch_lid(st->ft->f, st->ft->f->switches[leaf]);
	return list_siblings(st);
}

/* One round of the choice: what the leaf must be and do. */
struct round {
	int tree;     /* its ancestors form a tree towards it */
	int with_sib; /* it needs its siblings */
	int sm_ok;    /* it carries the SM's port */
};

/* The first leaf (GUID order) with a LID that serves in this round.
 * Returns 1 when found, 0 when not, -1 out of memory. */
static int find_root(struct oc_subtree *st, uint32_t sm_leaf,
		     const struct round *rd)
{
	const struct oc_ftree *ft = st->ft;
	uint32_t i;
	int needs_sib;

	for (i = 0; i < ft->num_leaves; i++) {
		uint32_t leaf = ft->leaves[i];

		if (!oc_switch_lid(ft->f, ft->f->switches[leaf]) ||
		    (leaf == sm_leaf) != rd->sm_ok ||
		    (rd->tree && !tree_above(st, leaf)))
			continue;
		if (try_root(st, leaf))
			return -1;
		if (root_serves(st, &needs_sib) && needs_sib == rd->with_sib) {
			st->uses_siblings = needs_sib;
			st->hosts_sm = rd->sm_ok;
			st->tree_above = rd->tree;
			return 1;
		}
	}
	return 0;
}

static const char *lid_name(const struct oc_fabric *f, uint16_t lid)
{
	return f->nodes[f->lid_owner[lid].node].name;
}

/* The leaf that serves best effort when none serves every pair (the
 * paper falls back to the first leaf, too): the first with a LID, one
 * whose ancestors form a tree and that does not carry the SM first. */
static uint32_t fallback_leaf(struct oc_subtree *st, uint32_t sm_leaf)
{
	const struct oc_ftree *ft = st->ft;
	uint32_t i, k;

	for (k = 0; k < 4; k++) {
		for (i = 0; i < ft->num_leaves; i++) {
			uint32_t leaf = ft->leaves[i];

			if (!oc_switch_lid(ft->f, ft->f->switches[leaf]) ||
			    (k < 2 && leaf == sm_leaf) ||
			    (!(k & 1) && !tree_above(st, leaf)))
				continue;
			st->tree_above = !(k & 1);
			return leaf;
		}
	}
	return OC_NONE;
}

/* When no leaf serves: the pairs the fallback leaf leaves unconnected,
 * counted and named in err; 1, or -1 (err says why) when no leaf has a
 * LID or out of memory. */
static int report_unconnected(struct oc_subtree *st, uint32_t sm_leaf,
			      struct oc_err *err)
{
	const struct oc_fabric *f = st->ft->f;
	char ex[EXAMPLES][160];
	uint64_t n = 0;
	uint32_t sw, i, leaf = fallback_leaf(st, sm_leaf);

	if (leaf == OC_NONE)
		return oc_err_set(err, "no leaf switch has a LID to "
				       "be the subtree root");
	if (try_root(st, leaf))
		return oc_err_set(err, "out of memory");
	for (sw = 0; sw < f->num_switches; sw++) {
		if (!st->switch_missing[sw])
			continue;
		for (i = 0; i < st->num_lids; i++) {
			if (oc_subtree_has(st->t, sw, st->lids[i]) ||
			    pair_connected(st, sw, i))
				continue;
			if (n < EXAMPLES)
				snprintf(ex[n], sizeof(ex[n]),
					 "\"%s\" -> \"%s\"",
					 f->nodes[f->switches[sw]].name,
					 lid_name(f, st->lids[i]));
			n++;
		}
	}
	st->hosts_sm = leaf == sm_leaf;
	oc_err_set(err,
		   "no leaf switch can be the subtree root "
		   "(none reaches every switch, even through a "
		   "sibling or the horizontal links between roots); "
		   "through the leaf \"%s\", %" PRIu64
		   " switch pairs stay unconnected, e.g. %s%s%s%s%s",
		   f->nodes[f->switches[leaf]].name, n, n > 0 ? ex[0] : "",
		   n > 1 ? ", " : "", n > 1 ? ex[1] : "", n > 2 ? ", " : "",
		   n > 2 ? ex[2] : "");
	return 1;
}

int oc_subtree_choose(const struct oc_ftree *ft, const struct oc_lfts *t,
		      uint64_t sm_port_guid, int partial, struct oc_subtree *st,
		      struct oc_err *err)
{
	return oc_subtree_choose_for(ft, t, NULL, 0, sm_port_guid, partial, st,
				     err);
}

int oc_subtree_choose_for(const struct oc_ftree *ft, const struct oc_lfts *t,
			  const uint16_t *lids, uint32_t num_lids,
			  uint64_t sm_port_guid, int partial,
			  struct oc_subtree *st, struct oc_err *err)
{
	uint32_t sm_leaf = oc_subtree_sm_leaf(ft, sm_port_guid), n;
	int round, found = 0;

	memset(st, 0, sizeof(*st));
	st->ft = ft;
	st->t = t;
	st->root = OC_NONE;
	n = ft->f->num_switches + 1;
	st->seen = calloc(n, sizeof(*st->seen));
	st->queue = malloc(sizeof(*st->queue) * n);
	if (!st->seen || !st->queue || find_missing(st, lids, num_lids))
		return oc_err_set(err, "out of memory");
	if (!st->missing_pairs)
		return 0;
	/* a tree above first; alone before with siblings; without the SM
	 * before with it */
	for (round = 0; round < 8 && !found; round++) {
		struct round rd = {!(round & 4), (round & 2) != 0, round & 1};

		found = find_root(st, sm_leaf, &rd);
	}
	if (found < 0)
		return oc_err_set(err, "out of memory");
	if (found)
		return 0;
	if (report_unconnected(st, sm_leaf, err) < 0)
		return -1;
	if (!partial)
		return 1;
	st->partial = 1;
	return 0;
}

void oc_subtree_free(struct oc_subtree *st)
{
	free(st->lids);
	free(st->lid_missing);
	free(st->switch_missing);
	free(st->sib);
	free(st->seen);
	free(st->queue);
	memset(st, 0, sizeof(*st));
}
