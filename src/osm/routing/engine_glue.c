/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * engine_glue.c - OpenSM's routing-engine callbacks for the core engines.
 *
 * One external module per core engine, its context a struct oc_osm_slot.
 * setup() runs once per occurrence of the name in opensm's engine list
 * and gives that occurrence its own struct oc_osm_run as re->context.
 * The unicast callbacks are set for every engine; the partition-aware
 * engines (pftree, pftree_ext, pftree_wt) also answer path_sl (the SL of
 * the partition a path is in) and update_sl2vl (SL i -> VL i % VLs, with
 * OpenSM's qos on).  mcast_build_stree and update_vlarb stay NULL, and
 * so do path_sl and update_sl2vl for the other engines, so that OpenSM's
 * defaults run (multicast uses the hop matrices the run fills).
 */
#include <stdlib.h>
#include <string.h>

#include "routing/engine_glue.h"
#include "routing/run.h"

static int glue_build_lid_matrices(void *context)
{
	return oc_osm_run_route(context);
}

static int glue_build_fwd_tables(void *context)
{
	return oc_osm_run_write(context);
}

static uint8_t glue_path_sl(void *context, uint8_t hint, const ib_net16_t slid,
			    const ib_net16_t dlid)
{
	return oc_osm_run_path_sl(context, hint, cl_ntoh16(slid),
				  cl_ntoh16(dlid));
}

static void glue_update_sl2vl(void *context, osm_physp_t *port, uint8_t in_port,
			      uint8_t out_port, ib_slvl_table_t *t)
{
	(void)in_port;
	(void)out_port;
	oc_osm_run_sl2vl(context, port, t);
}

static void glue_destroy(void *context)
{
	oc_osm_run_free(context);
}

static int glue_setup(struct osm_routing_engine *re, osm_opensm_t *osm)
{
	const struct oc_osm_slot *slot = re->context;
	struct oc_osm_run *run = oc_osm_run_new(slot);

	if (!run) {
		oc_osm_err(&slot->plugin->log, OC_ERR_NOMEM,
			   "%s: cannot set up the routing engine: "
			   "out of memory",
			   slot->engine->name);
		return -1;
	}
	re->context = run;
	re->build_lid_matrices = glue_build_lid_matrices;
	re->ucast_build_fwd_tables = glue_build_fwd_tables;
	re->destroy = glue_destroy;
	if (oc_engine_has(slot->engine, OC_ENGINE_PARTITIONS)) {
		re->path_sl = glue_path_sl;
		re->update_sl2vl = glue_update_sl2vl;
	}
	oc_osm_debug(&slot->plugin->log, "osmcloud: %s: routing engine set up",
		     slot->engine->name);
	return 0;
}

static unsigned count_engines(void)
{
	unsigned n = 0;

	while (oc_engines[n])
		n++;
	return n;
}

static int register_one(struct oc_osm_plugin *p, struct oc_osm_slot *slot)
{
	external_routing_engine_module_t module = {
		.name = slot->engine->name,
		.setup = glue_setup,
	};
	cl_status_t st;

	st = osm_register_external_routing_engine(p->osm, &module, slot);
	if (st != CL_SUCCESS) {
		oc_osm_err(&p->log, OC_ERR_REGISTER,
			   "osmcloud: cannot register routing engine %s: %s",
			   slot->engine->name,
			   st == CL_DUPLICATE ? "the name is already taken"
					      : CL_STATUS_MSG(st));
		return -1;
	}
	oc_osm_info(&p->log, "osmcloud: registered routing engine %s (%s)",
		    slot->engine->name, slot->engine->summary);
	return 0;
}

unsigned oc_osm_register_engines(struct oc_osm_plugin *p)
{
	unsigned n = count_engines(), i;

	p->num_registered = 0;
	p->slots = calloc(n + 1, sizeof(*p->slots));
	if (!p->slots) {
		oc_osm_err(&p->log, OC_ERR_NOMEM,
			   "osmcloud: cannot register engines: out of memory");
		return 0;
	}
	for (i = 0; i < n; i++) {
		p->slots[i].plugin = p;
		p->slots[i].engine = oc_engines[i];
		if (!register_one(p, &p->slots[i]))
			p->num_registered++;
	}
	return p->num_registered;
}
