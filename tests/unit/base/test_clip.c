/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_clip.c - the one rule that bounds a text (base/clip.h): a text
 * that fits is kept whole, a longer one ends with "..." within the
 * bound and never ends in the middle of a UTF-8 character, whatever the
 * bound and whatever the characters around the cut.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "base/clip.h"
#include "base/utf8.h"

#define BOUND 2048

/* Every byte of s of len bytes belongs to a whole UTF-8 character. */
static int whole_utf8(const char *s, size_t len)
{
	size_t at = 0, n;

	while (at < len) {
		n = oc_utf8_len((const unsigned char *)s + at);
		if (!n || at + n > len)
			return 0;
		at += n;
	}
	return 1;
}

static int ends_with_dots(const char *s, size_t len)
{
	return len >= 3 && !strcmp(s + len - 3, OC_CLIP_ELLIPSIS);
}

static void keeps_what_fits(void **state)
{
	char buf[16];

	assert_int_equal(oc_clip(buf, sizeof(buf), "hello", 5), 5);
	assert_string_equal(buf, "hello");
	assert_int_equal(oc_clip(buf, sizeof(buf), "", 0), 0);
	assert_string_equal(buf, "");
	/* 15 bytes fit a buffer of 16, 16 do not */
	assert_int_equal(oc_clip(buf, sizeof(buf), "0123456789abcde", 15), 15);
	assert_string_equal(buf, "0123456789abcde");
	assert_int_equal(oc_clip(buf, sizeof(buf), "0123456789abcdef", 16), 15);
	assert_string_equal(buf, "0123456789ab...");
	assert_int_equal(oc_format_clipped(buf, sizeof(buf), "%s=%d", "a", 7),
			 3);
	assert_string_equal(buf, "a=7");
	assert_int_equal(oc_clip(buf, OC_CLIP_MIN_SIZE, "long", 4), 3);
	assert_string_equal(buf, "...");
}

/* The line: a message of 10,000 bytes. */
static void clips_a_long_message(void **state)
{
	char *msg = malloc(10001), line[BOUND];
	size_t n;

	assert_non_null(msg);
	memset(msg, 'x', 10000);
	msg[10000] = '\0';
	n = oc_format_clipped(line, sizeof(line), "ctl #%d: %s -> %s", 7, msg,
			      "bad-request");
	assert_int_equal(n, strlen(line));
	assert_true(n <= BOUND - 1);
	assert_int_equal(n, BOUND - 1);
	assert_true(ends_with_dots(line, n));
	assert_memory_equal(line, "ctl #7: xxx", 11);
	free(msg);
}

/* Characters of 1 to 4 bytes with the cut at every offset: the output
 * stays within the bound, ends with "...", and is whole UTF-8. */
static void never_splits_a_character(void **state)
{
	static const char *const chars[] = {"x", "\xc3\xa9", "\xe2\x82\xac",
					    "\xf0\x9f\x90\xa7"};
	char *text = malloc(10001), buf[64];
	unsigned c, shift, size;

	assert_non_null(text);
	for (c = 0; c < 4; c++)
		for (shift = 0; shift < 4; shift++) {
			size_t len = shift, clen = strlen(chars[c]), n;

			memset(text, 'a', shift);
			while (len + clen <= 10000) {
				memcpy(text + len, chars[c], clen);
				len += clen;
			}
			text[len] = '\0';
			for (size = OC_CLIP_MIN_SIZE; size <= sizeof(buf);
			     size++) {
				n = oc_clip(buf, size, text, len);
				assert_true(n < size);
				assert_int_equal(n, strlen(buf));
				assert_true(ends_with_dots(buf, n));
				assert_true(whole_utf8(buf, n));
				/* at most 3 bytes given up for a character */
				assert_true(n + 3 >= size - 1);
				n = oc_format_clipped(buf, size, "%s", text);
				assert_true(n < size && ends_with_dots(buf, n));
				assert_true(whole_utf8(buf, n));
			}
		}
	free(text);
}

/* Bytes that are no UTF-8 are cut like any byte: still bounded. */
static void bounds_invalid_utf8(void **state)
{
	char text[5000], buf[100];
	size_t n, i;

	for (i = 0; i < sizeof(text) - 1; i++)
		text[i] = (char)(0x80 | (i * 37 % 0x7f));
	text[sizeof(text) - 1] = '\0';
	n = oc_clip(buf, sizeof(buf), text, strlen(text));
	assert_true(n < sizeof(buf) && ends_with_dots(buf, n));
	n = oc_format_clipped(buf, sizeof(buf), "%s", text);
	assert_true(n < sizeof(buf) && ends_with_dots(buf, n));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(keeps_what_fits),
		cmocka_unit_test(clips_a_long_message),
		cmocka_unit_test(never_splits_a_character),
		cmocka_unit_test(bounds_invalid_utf8),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
