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
#include "model/lft.h"
#include "verify/link_rank.h"
#include "verify/verify.h"

#define HOT_CHECK_DEFAULT 5    /* hottest links listed */
#define HOT_CHECK_ROW_BOXES 32 /* a wider row of the heat map is cut */

struct json_t; /* jansson's */

/* What the check read, for the weights and the picture's title. */
struct hot_input {
	const char *file;    /* the fabric's input file */
	const char *engine;  /* NULL: unknown */
	const char *vms;     /* VM file, or NULL */
	const char *weights; /* node weights file, or NULL */
};

struct hot_check {
	unsigned top;	     /* links listed; set to HOT_CHECK_DEFAULT */
	const char *heatmap; /* SVG file, or NULL */
	/* the report ranked: check's, or with a VM or weights file the
	 * link loads verified again with destination weights (wr) */
	const struct oc_verify_report *r;
	struct oc_verify_report wr;
	int has_wr;
	struct oc_link_rank rk;
	struct json_t *json; /* hot_check_json(), made by hot_check_run():
			     * check's JSON report takes its members */
};

/* Option parsers: 0, or 2 after the error on stderr. */
int hot_check_top(struct hot_check *hc, const char *s);
int hot_check_heatmap(struct hot_check *hc, const char *path);

/* Ranks the links of r (weighted too when in names a VM or a weights
 * file: oc_verify_weighted() with the weights vswitch_ftree routes
 * with, the weights file's for the ports it lists), makes their JSON and
 * writes the heat map when asked for.  Prints the error and returns 2
 * when it fails. */
int hot_check_run(struct hot_check *hc, const struct oc_fabric *f,
		  const struct oc_lfts *t, const struct oc_verify_report *r,
		  const struct hot_input *in);
void hot_check_print(const struct hot_check *hc, const struct oc_fabric *f);
/* {"hot_links": [...], "link_load_levels": "fat-tree"|"distance",
 * "link_load_weighted": bool, "link_load_by_level": [...]}; NULL when
 * out of memory. */
struct json_t *hot_check_json(const struct hot_check *hc,
			      const struct oc_fabric *f);
void hot_check_free(struct hot_check *hc);

#endif
