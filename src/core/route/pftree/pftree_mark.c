/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pftree_mark.c - the port choice of the pftree engines and the switch
 * marks it reads (pFTree paper, Algorithms 3 and 4).
 *
 * The router offers, for the switch being climbed, the least loaded link
 * to each parent switch; pft_choose_up() takes, among the least loaded
 * ones, the parent with the most nodes of the node's partition already
 * routed down through it, else the least loaded allowed one, ties to the
 * highest GUID, and marks the parent.  pftree_ext never takes a parent
 * marked by a stricter partition, nor for a phy-isolation partition one
 * marked by any other partition, unless nothing else is left (the policy
 * check then reports it).  pft_mark_up_paths() adds the UP marks: the
 * switches a partition's flows climb through towards a new node.
 */
#include "model/lft_hop.h"
#include "model/tolerance.h"
#include "route/pftree/pftree_int.h"

static uint64_t sw_guid(const struct pft_run *run, uint32_t sw)
{
	return run->f->nodes[run->f->switches[sw]].guid;
}

/* Partition-blind switches (pftree_ext) the node's partition must avoid. */
static int forbidden(const struct pft_run *run, uint32_t parent)
{
	uint8_t iso;

	if (run->kind != PFT_EXT || run->cur == OC_PART_NONE)
		return 0;
	iso = run->iso[run->cur];
	if (run->mark_iso[parent] > iso)
		return 1;
	return iso == OC_ISO_PHY && run->mark_first[parent] != OC_PART_NONE &&
	       (run->mark_first[parent] != run->cur || run->mark_multi[parent]);
}

static void mark(struct pft_run *run, uint32_t sw, uint32_t part)
{
	if (run->mark_first[sw] == OC_PART_NONE)
		run->mark_first[sw] = part;
	else if (run->mark_first[sw] != part)
		run->mark_multi[sw] = 1;
	if (run->iso[part] > run->mark_iso[sw])
		run->mark_iso[sw] = run->iso[part];
}

/* Is candidate a better than b: lower load, then higher GUID. */
static int lighter(const struct pft_run *run, const struct oc_up_choice *a,
		   const struct oc_up_choice *b)
{
	if (a->load < b->load - OC_LOAD_EPSILON)
		return 1;
	if (a->load > b->load + OC_LOAD_EPSILON)
		return 0;
	return sw_guid(run, a->parent) > sw_guid(run, b->parent);
}

/* The least loaded allowed candidate (all when allowed_only is 0). */
static uint32_t lightest(const struct pft_run *run,
			 const struct oc_up_choice *c, uint32_t n,
			 int allowed_only)
{
	uint32_t i, best = OC_NONE;

	for (i = 0; i < n; i++) {
		if (allowed_only && forbidden(run, c[i].parent))
			continue;
		if (best == OC_NONE || lighter(run, &c[i], &c[best]))
			best = i;
	}
	return best;
}

/* Among the least loaded allowed candidates, the switch with the most
 * nodes of the current partition; OC_NONE when none is marked with it. */
static uint32_t marked_choice(const struct pft_run *run,
			      const struct oc_up_choice *c, uint32_t n,
			      double min_load)
{
	uint32_t i, best = OC_NONE, best_marks = 0;

	for (i = 0; i < n; i++) {
		uint32_t m;

		if (c[i].load > min_load + OC_LOAD_EPSILON ||
		    forbidden(run, c[i].parent))
			continue;
		m = run->marks[(size_t)c[i].parent * run->nparts + run->cur];
		if (m > best_marks || (m && m == best_marks &&
				       sw_guid(run, c[i].parent) >
					       sw_guid(run, c[best].parent))) {
			best = i;
			best_marks = m;
		}
	}
	return best;
}

/* The router's chooser: Algorithm 3's port choice, and the marking. */
uint32_t pft_choose_up(void *ctx, uint32_t sw, const struct oc_up_choice *c,
		       uint32_t n)
{
	struct pft_run *run = ctx;
	uint32_t pick, all = lightest(run, c, n, 0);

	(void)sw;
	if (run->cur == OC_PART_NONE)
		return all;
	pick = marked_choice(run, c, n, c[all].load);
	if (pick == OC_NONE)
		pick = lightest(run, c, n, 1);
	if (pick == OC_NONE)
		pick = all; /* nothing allowed: validation reports it */
	run->marks[(size_t)c[pick].parent * run->nparts + run->cur]++;
	mark(run, c[pick].parent, run->cur);
	return pick;
}

/* Marks the switches from sw towards lid (each hop's far end), up to a
 * switch already walked for lid: run->scratch[sw] == lid (its way on is
 * marked already; a LID is routed once, so the stamps never clash). */
static void mark_walk(struct pft_run *run, uint32_t sw, uint16_t lid,
		      uint32_t part)
{
	struct oc_lft_hop h;
	unsigned hops;

	for (hops = 0; hops <= 64 && run->scratch[sw] != lid; hops++) {
		run->scratch[sw] = lid;
		if (oc_lft_hop(run->f, run->lfts, sw, lid, &h) != OC_HOP_SWITCH)
			return;
		sw = h.next_sw;
		mark(run, sw, part);
	}
}

/* pftree_ext: marks the switches that carry the partition's flows up
 * towards lid (Algorithm 4's UP marks), from every leaf with a member. */
void pft_mark_up_paths(struct pft_run *run, uint16_t lid, uint32_t part,
		       uint32_t attach_sw)
{
	uint32_t i;

	run->scratch[attach_sw] = lid;
	for (i = run->leaf_first[part]; i < run->leaf_first[part + 1]; i++)
		mark_walk(run, run->leaf_list[i], lid, part);
}
