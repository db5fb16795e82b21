/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tenant_args.c - loading the tenant options (see tenant_args.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/part_file.h"
#include "io/policy_file.h"
#include "tenant_args.h"
#include "base/textscan.h"
#include "io/weights_file.h"

int tenant_args_sm_guid(struct tenant_args *a, const char *cmd,
			const char *value)
{
	if (!oc_parse_hex64(value, &a->sm_guid) && a->sm_guid)
		return 0;
	fprintf(stderr,
		"osmcloud %s: --sm-guid '%s': not a port GUID "
		"(0x and 1 to 16 hex digits, not 0)\n",
		cmd, value);
	return 2;
}

/* The SM's port must be in the fabric (a typo would silently mean
 * "unknown"). */
static int check_sm_guid(const struct tenant_args *a, const struct oc_fabric *f,
			 const char *cmd)
{
	unsigned port;

	if (!a->sm_guid ||
	    oc_fabric_find_port_guid(f, a->sm_guid, &port) != OC_NONE)
		return 0;
	fprintf(stderr,
		"osmcloud %s: --sm-guid 0x%016" PRIx64 ": no such port in the "
		"fabric\n",
		cmd, a->sm_guid);
	return 2;
}

int tenant_args_load(const struct tenant_args *a, const struct oc_fabric *f,
		     const char *cmd, struct tenant_inputs *ti)
{
	struct oc_err err;

	memset(ti, 0, sizeof(*ti));
	if (check_sm_guid(a, f, cmd))
		return 2;
	if (a->partitions && !(ti->parts = oc_part_file_load(a->partitions, f,
							     a->sm_guid, &err)))
		goto fail;
	if (a->policies &&
	    !(ti->policies = oc_policy_file_load(a->policies, &err)))
		goto fail;
	if (a->weights && !(ti->weights = oc_weights_load(a->weights, &err)))
		goto fail;
	return 0;
fail:
	fprintf(stderr, "osmcloud %s: %s\n", cmd, err.msg);
	tenant_inputs_free(ti);
	return 2;
}

void tenant_inputs_free(struct tenant_inputs *ti)
{
	oc_partitions_free(ti->parts);
	oc_policies_free(ti->policies);
	oc_weights_free(ti->weights);
	memset(ti, 0, sizeof(*ti));
}

uint32_t tenant_find(const struct oc_partitions *ps, const char *key,
		     const char *cmd)
{
	uint16_t pkey;
	uint32_t i;

	if (ps && oc_parse_pkey(key, &pkey) >= 0) {
		i = oc_partitions_find(ps, pkey);
		if (i != OC_PART_NONE)
			return i;
	}
	for (i = 0; ps && i < ps->count; i++)
		if (ps->parts[i].name && !strcmp(ps->parts[i].name, key))
			return i;
	fprintf(stderr, "osmcloud %s: no partition \"%s\"\n", cmd, key);
	return OC_PART_NONE;
}
