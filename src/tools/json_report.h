/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * json_report.h - the --json report of an osmcloud subcommand: one
 * compact JSON object on one line of stdout (io/json_out.h), nothing
 * else on stdout, and one error path.
 */
#ifndef OC_JSON_REPORT_H
#define OC_JSON_REPORT_H

#include <jansson.h>

#include "io/json_out.h"

/* Prints report (and drops it): 0, or 2 after "osmcloud CMD: --json:
 * ..." on stderr when report is NULL (a member could not be built) or
 * stdout could not take it. */
int json_report_print(const char *cmd, json_t *report);

/* json_object_set_new() for a chain of puts: -1 when value is NULL. */
static inline int json_put(json_t *obj, const char *key, json_t *value)
{
	return json_object_set_new(obj, key, value);
}

#endif
