/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * node_desc.c - the model name of a node read with its NodeDescription.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/node_desc.h"

char *oc_node_desc_name(const struct oc_fabric *f, const char *desc,
			const char *tag)
{
	size_t len;
	char *name;

	if (oc_fabric_find_name(f, desc) == OC_NONE)
		return strdup(desc);
	len = strlen(desc) + strlen(tag) + 4;
	name = malloc(len);
	if (name)
		snprintf(name, len, "%s (%s)", desc, tag);
	return name;
}
