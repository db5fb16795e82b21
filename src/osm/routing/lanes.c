/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lanes.c - path_sl and update_sl2vl answers from the engine's lane plan,
 * and the data VLs the ports support.
 */
#include <stdlib.h>
#include <string.h>

#include <opensm/osm_node.h>
#include <opensm/osm_port.h>

#include "routing/lanes.h"

/* PortInfo VLCap / OperationalVLs / max_op_vls code -> data VLs. */
static unsigned vls_of_code(unsigned code)
{
	static const unsigned vls[] = {0, 1, 2, 4, 8, 15};

	return code < sizeof(vls) / sizeof(vls[0]) ? vls[code] : 0;
}

static unsigned node_min_vls(osm_node_t *node, unsigned min)
{
	unsigned p, n = osm_node_get_num_physp(node);

	for (p = 1; p < n; p++) {
		const osm_physp_t *ph = osm_node_get_physp_ptr(node, p);
		unsigned vls;

		if (!ph || !osm_physp_get_remote(ph))
			continue;
		vls = vls_of_code(ib_port_info_get_vl_cap(&ph->port_info));
		if (vls && vls < min)
			min = vls;
	}
	return min;
}

unsigned oc_osm_data_vls(const osm_subn_t *subn)
{
	const cl_qmap_t *nodes = &subn->node_guid_tbl;
	const cl_map_item_t *item;
	unsigned min = vls_of_code(subn->opt.max_op_vls);

	if (!min)
		min = 15;
	for (item = cl_qmap_head(nodes); item != cl_qmap_end(nodes);
	     item = cl_qmap_next(item)) {
		osm_node_t *node = (osm_node_t *)item;
		uint8_t type = osm_node_get_type(node);

		if (type == IB_NODE_TYPE_CA || type == IB_NODE_TYPE_SWITCH)
			min = node_min_vls(node, min);
	}
	return min;
}

void oc_osm_lanes_reset(struct oc_osm_lanes *l)
{
	free(l->first);
	free(l->part);
	free(l->pkey);
	l->first = l->part = NULL;
	l->pkey = NULL;
	l->max_lid = 0;
	l->ready = 0;
}

void oc_osm_lanes_free(struct oc_osm_lanes *l)
{
	oc_osm_lanes_reset(l);
	oc_lane_plan_clear(&l->plan);
}

/* LID of a CA port member, 0 when it is not in the fabric or has none. */
static uint16_t member_lid(const struct oc_fabric *f, uint64_t guid)
{
	unsigned port;
	uint32_t node = oc_fabric_find_port_guid(f, guid, &port);

	if (node == OC_NONE || oc_is_switch(f, node))
		return 0;
	return oc_port(f, node, port)->lid;
}

/* Calls add(l, lid, part) for every member LID of every partition. */
static void each_member(struct oc_osm_lanes *l, const struct oc_fabric *f,
			const struct oc_partitions *ps,
			void (*add)(struct oc_osm_lanes *, uint16_t, uint32_t))
{
	uint32_t i, m;

	for (i = 0; i < ps->count; i++)
		for (m = 0; m < ps->parts[i].num_members; m++) {
			uint16_t lid = member_lid(f, ps->parts[i].members[m]);

			if (lid && lid <= l->max_lid)
				add(l, lid, i);
		}
}

static void count_one(struct oc_osm_lanes *l, uint16_t lid, uint32_t part)
{
	(void)part;
	l->first[lid + 1]++;
}

static void place_one(struct oc_osm_lanes *l, uint16_t lid, uint32_t part)
{
	/* first[lid] is the next free slot of lid until the final shift */
	l->part[l->first[lid]++] = part;
}

int oc_osm_lanes_index(struct oc_osm_lanes *l, const struct oc_fabric *f,
		       const struct oc_partitions *ps, struct oc_err *err)
{
	uint32_t i;

	oc_osm_lanes_reset(l);
	if (l->plan.count != ps->count)
		return oc_err_set(err,
				  "the lane plan has %u partitions, "
				  "OpenSM %u",
				  l->plan.count, ps->count);
	l->max_lid = f->max_lid;
	l->first = calloc((size_t)l->max_lid + 2, sizeof(*l->first));
	l->pkey = calloc(ps->count ? ps->count : 1, sizeof(*l->pkey));
	if (!l->first || !l->pkey)
		goto nomem;
	each_member(l, f, ps, count_one);
	for (i = 1; i <= (uint32_t)l->max_lid + 1; i++)
		l->first[i] += l->first[i - 1];
	l->part = malloc(((size_t)l->first[l->max_lid + 1] + 1) *
			 sizeof(*l->part));
	if (!l->part)
		goto nomem;
	each_member(l, f, ps, place_one);
	for (i = l->max_lid + 1; i > 0; i--) /* undo place_one's shift */
		l->first[i] = l->first[i - 1];
	l->first[0] = 0;
	for (i = 0; i < ps->count; i++)
		l->pkey[i] = ps->parts[i].pkey;
	l->ready = 1;
	return 0;
nomem:
	oc_osm_lanes_reset(l);
	return oc_err_set(err, "out of memory for the LID index");
}

/* The partitions both LIDs are in (without the default partition when
 * tenants is set) into out, in partition order; returns how many. */
static unsigned shared(const struct oc_osm_lanes *l, uint16_t a, uint16_t b,
		       int tenants, uint32_t *out, unsigned cap)
{
	uint32_t i = l->first[a], j = l->first[b];
	unsigned n = 0;

	while (i < l->first[a + 1] && j < l->first[b + 1]) {
		uint32_t pa = l->part[i], pb = l->part[j];

		if (pa < pb) {
			i++;
		} else if (pb < pa) {
			j++;
		} else {
			if ((!tenants || l->pkey[pa] != OC_DEFAULT_PKEY) &&
			    n < cap)
				out[n++] = pa;
			i++;
			j++;
		}
	}
	return n;
}

#define MAX_SHARED 64

uint8_t oc_osm_lanes_path_sl(const struct oc_osm_lanes *l, uint8_t hint,
			     uint16_t slid, uint16_t dlid)
{
	uint32_t parts[MAX_SHARED];
	unsigned n, i;

	if (!l->ready || !slid || !dlid || slid > l->max_lid ||
	    dlid > l->max_lid)
		return hint < OC_MAX_SL ? hint : 0;
	n = shared(l, slid, dlid, 1, parts, MAX_SHARED);
	if (!n)
		n = shared(l, slid, dlid, 0, parts, MAX_SHARED);
	if (!n)
		return 0;
	for (i = 0; i < n; i++)
		if (l->plan.sl[parts[i]] == hint)
			return hint;
	return l->plan.sl[parts[0]];
}

void oc_osm_lanes_sl2vl(const struct oc_osm_lanes *l, const osm_physp_t *physp,
			ib_slvl_table_t *t)
{
	unsigned n = l->plan.num_vls ? l->plan.num_vls : 1;
	unsigned op = vls_of_code(ib_port_info_get_op_vls(&physp->port_info));
	unsigned sl;

	if (op && op < n)
		n = op;
	for (sl = 0; sl < OC_MAX_SL; sl++)
		ib_slvl_table_set(t, sl, sl % n);
}
