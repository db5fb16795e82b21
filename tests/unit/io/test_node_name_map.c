/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_node_name_map.c - OpenSM's node name map: names with blanks and
 * '#', comments, and bad lines reported with file, line and problem,
 * nothing half-loaded.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "io/node_name_map.h"

static struct oc_name_map *read_map(const char *s, struct oc_err *err)
{
	FILE *in = fmemopen((void *)s, strlen(s), "r");
	struct oc_name_map *m;

	assert_non_null(in);
	m = oc_name_map_read(in, "names.map", err);
	fclose(in);
	return m;
}

static void reads_opensm_map(void **state)
{
	struct oc_err err = {{0}};
	struct oc_name_map *m = read_map(
		"# node name map\n"
		"\n"
		"0x0002c90300000001 \"spine-1 rack A\"\n"
		"   0x0002C90300000002\t\"leaf # 2\"   # the '#' inside is "
		"the name's\n"
		"0x10 \"x\"\r\n",
		&err);

	if (!m)
		fail_msg("%s", err.msg);
	assert_int_equal(oc_name_map_count(m), 3);
	assert_string_equal(oc_name_map_find(m, 0x0002c90300000001ULL),
			    "spine-1 rack A");
	assert_string_equal(oc_name_map_find(m, 0x0002c90300000002ULL),
			    "leaf # 2");
	assert_string_equal(oc_name_map_find(m, 0x10), "x");
	assert_null(oc_name_map_find(m, 0x11));
	assert_null(oc_name_map_find(NULL, 0x10));
	assert_int_equal(oc_name_map_count(NULL), 0);
	oc_name_map_free(m);
}

static void expect_error(const char *s, const char *msg)
{
	struct oc_err err = {{0}};
	struct oc_name_map *m = read_map(s, &err);

	assert_null(m);
	if (!strstr(err.msg, msg))
		fail_msg("got \"%s\", want \"%s\"", err.msg, msg);
}

static void bad_lines_name_file_and_line(void **state)
{
	expect_error("0x1 \"a\"\n0x2 b\n",
		     "names.map:2: expected a quoted, non-empty name");
	expect_error("0x1 \"\"\n", "names.map:1: expected a quoted");
	expect_error("0x1 \"a\n", "names.map:1: expected a quoted");
	expect_error("\n\n1234 \"a\"\n",
		     "names.map:3: bad node GUID \"1234\" (want 0x + hex)");
	expect_error("0x1\n", "names.map:1: expected <node GUID> \"<name>\"");
	expect_error("0x1 \"a\" extra\n",
		     "names.map:1: text after the name: \"extra");
	expect_error("0x1 \"a\"\n# x\n0x01 \"b\"\n",
		     "names.map:3: node 0x0000000000000001 listed twice "
		     "(first on line 1)");
	expect_error("0x1 \"a\tb\"\n", "names.map:1: node 0x0000000000000001: "
				       "the name is not printable ASCII");
}

static void missing_file_names_it(void **state)
{
	struct oc_err err = {{0}};

	assert_null(oc_name_map_load("/nonexistent/names.map", &err));
	assert_non_null(strstr(err.msg, "/nonexistent/names.map: No such"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_opensm_map),
		cmocka_unit_test(bad_lines_name_file_and_line),
		cmocka_unit_test(missing_file_names_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
