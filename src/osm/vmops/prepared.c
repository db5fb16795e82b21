/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * prepared.c - the migration kept between prepare and apply (see
 * prepared.h).
 */
#include <stdlib.h>
#include <string.h>

#include "vmops/op_exec.h"
#include "vmops/prepared.h"

void oc_osm_prepared_drop(struct oc_osm_prepared *pp)
{
	if (pp->x) {
		oc_exec_release(pp->x);
		free(pp->x);
	}
	memset(pp, 0, sizeof(*pp));
}

void oc_osm_prepared_keep(struct oc_osm_prepared *pp, struct oc_exec *x,
			  unsigned generation)
{
	struct oc_exec *kept = malloc(sizeof(*kept));

	oc_osm_prepared_drop(pp);
	if (!kept)
		return; /* nothing kept: apply plans afresh */
	*kept = *x;
	oc_exec_disown(x);
	pp->x = kept;
	snprintf(pp->vm, sizeof(pp->vm), "%s", x->vm_name);
	snprintf(pp->dest, sizeof(pp->dest), "%s", x->hv_name);
	pp->method = x->method;
	pp->generation = generation;
	pp->plan_ms = x->st.plan_ms;
}

const struct oc_osm_prepared *
oc_osm_prepared_of(const struct oc_osm_prepared *pp, const char *vm)
{
	return pp->x && !strcmp(pp->vm, vm) ? pp : NULL;
}

static int same_request(const struct oc_osm_prepared *pp,
			const struct oc_exec *x)
{
	return !strcmp(pp->vm, x->vm_name) && !strcmp(pp->dest, x->hv_name) &&
	       pp->method == x->method;
}

int oc_osm_prepared_take(struct oc_osm_prepared *pp, struct oc_exec *x,
			 unsigned generation, char *why, size_t why_size)
{
	struct oc_exec request = *x;

	why[0] = '\0';
	if (!pp->x || !same_request(pp, x))
		return 0;
	if (pp->generation != generation) {
		snprintf(
			why, why_size,
			"the migration prepared for VM \"%s\" is stale (OpenSM "
			"swept or routed the fabric since): planned afresh",
			pp->vm);
		oc_osm_prepared_drop(pp);
		return 0;
	}
	*x = *pp->x;
	oc_exec_take_request(x, &request);
	free(pp->x);
	pp->x = NULL;
	oc_osm_prepared_drop(pp);
	return 1;
}
