/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * link_list.c - links read by name, connected at the end (link_list.h).
 */
#include <stdlib.h>
#include <string.h>

#include "model/link_list.h"

int oc_link_list_add(struct oc_link_list *l, uint32_t node, unsigned port,
		     const char *peer, unsigned peer_port, unsigned line)
{
	struct oc_named_link *n;

	if (l->count == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 256;
		void *p = realloc(l->links, cap * sizeof(*l->links));

		if (!p)
			return -1;
		l->links = p;
		l->cap = cap;
	}
	n = &l->links[l->count];
	n->peer_name = strdup(peer);
	if (!n->peer_name)
		return -1;
	n->node = node;
	n->port = port;
	n->peer_port = peer_port;
	n->line = line;
	l->count++;
	return 0;
}

void oc_link_list_free(struct oc_link_list *l)
{
	size_t i;

	for (i = 0; i < l->count; i++)
		free(l->links[i].peer_name);
	free(l->links);
	memset(l, 0, sizeof(*l));
}

static int link_error(const struct oc_fabric *f, const char *file,
		      const struct oc_named_link *n, const char *problem,
		      const char *hint, struct oc_err *err)
{
	return oc_err_set(err, "%s:%u: link \"%s\"[%u] - \"%s\"[%u]: %s%s",
			  file, n->line, f->nodes[n->node].name, n->port,
			  n->peer_name, n->peer_port, problem,
			  hint ? hint : "");
}

static uint32_t port_slot(const struct oc_fabric *f, uint32_t node,
			  unsigned port)
{
	return f->nodes[node].first_port + port;
}

/* link_at[port slot] = index of the link listed on that port. */
static uint32_t *index_links(const struct oc_link_list *l,
			     const struct oc_fabric *f, const char *file,
			     struct oc_err *err)
{
	size_t n = f->num_ports ? f->num_ports : 1, i;
	uint32_t *link_at = malloc(sizeof(*link_at) * n);

	if (!link_at) {
		oc_err_set(err, "%s: out of memory", file);
		return NULL;
	}
	memset(link_at, 0xff, sizeof(*link_at) * n);
	for (i = 0; i < l->count; i++) {
		uint32_t slot =
			port_slot(f, l->links[i].node, l->links[i].port);

		if (link_at[slot] != OC_NONE) {
			link_error(f, file, &l->links[i], "port listed twice",
				   NULL, err);
			free(link_at);
			return NULL;
		}
		link_at[slot] = i;
	}
	return link_at;
}

static int resolve_one(const struct oc_link_list *l,
		       const struct oc_named_link *n, const uint32_t *link_at,
		       struct oc_fabric *f, const char *file, const char *hint,
		       struct oc_err *err)
{
	uint32_t peer = oc_fabric_find_name(f, n->peer_name), i;
	const struct oc_named_link *back;
	struct oc_err why;

	if (peer == OC_NONE)
		return link_error(f, file, n, "no such node", hint, err);
	if (n->peer_port < 1 || n->peer_port > f->nodes[peer].num_ports)
		return link_error(f, file, n, "the peer has no such port", NULL,
				  err);
	i = link_at[port_slot(f, peer, n->peer_port)];
	back = i == OC_NONE ? NULL : &l->links[i];
	if (!back || back->peer_port != n->port ||
	    strcmp(back->peer_name, f->nodes[n->node].name))
		return link_error(f, file, n,
				  "not listed the same way on the peer", NULL,
				  err);
	if (oc_fabric_link(f, n->node, n->port, peer, n->peer_port, &why))
		return link_error(f, file, n, why.msg, NULL, err);
	return 0;
}

int oc_link_list_resolve(const struct oc_link_list *l, struct oc_fabric *f,
			 const char *file, const char *unknown_hint,
			 struct oc_err *err)
{
	uint32_t *link_at = index_links(l, f, file, err);
	size_t i;
	int ret = 0;

	if (!link_at)
		return -1;
	for (i = 0; !ret && i < l->count; i++)
		ret = resolve_one(l, &l->links[i], link_at, f, file,
				  unknown_hint, err);
	free(link_at);
	return ret;
}
