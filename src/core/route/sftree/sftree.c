/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sftree.c - the sftree engine: vswitch_ftree plus switch-to-switch
 * routing (sFtree paper, Algorithms 1 and 2).
 *
 * CA LIDs and the up/down paths between switches are routed exactly as
 * vswitch_ftree routes them (its code runs first).  Then every (physical
 * switch, switch LID) pair without an entry goes through the subtree root
 * R chosen by subtree_root.c (Algorithm 1).  Algorithm 2, per destination
 * switch LID d, for each switch s that lacks d:
 *   - s = R: the port to the first sibling that has d (multi-core trees;
 *     R itself has every d it can reach by up/down);
 *   - s a sibling of R: its horizontal port to R;
 *   - otherwise: s's port towards R (the paper's line 2: the entry of the
 *     root's LID), or, when s does not reach R (another core), towards
 *     the first sibling of R it reaches.
 * Entries that exist are kept, so a packet for d follows the route to R
 * until the first switch that has an up/down route to d; it turns there
 * (down to up) and follows that route.  The route to R is up/down, and a
 * switch it passes going up cannot have d (the router gives d to every
 * switch below a switch that has it), so the turn comes on the way down:
 * in the tree of down links converging to R, the paper's subtree.  All
 * down-to-up turns of the fabric lie in that tree, which is why no credit
 * loop can form (paper, Section 5); the verifier checks it in the tests.
 *
 * Cores joined at their roots (no leaf has a sibling there): when no leaf
 * can be R, cross_core.c first gives every switch that can reach a switch
 * LID up, across the horizontal links between roots, then down, such a
 * route, and R is chosen again.  Routes to R may then cross the roots'
 * links, and a switch passed going up may have d; the packet turns there
 * from up to up, across or down, which is harmless.  A turn from down to
 * up still happens only on the way down to R, in R's core, and routes
 * never turn from down to across (the links are between roots), so the
 * argument above holds (docs/design.md spells it out).
 *
 * The same fill then serves the entries of CA LIDs that vswitch_ftree
 * made as detours and only switch traffic takes (route_keep.h), so that
 * their turns, too, lie in the subtree; CA-sourced routes do not change.
 *
 * Decisions for d read only column d and the entries towards R and its
 * siblings, taken before any entry is added, so the order in which pairs
 * are filled does not matter.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/cross_core.h"
#include "route/engine.h"
#include "route/promise.h"
#include "route/sftree/dead_end.h"
#include "route/sftree/route_keep.h"
#include "route/subtree_fill.h"
#include "route/subtree_root.h"
#include "route/vswitch_ftree.h"

struct sftree_run {
	const struct oc_ftree *ft;
	struct oc_lfts *lfts;
	struct oc_route_stats *stats;
	struct oc_subtree st;
	struct oc_subtree_fill sf; /* Algorithm 2 */
	uint32_t *reach; /* [switch]: switches whose routes it carries */
};

/* Switch LIDs: the router's entries stay, the holes are filled where
 * the subtree reaches; the pairs it does not reach are counted. */
static void route_switch_pairs(struct sftree_run *run)
{
	uint32_t i;

	for (i = 0; i < run->st.num_lids; i++) {
		uint16_t lid = run->st.lids[i];

		if (!run->st.lid_missing[i])
			continue;
		oc_subtree_fill_keep_present(&run->sf, lid);
		run->stats->sw2sw +=
			oc_subtree_fill_lid(&run->sf, lid, run->reach,
					    &run->stats->sw_pairs_unserved);
	}
}

/* CA LIDs: detours that no CA traffic takes move into the subtree (a LID
 * the subtree cannot serve keeps vswitch_ftree's detours).  Once a LID
 * that enters the fabric at some switch shows no detour, the other LIDs
 * entering there are skipped: up/down routing serves them alike. */
static int route_switch_traffic_to_cas(struct sftree_run *run)
{
	const struct oc_fabric *f = run->ft->f;
	struct oc_route_keep *k;
	uint8_t *clean; /* [entry switch]: its LIDs have no detour */
	uint32_t lid, entry, detours;

	if (!run->stats->detours)
		return 0; /* up/down routing serves every CA LID */
	k = oc_route_keep_new(run->ft, run->lfts);
	clean = calloc(f->num_switches + 1, 1);
	if (!k || !clean) {
		oc_route_keep_free(k);
		free(clean);
		return -1;
	}
	for (lid = 1; lid <= f->max_lid && lid <= run->lfts->max_lid; lid++) {
		const struct oc_lid_owner *o = &f->lid_owner[lid];
		long n;

		entry = oc_route_keep_entry_switch(k, lid);
		if (entry == OC_NONE || clean[entry] ||
		    !oc_port(f, o->node, o->port)->active)
			continue;
		if (!oc_route_keep_ca(k, lid, run->sf.keep, &detours)) {
			clean[entry] = !detours;
			continue;
		}
		n = oc_subtree_fill_lid(&run->sf, lid, NULL, NULL);
		if (n > 0)
			run->stats->ca_via_root += n;
	}
	oc_route_keep_free(k);
	free(clean);
	return 0;
}

static void warn(const struct oc_engine_input *in, const char *msg)
{
	if (in->warn)
		in->warn(in->warn_ctx, msg);
}

/* Algorithm 1; when no leaf serves and the cores are joined at their
 * roots, once more after the routes across those links are added
 * (cross_core.h).  Fabrics a leaf serves without them stay as they are.
 * When still no leaf serves every pair, the best-effort root serves
 * what it can (the warning names the rest). */
static int choose_root(const struct oc_engine_input *in,
		       const struct oc_ftree *ft, struct oc_lfts *lfts,
		       const uint16_t *lids, uint32_t num_lids,
		       struct oc_subtree *st, struct oc_route_stats *stats,
		       struct oc_err *err)
{
	struct oc_err note;
	long n;
	int ret = oc_subtree_choose_for(ft, lfts, lids, num_lids,
					in->sm_port_guid, 0, st, err);

	if (ret <= 0) {
		if (ret < 0)
			oc_subtree_free(st);
		return ret;
	}
	oc_subtree_free(st);
	n = oc_cross_core_fill(ft, lfts);
	if (n < 0)
		return oc_err_set(err, "out of memory");
	stats->cross_core = (uint32_t)n;
	if (oc_subtree_choose_for(ft, lfts, lids, num_lids, in->sm_port_guid, 1,
				  st, &note)) {
		oc_subtree_free(st);
		return oc_err_set(err, "%s", note.msg);
	}
	if (st->partial)
		warn(in, note.msg);
	return 0;
}

static uint32_t *routes_carried(const struct oc_ftree *ft);

/* The switches whose up cables are all cut, after the subtree
 * (dead_end.h); the promise check then verifies the routes. */
static int route_dead_ends(const struct oc_ftree *ft, struct oc_lfts *lfts,
			   struct oc_route_stats *stats, struct oc_err *err)
{
	uint32_t *reach = routes_carried(ft);
	uint64_t filled;

	if (!reach)
		return oc_err_set(err, "out of memory");
	stats->sw_pairs_unserved +=
		oc_sftree_dead_ends(ft, lfts, reach, &filled);
	stats->sw2sw += (uint32_t)filled;
	if (filled)
		stats->sw_routes_checked = 1;
	free(reach);
	return 0;
}

/* [switch]: the switches whose routes pass it for a destination it
 * lacks: itself, and the vSwitches below it (they send everything up). */
static uint32_t *routes_carried(const struct oc_ftree *ft)
{
	uint32_t n = ft->f->num_switches, sw;
	uint32_t *reach = malloc(sizeof(*reach) * (n + 1));

	if (!reach)
		return NULL;
	for (sw = 0; sw < n; sw++)
		reach[sw] = ft->sw[sw].role == OC_SW_FABRIC;
	for (sw = 0; sw < n; sw++)
		if (ft->sw[sw].role == OC_SW_VSWITCH &&
		    ft->sw[sw].parent != OC_NONE)
			reach[ft->sw[sw].parent]++;
	return reach;
}

static int sftree_after(const struct oc_engine_input *in,
			const struct oc_ftree *ft, struct oc_lfts *lfts,
			struct oc_route_stats *stats, struct oc_err *err)
{
	struct sftree_run run = {.ft = ft, .lfts = lfts, .stats = stats};
	int ret;

	if (choose_root(in, ft, lfts, NULL, 0, &run.st, stats, err))
		return -1;
	if (run.st.root == OC_NONE) {
		oc_subtree_free(&run.st);
		/* up/down routing connects every pair but the dead ends' */
		return route_dead_ends(ft, lfts, stats, err);
	}
	run.reach = routes_carried(ft);
	if (!run.reach || oc_subtree_fill_init(&run.sf, &run.st, lfts)) {
		ret = oc_err_set(err, "out of memory");
	} else {
		route_switch_pairs(&run);
		ret = route_switch_traffic_to_cas(&run);
		if (ret)
			oc_err_set(err, "out of memory");
		stats->subtree_root_guid =
			ft->f->nodes[ft->f->switches[run.st.root]].guid;
		stats->sw_routes_checked = !run.st.tree_above ||
					   run.st.uses_siblings ||
					   stats->cross_core || stats->detours;
		if (!ret)
			ret = route_dead_ends(ft, lfts, stats, err);
	}
	oc_subtree_fill_free(&run.sf);
	free(run.reach);
	oc_subtree_free(&run.st);
	return ret;
}

/* Every LID of the fabric: switch LIDs and active CA ports' LIDs. */
static uint16_t *all_lids(const struct oc_fabric *f, uint32_t *num)
{
	uint16_t *lids = malloc(sizeof(*lids) * ((size_t)f->max_lid + 1));
	uint32_t lid;

	*num = 0;
	if (!lids)
		return NULL;
	for (lid = 1; lid <= f->max_lid; lid++) {
		const struct oc_lid_owner *o = &f->lid_owner[lid];

		if (o->node != OC_NONE &&
		    (oc_is_switch(f, o->node) ||
		     oc_port(f, o->node, o->port)->active))
			lids[(*num)++] = (uint16_t)lid;
	}
	return lids;
}

/* Fills every pair up/down routing left, CA LIDs too, through one
 * subtree root: the switch pairs it cannot connect are unserved, the CA
 * pairs holes (the promise check then fails). */
static void fill_all_pairs(struct sftree_run *run)
{
	const struct oc_fabric *f = run->ft->f;
	uint64_t ca_unserved = 0;
	uint32_t i;

	for (i = 0; i < run->st.num_lids; i++) {
		uint16_t lid = run->st.lids[i];
		int to_switch = oc_is_switch(f, f->lid_owner[lid].node);
		long n;

		if (!run->st.lid_missing[i])
			continue;
		oc_subtree_fill_keep_present(&run->sf, lid);
		n = oc_subtree_fill_lid(&run->sf, lid, run->reach,
					to_switch
						? &run->stats->sw_pairs_unserved
						: &ca_unserved);
		if (to_switch)
			run->stats->sw2sw += n;
		else
			run->stats->ca_via_root += n;
	}
}

/* After vswitch_ftree left the holes of CA LIDs empty: everything up/down
 * routing does not connect goes through one subtree root. */
static int sftree_after_all(const struct oc_engine_input *in,
			    const struct oc_ftree *ft, struct oc_lfts *lfts,
			    struct oc_route_stats *stats, struct oc_err *err)
{
	struct sftree_run run = {.ft = ft, .lfts = lfts, .stats = stats};
	uint32_t num;
	uint16_t *lids = all_lids(ft->f, &num);
	int ret = -1;

	if (!lids)
		return oc_err_set(err, "out of memory");
	if (choose_root(in, ft, lfts, lids, num, &run.st, stats, err))
		goto out;
	ret = 0;
	if (run.st.root == OC_NONE)
		goto out; /* up/down routing connects every pair */
	run.reach = routes_carried(ft);
	if (!run.reach || oc_subtree_fill_init(&run.sf, &run.st, lfts))
		ret = oc_err_set(err, "out of memory");
	else
		fill_all_pairs(&run);
	stats->subtree_root_guid =
		ft->f->nodes[ft->f->switches[run.st.root]].guid;
	stats->sw_routes_checked = 1;
	oc_subtree_fill_free(&run.sf);
	free(run.reach);
out:
	if (!ret)
		ret = route_dead_ends(ft, lfts, stats, err);
	oc_subtree_free(&run.st);
	free(lids);
	return ret;
}

static void clear_tables(struct oc_lfts *lfts)
{
	memset(lfts->ports, OC_NO_PATH,
	       (size_t)lfts->num_switches * lfts->stride);
}

/* After plain vswitch_ftree: every (switch, switch LID) pair without an
 * entry is unserved. */
static int count_unserved(const struct oc_engine_input *in,
			  const struct oc_ftree *ft, struct oc_lfts *lfts,
			  struct oc_route_stats *stats, struct oc_err *err)
{
	const struct oc_fabric *f = ft->f;
	uint32_t *reach = routes_carried(ft);
	uint32_t sw, d;

	if (!reach)
		return oc_err_set(err, "out of memory");
	for (sw = 0; sw < f->num_switches; sw++) {
		if (ft->sw[sw].role != OC_SW_FABRIC)
			continue;
		for (d = 0; d < f->num_switches; d++) {
			uint16_t lid = oc_switch_lid(f, f->switches[d]);

			if (lid && !oc_subtree_has(lfts, sw, lid))
				stats->sw_pairs_unserved += reach[sw];
		}
	}
	free(reach);
	return 0;
}

/* The subtree's routes broke the promise (warned with the violation):
 * vswitch_ftree's tables instead, the switch pairs it leaves counted. */
static int route_without_subtree(const struct oc_engine_input *in,
				 struct oc_lfts *lfts,
				 struct oc_route_stats *stats, char *violation,
				 struct oc_err *err)
{
	char msg[sizeof(err->msg)];

	snprintf(msg, sizeof(msg),
		 "the routes through the subtree break sftree's promise (%s); "
		 "switch pairs without an up/down route stay unrouted",
		 violation);
	free(violation);
	warn(in, msg);
	clear_tables(lfts);
	return oc_vswitch_ftree_route_then(in, lfts, stats, OC_HOLES_DETOUR,
					   count_unserved, err);
}

/* vswitch_ftree, then the subtree; where the subtree argument does not
 * cover every route, the result is checked, and vswitch_ftree's tables
 * stand if it breaks the promise. */
static int sftree_route(const struct oc_engine_input *in, struct oc_lfts *lfts,
			struct oc_route_stats *stats, struct oc_err *err)
{
	char *violation = NULL;
	int broken;

	if (oc_vswitch_ftree_route_then(in, lfts, stats, OC_HOLES_DETOUR,
					sftree_after, err))
		return -1;
	if (!stats->sw_routes_checked)
		return 0;
	broken = oc_promise_check(in->f, lfts, &oc_sftree_engine,
				  stats->sw_pairs_unserved, &violation, err);
	if (broken <= 0)
		return broken;
	free(violation);
	clear_tables(lfts);
	if (oc_vswitch_ftree_route_then(in, lfts, stats, OC_HOLES_LEAVE,
					sftree_after_all, err))
		return -1;
	broken = oc_promise_check(in->f, lfts, &oc_sftree_engine,
				  stats->sw_pairs_unserved, &violation, err);
	if (broken <= 0)
		return broken;
	return route_without_subtree(in, lfts, stats, violation, err);
}

const struct oc_engine oc_sftree_engine = {
	.name = "sftree",
	.summary = "vswitch_ftree plus deadlock-free switch-to-switch routing "
		   "through a subtree root",
	.flags = OC_ENGINE_SWITCH_PATHS | OC_ENGINE_SWITCH_CDG,
	.route = sftree_route,
};
