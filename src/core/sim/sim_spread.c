/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sim_spread.c - how far the routes to the VMs of one hypervisor are
 * spread over the up-links of the other leaves (sim_int.h).
 *
 * FTreeMinRC gives a migrated VM the route of its destination's PF, so
 * the VMs that arrive on one hypervisor share one path down from the
 * roots, where vswitch_ftree gives each VM a path of its own.  For every
 * hypervisor with k >= 2 VMs and every leaf L but its own: the distinct
 * ports L sends those VMs' LIDs to, over the most it could use, min(k,
 * L's up-links).  The spread is the mean over these pairs: 1 when every
 * hypervisor's VMs come down as many ways as they can, less when they
 * share.
 */
#include <stdlib.h>

#include "sim/sim_int.h"

#define SPREAD_MAX_VMS 256 /* VMs of one hypervisor looked at */

static unsigned up_links(const struct oc_ftree *ft, uint32_t sw)
{
	const struct oc_ft_switch *x = &ft->sw[sw];
	unsigned n = 0;
	uint32_t g;

	for (g = x->up_first; g < x->up_first + x->up_count; g++)
		n += ft->groups[g].count;
	return n;
}

static unsigned distinct(const uint8_t *row, const uint16_t *lids, unsigned k)
{
	unsigned i, j, n = 0;

	for (i = 0; i < k; i++) {
		for (j = 0; j < i && row[lids[j]] != row[lids[i]]; j++)
			;
		n += j == i;
	}
	return n;
}

/* The VM LIDs on position p, at most SPREAD_MAX_VMS. */
static unsigned vms_on(const struct oc_sim *s, uint32_t p, uint16_t *lids)
{
	uint32_t v;
	unsigned k = 0;

	for (v = 0; v < s->num_vms && k < SPREAD_MAX_VMS; v++)
		if (s->vm_pos[v] == p)
			lids[k++] = s->vm_lids[v];
	return k;
}

double oc_sim_spread(const struct oc_sim *s, const struct oc_lfts *t)
{
	uint16_t lids[SPREAD_MAX_VMS];
	double sum = 0;
	uint64_t pairs = 0;
	uint32_t p, l;
	unsigned k, most, up;

	for (p = 0; p < s->num_hvs; p++) {
		uint32_t own = s->ft->sw[s->hvs[p]].parent;

		k = s->load[p] >= 2 ? vms_on(s, p, lids) : 0;
		for (l = 0; k >= 2 && l < s->ft->num_leaves; l++) {
			uint32_t leaf = s->ft->leaves[l];

			up = up_links(s->ft, leaf);
			if (leaf == own || !up)
				continue;
			most = k < up ? k : up;
			sum += (double)distinct(t->ports + (size_t)leaf *
								   t->stride,
						lids, k) /
			       most;
			pairs++;
		}
	}
	return pairs ? sum / pairs : 1.0;
}
