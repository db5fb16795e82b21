/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vguid_rule.c - which GUID a VM may take as its own (vguid_rule.h).
 */
#include "vm/vguid_rule.h"

int oc_guids_seen_add(struct oc_hash *seen, const struct oc_fabric *f)
{
	uint32_t i;

	for (i = 0; i < f->num_nodes; i++)
		if (f->nodes[i].guid &&
		    oc_hash_set64(seen, f->nodes[i].guid, 1))
			return -1;
	for (i = 0; i < f->num_ports; i++)
		if (f->ports[i].guid &&
		    oc_hash_set64(seen, f->ports[i].guid, 1))
			return -1;
	return 0;
}

const char *oc_vguid_refusal(uint64_t guid, int port_now,
			     const struct oc_hash *seen, int in_guid2lid)
{
	if (!guid)
		return "is 0, no GUID";
	if (guid == UINT64_MAX)
		return "is all ones, a reserved GUID";
	if (port_now)
		return "is the port GUID of a port of the subnet";
	if (seen && oc_hash_get64(seen, guid) != OC_NONE)
		return "was the GUID of a port of the subnet since this SM "
		       "started (a port that is down now takes it back when "
		       "it returns)";
	if (in_guid2lid)
		return "is known to OpenSM's guid2lid: a port had it and "
		       "takes it back when it returns";
	return NULL;
}
