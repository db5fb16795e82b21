/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * plan_json.c - the report of "osmcloud plan --json": plan_report.c
 * hands its figures here instead of printing them; one object with
 * "fabric", "marking", "migrations" (each with its plan per method),
 * "random" and "verify" (docs/user-guide.md).
 */
#include "json_report.h"
#include "plan.h"
#include "plan_json.h"

int plan_json_start(struct plan_session *s)
{
	s->json = json_object();
	s->migrations = json_array();
	return s->json && s->migrations ? 0 : -1;
}

void plan_json_put(struct plan_session *s, json_t *obj, const char *key,
		   json_t *value)
{
	if (!obj) {
		json_decref(value);
		s->json_bad = 1;
	} else if (json_put(obj, key, value)) {
		s->json_bad = 1;
	}
}

json_t *plan_json_method(struct plan_session *s, json_t *obj, int m)
{
	const char *key = oc_reconf_method_name((enum oc_reconf_method)m);
	json_t *sub = json_object_get(obj, key);

	if (sub || !obj)
		return sub;
	sub = json_object();
	if (!sub || json_put(obj, key, sub)) {
		s->json_bad = 1;
		return NULL;
	}
	return sub;
}

json_t *plan_json_counts(const struct oc_plan_counts *c)
{
	json_t *obj = json_pack("{s:I, s:I, s:I, s:I, s:I, s:I}", "switches",
				(json_int_t)c->switches, "blocks",
				(json_int_t)c->blocks, "vswitches",
				(json_int_t)c->vswitches, "vswitch_blocks",
				(json_int_t)c->vswitch_blocks, "smps",
				(json_int_t)c->smps, "active",
				(json_int_t)c->active);

	if (obj && c->level >= 0 &&
	    json_object_update_new(
		    obj, json_pack("{s:i, s:I, s:I, s:b}", "level", c->level,
				   "skyline", (json_int_t)c->skyline, "closure",
				   (json_int_t)c->closure, "fallback",
				   c->fallback))) {
		json_decref(obj);
		return NULL;
	}
	return obj;
}

int plan_json_print(struct plan_session *s)
{
	json_t *report = s->json;

	if (!json_object_get(report, "migrations") &&
	    json_object_set(report, "migrations", s->migrations))
		s->json_bad = 1;
	json_decref(s->migrations);
	s->json = s->migrations = NULL;
	if (s->json_bad) {
		json_decref(report);
		report = NULL;
	}
	return json_report_print("plan", report);
}
