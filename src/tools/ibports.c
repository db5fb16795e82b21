/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ibports.c - finding the CA ports of a live fabric with SMPs (libibmad).
 *
 * The walk keeps a queue of switches, each with the directed route that
 * reaches it.  A switch's ports are probed with PortInfo; behind every
 * port whose link is up a NodeInfo says what is there: a new switch is
 * queued, a CA port is recorded with its LID (PortInfo through the same
 * route).  Switches are told apart by node GUID, CA ports by port GUID.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <infiniband/mad.h>

#include "base/hash.h"
#include "ibports.h"

#define LINK_UP 5 /* PortInfo PortPhysicalState LinkUp */

struct node_info {
	unsigned type, num_ports, local_port;
	uint64_t node_guid, port_guid;
};

struct walk {
	const struct oc_mad *m;
	struct oc_ibports *out;
	ib_dr_path_t *queue; /* routes to switches still to probe */
	size_t head, tail, cap;
	struct oc_hash *seen; /* node GUIDs of switches, port GUIDs of CAs */
};

int oc_mad_open(struct oc_mad *m, const char *ca, int port, unsigned timeout_ms,
		struct oc_err *err)
{
	int classes[] = {IB_SMI_CLASS, IB_SMI_DIRECT_CLASS,
			 IB_PERFORMANCE_CLASS, IB_SA_CLASS};

	m->timeout_ms = timeout_ms;
	m->port = mad_rpc_open_port((char *)ca, port, classes, 4);
	if (!m->port)
		return oc_err_set(err, "cannot open %s port %d for MADs",
				  ca ? ca : "the first CA", port);
	return 0;
}

void oc_mad_close(struct oc_mad *m)
{
	if (m->port)
		mad_rpc_close_port(m->port);
	m->port = NULL;
}

static void dr_portid(ib_portid_t *id, const ib_dr_path_t *path)
{
	memset(id, 0, sizeof(*id));
	id->drpath = *path;
}

static char *route_str(const ib_dr_path_t *path, char *buf, size_t len)
{
	return drpath2str((ib_dr_path_t *)path, buf, len);
}

static int smp_get(const struct oc_mad *m, ib_portid_t *id, unsigned attr,
		   unsigned mod, uint8_t *buf, struct oc_err *err)
{
	char where[256];

	memset(buf, 0, IB_SMP_DATA_SIZE);
	if (smp_query_via(buf, id, attr, mod, m->timeout_ms, m->port))
		return 0;
	if (id->lid)
		snprintf(where, sizeof(where), "LID %d", id->lid);
	else
		route_str(&id->drpath, where, sizeof(where));
	return oc_err_set(err, "no answer to SMP attribute 0x%x from %s", attr,
			  where);
}

static int node_info(const struct oc_mad *m, ib_portid_t *id,
		     struct node_info *ni, struct oc_err *err)
{
	uint8_t buf[IB_SMP_DATA_SIZE];

	if (smp_get(m, id, IB_ATTR_NODE_INFO, 0, buf, err))
		return -1;
	ni->type = mad_get_field(buf, 0, IB_NODE_TYPE_F);
	ni->num_ports = mad_get_field(buf, 0, IB_NODE_NPORTS_F);
	ni->local_port = mad_get_field(buf, 0, IB_NODE_LOCAL_PORT_F);
	ni->node_guid = mad_get_field64(buf, 0, IB_NODE_GUID_F);
	ni->port_guid = mad_get_field64(buf, 0, IB_NODE_PORT_GUID_F);
	return 0;
}

/* port_info of port mod: *lid and *phys (physical state). */
static int port_info(const struct oc_mad *m, ib_portid_t *id, unsigned mod,
		     unsigned *lid, unsigned *phys, struct oc_err *err)
{
	uint8_t buf[IB_SMP_DATA_SIZE];

	if (smp_get(m, id, IB_ATTR_PORT_INFO, mod, buf, err))
		return -1;
	*lid = mad_get_field(buf, 0, IB_PORT_LID_F);
	*phys = mad_get_field(buf, 0, IB_PORT_PHYS_STATE_F);
	return 0;
}

static void node_desc(const struct oc_mad *m, ib_portid_t *id, char *desc)
{
	uint8_t buf[IB_SMP_DATA_SIZE];
	struct oc_err ignored;

	desc[0] = '\0';
	if (smp_get(m, id, IB_ATTR_NODE_DESC, 0, buf, &ignored))
		return;
	memcpy(desc, buf, 64);
	desc[64] = '\0';
}

int oc_ibports_add(struct oc_ibports *ps, const struct oc_ibport *p,
		   struct oc_err *err)
{
	if (ps->n == ps->cap) {
		size_t cap = ps->cap ? 2 * ps->cap : 64;
		struct oc_ibport *v = realloc(ps->v, cap * sizeof(*v));

		if (!v)
			return oc_err_set(err, "out of memory");
		ps->v = v;
		ps->cap = cap;
	}
	ps->v[ps->n++] = *p;
	return 0;
}

void oc_ibports_free(struct oc_ibports *ps)
{
	free(ps->v);
	memset(ps, 0, sizeof(*ps));
}

/* A CA port reached through id (NodeInfo ni): its LID, recorded once. */
static int record_ca_port(struct walk *w, ib_portid_t *id,
			  const struct node_info *ni, struct oc_err *err)
{
	struct oc_ibport p = {.guid = ni->port_guid, .num = ni->local_port};
	unsigned lid, phys;

	if (oc_hash_get64(w->seen, ni->port_guid) != UINT32_MAX)
		return 0;
	if (oc_hash_put64(w->seen, ni->port_guid, 1))
		return oc_err_set(err, "out of memory");
	if (port_info(w->m, id, 0, &lid, &phys, err))
		return -1;
	p.lid = lid;
	node_desc(w->m, id, p.desc);
	return oc_ibports_add(w->out, &p, err);
}

static int queue_switch(struct walk *w, const ib_dr_path_t *path,
			uint64_t node_guid, struct oc_err *err)
{
	if (oc_hash_get64(w->seen, node_guid) != UINT32_MAX)
		return 0;
	if (oc_hash_put64(w->seen, node_guid, 1))
		return oc_err_set(err, "out of memory");
	if (w->tail == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 64;
		ib_dr_path_t *q = realloc(w->queue, cap * sizeof(*q));

		if (!q)
			return oc_err_set(err, "out of memory");
		w->queue = q;
		w->cap = cap;
	}
	w->queue[w->tail++] = *path;
	return 0;
}

/* What is behind the route path: a switch to probe, or a CA port. */
static int visit(struct walk *w, const ib_dr_path_t *path, struct oc_err *err)
{
	struct node_info ni;
	ib_portid_t id;

	dr_portid(&id, path);
	if (node_info(w->m, &id, &ni, err))
		return -1;
	if (ni.type == IB_NODE_SWITCH)
		return queue_switch(w, path, ni.node_guid, err);
	if (ni.type == IB_NODE_CA)
		return record_ca_port(w, &id, &ni, err);
	return 0; /* routers are not weighted */
}

/* The neighbour behind port out of the node at path, if its link is up. */
static int visit_through(struct walk *w, const ib_dr_path_t *path, unsigned out,
			 struct oc_err *err)
{
	ib_dr_path_t next = *path;

	if (next.cnt + 1 >= IB_SUBNET_PATH_HOPS_MAX)
		return oc_err_set(err, "the fabric is deeper than %d hops",
				  IB_SUBNET_PATH_HOPS_MAX - 1);
	next.p[++next.cnt] = out;
	return visit(w, &next, err);
}

static int probe_switch(struct walk *w, const ib_dr_path_t *path,
			struct oc_err *err)
{
	struct node_info ni;
	ib_portid_t id;
	unsigned p, lid, phys;

	dr_portid(&id, path);
	if (node_info(w->m, &id, &ni, err))
		return -1;
	for (p = 1; p <= ni.num_ports; p++) {
		if (port_info(w->m, &id, p, &lid, &phys, err))
			return -1;
		if (phys == LINK_UP && visit_through(w, path, p, err))
			return -1;
	}
	return 0;
}

/* The local node: a switch is probed like any other; a CA port is
 * recorded and the walk continues behind it. */
static int start_walk(struct walk *w, struct oc_err *err)
{
	ib_dr_path_t here = {0};
	struct node_info ni;
	ib_portid_t id;

	dr_portid(&id, &here);
	if (node_info(w->m, &id, &ni, err))
		return -1;
	if (ni.type == IB_NODE_SWITCH)
		return queue_switch(w, &here, ni.node_guid, err);
	if (record_ca_port(w, &id, &ni, err))
		return -1;
	return visit_through(w, &here, ni.local_port, err);
}

int oc_ibports_discover(const struct oc_mad *m, struct oc_ibports *out,
			struct oc_err *err)
{
	struct walk w = {.m = m, .out = out, .seen = oc_hash_new()};
	int ret;

	if (!w.seen)
		return oc_err_set(err, "out of memory");
	ret = start_walk(&w, err);
	while (!ret && w.head < w.tail) {
		ib_dr_path_t path = w.queue[w.head++];

		ret = probe_switch(&w, &path, err);
	}
	free(w.queue);
	oc_hash_free(w.seen);
	return ret;
}

int oc_ibport_by_lid(const struct oc_mad *m, uint16_t lid,
		     struct oc_ibport *out, struct oc_err *err)
{
	struct node_info ni;
	ib_portid_t id;
	unsigned got, phys;

	memset(&id, 0, sizeof(id));
	ib_portid_set(&id, lid, 0, 0);
	if (node_info(m, &id, &ni, err))
		return -1;
	if (ni.type != IB_NODE_CA)
		return oc_err_set(err, "LID %u is not a CA port (node type %u)",
				  lid, ni.type);
	if (port_info(m, &id, 0, &got, &phys, err))
		return -1;
	memset(out, 0, sizeof(*out));
	out->guid = ni.port_guid;
	out->num = ni.local_port;
	out->lid = got;
	node_desc(m, &id, out->desc);
	return 0;
}
