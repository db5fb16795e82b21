/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fabric.c - building and querying the fabric model.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "model/fabric.h"
#include "base/hash.h"

struct oc_fabric *oc_fabric_new(void)
{
	struct oc_fabric *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->by_name = oc_hash_new();
	f->by_guid = oc_hash_new();
	f->by_port_guid = oc_hash_new();
	if (!f->by_name || !f->by_guid || !f->by_port_guid) {
		oc_fabric_free(f);
		return NULL;
	}
	return f;
}

void oc_fabric_free(struct oc_fabric *f)
{
	uint32_t i;

	if (!f)
		return;
	for (i = 0; i < f->num_nodes; i++)
		free(f->nodes[i].name);
	free(f->nodes);
	free(f->ports);
	free(f->switches);
	free(f->lid_owner);
	oc_hash_free(f->by_name);
	oc_hash_free(f->by_guid);
	oc_hash_free(f->by_port_guid);
	free(f);
}

static int reserve(void **array, uint32_t *cap, uint32_t need, size_t size)
{
	uint32_t new_cap = *cap ? *cap : 64;
	void *p;

	if (need <= *cap)
		return 0;
	while (new_cap < need)
		new_cap *= 2;
	p = realloc(*array, (size_t)new_cap * size);
	if (!p)
		return -1;
	*array = p;
	*cap = new_cap;
	return 0;
}

static int add_switch_index(struct oc_fabric *f, uint32_t node)
{
	uint32_t *p = realloc(f->switches, sizeof(*p) * (f->num_switches + 1));

	if (!p)
		return -1;
	f->switches = p;
	f->nodes[node].sw_index = f->num_switches;
	f->switches[f->num_switches++] = node;
	return 0;
}

/* -1 when the port GUIDs cannot be indexed (out of memory). */
static int init_ports(struct oc_fabric *f, uint32_t id)
{
	struct oc_node *n = &f->nodes[id];
	unsigned p, held;

	for (p = 0; p <= n->num_ports; p++) {
		struct oc_port *port = &f->ports[n->first_port + p];

		memset(port, 0, sizeof(*port));
		port->peer_node = OC_NONE;
		port->active = 1;
		port->guid = n->type == OC_NODE_SWITCH ? n->guid : n->guid + p;
	}
	/* a default GUID that a port read before holds stays that port's:
	 * a reader gives this one its own GUID next, or rejects the clash */
	for (p = 1; n->type == OC_NODE_CA && p <= n->num_ports; p++)
		if (oc_fabric_find_port_guid(f, n->guid + p, &held) ==
			    OC_NONE &&
		    oc_hash_set64(f->by_port_guid, n->guid + p, id << 8 | p))
			return -1;
	return 0;
}

uint32_t oc_fabric_add_node(struct oc_fabric *f, enum oc_node_type type,
			    uint64_t guid, const char *name, unsigned num_ports,
			    struct oc_err *err)
{
	uint32_t id = f->num_nodes;
	struct oc_node *n;

	if (num_ports < 1 || num_ports > OC_MAX_PORTS) {
		oc_err_set(err, "node \"%s\": %u ports (must be 1..%u)", name,
			   num_ports, OC_MAX_PORTS);
		return OC_NONE;
	}
	if (oc_hash_get_str(f->by_name, name) != OC_NONE) {
		oc_err_set(err, "duplicate node name \"%s\"", name);
		return OC_NONE;
	}
	if (oc_hash_get64(f->by_guid, guid) != OC_NONE) {
		oc_err_set(err,
			   "node \"%s\": duplicate node GUID 0x%016" PRIx64,
			   name, guid);
		return OC_NONE;
	}
	if (reserve((void **)&f->nodes, &f->cap_nodes, id + 1,
		    sizeof(*f->nodes)) ||
	    reserve((void **)&f->ports, &f->cap_ports,
		    f->num_ports + num_ports + 1, sizeof(*f->ports))) {
		oc_err_set(err, "out of memory");
		return OC_NONE;
	}
	n = &f->nodes[id];
	memset(n, 0, sizeof(*n));
	n->guid = guid;
	n->name = strdup(name);
	n->type = type;
	n->num_ports = num_ports;
	n->first_port = f->num_ports;
	n->sw_index = OC_NONE;
	if (!n->name || (type == OC_NODE_SWITCH && add_switch_index(f, id))) {
		free(n->name);
		oc_err_set(err, "out of memory");
		return OC_NONE;
	}
	f->num_ports += num_ports + 1;
	f->num_nodes++;
	if (init_ports(f, id) || oc_hash_put_str(f->by_name, n->name, id) ||
	    oc_hash_put64(f->by_guid, guid, id)) {
		oc_err_set(err, "out of memory");
		return OC_NONE;
	}
	return id;
}

static int check_port(const struct oc_fabric *f, uint32_t node, unsigned port,
		      struct oc_err *err)
{
	if (node >= f->num_nodes)
		return oc_err_set(err, "no node %u", node);
	if (port < 1 || port > f->nodes[node].num_ports)
		return oc_err_set(err, "node \"%s\" has no port %u",
				  f->nodes[node].name, port);
	return 0;
}

int oc_fabric_link(struct oc_fabric *f, uint32_t a, unsigned pa, uint32_t b,
		   unsigned pb, struct oc_err *err)
{
	struct oc_port *x, *y;

	if (check_port(f, a, pa, err) || check_port(f, b, pb, err))
		return -1;
	if (a == b && pa == pb)
		return oc_err_set(err, "node \"%s\" port %u linked to itself",
				  f->nodes[a].name, pa);
	x = oc_port_mut(f, a, pa);
	y = oc_port_mut(f, b, pb);
	if ((x->peer_node != OC_NONE &&
	     (x->peer_node != b || x->peer_port != pb)) ||
	    (y->peer_node != OC_NONE &&
	     (y->peer_node != a || y->peer_port != pa)))
		return oc_err_set(err,
				  "link \"%s\"[%u] - \"%s\"[%u]: port already "
				  "connected elsewhere",
				  f->nodes[a].name, pa, f->nodes[b].name, pb);
	x->peer_node = b;
	x->peer_port = pb;
	y->peer_node = a;
	y->peer_port = pa;
	return 0;
}

static int grow_lid_table(struct oc_fabric *f, unsigned lid)
{
	struct oc_lid_owner *t;
	unsigned i;

	if (lid <= f->max_lid && f->lid_owner)
		return 0;
	t = realloc(f->lid_owner, sizeof(*t) * (lid + 1));
	if (!t)
		return -1;
	for (i = f->lid_owner ? f->max_lid + 1u : 0; i <= lid; i++) {
		t[i].node = OC_NONE;
		t[i].port = 0;
	}
	f->lid_owner = t;
	f->max_lid = lid;
	return 0;
}

int oc_fabric_set_lid(struct oc_fabric *f, uint32_t node, unsigned port,
		      unsigned lid, struct oc_err *err)
{
	struct oc_lid_owner *o;

	if (lid < 1 || lid > OC_MAX_UCAST_LID)
		return oc_err_set(err, "node \"%s\": LID %u out of range 1..%u",
				  f->nodes[node].name, lid, OC_MAX_UCAST_LID);
	if (grow_lid_table(f, lid))
		return oc_err_set(err, "out of memory");
	o = &f->lid_owner[lid];
	if (o->node != OC_NONE && (o->node != node || o->port != port))
		return oc_err_set(err,
				  "LID %u of \"%s\" already used by \"%s\"",
				  lid, f->nodes[node].name,
				  f->nodes[o->node].name);
	o->node = node;
	o->port = port;
	oc_port_mut(f, node, port)->lid = lid;
	return 0;
}

static int needs_lid(const struct oc_fabric *f, uint32_t node, unsigned port)
{
	const struct oc_port *p = oc_port(f, node, port);

	if (p->lid || !p->active)
		return 0;
	if (oc_is_switch(f, node))
		return port == 0;
	return port > 0 && p->peer_node != OC_NONE;
}

int oc_fabric_assign_lids(struct oc_fabric *f, struct oc_err *err)
{
	unsigned next = 1;
	uint32_t n;

	for (n = 0; n < f->num_nodes; n++) {
		unsigned p;

		for (p = 0; p <= f->nodes[n].num_ports; p++) {
			if (!needs_lid(f, n, p))
				continue;
			while (next <= f->max_lid && f->lid_owner &&
			       f->lid_owner[next].node != OC_NONE)
				next++;
			if (oc_fabric_set_lid(f, n, p, next, err))
				return -1;
		}
	}
	return 0;
}

uint32_t oc_fabric_find_name(const struct oc_fabric *f, const char *name)
{
	return oc_hash_get_str(f->by_name, name);
}

uint32_t oc_fabric_find_guid(const struct oc_fabric *f, uint64_t node_guid)
{
	return oc_hash_get64(f->by_guid, node_guid);
}

int oc_fabric_set_port_guid(struct oc_fabric *f, uint32_t node, unsigned port,
			    uint64_t guid, struct oc_err *err)
{
	struct oc_port *p = oc_port_mut(f, node, port);
	unsigned other_port;
	uint32_t other;

	if (oc_is_switch(f, node) || port < 1)
		return oc_err_set(err, "\"%s\": only CA ports have own GUIDs",
				  f->nodes[node].name);
	if (p->guid == guid)
		return 0;
	other = oc_fabric_find_port_guid(f, guid, &other_port);
	if (other != OC_NONE)
		return oc_err_set(err,
				  "\"%s\"[%u]: duplicate port GUID "
				  "0x%016" PRIx64,
				  f->nodes[node].name, port, guid);
	if (oc_hash_set64(f->by_port_guid, guid, node << 8 | port))
		return oc_err_set(err, "out of memory");
	p->guid = guid;
	return 0;
}

uint32_t oc_fabric_find_port_guid(const struct oc_fabric *f, uint64_t guid,
				  unsigned *port)
{
	uint32_t n = oc_fabric_find_guid(f, guid), v;

	if (n != OC_NONE && oc_is_switch(f, n)) {
		*port = 0;
		return n;
	}
	v = oc_hash_get64(f->by_port_guid, guid);
	if (v == OC_NONE)
		return OC_NONE;
	if (oc_port(f, v >> 8, v & 0xff)->guid != guid)
		return OC_NONE; /* stale entry of a renamed port */
	*port = v & 0xff;
	return v >> 8;
}

int oc_node_has_ca(const struct oc_fabric *f, uint32_t node)
{
	unsigned p;

	for (p = 1; p <= f->nodes[node].num_ports; p++) {
		uint32_t peer = oc_peer(f, node, p);

		if (peer != OC_NONE && !oc_is_switch(f, peer))
			return 1;
	}
	return 0;
}
