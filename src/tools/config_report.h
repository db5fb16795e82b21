/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * config_report.h - what `osmcloud config check` found, for people (one
 * line each, as it is found) or as one JSON object at the end (--json:
 * {"ok", "problems", "notes", "checked"}, written with jansson).
 */
#ifndef OC_TOOLS_CONFIG_REPORT_H
#define OC_TOOLS_CONFIG_REPORT_H

#include <jansson.h>

struct config_report {
	json_t *json;	   /* NULL: text; else the object being filled */
	unsigned problems; /* problems found so far */
	int lost;	   /* a finding could not join the JSON */
};

/* json: 1 for --json.  -1 when out of memory. */
int config_report_init(struct config_report *r, int json);

/* Something that stops the plugin from working as intended (counted). */
void config_problem(struct config_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Worth knowing, not wrong. */
void config_note(struct config_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A file or setting found usable. */
void config_checked(struct config_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The verdict (text) or the whole JSON object, on one line like every
 * --json report; frees r.  Returns the exit status: 0 without problems,
 * 1 with, 2 when the JSON could not be built or written (said). */
int config_report_finish(struct config_report *r);

/* Frees r without a verdict (the check could not run). */
void config_report_drop(struct config_report *r);

#endif
