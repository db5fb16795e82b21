/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_grow.h - making room in a switch's tables for a LID above its
 * LinearFDBTop without a heavy sweep (a boot beyond the tables).
 *
 * OpenSM's own way, osm_switch_prepare_path_rebuild(), clears new_lft and
 * the hop matrix: it is meant for a full routing run, and new_lft is the
 * executor's record of what the switch holds.  This grows the three
 * arrays in place instead: lft and new_lft to the 64-LID block holding
 * the LID (new entries OSM_NO_PATH), the hop matrix's row pointers to the
 * LID (new rows NULL, which osm_switch_get_hop_count() reads as no
 * path).  Entries and rows already there are kept; max_lid_ho is not
 * changed (the caller raises it when it sends the SwitchInfo Set).
 * Call with osm->lock held exclusively.
 */
#ifndef OC_OSM_LFT_GROW_H
#define OC_OSM_LFT_GROW_H

#include <stdint.h>

#include <opensm/osm_switch.h>

/* Bytes of lft/new_lft that hold LIDs up to lid (whole 64-LID blocks). */
uint32_t oc_osm_lft_size_for(uint16_t lid);

/* Grows sw's lft, new_lft and hop rows to hold lid; 0, or -1 when out of
 * memory (what was grown stays, harmlessly: larger arrays, same
 * content). */
int oc_osm_lft_grow(osm_switch_t *sw, uint16_t lid);

#endif
