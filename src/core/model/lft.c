/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft.c - the forwarding-table container.
 */
#include <stdlib.h>
#include <string.h>

#include "model/lft.h"

struct oc_lfts *oc_lfts_new(uint32_t num_switches, unsigned max_lid)
{
	struct oc_lfts *t = calloc(1, sizeof(*t));
	size_t bytes;

	if (!t)
		return NULL;
	t->num_switches = num_switches;
	t->max_lid = max_lid;
	t->stride = (max_lid / OC_LFT_BLOCK + 1) * OC_LFT_BLOCK;
	bytes = (size_t)t->stride * (num_switches ? num_switches : 1);
	t->ports = malloc(bytes);
	if (!t->ports) {
		free(t);
		return NULL;
	}
	memset(t->ports, OC_NO_PATH, bytes);
	return t;
}

void oc_lfts_free(struct oc_lfts *t)
{
	if (!t)
		return;
	free(t->ports);
	free(t);
}

uint64_t oc_lfts_diff_blocks(const struct oc_lfts *a, const struct oc_lfts *b)
{
	uint64_t diff = 0;
	uint32_t sw, blk;

	if (a->num_switches != b->num_switches || a->stride != b->stride)
		return UINT64_MAX;
	for (sw = 0; sw < a->num_switches; sw++)
		for (blk = 0; blk < a->stride / OC_LFT_BLOCK; blk++)
			diff += memcmp(oc_lft_row(a, sw) + blk * OC_LFT_BLOCK,
				       oc_lft_row(b, sw) + blk * OC_LFT_BLOCK,
				       OC_LFT_BLOCK) != 0;
	return diff;
}
