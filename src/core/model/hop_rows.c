/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * hop_rows.c - the stub switches, whose hop matrices need only a few rows
 * (hop_rows.h).
 */
#include "model/hop_rows.h"

int oc_switch_is_stub(const struct oc_fabric *f, uint32_t i)
{
	uint32_t node = f->switches[i], neighbour = OC_NONE;
	unsigned p;

	for (p = 1; p <= f->nodes[node].num_ports; p++) {
		uint32_t peer = oc_peer(f, node, p);

		if (peer == OC_NONE || peer == node || !oc_is_switch(f, peer))
			continue;
		if (neighbour != OC_NONE && peer != neighbour)
			return 0;
		neighbour = peer;
	}
	return neighbour != OC_NONE;
}
