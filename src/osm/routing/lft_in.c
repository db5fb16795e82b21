/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_in.c - reading sw->lft (see lft_in.h).
 */
#include <stdlib.h>
#include <string.h>

#include "routing/lft_in.h"

/* The highest LID of sw's lft the switch forwards: its LinearFDBTop and
 * the table's size, within max_lid. */
static uint16_t installed_top(const osm_switch_t *sw, uint16_t max_lid)
{
	uint32_t top = cl_ntoh16(sw->switch_info.lin_top);

	if (!sw->lft || !sw->lft_size)
		return 0;
	if (top > sw->lft_size - 1u)
		top = sw->lft_size - 1u;
	return top < max_lid ? top : max_lid;
}

static int trusted_switch(const osm_switch_t *sw)
{
	return sw && sw->lft && !sw->need_update;
}

struct oc_lfts *oc_osm_lft_installed(const struct oc_osm_snapshot *s,
				     const struct oc_lfts *shape,
				     uint8_t **trusted, uint32_t *num_trusted,
				     struct oc_err *err)
{
	struct oc_lfts *t = oc_lfts_new(shape->num_switches, shape->max_lid);
	uint32_t i;

	*num_trusted = 0;
	*trusted = calloc(shape->num_switches ? shape->num_switches : 1, 1);
	if (!t || !*trusted) {
		oc_lfts_free(t);
		free(*trusted);
		*trusted = NULL;
		oc_err_set(err,
			   "out of memory for the installed tables of %u "
			   "switches",
			   shape->num_switches);
		return NULL;
	}
	for (i = 0; i < shape->num_switches; i++) {
		const osm_switch_t *sw = s->sw[i];

		if (!trusted_switch(sw))
			continue;
		(*trusted)[i] = 1;
		(*num_trusted)++;
		memcpy(oc_lft_row(t, i), sw->lft,
		       installed_top(sw, shape->max_lid) + 1u);
	}
	return t;
}
