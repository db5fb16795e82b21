/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft.h - linear forwarding tables of every switch of a fabric.
 *
 * One byte per (switch, LID): the egress port, 0 for the switch's own LID,
 * OC_NO_PATH for "drop".  Rows are padded to whole 64-LID blocks, the unit
 * in which switches are programmed.
 */
#ifndef OC_LFT_H
#define OC_LFT_H

#include <stdint.h>
#include <stdio.h>

#include "model/fabric.h"

#define OC_LFT_BLOCK 64

struct oc_lfts {
	uint32_t num_switches;
	uint16_t max_lid; /* highest LID with entries */
	uint32_t stride;  /* bytes per switch row (multiple of 64) */
	uint8_t *ports;	  /* [sw_index * stride + lid] */
};

/* All entries OC_NO_PATH; NULL when out of memory. */
struct oc_lfts *oc_lfts_new(uint32_t num_switches, unsigned max_lid);
void oc_lfts_free(struct oc_lfts *t);

static inline uint8_t *oc_lft_row(const struct oc_lfts *t, uint32_t sw_index)
{
	return t->ports + (size_t)sw_index * t->stride;
}

/* Number of 64-LID blocks that differ between two tables of equal shape,
 * summed over all switches. */
uint64_t oc_lfts_diff_blocks(const struct oc_lfts *a, const struct oc_lfts *b);

#endif
