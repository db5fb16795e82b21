/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * subtree_fill.c - entries through the subtree root (see subtree_fill.h).
 *
 * Decisions for a LID read only its column and the entries towards R and
 * its siblings, taken before any entry is added, so the order in which
 * LIDs are filled does not matter.
 */
#include <stdlib.h>

#include "route/subtree_fill.h"

int oc_subtree_fill_init(struct oc_subtree_fill *sf,
			 const struct oc_subtree *st, struct oc_lfts *lfts)
{
	size_t n = st->ft->f->num_switches + 1;
	uint32_t sw;

	sf->st = st;
	sf->lfts = lfts;
	sf->toward = malloc(n);
	sf->keep = malloc(n);
	sf->fill = malloc(n);
	if (!sf->toward || !sf->keep || !sf->fill) {
		oc_subtree_fill_free(sf);
		return -1;
	}
	for (sw = 0; sw < st->ft->f->num_switches; sw++)
		sf->toward[sw] = oc_subtree_toward(st, sw);
	return 0;
}

void oc_subtree_fill_free(struct oc_subtree_fill *sf)
{
	free(sf->toward);
	free(sf->keep);
	free(sf->fill);
	sf->toward = sf->keep = sf->fill = NULL;
}

void oc_subtree_fill_keep_present(struct oc_subtree_fill *sf, uint16_t lid)
{
	const struct oc_ftree *ft = sf->st->ft;
	uint32_t sw;

	for (sw = 0; sw < ft->f->num_switches; sw++)
		sf->keep[sw] = ft->sw[sw].role == OC_SW_VSWITCH ||
			       oc_ftree_is_dead_end(ft, sw) ||
			       oc_subtree_has(sf->lfts, sw, lid);
}

/* The sibling index of switch sw, or -1. */
static int sibling_index(const struct oc_subtree *st, uint32_t sw)
{
	uint32_t i;

	for (i = 0; i < st->num_sib; i++)
		if (st->sib[i].sw == sw)
			return (int)i;
	return -1;
}

/* Algorithm 2 for one (switch, LID) pair; via as oc_subtree_via(). */
static uint8_t pair_port(const struct oc_subtree_fill *sf, uint32_t sw, int via)
{
	const struct oc_subtree *st = sf->st;
	int sib;

	if (via < 0)
		return OC_NO_PATH;
	if (sw == st->root)
		return via ? st->sib[via - 1].root_port : OC_NO_PATH;
	sib = sibling_index(st, sw);
	if (sib >= 0)
		return st->sib[sib].toward_root;
	return sf->toward[sw];
}

long oc_subtree_fill_lid(struct oc_subtree_fill *sf, uint16_t lid,
			 const uint32_t *reach, uint64_t *unserved)
{
	const struct oc_fabric *f = sf->st->ft->f;
	int via = oc_subtree_via(sf->st, lid, sf->keep);
	uint32_t sw;
	long n = 0;

	for (sw = 0; sw < f->num_switches; sw++) {
		sf->fill[sw] = OC_NO_PATH;
		if (sf->keep[sw])
			continue;
		sf->fill[sw] = pair_port(sf, sw, via);
		if (sf->fill[sw] != OC_NO_PATH)
			continue;
		if (!unserved)
			return -1;
		*unserved += reach ? reach[sw] : 1;
	}
	for (sw = 0; sw < f->num_switches; sw++) {
		if (sf->fill[sw] == OC_NO_PATH)
			continue;
		oc_lft_row(sf->lfts, sw)[lid] = sf->fill[sw];
		n++;
	}
	return n;
}
