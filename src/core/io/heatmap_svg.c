/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * heatmap_svg.c - writes a link-load heat map as SVG (heatmap_svg.h).
 *
 * Layout: rows 150 px apart below a title block, each row centred; the
 * pitch between boxes shrinks with the widest row (names under the boxes
 * only where there is room for them, always in the tooltips); the legend
 * at the bottom.  The scale is ColorBrewer's sequential YlOrRd, nine
 * steps, interpolated linearly.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "io/heatmap_svg.h"

#define TITLE_H 96  /* title block above row 0 */
#define ROW_GAP 150 /* from one row's top to the next */
#define BOX_H 20
#define LEFT 120 /* row names */
#define RIGHT 30
#define LEGEND_H 96
#define MIN_WIDTH 720

static const unsigned char scale[][3] = {
	{0xff, 0xff, 0xcc}, {0xff, 0xed, 0xa0}, {0xfe, 0xd9, 0x76},
	{0xfe, 0xb2, 0x4c}, {0xfd, 0x8d, 0x3c}, {0xfc, 0x4e, 0x2a},
	{0xe3, 0x1a, 0x1c}, {0xbd, 0x00, 0x26}, {0x80, 0x00, 0x26},
};

#define SCALE_STEPS (sizeof(scale) / sizeof(scale[0]))

const char oc_heatmap_top_colour[] = "#800026";

const char *oc_heatmap_colour(double load, double scale_max, char buf[8])
{
	double t = scale_max > 0 ? load / scale_max : 0, pos, frac;
	unsigned i, c, rgb[3];

	if (!(t > 0))
		t = 0;
	if (t > 1)
		t = 1;
	pos = t * (SCALE_STEPS - 1);
	i = (unsigned)pos;
	if (i >= SCALE_STEPS - 1)
		i = SCALE_STEPS - 2;
	frac = pos - i;
	for (c = 0; c < 3; c++)
		rgb[c] = (unsigned)(scale[i][c] +
				    (scale[i + 1][c] - scale[i][c]) * frac +
				    0.5);
	snprintf(buf, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
	return buf;
}

/* ---- geometry ------------------------------------------------------------ */

struct layout {
	const struct oc_heatmap *h;
	uint32_t *slot;	   /* [box] its place in its row */
	uint32_t *in_row;  /* [row] boxes */
	uint32_t *members; /* [row] switches */
	uint32_t widest;
	double pitch, box_w, width, height;
	int labels; /* names under the boxes */
};

static int layout_init(struct layout *l, const struct oc_heatmap *h,
		       struct oc_err *err)
{
	uint32_t b;

	l->h = h;
	l->slot = calloc(h->num_boxes + 1, sizeof(*l->slot));
	l->in_row = calloc(h->num_rows + 1, sizeof(*l->in_row));
	l->members = calloc(h->num_rows + 1, sizeof(*l->members));
	if (!l->slot || !l->in_row || !l->members)
		return oc_err_set(err, "heat map: out of memory");
	l->widest = 1;
	for (b = 0; b < h->num_boxes; b++) {
		uint32_t row = h->boxes[b].row;

		if (row >= h->num_rows)
			return oc_err_set(err,
					  "heat map: box %u in row %u of %u", b,
					  row, h->num_rows);
		l->slot[b] = l->in_row[row]++;
		l->members[row] += h->boxes[b].members;
		if (l->in_row[row] > l->widest)
			l->widest = l->in_row[row];
	}
	l->pitch = l->widest <= 16 ? 72 : l->widest <= 32 ? 40 : 24;
	l->labels = l->widest <= 16;
	l->box_w = l->pitch * (l->labels ? 0.85 : 0.7);
	l->width = LEFT + l->widest * l->pitch + RIGHT;
	if (l->width < MIN_WIDTH)
		l->width = MIN_WIDTH;
	l->height = TITLE_H + (h->num_rows ? h->num_rows - 1 : 0) * ROW_GAP +
		    BOX_H + 40 + LEGEND_H;
	return 0;
}

static void layout_free(struct layout *l)
{
	free(l->slot);
	free(l->in_row);
	free(l->members);
}

static double row_y(uint32_t row)
{
	return TITLE_H + (double)row * ROW_GAP;
}

static double box_x(const struct layout *l, uint32_t b)
{
	uint32_t row = l->h->boxes[b].row;
	double span = l->width - LEFT - RIGHT;
	double x0 = LEFT + (span - l->in_row[row] * l->pitch) / 2;

	return x0 + l->pitch * (l->slot[b] + 0.5);
}

/* ---- text ------------------------------------------------------------- */

/* One character of s, escaped for XML; the bytes it took. */
static size_t xml_char(FILE *out, const char *s)
{
	unsigned char c = (unsigned char)*s;
	size_t len;

	switch (c) {
	case '&':
		fputs("&amp;", out);
		return 1;
	case '<':
		fputs("&lt;", out);
		return 1;
	case '>':
		fputs("&gt;", out);
		return 1;
	case '"':
		fputs("&quot;", out);
		return 1;
	case '\'':
		fputs("&apos;", out);
		return 1;
	}
	if (c < 0x80) {
		/* control characters are not allowed in XML 1.0 */
		fputc(c < 0x20 || c == 0x7f ? ' ' : c, out);
		return 1;
	}
	len = oc_utf8_len((const unsigned char *)s);
	if (!len) {
		fputc('?', out); /* not UTF-8: the document says it is */
		return 1;
	}
	fwrite(s, 1, len, out);
	return len;
}

/* At most max characters of s (all: SIZE_MAX), escaped. */
static void xml_text_n(FILE *out, const char *s, size_t max)
{
	for (; s && *s && max; max--)
		s += xml_char(out, s);
}

static void xml_text(FILE *out, const char *s)
{
	xml_text_n(out, s, SIZE_MAX);
}

static void write_head(const struct layout *l, FILE *out)
{
	const struct oc_heatmap *h = l->h;

	fprintf(out,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
		"height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"font-family=\"sans-serif\">\n",
		l->width, l->height, l->width, l->height);
	fprintf(out,
		"<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	fprintf(out, "<text x=\"16\" y=\"28\" font-size=\"18\" "
		     "font-weight=\"bold\">");
	xml_text(out, h->title);
	fprintf(out, "</text>\n<text x=\"16\" y=\"50\" font-size=\"13\">");
	xml_text(out, h->subtitle);
	fprintf(out, "</text>\n");
	if (h->note) {
		fprintf(out, "<text x=\"16\" y=\"68\" font-size=\"12\" "
			     "fill=\"#555555\">");
		xml_text(out, h->note);
		fprintf(out, "</text>\n");
	}
}

static void write_rows(const struct layout *l, FILE *out)
{
	uint32_t r;

	for (r = 0; r < l->h->num_rows; r++) {
		fprintf(out,
			"<text class=\"row\" x=\"8\" y=\"%.1f\" "
			"font-size=\"12\">",
			row_y(r) + BOX_H * 0.7);
		xml_text(out, l->h->row_names[r]);
		fprintf(out, " (%u)</text>\n", l->members[r]);
	}
}

/* ---- links ------------------------------------------------------------- */

struct link_order {
	double load;
	uint32_t link;
};

static int by_load(const void *a, const void *b)
{
	const struct link_order *x = a, *y = b;

	if (x->load != y->load)
		return x->load < y->load ? -1 : 1;
	return x->link < y->link ? -1 : x->link > y->link;
}

static void link_title(const struct oc_heatmap *h,
		       const struct oc_heatmap_link *k, FILE *out)
{
	fprintf(out, "<title>");
	xml_text(out, h->boxes[k->from].name);
	fprintf(out, " -&gt; ");
	xml_text(out, h->boxes[k->to].name);
	if (k->members > 1)
		fprintf(out, ": %u links, max %.6g, mean %.6g</title>",
			k->members, k->load, k->mean);
	else
		fprintf(out, ": load %.6g</title>", k->load);
}

/* Between rows: a straight line, up-going ones to the left. */
static void write_line(const struct layout *l, const struct oc_heatmap_link *k,
		       const char *colour, double width, FILE *out)
{
	const struct oc_heatmap_box *a = &l->h->boxes[k->from];
	const struct oc_heatmap_box *b = &l->h->boxes[k->to];
	int up = b->row < a->row;
	double dx = (up ? -1 : 1) * (l->box_w / 6 < 3 ? l->box_w / 6 : 3);
	double ya = row_y(a->row) + (up ? 0 : BOX_H);
	double yb = row_y(b->row) + (up ? BOX_H : 0);

	fprintf(out,
		"<line class=\"link\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		"y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\" "
		"data-load=\"%.6g\">",
		box_x(l, k->from) + dx, ya, box_x(l, k->to) + dx, yb, colour,
		width, k->load);
}

/* Within a row: an arc, above the row from left to right, else below. */
static void write_arc(const struct layout *l, const struct oc_heatmap_link *k,
		      const char *colour, double width, FILE *out)
{
	double xa = box_x(l, k->from), xb = box_x(l, k->to);
	double y = row_y(l->h->boxes[k->from].row);
	int above = xa < xb;
	double bend = 14 + (xa < xb ? xb - xa : xa - xb) / 8;

	if (!above)
		y += BOX_H;
	if (bend > ROW_GAP / 3)
		bend = ROW_GAP / 3;
	fprintf(out,
		"<path class=\"link\" d=\"M%.1f %.1f Q%.1f %.1f %.1f %.1f\" "
		"fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" "
		"data-load=\"%.6g\">",
		xa, y, (xa + xb) / 2, above ? y - bend : y + bend, xb, y,
		colour, width, k->load);
}

static int check_links(const struct oc_heatmap *h, struct oc_err *err)
{
	uint32_t i;

	for (i = 0; i < h->num_links; i++)
		if (h->links[i].from >= h->num_boxes ||
		    h->links[i].to >= h->num_boxes)
			return oc_err_set(err,
					  "heat map: link %u names box %u or "
					  "%u of %u",
					  i, h->links[i].from, h->links[i].to,
					  h->num_boxes);
	return 0;
}

static int write_links(const struct layout *l, FILE *out, struct oc_err *err)
{
	const struct oc_heatmap *h = l->h;
	struct link_order *order = malloc(sizeof(*order) * (h->num_links + 1));
	double width = h->num_links > 1000 ? 1.0 : 2.0;
	uint32_t i;
	char colour[8];

	if (!order)
		return oc_err_set(err, "heat map: out of memory");
	for (i = 0; i < h->num_links; i++) {
		order[i].load = h->links[i].load;
		order[i].link = i;
	}
	qsort(order, h->num_links, sizeof(*order), by_load);
	fprintf(out, "<g id=\"links\" stroke-linecap=\"round\">\n");
	for (i = 0; i < h->num_links; i++) {
		const struct oc_heatmap_link *k = &h->links[order[i].link];

		oc_heatmap_colour(k->load, h->scale_max, colour);
		if (h->boxes[k->from].row == h->boxes[k->to].row)
			write_arc(l, k, colour, width, out);
		else
			write_line(l, k, colour, width, out);
		link_title(h, k, out);
		fprintf(out, "%s\n",
			h->boxes[k->from].row == h->boxes[k->to].row
				? "</path>"
				: "</line>");
	}
	fprintf(out, "</g>\n");
	free(order);
	return 0;
}

/* ---- boxes and legend ---------------------------------------------------- */

/* A name inside its box: at most max characters, else cut with "..". */
static void label(FILE *out, const char *name, size_t max)
{
	if (strlen(name) <= max || max < 4) {
		xml_text(out, name);
		return;
	}
	xml_text_n(out, name, max - 2);
	fputs("..", out);
}

static void write_boxes(const struct layout *l, FILE *out)
{
	const struct oc_heatmap *h = l->h;
	uint32_t b;

	fprintf(out, "<g id=\"switches\" font-size=\"8\" "
		     "text-anchor=\"middle\">\n");
	for (b = 0; b < h->num_boxes; b++) {
		const struct oc_heatmap_box *x = &h->boxes[b];
		double cx = box_x(l, b), y = row_y(x->row);

		fprintf(out,
			"<rect class=\"switch\" x=\"%.1f\" y=\"%.1f\" "
			"width=\"%.1f\" height=\"%d\" rx=\"3\" fill=\"%s\" "
			"stroke=\"#333333\"><title>",
			cx - l->box_w / 2, y, l->box_w, BOX_H,
			x->members > 1 ? "#d9d9d9" : "#f0f0f0");
		xml_text(out, x->name);
		if (x->members > 1)
			fprintf(out, " (%u switches)", x->members);
		fprintf(out, "</title></rect>\n");
		if (!l->labels)
			continue;
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">", cx, y + 13.5);
		label(out, x->name, (size_t)(l->box_w / 5));
		fprintf(out, "</text>\n");
	}
	fprintf(out, "</g>\n");
}

#define LEGEND_STEPS 32

/* The scale in LEGEND_STEPS rectangles (no gradient: every renderer draws
 * rectangles), with five numbers under it. */
static void write_legend(const struct layout *l, FILE *out)
{
	const struct oc_heatmap *h = l->h;
	double y = l->height - LEGEND_H + 30, x = LEFT, w = 320;
	unsigned i;
	char colour[8];

	fprintf(out, "<g id=\"legend\" font-size=\"11\">\n");
	fprintf(out, "<text x=\"8\" y=\"%.1f\">load</text>\n", y + 10);
	for (i = 0; i < LEGEND_STEPS; i++)
		fprintf(out,
			"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"12\" fill=\"%s\"/>\n",
			x + w * i / LEGEND_STEPS, y, w / LEGEND_STEPS + 0.5,
			oc_heatmap_colour(i, LEGEND_STEPS - 1, colour));
	fprintf(out,
		"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"12\" "
		"fill=\"none\" stroke=\"#333333\"/>\n",
		x, y, w);
	for (i = 0; i <= 4; i++)
		fprintf(out,
			"<text x=\"%.1f\" y=\"%.1f\" "
			"text-anchor=\"middle\">%.*f</text>\n",
			x + w * i / 4, y + 26, h->scale_max >= 100 ? 0 : 2,
			h->scale_max * i / 4);
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">", x + w + 16, y + 10);
	xml_text(out, h->unit);
	fprintf(out,
		"</text>\n<text x=\"8\" y=\"%.1f\">each cable is two "
		"lines: left the direction up (towards the top row), "
		"right down; within a row: arcs above left to right, "
		"below right to left</text>\n</g>\n",
		y + 48);
}

int oc_heatmap_svg_write(const struct oc_heatmap *h, FILE *out,
			 struct oc_err *err)
{
	struct layout l = {0};
	int ret = layout_init(&l, h, err) || check_links(h, err) ? -1 : 0;

	if (!ret) {
		write_head(&l, out);
		write_rows(&l, out);
		ret = write_links(&l, out, err);
	}
	if (!ret) {
		write_boxes(&l, out);
		write_legend(&l, out);
		fprintf(out, "</svg>\n");
		if (ferror(out))
			ret = oc_err_set(err, "heat map: write error");
	}
	layout_free(&l);
	return ret;
}
