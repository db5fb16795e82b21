/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * phases.c - the lap timer of a routing run (phases.h).
 */
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "log.h"
#include "routing/phases.h"

void oc_osm_phases_start(struct oc_osm_phases *ph)
{
	memset(ph, 0, sizeof(*ph));
	ph->start_ms = oc_now_ms();
	ph->last_ms = ph->start_ms;
}

double oc_osm_phases_lap(struct oc_osm_phases *ph, enum oc_osm_phase p)
{
	double now = oc_now_ms(), lap = now - ph->last_ms;

	ph->ms[p] += lap;
	ph->last_ms = now;
	return lap;
}

double oc_osm_phases_total(const struct oc_osm_phases *ph)
{
	return ph->last_ms - ph->start_ms;
}

void oc_osm_phases_format(const struct oc_osm_phases *ph, double analyse_ms,
			  double route_ms, char *buf, size_t size)
{
	const double *ms = ph->ms;
	double engine_rest = ms[OC_PH_ENGINE] - analyse_ms - route_ms;

	snprintf(buf, size,
		 "inputs %.1f, snapshot %.1f, LFT reserve %.1f, "
		 "hop fill start %.1f, partitions %.1f, VMs %.1f, "
		 "new tables %.1f, analyse %.1f, route %.1f, check %.1f, "
		 "hops %.1f, carry %.1f, OpenSM between callbacks %.1f, "
		 "LFT copy %.1f, other %.1f",
		 ms[OC_PH_INPUTS], ms[OC_PH_SNAPSHOT], ms[OC_PH_RESERVE],
		 ms[OC_PH_HOPS_START], ms[OC_PH_PARTITIONS], ms[OC_PH_VMS],
		 ms[OC_PH_NEW_TABLES], analyse_ms, route_ms, ms[OC_PH_CHECK],
		 ms[OC_PH_HOPS], ms[OC_PH_CARRY], ms[OC_PH_OPENSM],
		 ms[OC_PH_LFT_COPY], ms[OC_PH_OTHER] + engine_rest);
}
