/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_out.h - the core's LFTs into OpenSM's switches (sw->new_lft).
 */
#ifndef OC_OSM_LFT_OUT_H
#define OC_OSM_LFT_OUT_H

#include "model/lft.h"
#include "routing/snapshot.h"

/* Makes every switch's tables hold LIDs up to max_lid, growing them with
 * osm_switch_prepare_path_rebuild() where needed (that clears new_lft and
 * the hop matrix, so call it before filling either). */
int oc_osm_lft_reserve(const struct oc_osm_snapshot *s, uint16_t max_lid,
		       struct oc_err *err);

/* Copies each switch's row into new_lft and sets LinearFDBTop (max_lid_ho)
 * to the highest routed LID.  Needs oc_osm_lft_reserve(lfts->max_lid). */
void oc_osm_lft_write(const struct oc_osm_snapshot *s,
		      const struct oc_lfts *lfts);

#endif
