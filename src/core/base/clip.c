/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * clip.c - a text cut to a bound with "..." (see clip.h).
 */
#include <stdio.h>
#include <string.h>

#include "base/clip.h"
#include "base/utf8.h"

#define ELLIPSIS_LEN (sizeof(OC_CLIP_ELLIPSIS) - 1)

/* Where to cut s to keep at most max bytes: max, or earlier when a
 * valid UTF-8 sequence (at most 4 bytes, so it starts within the 3
 * bytes before) would be split. */
static size_t cut_at(const char *s, size_t max)
{
	size_t p = max, back;

	for (back = 0; back < 3 && p > 0; back++) {
		p--;
		if (((unsigned char)s[p] & 0xc0) != 0x80)
			break;
	}
	if (p < max && ((unsigned char)s[p] & 0xc0) == 0xc0 &&
	    p + oc_utf8_len((const unsigned char *)s + p) > max)
		return p;
	return max;
}

/* buf holds size - 1 bytes of a longer text: its end becomes "...".
 * The cut looks at most 3 bytes past itself: buf has them. */
static size_t end_with_ellipsis(char *buf, size_t size)
{
	size_t cut = cut_at(buf, size - 1 - ELLIPSIS_LEN);

	memcpy(buf + cut, OC_CLIP_ELLIPSIS, ELLIPSIS_LEN + 1);
	return cut + ELLIPSIS_LEN;
}

size_t oc_clip(char *buf, size_t size, const char *s, size_t len)
{
	size_t n = len < size ? len : size - 1;

	memcpy(buf, s, n);
	buf[n] = '\0';
	return len < size ? n : end_with_ellipsis(buf, size);
}

size_t oc_vformat_clipped(char *buf, size_t size, const char *fmt, va_list ap)
{
	int n = vsnprintf(buf, size, fmt, ap);

	if (n < 0) {
		buf[0] = '\0';
		return 0;
	}
	if ((size_t)n < size)
		return (size_t)n;
	return end_with_ellipsis(buf, size);
}

size_t oc_format_clipped(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	n = oc_vformat_clipped(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
