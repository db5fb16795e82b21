/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_regular_file.c - only a regular file of a bounded size is read
 * (a FIFO is refused at once, /dev/zero and a directory too, a link only
 * where links are allowed), and a line has a bounded length.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "testlib.h"
#include "base/regular_file.h"
#include "base/textscan.h"

/* A test that would block in open() or read() is ended by SIGALRM (the
 * test then fails) instead of hanging the suite. */
#define HANG_GUARD_S 10

static void assert_contains(const char *s, const char *part)
{
	if (!strstr(s, part))
		fail_msg("\"%s\" does not contain \"%s\"", s, part);
}

/* oc_fopen_regular refuses path with a message holding what. */
static void assert_refused(const char *path, enum oc_open_link link, off_t max,
			   const char *what)
{
	struct oc_err err = {{0}};
	FILE *in;

	alarm(HANG_GUARD_S);
	in = oc_fopen_regular(path, link, max, &err);
	alarm(0);
	if (in)
		fclose(in);
	assert_null(in);
	assert_contains(err.msg, path);
	assert_contains(err.msg, what);
}

static void test_regular_file_read(void **state)
{
	const char *path = tl_path("plain");
	struct oc_err err;
	char buf[16] = "";
	FILE *in;

	(void)state;
	tl_write_file(path, "hello\n");
	in = oc_fopen_regular(path, OC_OPEN_NOFOLLOW, 6, &err);
	assert_non_null(in);
	assert_non_null(fgets(buf, sizeof(buf), in));
	assert_string_equal(buf, "hello\n");
	fclose(in);
}

static void test_missing_is_enoent(void **state)
{
	const char *path = tl_path("no-such-file");
	struct oc_err err;

	(void)state;
	assert_null(oc_fopen_regular(path, OC_OPEN_FOLLOW, 10, &err));
	assert_int_equal(errno, ENOENT);
	assert_contains(err.msg, "No such file");
}

static void test_fifo_refused_at_once(void **state)
{
	const char *path = tl_path("fifo");

	(void)state;
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_refused(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES,
		       "is a FIFO, not a regular file");
	assert_refused(path, OC_OPEN_NOFOLLOW, OC_STATE_MAX_BYTES,
		       "is a FIFO, not a regular file");
	assert_int_equal(errno, EINVAL);
}

static void test_link_to_dev_zero_refused(void **state)
{
	const char *path = tl_path("zero-link");

	(void)state;
	assert_int_equal(symlink("/dev/zero", path), 0);
	assert_refused(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES,
		       "is a character device, not a regular file");
	assert_refused(path, OC_OPEN_NOFOLLOW, OC_STATE_MAX_BYTES,
		       "is a symbolic link");
	assert_refused("/dev/zero", OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES,
		       "is a character device");
}

/* A read-only input may be a link to a regular file; the state file not. */
static void test_link_to_file(void **state)
{
	const char *target = tl_path("target"), *path = tl_path("link");
	struct oc_err err;
	FILE *in;

	(void)state;
	tl_write_file(target, "x\n");
	assert_int_equal(symlink(target, path), 0);
	in = oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, &err);
	assert_non_null(in);
	fclose(in);
	assert_refused(path, OC_OPEN_NOFOLLOW, OC_STATE_MAX_BYTES,
		       "is a symbolic link");
}

static void test_directory_refused(void **state)
{
	const char *path = tl_path("folder");

	(void)state;
	assert_int_equal(mkdir(path, 0700), 0);
	assert_refused(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES,
		       "is a directory, not a regular file");
}

static void test_oversize_refused(void **state)
{
	const char *path = tl_path("big");
	struct oc_err err;
	FILE *in;

	(void)state;
	tl_write_file(path, "0123456789\n");
	assert_refused(path, OC_OPEN_FOLLOW, 10,
		       "11 bytes, more than the 10 such a file may have");
	in = oc_fopen_regular(path, OC_OPEN_FOLLOW, 11, &err);
	assert_non_null(in);
	fclose(in);
}

static int count_line(void *ctx, char *line, unsigned lineno,
		      struct oc_err *err)
{
	(void)line;
	(void)lineno;
	(void)err;
	++*(unsigned *)ctx;
	return 0;
}

static void test_long_line_refused(void **state)
{
	const char *path = tl_path("long-line");
	size_t len = OC_LINE_MAX + 10;
	/* "first\n", len x, "\nlast\n" and its NUL */
	char *text = malloc(6 + len + sizeof("\nlast\n"));
	struct oc_err err = {{0}};
	unsigned lines = 0;
	FILE *in;

	(void)state;
	assert_non_null(text);
	memcpy(text, "first\n", 6);
	memset(text + 6, 'x', len);
	strcpy(text + 6 + len, "\nlast\n");
	tl_write_file(path, text);
	free(text);
	in = fopen(path, "r");
	assert_non_null(in);
	assert_int_equal(oc_read_lines(in, path, count_line, &lines, &err), -1);
	fclose(in);
	assert_int_equal(lines, 1);
	assert_contains(err.msg, path);
	assert_contains(err.msg, ":2: a line longer than 1048576 bytes");
}

/* /dev/zero has no line end: the reader stops at the bound (its memory
 * too) instead of growing until the host runs out. */
static void test_endless_line_bounded(void **state)
{
	struct oc_err err = {{0}};
	unsigned lines = 0;
	FILE *in = fopen("/dev/zero", "r");

	(void)state;
	assert_non_null(in);
	alarm(HANG_GUARD_S);
	assert_int_equal(
		oc_read_lines(in, "/dev/zero", count_line, &lines, &err), -1);
	alarm(0);
	fclose(in);
	assert_int_equal(lines, 0);
	assert_contains(err.msg, "/dev/zero:1: a line longer than");
}

/* oc_getline reads as getline does: the newline kept, a last line
 * without one, then the end. */
static void test_getline_lines(void **state)
{
	const char *path = tl_path("lines");
	char *line = NULL;
	size_t cap = 0;
	FILE *in;

	(void)state;
	tl_write_file(path, "a\n\nlast");
	in = fopen(path, "r");
	assert_non_null(in);
	assert_int_equal(oc_getline(&line, &cap, in), 2);
	assert_string_equal(line, "a\n");
	assert_int_equal(oc_getline(&line, &cap, in), 1);
	assert_string_equal(line, "\n");
	assert_int_equal(oc_getline(&line, &cap, in), 4);
	assert_string_equal(line, "last");
	assert_int_equal(oc_getline(&line, &cap, in), -1);
	assert_true(feof(in));
	free(line);
	fclose(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regular_file_read),
		cmocka_unit_test(test_missing_is_enoent),
		cmocka_unit_test(test_fifo_refused_at_once),
		cmocka_unit_test(test_link_to_dev_zero_refused),
		cmocka_unit_test(test_link_to_file),
		cmocka_unit_test(test_directory_refused),
		cmocka_unit_test(test_oversize_refused),
		cmocka_unit_test(test_long_line_refused),
		cmocka_unit_test(test_endless_line_bounded),
		cmocka_unit_test(test_getline_lines),
	};

	return cmocka_run_group_tests(tests, tl_scratch_setup,
				      tl_scratch_teardown);
}
