/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * kept_model.c - the migrator's model kept between commands (see
 * kept_model.h).
 */
#include <string.h>

#include <opensm/osm_port.h>

#include "vmops/kept_model.h"

void oc_osm_model_free(struct oc_osm_model *m)
{
	oc_reconf_free(m->rc);
	oc_ftree_free(m->ft);
	oc_lfts_free(m->lfts);
	oc_osm_snapshot_free(m->snap);
	oc_hash_free(m->names);
	memset(m, 0, sizeof(*m));
}

void oc_osm_model_drop(struct oc_osm_kept_model *k)
{
	oc_osm_model_free(&k->m);
	k->uses = 0;
}

void oc_osm_model_keep(struct oc_osm_kept_model *k, struct oc_osm_model *m,
		       unsigned generation, int built)
{
	unsigned uses = built ? 0 : k->uses;

	oc_osm_model_drop(k);
	k->uses = uses;
	k->m = *m;
	k->generation = generation;
	memset(m, 0, sizeof(*m));
}

int oc_osm_model_take(struct oc_osm_kept_model *k, unsigned generation,
		      struct oc_osm_model *m)
{
	if (!k->m.snap)
		return 0;
	if (k->generation != generation) {
		oc_osm_model_drop(k);
		return 0;
	}
	*m = k->m;
	memset(&k->m, 0, sizeof(k->m));
	k->uses++;
	return 1;
}

int oc_osm_model_port_changed(const struct oc_osm_snapshot *snap,
			      osm_subn_t *subn, uint64_t guid)
{
	const struct oc_fabric *f = snap->f;
	uint16_t model_lid = 0, osm_lid = 0;
	unsigned port = 0;
	uint32_t node;
	osm_port_t *op;

	if (!guid)
		return 0;
	node = oc_fabric_find_port_guid(f, guid, &port);
	if (node != OC_NONE && !oc_is_switch(f, node) &&
	    oc_port(f, node, port)->active)
		model_lid = oc_port(f, node, port)->lid;
	op = osm_get_port_by_guid(subn, cl_hton64(guid));
	if (op && op->p_physp && node != OC_NONE && !oc_is_switch(f, node))
		osm_lid = oc_osm_snapshot_ca_lid(op->p_physp);
	return (node == OC_NONE) != (op == NULL) || model_lid != osm_lid;
}
