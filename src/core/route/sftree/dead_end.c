/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * dead_end.c - sftree: the switches whose up cables are all cut (see
 * dead_end.h).
 */
#include "route/sftree/dead_end.h"
#include "route/subtree_root.h"

static uint16_t sw_lid(const struct oc_ftree *ft, uint32_t sw)
{
	return oc_switch_lid(ft->f, ft->f->switches[sw]);
}

/* The port of down group g of d, at d's end. */
static uint8_t down_port(const struct oc_ftree *ft, const struct oc_group *g)
{
	return ft->group_ports[g->first];
}

/* Switch LID ld of dead end d: each child's port up to it, then every
 * other physical switch's route to the first child with a LID. */
static void fill_to(const struct oc_ftree *ft, struct oc_lfts *t, uint32_t d,
		    uint64_t *filled)
{
	const struct oc_fabric *f = ft->f;
	uint32_t node = f->switches[d], i, sw, first = OC_NONE;
	uint16_t ld = sw_lid(ft, d), lc = 0;

	for (i = 0; ld && i < ft->sw[d].down_count; i++) {
		const struct oc_group *g = oc_down_group(ft, d, i);

		if (first == OC_NONE && sw_lid(ft, g->peer)) {
			first = g->peer;
			lc = sw_lid(ft, g->peer);
		}
		if (oc_subtree_has(t, g->peer, ld))
			continue;
		oc_lft_row(t, g->peer)[ld] =
			oc_port(f, node, down_port(ft, g))->peer_port;
		(*filled)++;
	}
	for (sw = 0; lc && sw < f->num_switches; sw++) {
		if (ft->sw[sw].role != OC_SW_FABRIC || sw == d ||
		    oc_subtree_has(t, sw, ld) || !oc_subtree_has(t, sw, lc))
			continue;
		oc_lft_row(t, sw)[ld] = oc_lft_row(t, sw)[lc];
		(*filled)++;
	}
}

/* Whether child c's entry for lid leads somewhere else than up to d. */
static int leads_away(const struct oc_ftree *ft, const struct oc_lfts *t,
		      uint32_t c, uint32_t d, uint16_t lid)
{
	const struct oc_fabric *f = ft->f;
	uint8_t port = oc_lft_row(t, c)[lid];

	return port == 0 ||
	       oc_port(f, f->switches[c], port)->peer_node != f->switches[d];
}

/* Dead end d's LIDs it lacks: down to the first child that has one. */
static void fill_from(const struct oc_ftree *ft, struct oc_lfts *t, uint32_t d,
		      uint64_t *filled)
{
	uint32_t lid, i;

	for (lid = 1; lid <= t->max_lid && lid <= ft->f->max_lid; lid++) {
		if (ft->f->lid_owner[lid].node == OC_NONE ||
		    oc_subtree_has(t, d, (uint16_t)lid))
			continue;
		for (i = 0; i < ft->sw[d].down_count; i++) {
			const struct oc_group *g = oc_down_group(ft, d, i);

			if (!oc_subtree_has(t, g->peer, (uint16_t)lid) ||
			    !leads_away(ft, t, g->peer, d, (uint16_t)lid))
				continue;
			oc_lft_row(t, d)[lid] = down_port(ft, g);
			(*filled)++;
			break;
		}
	}
}

/* The pairs of dead end d still without a route: its row for every
 * switch LID, and every other switch's entry for its LID (a dead end's
 * row counted in its own pass only). */
static uint64_t unserved(const struct oc_ftree *ft, const struct oc_lfts *t,
			 uint32_t d, const uint32_t *reach)
{
	const struct oc_fabric *f = ft->f;
	uint16_t ld = sw_lid(ft, d), lid;
	uint64_t n = 0;
	uint32_t sw;

	for (sw = 0; sw < f->num_switches; sw++) {
		lid = sw_lid(ft, sw);
		if (lid && !oc_subtree_has(t, d, lid))
			n += reach[d];
		if (ld && ft->sw[sw].role == OC_SW_FABRIC &&
		    !oc_ftree_is_dead_end(ft, sw) && !oc_subtree_has(t, sw, ld))
			n += reach[sw];
	}
	return n;
}

uint64_t oc_sftree_dead_ends(const struct oc_ftree *ft, struct oc_lfts *t,
			     const uint32_t *reach, uint64_t *filled)
{
	uint32_t sw, n = ft->f->num_switches;
	uint64_t left = 0;

	*filled = 0;
	for (sw = 0; sw < n; sw++)
		if (oc_ftree_is_dead_end(ft, sw))
			fill_to(ft, t, sw, filled);
	for (sw = 0; sw < n; sw++)
		if (oc_ftree_is_dead_end(ft, sw))
			fill_from(ft, t, sw, filled);
	for (sw = 0; sw < n; sw++)
		if (oc_ftree_is_dead_end(ft, sw))
			left += unserved(ft, t, sw, reach);
	return left;
}
