/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * partitions_in.c - copying OpenSM's partition table (osm_prtn_t) into
 * struct oc_partitions.
 *
 * subn->prtn_pkey_tbl maps each P_Key (network order, membership bit
 * cleared) to an osm_prtn_t whose full_guid_tbl and part_guid_tbl map
 * member port GUIDs (network order) to their osm_physp_t.
 */
#include <opensm/osm_node.h>
#include <opensm/osm_partition.h>
#include <opensm/osm_port.h>

#include "routing/partitions_in.h"

static int is_ca_port(const osm_physp_t *physp)
{
	return physp && physp->p_node &&
	       osm_node_get_type(physp->p_node) == IB_NODE_TYPE_CA;
}

/* Adds the CA ports of one member table (full or limited). */
static int add_members(struct oc_partitions *ps, uint32_t part,
		       const cl_map_t *tbl, int full, struct oc_err *err)
{
	cl_map_iterator_t it;

	for (it = cl_map_head(tbl); it != cl_map_end(tbl);
	     it = cl_map_next(it)) {
		const osm_physp_t *physp = cl_map_obj(it);

		if (!is_ca_port(physp))
			continue;
		if (oc_partitions_add_member(
			    ps, part, cl_ntoh64(cl_map_key(it)), full, err))
			return -1;
	}
	return 0;
}

static int add_partition(struct oc_partitions *ps, const osm_prtn_t *prtn,
			 struct oc_err *err)
{
	uint32_t part;

	part = oc_partitions_add(ps, cl_ntoh16(prtn->pkey),
				 prtn->name[0] ? prtn->name : NULL, prtn->sl,
				 err);
	if (part == OC_PART_NONE)
		return -1;
	if (add_members(ps, part, &prtn->full_guid_tbl, 1, err) ||
	    add_members(ps, part, &prtn->part_guid_tbl, 0, err))
		return -1;
	return 0;
}

struct oc_partitions *oc_osm_partitions_take(const osm_subn_t *subn,
					     struct oc_err *err)
{
	const cl_qmap_t *tbl = &subn->prtn_pkey_tbl;
	struct oc_partitions *ps = oc_partitions_new();
	const cl_map_item_t *item;

	if (!ps) {
		oc_err_set(err, "out of memory for the partitions");
		return NULL;
	}
	for (item = cl_qmap_head(tbl); item != cl_qmap_end(tbl);
	     item = cl_qmap_next(item))
		if (add_partition(ps, (const osm_prtn_t *)item, err)) {
			oc_partitions_free(ps);
			return NULL;
		}
	return ps;
}
