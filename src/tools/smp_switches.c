/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smp_switches.c - the first switches of a fabric, breadth-first, by
 * directed route (see smp_switches.h).
 *
 * The queue of switches is the answer itself: a switch is appended when
 * a NodeInfo behind a port whose link is up names a node GUID not seen
 * yet, and switches are probed in the order they were appended, so the
 * walk stops as soon as the queue holds the switches wanted.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/bytes.h"
#include "smp_switches.h"

#define NODE_SWITCH 2
#define LINK_UP 5 /* PortInfo PortPhysicalState */

struct walk {
	struct oc_smp_port *p;
	int timeout_ms;
	struct oc_smp_switch *sw;
	unsigned want, n;
};

struct node_info {
	unsigned type, num_ports, local_port;
	uint64_t node_guid;
};

static int get(struct walk *w, const struct oc_dr_path *path, unsigned attr,
	       uint32_t mod, uint8_t data[OC_SMP_DATA])
{
	char where[4 * OC_SMP_MAX_HOPS + 8];
	uint16_t status;

	if (!oc_smp_get(w->p, path, attr, mod, w->timeout_ms, &status, data))
		return 0;
	oc_dr_path_str(path, where, sizeof(where));
	if (status == OC_SMP_NO_ANSWER)
		fprintf(stderr,
			"%s: no answer to SMP Get 0x%x (modifier %u) along "
			"route %s within %d ms\n",
			w->p->u.who, attr, mod, where, w->timeout_ms);
	else
		fprintf(stderr,
			"%s: SMP Get 0x%x (modifier %u) along route %s: "
			"status 0x%04x\n",
			w->p->u.who, attr, mod, where, status);
	return -1;
}

static int node_info(struct walk *w, const struct oc_dr_path *path,
		     struct node_info *ni)
{
	uint8_t d[OC_SMP_DATA];

	if (get(w, path, OC_SMP_ATTR_NODE_INFO, 0, d))
		return -1;
	ni->type = d[2];
	ni->num_ports = d[3];
	ni->node_guid = oc_get_be64(d + 12);
	ni->local_port = d[36];
	return 0;
}

static int seen(const struct walk *w, uint64_t guid)
{
	unsigned i;

	for (i = 0; i < w->n; i++)
		if (w->sw[i].guid == guid)
			return 1;
	return 0;
}

static void append(struct walk *w, const struct oc_dr_path *path,
		   const struct node_info *ni)
{
	struct oc_smp_switch *s = &w->sw[w->n++];

	memset(s, 0, sizeof(*s));
	s->path = *path;
	s->guid = ni->node_guid;
	s->num_ports = ni->num_ports;
}

/* The node behind port out of the node at path: appended if it is a
 * switch not seen yet. */
static int visit_through(struct walk *w, const struct oc_dr_path *path,
			 unsigned out)
{
	struct oc_dr_path next = *path;
	struct node_info ni;

	if (next.cnt >= OC_SMP_MAX_HOPS)
		return 0; /* beyond any directed route */
	next.p[++next.cnt] = (uint8_t)out;
	if (node_info(w, &next, &ni))
		return -1;
	if (ni.type == NODE_SWITCH && !seen(w, ni.node_guid))
		append(w, &next, &ni);
	return 0;
}

static int probe(struct walk *w, unsigned i)
{
	struct oc_dr_path path = w->sw[i].path;
	unsigned port, n = w->sw[i].num_ports;
	uint8_t d[OC_SMP_DATA];

	for (port = 1; port <= n && w->n < w->want; port++) {
		if (get(w, &path, OC_SMP_ATTR_PORT_INFO, port, d))
			return -1;
		if (d[33] >> 4 == LINK_UP && visit_through(w, &path, port))
			return -1;
	}
	return 0;
}

/* The local node: a switch is the first; behind a CA port, the walk
 * starts with its neighbour. */
static int start(struct walk *w)
{
	struct oc_dr_path here = {0};
	struct node_info ni;

	if (node_info(w, &here, &ni))
		return -1;
	if (ni.type == NODE_SWITCH) {
		append(w, &here, &ni);
		return 0;
	}
	return visit_through(w, &here, ni.local_port);
}

static int switch_details(struct walk *w, struct oc_smp_switch *s)
{
	uint8_t d[OC_SMP_DATA];

	if (get(w, &s->path, OC_SMP_ATTR_SWITCH_INFO, 0, d))
		return -1;
	s->lft_cap = oc_get_be16(d);
	s->lft_top = oc_get_be16(d + 6);
	if (get(w, &s->path, OC_SMP_ATTR_NODE_DESC, 0, d))
		return -1;
	memcpy(s->desc, d, OC_SMP_DATA);
	s->desc[OC_SMP_DATA] = '\0';
	return 0;
}

int oc_smp_find_switches(struct oc_smp_port *p, unsigned want, int timeout_ms,
			 struct oc_smp_switch *sw, unsigned *found)
{
	struct walk w = {
		.p = p, .timeout_ms = timeout_ms, .sw = sw, .want = want};
	unsigned i;

	*found = 0;
	if (start(&w))
		return -1;
	for (i = 0; i < w.n && w.n < want; i++)
		if (probe(&w, i))
			return -1;
	for (i = 0; i < w.n; i++)
		if (switch_details(&w, &sw[i]))
			return -1;
	*found = w.n;
	return 0;
}

const char *oc_smp_switch_name(const struct oc_smp_switch *sw, char *buf,
			       unsigned len)
{
	char route[4 * OC_SMP_MAX_HOPS + 8];

	snprintf(buf, len, "0x%016" PRIx64 " \"%s\" (route %s)", sw->guid,
		 sw->desc, oc_dr_path_str(&sw->path, route, sizeof(route)));
	return buf;
}
