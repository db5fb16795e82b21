/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_heatmap_svg.c - the heat map's SVG: one element of class "link"
 * per line given, the hottest in the scale's top colour, the scale's
 * ends, names escaped for XML (bytes that are not UTF-8 replaced), a line naming a box that does not exist
 * refused before anything is written.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "io/heatmap_svg.h"

static const char *const rows[] = {"root", "leaf"};

static const struct oc_heatmap_box boxes[] = {
	{"top", 0, 1},
	{"a<&\"'>b", 1, 1},
	{"sw-1 .. sw-9", 1, 9},
};

static const struct oc_heatmap_link links[] = {
	{0, 1, 10, 10, 1}, {1, 0, 2.5, 2.5, 1}, {0, 2, 5, 3, 9},
	{2, 0, 0, 0, 9},   {1, 2, 7, 7, 1},
};

static struct oc_heatmap sample(void)
{
	struct oc_heatmap h = {
		.title = "link load: x.net",
		.subtitle = "max 10",
		.unit = "routes",
		.row_names = rows,
		.num_rows = 2,
		.boxes = boxes,
		.num_boxes = 3,
		.links = links,
		.num_links = 5,
		.scale_max = 10,
	};

	return h;
}

/* The picture in a malloc'd string. */
static char *write_svg(const struct oc_heatmap *h, int *ret, struct oc_err *err)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	*ret = oc_heatmap_svg_write(h, out, err);
	assert_int_equal(fclose(out), 0);
	return text;
}

static unsigned count(const char *text, const char *what)
{
	unsigned n = 0;

	for (; (text = strstr(text, what)); text++)
		n++;
	return n;
}

/* The element holding data-load="load": its stroke colour. */
static void stroke_of(const char *text, const char *load, char colour[8])
{
	char key[64];
	const char *at, *start, *stroke;

	snprintf(key, sizeof(key), "data-load=\"%s\"", load);
	at = strstr(text, key);
	assert_non_null(at);
	for (start = at; start > text && *start != '<'; start--)
		;
	stroke = strstr(start, "stroke=\"");
	assert_non_null(stroke);
	assert_true(stroke < at);
	memcpy(colour, stroke + 8, 7);
	colour[7] = 0;
}

static void one_element_per_link(void **state)
{
	struct oc_heatmap h = sample();
	struct oc_err err = {{0}};
	int ret;
	char *text = write_svg(&h, &ret, &err);

	assert_int_equal(ret, 0);
	assert_int_equal(count(text, "class=\"link\""), 5);
	/* two rows apart: lines; within a row: an arc */
	assert_int_equal(count(text, "<line class=\"link\""), 4);
	assert_int_equal(count(text, "<path class=\"link\""), 1);
	assert_int_equal(count(text, "class=\"switch\""), 3);
	assert_non_null(strstr(text, "</svg>\n"));
	free(text);
}

static void hottest_in_the_top_colour(void **state)
{
	struct oc_heatmap h = sample();
	struct oc_err err = {{0}};
	char colour[8], buf[8];
	int ret;
	char *text = write_svg(&h, &ret, &err);

	stroke_of(text, "10", colour);
	assert_string_equal(colour, oc_heatmap_top_colour);
	stroke_of(text, "0", colour);
	assert_string_equal(colour, "#ffffcc");
	stroke_of(text, "5", colour);
	assert_string_equal(colour, oc_heatmap_colour(5, 10, buf));
	/* drawn last, on top of the others */
	assert_true(strstr(text, "data-load=\"10\"") >
		    strstr(text, "data-load=\"7\""));
	free(text);
}

static void scale_ends(void **state)
{
	char buf[8];

	assert_string_equal(oc_heatmap_colour(0, 10, buf), "#ffffcc");
	assert_string_equal(oc_heatmap_colour(10, 10, buf), "#800026");
	assert_string_equal(oc_heatmap_colour(99, 10, buf), "#800026");
	assert_string_equal(oc_heatmap_colour(-1, 10, buf), "#ffffcc");
	assert_string_equal(oc_heatmap_colour(3, 0, buf), "#ffffcc");
	assert_string_not_equal(oc_heatmap_colour(5, 10, buf), "#ffffcc");
}

static void names_are_escaped(void **state)
{
	struct oc_heatmap h = sample();
	struct oc_err err = {{0}};
	int ret;
	char *text;

	h.title = "t<1> & \"q\"";
	text = write_svg(&h, &ret, &err);
	assert_non_null(strstr(text, "a&lt;&amp;&quot;&apos;&gt;b"));
	assert_null(strstr(text, "a<&"));
	assert_non_null(strstr(text, "t&lt;1&gt; &amp; &quot;q&quot;"));
	free(text);
	/* UTF-8 kept; a stray byte, an overlong form, a control character
	 * replaced: the document stays well-formed */
	h.title = "sw-\xc3\xa9t\xc3\xa9 \xff \xc0\xaf \x01.";
	text = write_svg(&h, &ret, &err);
	assert_non_null(strstr(text, ">sw-\xc3\xa9t\xc3\xa9 ? ??  .</text>"));
	free(text);
}

static void refuses_a_link_to_no_box(void **state)
{
	struct oc_heatmap_link bad[] = {{0, 3, 1, 1, 1}};
	struct oc_heatmap h = sample();
	struct oc_err err = {{0}};
	int ret;
	char *text;

	h.links = bad;
	h.num_links = 1;
	text = write_svg(&h, &ret, &err);
	assert_int_equal(ret, -1);
	assert_string_equal(err.msg, "heat map: link 0 names box 0 or 3 of 3");
	assert_int_equal(strlen(text), 0);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_element_per_link),
		cmocka_unit_test(hottest_in_the_top_colour),
		cmocka_unit_test(scale_ends),
		cmocka_unit_test(names_are_escaped),
		cmocka_unit_test(refuses_a_link_to_no_box),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
