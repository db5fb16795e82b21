/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * json_report.c - printing a subcommand's --json report (json_report.h).
 */
#include <stdio.h>

#include "json_report.h"

int json_report_print(const char *cmd, json_t *report)
{
	if (!oc_json_print(stdout, report))
		return 0;
	fprintf(stderr,
		"osmcloud %s: --json: out of memory, or stdout not "
		"writable\n",
		cmd);
	return 2;
}
