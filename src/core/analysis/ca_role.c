/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ca_role.c - the CAs OpenSM's cn_guid_file and io_guid_file keep from
 * being compute nodes (see ca_role.h).
 */
#include <stdlib.h>

#include "analysis/ca_role.h"
#include "base/hash.h"

int oc_ca_lists_given(const struct oc_ca_lists *l)
{
	return l && (l->num_cn || l->num_io);
}

static struct oc_hash *guid_set(const uint64_t *guids, size_t n)
{
	struct oc_hash *h = oc_hash_new();
	size_t i;

	for (i = 0; h && i < n; i++) {
		if (oc_hash_set64(h, guids[i], 1)) {
			oc_hash_free(h);
			return NULL;
		}
	}
	return h;
}

/* Whether the CA's node GUID or one of its port GUIDs is in h. */
static int listed(const struct oc_fabric *f, uint32_t node,
		  const struct oc_hash *h)
{
	unsigned p;

	if (oc_hash_get64(h, f->nodes[node].guid) != OC_NONE)
		return 1;
	for (p = 1; p <= f->nodes[node].num_ports; p++)
		if (oc_hash_get64(h, oc_port(f, node, p)->guid) != OC_NONE)
			return 1;
	return 0;
}

static void mark(const struct oc_fabric *f, const struct oc_ca_lists *l,
		 const struct oc_hash *cn, const struct oc_hash *io,
		 uint8_t *out)
{
	uint32_t n;

	for (n = 0; n < f->num_nodes; n++) {
		if (oc_is_switch(f, n))
			continue;
		out[n] = (l->num_io && listed(f, n, io)) ||
			 (l->num_cn && !listed(f, n, cn));
	}
}

uint8_t *oc_ca_noncompute(const struct oc_fabric *f,
			  const struct oc_ca_lists *l, struct oc_err *err)
{
	struct oc_hash *cn, *io;
	uint8_t *out;

	if (!oc_ca_lists_given(l))
		return NULL;
	out = calloc(f->num_nodes ? f->num_nodes : 1, 1);
	cn = guid_set(l->cn, l->num_cn);
	io = guid_set(l->io, l->num_io);
	if (out && cn && io)
		mark(f, l, cn, io, out);
	else
		oc_err_set(err, "out of memory for the CN and I/O lists");
	oc_hash_free(cn);
	oc_hash_free(io);
	if (!cn || !io) {
		free(out);
		return NULL;
	}
	return out;
}
