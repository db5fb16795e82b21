/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_out.c - writing new_lft and LinearFDBTop.
 *
 * OpenSM has already sized and cleared every switch's new_lft for the
 * highest LID of its port_lid_tbl (ucast_mgr_setup_all_switches); the
 * snapshot's LIDs normally fit, so growing is the exception.
 */
#include <inttypes.h>
#include <string.h>

#include "routing/lft_out.h"
#include "osm_internals.h"

int oc_osm_lft_reserve(const struct oc_osm_snapshot *s, uint16_t max_lid,
		       struct oc_err *err)
{
	uint32_t i;

	for (i = 0; i < s->f->num_switches; i++) {
		osm_switch_t *sw = s->sw[i];

		if (!sw || (sw->max_lid_ho >= max_lid && sw->new_lft))
			continue;
		if (osm_switch_prepare_path_rebuild(sw, max_lid))
			return oc_err_set(err,
					  "switch 0x%016" PRIx64 ": cannot "
					  "grow its tables to LID %u",
					  s->f->nodes[s->f->switches[i]].guid,
					  max_lid);
	}
	return 0;
}

void oc_osm_lft_write(const struct oc_osm_snapshot *s,
		      const struct oc_lfts *lfts)
{
	uint32_t i;

	for (i = 0; i < s->f->num_switches; i++) {
		osm_switch_t *sw = s->sw[i];

		if (!sw)
			continue;
		oc_osmi_new_lft_set(sw, oc_lft_row(lfts, i), lfts->max_lid);
	}
}
