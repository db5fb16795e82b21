/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * hop_rows.h - which rows of OpenSM's switch hop matrices a switch needs.
 *
 * Outside the routing engines, OpenSM 3.3.23 reads sw->hops only in its
 * multicast manager (choosing a group's root switch, building its spanning
 * tree) and in the opensm-lid-matrix.dump it writes with the ROUTING log
 * flag; the SA walks the LFTs (docs/hop-tables.md has the study).  The
 * multicast manager reads, in every switch, the rows of the switches the
 * group's ports hang off, and in a stub switch (a vSwitch: all its links
 * to other switches lead to one neighbour switch) it can only use the rows
 * of switches at most OC_HOP_ROWS_STUB_RADIUS hops away: a stub with a
 * group member further away is never the best root (its neighbour is
 * better), and no shortest path between two other switches crosses it.
 * So a stub keeps the rows of the switches within that radius, every
 * other switch the rows of all switches, and multicast is unchanged.
 */
#ifndef OC_HOP_ROWS_H
#define OC_HOP_ROWS_H

#include <stdint.h>

#include "model/fabric.h"

#define OC_HOP_ROWS_STUB_RADIUS 2

/* 1 if switch index i has a link to another switch and all such links
 * lead to the same neighbour switch (a vSwitch below its leaf). */
int oc_switch_is_stub(const struct oc_fabric *f, uint32_t i);

/* 1 if a switch needs its hop row of a switch 'dist' hops away (its own
 * LID: dist 0); stub from oc_switch_is_stub(). */
static inline int oc_hop_row_needed(int stub, uint8_t dist)
{
	return !stub || dist <= OC_HOP_ROWS_STUB_RADIUS;
}

#endif
