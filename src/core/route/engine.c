/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * engine.c - the list of routing engines.
 */
#include <string.h>

#include "route/engine.h"

const struct oc_engine *const oc_engines[] = {
	&oc_vswitch_ftree_engine, &oc_sftree_engine,	&oc_pftree_engine,
	&oc_pftree_ext_engine,	  &oc_pftree_wt_engine, NULL,
};

const struct oc_engine *oc_engine_find(const char *name)
{
	const struct oc_engine *const *e;

	for (e = oc_engines; *e; e++)
		if (!strcmp((*e)->name, name))
			return *e;
	return NULL;
}
