/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * config_report.c - the findings of `osmcloud config check`
 * (config_report.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "config_report.h"
#include "io/json_out.h"
#include "json_report.h"

int config_report_init(struct config_report *r, int json)
{
	r->problems = 0;
	r->lost = 0;
	r->json = NULL;
	if (!json)
		return 0;
	r->json = json_pack("{s:b, s:[], s:[], s:[]}", "ok", 1, "problems",
			    "notes", "checked");
	return r->json ? 0 : -1;
}

/* One finding: a line "prefix text", or a string in the array. */
static void add(struct config_report *r, const char *array, const char *prefix,
		const char *fmt, va_list ap)
{
	char *text = NULL;

	if (!r->json) {
		fputs(prefix, stdout);
		vprintf(fmt, ap);
		putchar('\n');
		return;
	}
	if (vasprintf(&text, fmt, ap) < 0)
		text = NULL;
	/* oc_json_text: a path in a finding need not be UTF-8 */
	if (json_array_append_new(json_object_get(r->json, array),
				  oc_json_text(text ? text : "out of memory")))
		r->lost = 1;
	free(text);
}

void config_problem(struct config_report *r, const char *fmt, ...)
{
	va_list ap;

	r->problems++;
	va_start(ap, fmt);
	add(r, "problems", "problem: ", fmt, ap);
	va_end(ap);
}

void config_note(struct config_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add(r, "notes", "note: ", fmt, ap);
	va_end(ap);
}

void config_checked(struct config_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add(r, "checked", "", fmt, ap);
	va_end(ap);
}

int config_report_finish(struct config_report *r)
{
	int status = r->problems ? 1 : 0, ret;

	if (!r->json) {
		if (r->problems)
			printf("%u problem(s): opensm would not run the plugin "
			       "as intended\n",
			       r->problems);
		else
			printf("ok: the options and every file they name are "
			       "usable\n");
		return status;
	}
	if (r->lost ||
	    json_object_set_new(r->json, "ok", json_boolean(!r->problems))) {
		json_decref(r->json);
		r->json = NULL;
	}
	ret = json_report_print("config check", r->json);
	r->json = NULL;
	return ret ? ret : status;
}

void config_report_drop(struct config_report *r)
{
	json_decref(r->json);
	r->json = NULL;
}
