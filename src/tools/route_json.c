/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * route_json.c - the report of "osmcloud route --json" (route_json.h).
 */
#include <inttypes.h>
#include <stdio.h>

#include "io/json_out.h"
#include "json_report.h"
#include "route_json.h"

/* A node by GUID as its name; null for GUID 0 (none). */
static json_t *node_by_guid(const struct oc_fabric *f, uint64_t guid)
{
	uint32_t n = guid ? oc_fabric_find_guid(f, guid) : OC_NONE;

	return n == OC_NONE ? json_null() : oc_json_text(f->nodes[n].name);
}

static json_t *routed_lids(const struct oc_route_stats *s)
{
	return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I}", "vms",
			 (json_int_t)s->vms, "pfs", (json_int_t)s->pfs,
			 "idle_vfs", (json_int_t)s->idle_vfs, "compute_nodes",
			 (json_int_t)s->compute_nodes, "io_nodes",
			 (json_int_t)s->io_nodes, "switches",
			 (json_int_t)s->switch_lids);
}

static json_t *lane_sls(const struct oc_partitions *ps,
			const struct oc_lane_plan *plan)
{
	json_t *sls = json_object();
	char pkey[8];
	uint32_t i;

	for (i = 0; sls && i < plan->count && i < ps->count; i++) {
		snprintf(pkey, sizeof(pkey), "0x%04x", ps->parts[i].pkey);
		if (json_put(sls, pkey, json_integer(plan->sl[i]))) {
			json_decref(sls);
			return NULL;
		}
	}
	return sls;
}

static json_t *tenants(const struct route_outcome *o)
{
	const struct oc_route_stats *s = o->stats;

	return json_pack("{s:I, s:I, s:I, s:I, s:o}", "partitions",
			 (json_int_t)s->tenants, "shared_links",
			 (json_int_t)s->shared_links, "data_vls",
			 (json_int_t)s->lanes, "unmet_policies",
			 (json_int_t)s->unmet_policies, "sl",
			 lane_sls(o->parts, o->lanes));
}

static json_t *sftree_part(const struct oc_fabric *f,
			   const struct oc_route_stats *s)
{
	return json_pack("{s:o, s:I, s:I, s:I, s:I}", "subtree_root",
			 node_by_guid(f, s->subtree_root_guid), "sw2sw",
			 (json_int_t)s->sw2sw, "ca_via_root",
			 (json_int_t)s->ca_via_root, "cross_core",
			 (json_int_t)s->cross_core, "unserved_switch_pairs",
			 (json_int_t)s->sw_pairs_unserved);
}

static json_t *times(const struct route_outcome *o)
{
	return json_pack("{s:o, s:o, s:o}", "analyse",
			 oc_json_fixed(o->stats->analyze_ms, 3), "route",
			 oc_json_fixed(o->stats->route_ms, 3), "promise_check",
			 oc_json_fixed(o->check_ms, 3));
}

json_t *route_json(const struct oc_fabric *f, const struct route_outcome *o)
{
	const struct oc_route_stats *s = o->stats;
	json_t *obj = json_pack(
		"{s:s, s:o, s:o, s:I, s:I, s:I, s:I, s:o, s:I, s:I, s:o}",
		"engine", o->engine, "topo", oc_json_text(o->topo), "output",
		o->output ? oc_json_text(o->output) : json_null(), "switches",
		(json_int_t)f->num_switches, "vswitches",
		(json_int_t)s->vswitches, "leaves", (json_int_t)s->leaves,
		"max_lid", (json_int_t)f->max_lid, "lids", routed_lids(s),
		"detours", (json_int_t)s->detours, "ca_lids",
		(json_int_t)(s->vms + s->pfs + s->idle_vfs + s->compute_nodes +
			     s->io_nodes),
		"detour_root", node_by_guid(f, s->detour_root_guid));

	if (obj &&
	    (json_object_update_new(obj, sftree_part(f, s)) ||
	     (o->parts && o->lanes->sl &&
	      json_put(obj, "tenants", tenants(o))) ||
	     json_put(obj, "promise_kept", json_boolean(!o->violation)) ||
	     json_put(obj, "promise_violation",
		      o->violation ? oc_json_text(o->violation)
				   : json_null()) ||
	     json_put(obj, "time_ms", times(o)))) {
		json_decref(obj);
		return NULL;
	}
	return obj;
}
