/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * snapshot.c - copying OpenSM's subnet into struct oc_fabric.
 *
 * Four linear passes over subn->node_guid_tbl, always in the same order,
 * so that the n-th modelled node is node n of the fabric: nodes, CA port
 * GUIDs, links, then LIDs and port states.  Look-ups of remote nodes go
 * through the fabric's GUID hash.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <opensm/osm_node.h>
#include <opensm/osm_port.h>

#include "routing/snapshot.h"

/* Longest base name: a node name map's name (a description is
 * shorter); longest name: the base name, "-0x", 16 hex digits, NUL. */
#define BASE_LEN OC_NAME_MAP_MAX
#define NAME_LEN OC_NODE_NAME_MAX
_Static_assert(IB_NODE_DESCRIPTION_SIZE <= BASE_LEN &&
		       BASE_LEN + 20 <= NAME_LEN,
	       "a node's name fits OC_NODE_NAME_MAX");

typedef int (*node_pass_fn)(struct oc_osm_snapshot *s, osm_node_t *node,
			    uint32_t id, void *arg, struct oc_err *err);

/* The nodes the core models: switches and CAs with at least one port. */
static int modelled(const osm_node_t *node)
{
	uint8_t type = osm_node_get_type(node);

	return (type == IB_NODE_TYPE_SWITCH || type == IB_NODE_TYPE_CA) &&
	       osm_node_get_num_physp(node) > 1;
}

static int is_switch(const osm_node_t *node)
{
	return osm_node_get_type(node) == IB_NODE_TYPE_SWITCH;
}

static uint64_t node_guid(const osm_node_t *node)
{
	return cl_ntoh64(osm_node_get_node_guid(node));
}

static unsigned num_ports(const osm_node_t *node)
{
	return osm_node_get_num_physp(node) - 1u;
}

static uint16_t usable_lid(ib_net16_t net_lid)
{
	uint16_t lid = cl_ntoh16(net_lid);

	return lid <= OC_MAX_UCAST_LID ? lid : 0;
}

/* Calls fn(node, id) for every modelled node, id counting from 0. */
static int for_each_node(struct oc_osm_snapshot *s, cl_qmap_t *nodes,
			 node_pass_fn fn, void *arg, struct oc_err *err)
{
	cl_map_item_t *item;
	uint32_t id = 0;

	for (item = cl_qmap_head(nodes); item != cl_qmap_end(nodes);
	     item = cl_qmap_next(item)) {
		osm_node_t *node = (osm_node_t *)item;

		if (!modelled(node))
			continue;
		if (fn(s, node, id++, arg, err))
			return -1;
	}
	return 0;
}

/* The node description, control characters replaced, trailing blanks
 * dropped (it is not NUL-terminated when it fills all 64 bytes). */
static void describe(const osm_node_t *node, char *buf)
{
	const uint8_t *d = node->node_desc.description;
	size_t n = 0, i;

	for (i = 0; i < IB_NODE_DESCRIPTION_SIZE && d[i]; i++)
		buf[n++] = d[i] < 0x20 || d[i] == 0x7f ? '?' : (char)d[i];
	while (n && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
}

/* The node name map's name (node_name_map_name), else the description,
 * else the GUID; "-0xGUID" appended when another node already has that
 * name. */
static void unique_name(const struct oc_fabric *f, const osm_node_t *node,
			const struct oc_name_map *names, char *buf)
{
	const char *mapped = oc_name_map_find(names, node_guid(node));
	size_t n;

	if (mapped)
		snprintf(buf, BASE_LEN + 1, "%s", mapped);
	else
		describe(node, buf);
	n = strlen(buf);
	if (!n)
		snprintf(buf, NAME_LEN, "0x%016" PRIx64, node_guid(node));
	else if (oc_fabric_find_name(f, buf) != OC_NONE)
		snprintf(buf + n, NAME_LEN - n, "-0x%016" PRIx64,
			 node_guid(node));
}

static int add_node(struct oc_osm_snapshot *s, osm_node_t *node, uint32_t id,
		    void *arg, struct oc_err *err)
{
	char name[NAME_LEN];
	uint32_t got;

	unique_name(s->f, node, arg, name);
	got = oc_fabric_add_node(s->f,
				 is_switch(node) ? OC_NODE_SWITCH : OC_NODE_CA,
				 node_guid(node), name, num_ports(node), err);
	if (got == OC_NONE)
		return -1;
	if (is_switch(node))
		s->sw[s->f->nodes[got].sw_index] = node->sw;
	return 0;
}

/* One pass over the CA port GUIDs; counts the ports that could not take
 * their GUID yet (still held as another CA's default GUID). */
static int set_port_guids(struct oc_osm_snapshot *s, osm_node_t *node,
			  uint32_t id, void *arg, struct oc_err *err)
{
	unsigned *clashes = arg, p;

	if (is_switch(node))
		return 0;
	for (p = 1; p <= num_ports(node); p++) {
		osm_physp_t *ph = osm_node_get_physp_ptr(node, p);
		uint64_t guid;

		if (!ph)
			continue;
		guid = cl_ntoh64(osm_physp_get_port_guid(ph));
		if (oc_fabric_set_port_guid(s->f, id, p, guid, err))
			++*clashes;
	}
	return 0;
}

/* Repeats the pass while it makes progress: a real GUID may equal the
 * default GUID (node GUID + port) of a CA whose own turn comes later. */
static int add_port_guids(struct oc_osm_snapshot *s, cl_qmap_t *nodes,
			  struct oc_err *err)
{
	unsigned clashes = 0, before;

	do {
		before = clashes;
		clashes = 0;
		for_each_node(s, nodes, set_port_guids, &clashes, err);
	} while (clashes && (!before || clashes < before));
	return clashes ? -1 : 0;
}

static int link_down(const osm_physp_t *ph)
{
	return osm_physp_get_port_state(ph) == IB_LINK_DOWN;
}

/* Links port p of node id to its remote port, from the lower end only. */
static int link_port(struct oc_osm_snapshot *s, uint32_t id, unsigned p,
		     const osm_physp_t *ph, struct oc_err *err)
{
	const osm_physp_t *rp = ph->p_remote_physp;
	osm_node_t *rnode;
	unsigned rport;
	uint32_t peer;

	if (!rp || !osm_physp_is_valid(rp) || link_down(ph) || link_down(rp))
		return 0;
	rnode = osm_physp_get_node_ptr(rp);
	if (!rnode || !modelled(rnode))
		return 0;
	peer = oc_fabric_find_guid(s->f, node_guid(rnode));
	rport = osm_physp_get_port_num(rp);
	if (peer == OC_NONE || peer > id || (peer == id && rport >= p))
		return 0;
	return oc_fabric_link(s->f, peer, rport, id, p, err);
}

uint16_t oc_osm_snapshot_ca_lid(const osm_physp_t *ph)
{
	const osm_physp_t *rp = ph ? ph->p_remote_physp : NULL;

	if (!rp || !osm_physp_is_valid(rp) || link_down(ph) || link_down(rp))
		return 0;
	return usable_lid(osm_physp_get_base_lid(ph));
}

static int add_links(struct oc_osm_snapshot *s, osm_node_t *node, uint32_t id,
		     void *arg, struct oc_err *err)
{
	unsigned p;

	for (p = 1; p <= num_ports(node); p++) {
		osm_physp_t *ph = osm_node_get_physp_ptr(node, p);

		if (ph && link_port(s, id, p, ph, err))
			return -1;
	}
	return 0;
}

static int set_switch_state(struct oc_osm_snapshot *s, osm_node_t *node,
			    uint32_t id, struct oc_err *err)
{
	uint16_t lid = usable_lid(osm_node_get_base_lid(node, 0));
	unsigned p;

	oc_port_mut(s->f, id, 0)->active = lid != 0;
	for (p = 1; p <= num_ports(node); p++) {
		struct oc_port *port = oc_port_mut(s->f, id, p);

		port->active = port->peer_node != OC_NONE;
	}
	return lid ? oc_fabric_set_lid(s->f, id, 0, lid, err) : 0;
}

static int set_ca_state(struct oc_osm_snapshot *s, osm_node_t *node,
			uint32_t id, struct oc_err *err)
{
	unsigned p;

	oc_port_mut(s->f, id, 0)->active = 0;
	for (p = 1; p <= num_ports(node); p++) {
		osm_physp_t *ph = osm_node_get_physp_ptr(node, p);
		struct oc_port *port = oc_port_mut(s->f, id, p);
		uint16_t lid = ph ? usable_lid(osm_physp_get_base_lid(ph)) : 0;

		port->active = lid && port->peer_node != OC_NONE;
		if (port->active && oc_fabric_set_lid(s->f, id, p, lid, err))
			return -1;
	}
	return 0;
}

static int set_state(struct oc_osm_snapshot *s, osm_node_t *node, uint32_t id,
		     void *arg, struct oc_err *err)
{
	if (is_switch(node))
		return set_switch_state(s, node, id, err);
	return set_ca_state(s, node, id, err);
}

/* The links only: every linked port active, no LID set. */
static int set_link_state(struct oc_osm_snapshot *s, osm_node_t *node,
			  uint32_t id, void *arg, struct oc_err *err)
{
	unsigned p;

	for (p = 1; p <= num_ports(node); p++) {
		struct oc_port *port = oc_port_mut(s->f, id, p);

		port->active = port->peer_node != OC_NONE;
	}
	return 0;
}

struct oc_osm_snapshot *oc_osm_snapshot_take(osm_subn_t *subn,
					     struct oc_err *err)
{
	return oc_osm_snapshot_take_named(subn, NULL, err);
}

static struct oc_osm_snapshot *take(osm_subn_t *subn,
				    const struct oc_name_map *names, int lids,
				    struct oc_err *err)
{
	cl_qmap_t *nodes = &subn->node_guid_tbl;
	struct oc_osm_snapshot *s = calloc(1, sizeof(*s));

	if (!s || !(s->f = oc_fabric_new()) ||
	    !(s->sw = calloc(cl_qmap_count(nodes) + 1, sizeof(*s->sw)))) {
		oc_osm_snapshot_free(s);
		oc_err_set(err, "out of memory");
		return NULL;
	}
	if (for_each_node(s, nodes, add_node, (void *)names, err) ||
	    add_port_guids(s, nodes, err) ||
	    for_each_node(s, nodes, add_links, NULL, err) ||
	    for_each_node(s, nodes, lids ? set_state : set_link_state, NULL,
			  err)) {
		oc_osm_snapshot_free(s);
		return NULL;
	}
	return s;
}

struct oc_osm_snapshot *
oc_osm_snapshot_take_named(osm_subn_t *subn, const struct oc_name_map *names,
			   struct oc_err *err)
{
	return take(subn, names, 1, err);
}

struct oc_osm_snapshot *oc_osm_snapshot_take_links(osm_subn_t *subn,
						   struct oc_err *err)
{
	return take(subn, NULL, 0, err);
}

void oc_osm_snapshot_free(struct oc_osm_snapshot *s)
{
	if (!s)
		return;
	oc_fabric_free(s->f);
	free(s->sw);
	free(s);
}
