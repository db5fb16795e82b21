/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_acm_opts.c - the ibacm provider's options in ibacm_opts.cfg
 * (io/acm_opts.h): the default, a value read among ibacm's own lines,
 * bad osmcloud_ lines refused with file and line and the options left
 * unchanged, a missing file.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "io/acm_opts.h"

static int read_text(const char *s, struct oc_acm_opts *o, struct oc_err *err)
{
	FILE *in = fmemopen((void *)s, strlen(s), "r");
	int ret;

	assert_non_null(in);
	ret = oc_acm_opts_read(in, "ibacm_opts.cfg", o, err);
	fclose(in);
	return ret;
}

static void default_capacity(void **state)
{
	struct oc_acm_opts o;
	struct oc_err err;

	oc_acm_opts_defaults(&o);
	assert_int_equal(o.capacity, OC_ACM_CAPACITY_DEFAULT);
	/* ibacm's own lines and other providers' are not ours */
	assert_int_equal(read_text("# ibacm\nlog_level 1\nprovider osmcloud "
				   "default\nroute_prot sa\n\n   \n",
				   &o, &err),
			 0);
	assert_int_equal(o.capacity, OC_ACM_CAPACITY_DEFAULT);
}

static void capacity_read(void **state)
{
	struct oc_acm_opts o;
	struct oc_err err;

	oc_acm_opts_defaults(&o);
	assert_int_equal(
		read_text("log_level 1\n  osmcloud_pathcache_capacity"
			  "\t16384\r\n# osmcloud_pathcache_capacity 1\n",
			  &o, &err),
		0);
	assert_int_equal(o.capacity, 16384);
	assert_int_equal(read_text("osmcloud_pathcache_capacity 1048576\n", &o,
				   &err),
			 0);
	assert_int_equal(o.capacity, OC_ACM_CAPACITY_MAX);
}

static void bad_lines_refused(void **state)
{
	static const struct {
		const char *text, *want;
	} bad[] = {
		{"osmcloud_pathcache_capacity 0\n",
		 "ibacm_opts.cfg:1: bad osmcloud_pathcache_capacity \"0\""},
		{"x 1\nosmcloud_pathcache_capacity 1048577\n",
		 "ibacm_opts.cfg:2: bad osmcloud_pathcache_capacity"},
		{"osmcloud_pathcache_capacity -5\n", "ibacm_opts.cfg:1: bad"},
		{"osmcloud_pathcache_capacity 99999999999999999999\n",
		 "ibacm_opts.cfg:1: bad"},
		{"osmcloud_pathcache_capacity 0x10\n", "ibacm_opts.cfg:1: bad"},
		{"osmcloud_pathcache_capacity\n",
		 "ibacm_opts.cfg:1: expected \"osmcloud_pathcache_capacity <N>\", "
		 "got no value"},
		{"osmcloud_pathcache_capacity 1 2\n", "more than one value"},
		{"#\nosmcloud_cache 5\n",
		 "ibacm_opts.cfg:2: unknown option \"osmcloud_cache\""},
	};
	struct oc_acm_opts o;
	struct oc_err err;
	unsigned i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		oc_acm_opts_defaults(&o);
		o.capacity = 77;
		assert_int_equal(read_text(bad[i].text, &o, &err), -1);
		if (!strstr(err.msg, bad[i].want))
			fail_msg("\"%s\": got \"%s\"", bad[i].text, err.msg);
		assert_int_equal(o.capacity, 77); /* unchanged */
	}
}

static void missing_file_keeps_defaults(void **state)
{
	struct oc_acm_opts o;
	struct oc_err err;

	oc_acm_opts_defaults(&o);
	assert_int_equal(
		oc_acm_opts_load("/nonexistent/ibacm_opts.cfg", &o, &err), 0);
	assert_int_equal(o.capacity, OC_ACM_CAPACITY_DEFAULT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(default_capacity),
		cmocka_unit_test(capacity_read),
		cmocka_unit_test(bad_lines_refused),
		cmocka_unit_test(missing_file_keeps_defaults),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
