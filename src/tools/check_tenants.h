/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * check_tenants.h - the tenant part of "osmcloud check": loads the tenant
 * options, computes the metrics of tenant_metrics.h and prints them as
 * text or as the value of the JSON key "tenants".
 */
#ifndef OC_CHECK_TENANTS_H
#define OC_CHECK_TENANTS_H

#include <jansson.h>

#include "model/fabric.h"
#include "model/lft.h"
#include "tenant_args.h"
#include "verify/tenant_metrics.h"

struct tenant_check {
	struct tenant_inputs ti;
	int has_parts;
	struct oc_tenant_report rep;
	int has_contention;
	struct oc_contention cont;
	int has_ebb;
	uint32_t victim;
	unsigned rounds;
	double ebb_quiet, ebb_noisy;
};

/* Runs what the options ask for; 0 when there is nothing to do.  Prints
 * the error and returns 2 on bad input. */
int tenant_check_run(const struct tenant_args *a, const char *victim,
		     unsigned rounds, const struct oc_fabric *f,
		     const struct oc_lfts *t, struct tenant_check *tc);
void tenant_check_print(const struct tenant_check *tc);
/* The value of check's "tenants" key; NULL: out of memory. */
json_t *tenant_check_json(const struct tenant_check *tc);
void tenant_check_free(struct tenant_check *tc);

#endif
