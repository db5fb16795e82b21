/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * prepared.c - the migration kept between prepare and apply (see
 * prepared.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmops/prepared.h"

void oc_osm_prepared_drop(struct oc_osm_prepared *pp)
{
	if (pp->x) {
		pp->release(pp->x);
		free(pp->x);
	}
	memset(pp, 0, sizeof(*pp));
}

void oc_osm_prepared_keep(struct oc_osm_prepared *pp, struct oc_exec *x,
			  oc_osm_prepared_release_fn *release, const char *vm,
			  const char *dest, enum oc_reconf_method method,
			  unsigned generation)
{
	oc_osm_prepared_drop(pp);
	pp->x = x;
	pp->release = release;
	snprintf(pp->vm, sizeof(pp->vm), "%s", vm);
	snprintf(pp->dest, sizeof(pp->dest), "%s", dest);
	pp->method = method;
	pp->generation = generation;
}

const struct oc_osm_prepared *
oc_osm_prepared_of(const struct oc_osm_prepared *pp, const char *vm)
{
	return pp->x && !strcmp(pp->vm, vm) ? pp : NULL;
}

struct oc_exec *oc_osm_prepared_take(struct oc_osm_prepared *pp, const char *vm,
				     const char *dest,
				     enum oc_reconf_method method,
				     unsigned generation, char *why,
				     size_t why_size)
{
	struct oc_exec *x = pp->x;

	why[0] = '\0';
	if (!x || strcmp(pp->vm, vm) || strcmp(pp->dest, dest) ||
	    pp->method != method)
		return NULL;
	if (pp->generation != generation) {
		snprintf(
			why, why_size,
			"the migration prepared for VM \"%s\" is stale (OpenSM "
			"swept or routed the fabric since): planned afresh",
			pp->vm);
		oc_osm_prepared_drop(pp);
		return NULL;
	}
	pp->x = NULL; /* handed over */
	oc_osm_prepared_drop(pp);
	return x;
}
