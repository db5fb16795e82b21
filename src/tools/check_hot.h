/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * check_hot.h - where the load is, for "osmcloud check" (--hot N,
 * --heatmap FILE): the hottest links and the load per pair of levels
 * (verify/link_rank.h) as text or JSON, and the link-load heat map
 * (io/heatmap_svg.h).
 */
#ifndef OC_CHECK_HOT_H
#define OC_CHECK_HOT_H

#include <stdio.h>

#include "model/fabric.h"
#include "verify/link_rank.h"
#include "verify/verify.h"

#define HOT_CHECK_DEFAULT 5    /* hottest links listed */
#define HOT_CHECK_ROW_BOXES 32 /* a wider row of the heat map is cut */

struct json_t; /* jansson's; not included, cmd_check.c writes JSON by hand */

struct hot_check {
	unsigned top;	     /* links listed; set to HOT_CHECK_DEFAULT */
	const char *heatmap; /* SVG file, or NULL */
	struct oc_link_rank rk;
	struct json_t *json; /* hot_check_json(), made by hot_check_run() */
};

/* Option parsers: 0, or 2 after the error on stderr. */
int hot_check_top(struct hot_check *hc, const char *s);
int hot_check_heatmap(struct hot_check *hc, const char *path);

/* Ranks the links of r, makes their JSON and writes the heat map when
 * asked for; the
 * picture's title names the fabric (input file) and the engine (NULL:
 * unknown).  Prints the error and returns 2 when it fails. */
int hot_check_run(struct hot_check *hc, const struct oc_fabric *f,
		  const struct oc_verify_report *r, const char *input,
		  const char *engine);
void hot_check_print(const struct hot_check *hc, const struct oc_fabric *f,
		     const struct oc_verify_report *r);
/* {"hot_links": [...], "link_load_levels": "fat-tree"|"distance",
 * "link_load_by_level": [...]}; NULL when out of memory. */
struct json_t *hot_check_json(const struct hot_check *hc,
			      const struct oc_fabric *f,
			      const struct oc_verify_report *r);
/* The members of hc->json as ",\n  KEY: VALUE" lines, for a JSON object
 * written by hand. */
void hot_check_json_members(const struct hot_check *hc, FILE *out);
void hot_check_free(struct hot_check *hc);

#endif
