/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_in.c - reading sw->lft and the rising links (see lft_in.h).
 */
#include <stdlib.h>
#include <string.h>

#include "routing/lft_in.h"

/* The highest LID of sw's lft the switch forwards: its LinearFDBTop and
 * the table's size, within max_lid. */
static uint16_t installed_top(const osm_switch_t *sw, uint16_t max_lid)
{
	uint32_t top = cl_ntoh16(sw->switch_info.lin_top);

	if (top > sw->lft_size - 1u)
		top = sw->lft_size - 1u;
	return top < max_lid ? top : max_lid;
}

/* Marks the switch ports of switch i whose link to a switch is in INIT. */
static void mark_rising(const struct oc_osm_snapshot *s, uint32_t i,
			struct oc_osm_installed *in)
{
	const struct oc_fabric *f = s->f;
	uint32_t node = f->switches[i];
	unsigned p;

	for (p = 1; p <= f->nodes[node].num_ports; p++) {
		const struct oc_port *port = oc_port(f, node, p);
		osm_physp_t *ph;

		if (port->peer_node == OC_NONE ||
		    !oc_is_switch(f, port->peer_node))
			continue;
		ph = osm_node_get_physp_ptr(s->sw[i]->p_node, p);
		if (!ph || osm_physp_get_port_state(ph) != IB_LINK_INIT)
			continue;
		in->rising[oc_port_slot(f, node, p)] = 1;
		in->num_rising++;
	}
}

int oc_osm_installed_read(const struct oc_osm_snapshot *s,
			  const struct oc_lfts *shape,
			  struct oc_osm_installed *in, struct oc_err *err)
{
	const struct oc_fabric *f = s->f;
	uint32_t i;

	memset(in, 0, sizeof(*in));
	in->lfts = oc_lfts_new(shape->num_switches, shape->max_lid);
	in->trusted = calloc(shape->num_switches ? shape->num_switches : 1, 1);
	in->rising = calloc(f->num_ports ? f->num_ports : 1, 1);
	if (!in->lfts || !in->trusted || !in->rising) {
		oc_osm_installed_free(in, 0);
		return oc_err_set(err,
				  "out of memory for the installed tables of "
				  "%u switches",
				  shape->num_switches);
	}
	for (i = 0; i < shape->num_switches; i++) {
		const osm_switch_t *sw = s->sw[i];

		if (!sw || !sw->lft || !sw->lft_size)
			continue;
		in->trusted[i] = 1;
		in->num_trusted++;
		memcpy(oc_lft_row(in->lfts, i), sw->lft,
		       installed_top(sw, shape->max_lid) + 1u);
		mark_rising(s, i, in);
	}
	return 0;
}

void oc_osm_installed_free(struct oc_osm_installed *in, int keep_lfts)
{
	if (!keep_lfts)
		oc_lfts_free(in->lfts);
	in->lfts = NULL;
	free(in->trusted);
	in->trusted = NULL;
	free(in->rising);
	in->rising = NULL;
}
