/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * route_json.h - the report of "osmcloud route --json": what was routed
 * (engine, switches, LIDs by kind), where the tables went, the engine's
 * promise on them and the time of each phase.
 */
#ifndef OC_ROUTE_JSON_H
#define OC_ROUTE_JSON_H

#include <jansson.h>

#include "model/fabric.h"
#include "model/partition.h"
#include "route/engine.h"

struct route_outcome {
	const char *engine;
	const char *topo;
	const char *output;    /* NULL: no dump written */
	const char *violation; /* the broken promise, NULL: kept */
	const struct oc_route_stats *stats;
	const struct oc_partitions *parts; /* NULL: no tenants */
	const struct oc_lane_plan *lanes;
	double check_ms; /* the promise check */
};

/* NULL: out of memory. */
json_t *route_json(const struct oc_fabric *f, const struct route_outcome *o);

#endif
