/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_in.c - reading sw->lft and the rising links (see lft_in.h).
 */
#include <stdlib.h>
#include <string.h>

#include "routing/lft_in.h"

/* The highest LID of sw's lft the switch forwards: its LinearFDBTop
 * within the table's size. */
static uint16_t installed_top(const osm_switch_t *sw)
{
	uint32_t top = cl_ntoh16(sw->switch_info.lin_top);

	return top < sw->lft_size ? top : sw->lft_size - 1u;
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
			  struct oc_osm_installed *in, struct oc_err *err)
{
	const struct oc_fabric *f = s->f;
	uint32_t i, n = f->num_switches ? f->num_switches : 1;

	memset(in, 0, sizeof(*in));
	in->rows = calloc(n, sizeof(*in->rows));
	in->tops = calloc(n, sizeof(*in->tops));
	in->rising = calloc(f->num_ports ? f->num_ports : 1, 1);
	if (!in->rows || !in->tops || !in->rising) {
		oc_osm_installed_free(in);
		return oc_err_set(err,
				  "out of memory for the installed tables of "
				  "%u switches",
				  f->num_switches);
	}
	for (i = 0; i < f->num_switches; i++) {
		const osm_switch_t *sw = s->sw[i];

		if (!sw || !sw->lft || !sw->lft_size)
			continue;
		in->rows[i] = sw->lft;
		in->tops[i] = installed_top(sw);
		in->num_known++;
		mark_rising(s, i, in);
	}
	in->view.rows = in->rows;
	in->view.tops = in->tops;
	in->view.rising = in->rising;
	return 0;
}

void oc_osm_installed_free(struct oc_osm_installed *in)
{
	free(in->rows);
	free(in->tops);
	free(in->rising);
	memset(in, 0, sizeof(*in));
}
