/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * heatmap_svg.h - a link-load heat map as an SVG picture.
 *
 * Boxes stand for switches (or, on large fabrics, for a run of switches
 * of one row), drawn in rows: row 0 at the top.  Every directed link is
 * a line from its source box to its destination box, coloured by its
 * load on one sequential scale (pale yellow for 0 to dark red for the
 * scale's top, oc_heatmap_colour()); a legend gives the numbers.  The
 * two directions of a cable are two lines side by side: the one going
 * up (towards row 0) on the left, the one going down on the right;
 * links within a row are arcs, above the row from left to right, below
 * it from right to left.  Each line is an element of class "link" with
 * its load in data-load and a tooltip (<title>); the hottest are drawn
 * last, on top.  Names are XML-escaped.  The writer knows nothing of
 * fabrics: verify/link_rank.h builds its input.
 */
#ifndef OC_HEATMAP_SVG_H
#define OC_HEATMAP_SVG_H

#include <stdint.h>
#include <stdio.h>

#include "base/error.h"

struct oc_heatmap_box {
	const char *name; /* a switch's name, or "first .. last" */
	uint32_t row;	  /* 0 = top */
	uint32_t members; /* switches it stands for */
};

struct oc_heatmap_link {
	uint32_t from, to; /* boxes */
	double load;	   /* the colour: the highest of its members */
	double mean;	   /* the mean of its members */
	uint32_t members;  /* directed links it stands for */
};

struct oc_heatmap {
	const char *title;	      /* first line, e.g. the fabric's name */
	const char *subtitle;	      /* second line, e.g. max and mean load */
	const char *note;	      /* third line, or NULL */
	const char *unit;	      /* what a load counts, for the legend */
	const char *const *row_names; /* [num_rows] */
	uint32_t num_rows;
	const struct oc_heatmap_box *boxes;
	uint32_t num_boxes;
	const struct oc_heatmap_link *links;
	uint32_t num_links;
	double scale_max; /* the scale's top; 0: every link at the bottom */
};

/* The scale's colour of load as "#rrggbb" into buf (8 bytes): load 0 (or
 * scale_max 0) is the bottom colour, load >= scale_max the top one. */
const char *oc_heatmap_colour(double load, double scale_max, char buf[8]);

/* The top colour of the scale, "#800026". */
extern const char oc_heatmap_top_colour[];

/* Writes the picture; -1 with err when a box index is out of range or
 * the stream fails. */
int oc_heatmap_svg_write(const struct oc_heatmap *h, FILE *out,
			 struct oc_err *err);

#endif
