/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sweeps.c - the heavy sweep events (see sweeps.h).
 */
#include "vmops/sweeps.h"

void oc_osm_sweeps_event(struct oc_osm_sweeps *s, osm_epi_event_id_t id)
{
	switch (id) {
	case OSM_EVENT_ID_HEAVY_SWEEP_START:
		__atomic_store_n(&s->running, 1, __ATOMIC_SEQ_CST);
		__atomic_add_fetch(&s->started, 1, __ATOMIC_SEQ_CST);
		break;
	case OSM_EVENT_ID_UCAST_ROUTING_DONE:
		__atomic_add_fetch(&s->routed, 1, __ATOMIC_SEQ_CST);
		break;
	case OSM_EVENT_ID_SUBNET_UP:
		__atomic_store_n(&s->running, 0, __ATOMIC_SEQ_CST);
		break;
	default:
		break;
	}
}

unsigned oc_osm_sweeps_started(const struct oc_osm_sweeps *s)
{
	return __atomic_load_n(&s->started, __ATOMIC_SEQ_CST);
}

int oc_osm_sweeps_running(const struct oc_osm_sweeps *s)
{
	return __atomic_load_n(&s->running, __ATOMIC_SEQ_CST);
}

unsigned oc_osm_sweeps_generation(const struct oc_osm_sweeps *s)
{
	return __atomic_load_n(&s->started, __ATOMIC_SEQ_CST) +
	       __atomic_load_n(&s->routed, __ATOMIC_SEQ_CST);
}
