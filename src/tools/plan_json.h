/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * plan_json.h - the pieces of "osmcloud plan --json" (plan_json.c); the
 * report's start and print are in plan.h.
 */
#ifndef OC_PLAN_JSON_H
#define OC_PLAN_JSON_H

#include <jansson.h>

#include "plan.h"

/* key: value into obj (stolen); a failure marks the report bad. */
void plan_json_put(struct plan_session *s, json_t *obj, const char *key,
		   json_t *value);
/* obj's member for method m ("itrc", "ftreeminrc"), made when absent. */
json_t *plan_json_method(struct plan_session *s, json_t *obj, int m);
/* A plan's counts (the text's "N switches, N blocks; ..."). */
json_t *plan_json_counts(const struct oc_plan_counts *c);

#endif
