/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_ctl_json.c - the control socket's JSON (jansson and the
 * protocol's rules): strict parsing with errors that name the column and
 * never echo the request, quoting of any string, and malformed inputs
 * (every truncation and byte flip of valid requests, random bytes) that
 * must fail cleanly.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "io/ctl_json.h"
#include "io/json_out.h"
#include "base/rand.h"

static void parses_request(void **state)
{
	struct oc_json_obj o;
	struct oc_err err = {{0}};
	const struct oc_json_member *m;

	assert_int_equal(
		oc_json_parse(" {\"id\": \"r1\", \"op\":\"migrate\",\"vm\":"
			      "\"vm-3\", \"dest\": \"hv5 mlx5_0\", \"weight\":"
			      " -1.5e2, \"dry\": false, \"x\": null, "
			      "\"t\":true}\r\n",
			      &o, &err),
		0);
	assert_int_equal(o.n, 8);
	assert_string_equal(oc_json_find(&o, "id")->text, "r1");
	assert_string_equal(oc_json_find(&o, "dest")->text, "hv5 mlx5_0");
	m = oc_json_find(&o, "weight");
	assert_int_equal(m->type, OC_JSON_NUMBER);
	/* a number's text: its value's shortest form, not the literal */
	assert_string_equal(m->text, "-150");
	assert_true(m->num == -150.0);
	assert_int_equal(oc_json_find(&o, "dry")->type, OC_JSON_FALSE);
	assert_int_equal(oc_json_find(&o, "x")->type, OC_JSON_NULL);
	assert_int_equal(oc_json_find(&o, "t")->type, OC_JSON_TRUE);
	assert_null(oc_json_find(&o, "nope"));
	oc_json_obj_free(&o);
	assert_int_equal(oc_json_parse("{}", &o, &err), 0);
	assert_int_equal(o.n, 0);
	oc_json_obj_free(&o);
}

static void decodes_escapes(void **state)
{
	struct oc_json_obj o;
	struct oc_err err = {{0}};

	assert_int_equal(oc_json_parse("{\"s\":\"a\\\"b\\\\c\\/d\\n\\t"
				       "\\u00e9\\ud83d\\ude00\\u20ac\"}",
				       &o, &err),
			 0);
	assert_string_equal(
		oc_json_find(&o, "s")->text,
		"a\"b\\c/d\n\t\xc3\xa9\xf0\x9f\x98\x80\xe2\x82\xac");
	oc_json_obj_free(&o);
	/* raw UTF-8 passes */
	assert_int_equal(oc_json_parse("{\"s\":\"\xc3\xa9\"}", &o, &err), 0);
	assert_string_equal(oc_json_find(&o, "s")->text, "\xc3\xa9");
	oc_json_obj_free(&o);
}

/* text must fail with an error containing want, which never holds the
 * request's own bytes beyond member names. */
static void refuses(const char *text, const char *want)
{
	struct oc_json_obj o;
	struct oc_err err = {{0}};

	if (oc_json_parse(text, &o, &err) != -1)
		fail_msg("accepted: %s", text);
	if (!strstr(err.msg, want))
		fail_msg("%s: got \"%s\", want \"%s\"", text, err.msg, want);
	assert_null(o.root);
}

static void refuses_malformed(void **state)
{
	refuses("", "column 1: a request is one JSON object");
	refuses("migrate vm hv", "column 1: a request is one JSON object");
	refuses("[1]", "'{' expected");
	refuses("{", "a member name (a string) expected");
	refuses("{\"a\":1", "',' or '}' expected");
	refuses("{\"a\":1,}", "column 8: a member name");
	refuses("{\"a\" 1}", "':' expected");
	refuses("{\"a\":}", "a value expected");
	refuses("{\"a\":1}x", "column 8: text after the object");
	refuses("{\"a\":1}{}", "text after the object");
	refuses("{\"a\":{}}", "nested objects and arrays");
	refuses("{\"a\":[1]}", "nested objects and arrays");
	refuses("{\"a\":1,\"a\":2}", "column 8: member \"a\" given twice");
	refuses("{\"a\":01}", "column 6: a malformed number");
	refuses("{\"a\":-}", "a malformed number");
	refuses("{\"a\":1.}", "a malformed number");
	refuses("{\"a\":1e}", "a malformed number");
	refuses("{\"a\":1e999}", "a number too big");
	refuses("{\"a\":+1}", "a value expected");
	refuses("{\"a\":tru}", "a value expected");
	refuses("{\"a\":\"x}", "unterminated string");
	refuses("{\"a\":\"x\ty\"}", "column 8: a control character in a "
				    "string");
	refuses("{\"a\":\"\\x\"}", "an invalid escape");
	refuses("{\"a\":\"\\u12\"}", "an invalid escape");
	refuses("{\"a\":\"\\u0000\"}", "\\u0000 is not allowed");
	refuses("{\"a\":\"\\udc00\"}", "an unpaired surrogate");
	refuses("{\"a\":\"\\ud800x\"}", "an unpaired surrogate");
	refuses("{\"a\":\"\\ud800\\u0041\"}", "an unpaired surrogate");
	refuses("{\"a\":\"\xff\"}", "column 7: invalid UTF-8");
	refuses("{\"a\":\"\xc0\xaf\"}", "invalid UTF-8");     /* overlong */
	refuses("{\"a\":\"\xed\xa0\x80\"}", "invalid UTF-8"); /* surrogate */
	refuses("{\"a\":\"\xe2\x82\"}", "invalid UTF-8");     /* cut */
	refuses("{\"\":1}", "member name must be printable ASCII");
	refuses("{\"\\u001b[2J\":1}", "member name must be printable ASCII");
	refuses("{\"a\":1,\"b\x7f\":2}", "column 8: a member name must be "
					 "printable ASCII");
	refuses("{\"a\":1,\"bb\":[2]}", "column 13: nested objects");
}

/* A reply may hold arrays and objects (the "vms" of the vms op): kept as
 * their JSON, checked as strictly as the rest. */
static void parses_reply(void **state)
{
	struct oc_json_obj obj;
	struct oc_err err = {{0}};
	char deep[64];
	int i;

	assert_int_equal(oc_json_parse_reply("{\"code\":0,\"vms\":[{\"n\":"
					     "\"a\\\"\",\"l\":[1,true,null]},"
					     "{}],\"e\":[]}",
					     &obj, &err),
			 0);
	assert_int_equal(oc_json_find(&obj, "vms")->type, OC_JSON_NESTED);
	assert_string_equal(oc_json_find(&obj, "vms")->text,
			    "[{\"n\":\"a\\\"\",\"l\":[1,true,null]},{}]");
	assert_string_equal(oc_json_find(&obj, "e")->text, "[]");
	assert_string_equal(oc_json_type_name(OC_JSON_NESTED), "nested");
	oc_json_obj_free(&obj);
	assert_int_equal(oc_json_parse_reply("{\"a\":[1,}", &obj, &err), -1);
	assert_string_equal(err.msg, "column 9: a value expected (string, "
				     "number, true, false or null)");
	assert_int_equal(oc_json_parse_reply("{\"a\":{\"b\" 1}}", &obj, &err),
			 -1);
	assert_string_equal(err.msg,
			    "column 11: ':' expected after a member name");
	for (i = 0; i < 17; i++)
		deep[i] = '[';
	strcpy(deep + 17, "]");
	assert_int_equal(oc_json_parse_reply(deep, &obj, &err), -1);
	assert_string_equal(err.msg, "column 1: a reply is one JSON object: "
				     "'{' expected");
	snprintf(deep, sizeof(deep), "{\"a\":%.*s}", 17, "[[[[[[[[[[[[[[[[[");
	assert_int_equal(oc_json_parse_reply(deep, &obj, &err), -1);
	assert_string_equal(err.msg, "column 22: arrays and objects nested "
				     "too deep");
}

static void refuses_too_many_members(void **state)
{
	char text[2048];
	size_t len = 0;
	unsigned i;

	text[len++] = '{';
	for (i = 0; i <= OC_JSON_MAX_MEMBERS; i++)
		len += sprintf(text + len, "%s\"k%u\":%u", i ? "," : "", i, i);
	text[len++] = '}';
	text[len] = '\0';
	refuses(text, "too many members");
}

/* Whatever goes in, the writer (jansson, io/json_out.h) makes a string
 * the parser takes back; a byte that is not UTF-8 becomes U+FFFD. */
static void quotes_anything(void **state)
{
	static const char *const cases[][2] = {
		{"plain", "\"plain\""},
		{"a\"b\\c", "\"a\\\"b\\\\c\""},
		{"\x1b[2J\n\x7f", "\"\\u001B[2J\\n\x7f\""},
		{"\xc3\xa9", "\"\xc3\xa9\""},
		{"bad \xff byte", "\"bad \xef\xbf\xbd byte\""},
	};
	unsigned i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *q = oc_json_quoted(cases[i][0]), *req;
		struct oc_json_obj o;
		struct oc_err err = {{0}};

		assert_string_equal(q, cases[i][1]);
		assert_true(asprintf(&req, "{\"v\":%s}", q) > 0);
		assert_int_equal(oc_json_parse(req, &o, &err), 0);
		if (i != 4)
			assert_string_equal(oc_json_find(&o, "v")->text,
					    cases[i][0]);
		oc_json_obj_free(&o);
		free(req);
		free(q);
	}
}

/* The issue's hostile words, quoted for a log line in at most 258
 * bytes: each fits, ends with ..." when cut, and parses back. */
static void quotes_within_a_bound(void **state)
{
	static const struct {
		int byte, count;
	} cases[] = {{'x', 2100}, {1, 600},   {'"', 1100}, {0xff, 3000},
		     {'9', 3000}, {'a', 256}, {'a', 100}};
	char text[4096];
	unsigned i;
	size_t max;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (max = OC_JSON_QUOTED_MIN; max <= 258; max += 253) {
			char *q, *req;
			struct oc_json_obj o;
			struct oc_err err = {{0}};
			int cut = cases[i].count > 256;

			memset(text, cases[i].byte, cases[i].count);
			text[cases[i].count] = '\0';
			q = oc_json_quoted_clipped(text, max);
			assert_non_null(q);
			assert_true(strlen(q) <= max);
			if (cut || max < 258)
				assert_string_equal(q + strlen(q) - 4, "...\"");
			else
				assert_int_equal(strlen(q), cases[i].count + 2);
			assert_true(asprintf(&req, "{\"v\":%s}", q) > 0);
			assert_int_equal(oc_json_parse(req, &o, &err), 0);
			oc_json_obj_free(&o);
			free(req);
			free(q);
		}
}

/* Every prefix of a valid request but the whole is refused; every
 * single-byte change either parses or fails with a column inside the
 * text; random bytes never crash. */
static void survives_malformed(void **state)
{
	static const char req[] =
		"{\"id\":\"r\\u00e9\",\"op\":\"migrate\",\"vm\":\"vm-1\","
		"\"dest\":\"0x0002c90300000005\",\"n\":-12.5e+3,\"b\":true}";
	size_t len = strlen(req), i;
	char buf[sizeof(req)], rnd[64];
	struct oc_json_obj o;
	struct oc_err err;
	uint64_t seed = 12345;
	unsigned k, j, ok = 0;

	for (i = 0; i < len; i++) {
		memcpy(buf, req, i);
		buf[i] = '\0';
		assert_int_equal(oc_json_parse(buf, &o, &err), -1);
		assert_non_null(strstr(err.msg, "column "));
	}
	for (i = 0; i < len; i++)
		for (k = 1; k < 256; k++) {
			unsigned col;

			memcpy(buf, req, len + 1);
			buf[i] = (char)k;
			if (!oc_json_parse(buf, &o, &err)) {
				ok++;
				oc_json_obj_free(&o);
				continue;
			}
			assert_int_equal(sscanf(err.msg, "column %u", &col), 1);
			assert_true(col >= 1 && col <= len + 1);
		}
	assert_true(ok > 0);
	for (k = 0; k < 20000; k++) {
		unsigned n = 1 + oc_rand_next(&seed) % (sizeof(rnd) - 1);

		for (j = 0; j < n; j++) {
			/* mostly JSON's own characters */
			static const char alpha[] = "{}[]\":,\\u0123456789abef"
						    "-+.eEtrunl \t";
			uint64_t r = oc_rand_next(&seed);

			rnd[j] = r % 4 ? alpha[r % (sizeof(alpha) - 1)]
				       : (char)(1 + r % 255);
		}
		rnd[n] = '\0';
		if (!oc_json_parse(rnd, &o, &err))
			oc_json_obj_free(&o);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_request),
		cmocka_unit_test(decodes_escapes),
		cmocka_unit_test(refuses_malformed),
		cmocka_unit_test(parses_reply),
		cmocka_unit_test(refuses_too_many_members),
		cmocka_unit_test(quotes_anything),
		cmocka_unit_test(quotes_within_a_bound),
		cmocka_unit_test(survives_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
