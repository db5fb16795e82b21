/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_grow.c - room for a LID above a switch's LinearFDBTop (see
 * lft_grow.h).
 */
#include <stdlib.h>
#include <string.h>

#include "vmops/lft_grow.h"

uint32_t oc_osm_lft_size_for(uint16_t lid)
{
	return ((uint32_t)lid / IB_SMP_DATA_SIZE + 1) * IB_SMP_DATA_SIZE;
}

/* *table grows from old to size bytes, the new ones OSM_NO_PATH. */
static int grow_bytes(uint8_t **table, uint32_t old, uint32_t size)
{
	uint8_t *grown = realloc(*table, size);

	if (!grown)
		return -1;
	memset(grown + old, OSM_NO_PATH, size - old);
	*table = grown;
	return 0;
}

static int grow_hops(osm_switch_t *sw, uint16_t lid)
{
	uint8_t **rows;

	if (sw->hops && lid < sw->num_hops)
		return 0;
	rows = realloc(sw->hops, ((size_t)lid + 1) * sizeof(*rows));
	if (!rows)
		return -1;
	memset(rows + (sw->hops ? sw->num_hops : 0), 0,
	       ((size_t)lid + 1 - (sw->hops ? sw->num_hops : 0)) *
		       sizeof(*rows));
	sw->hops = rows;
	sw->num_hops = lid + 1u;
	return 0;
}

int oc_osm_lft_grow(osm_switch_t *sw, uint16_t lid)
{
	uint32_t size = oc_osm_lft_size_for(lid);

	if (size > sw->lft_size) {
		/* new_lft first: lft_size describes both */
		if (grow_bytes(&sw->new_lft, sw->lft_size, size) ||
		    grow_bytes(&sw->lft, sw->lft_size, size))
			return -1;
		sw->lft_size = size;
	}
	return grow_hops(sw, lid);
}
