/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * link_list.h - links read by name, connected once every node is known.
 *
 * Both text formats (ibsim topology files and ibsim Dumps) list each link
 * on both of its ends, naming the peer node before that node may have been
 * read.  The parsers collect the port lines here and resolve them at the
 * end: each link must name an existing node and port, and the peer must
 * list it back the same way.
 */
#ifndef OC_LINK_LIST_H
#define OC_LINK_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "model/fabric.h"

/* One port line: node[port] names peer_name[peer_port], at line. */
struct oc_named_link {
	uint32_t node;
	uint8_t port;
	uint8_t peer_port;
	unsigned line;
	char *peer_name;
};

struct oc_link_list {
	struct oc_named_link *links;
	size_t count;
	size_t cap;
};

/* Appends a link (peer is copied); -1 when out of memory. */
int oc_link_list_add(struct oc_link_list *l, uint32_t node, unsigned port,
		     const char *peer, unsigned peer_port, unsigned line);
void oc_link_list_free(struct oc_link_list *l);

/* Connects every link in f.  Errors read
 *     FILE:LINE: link "a"[1] - "b"[2]: PROBLEM
 * where PROBLEM is "no such node" (followed by unknown_hint when given),
 * "the peer has no such port", "port listed twice" or "not listed the
 * same way on the peer". */
int oc_link_list_resolve(const struct oc_link_list *l, struct oc_fabric *f,
			 const char *file, const char *unknown_hint,
			 struct oc_err *err);

#endif
