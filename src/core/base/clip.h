/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * clip.h - the one rule that keeps a text within a bound: a text that
 * does not fit is cut before the UTF-8 character the bound would split
 * and ends with "...".  Every log line of the plugin (src/osm/log.h) and
 * every echo of a client's words in it go through it, since OpenSM
 * formats a log line into a fixed buffer.
 */
#ifndef OC_CLIP_H
#define OC_CLIP_H

#include <stdarg.h>
#include <stddef.h>

#define OC_CLIP_ELLIPSIS "..."
#define OC_CLIP_MIN_SIZE (sizeof(OC_CLIP_ELLIPSIS)) /* "..." and its NUL */

/* Writes s (len bytes, NUL-terminated at len or later) to buf (size >=
 * OC_CLIP_MIN_SIZE bytes) with a NUL: whole when len < size, else its
 * start and "..." in size - 1 bytes.  Returns the length written. */
size_t oc_clip(char *buf, size_t size, const char *s, size_t len);

/* vsnprintf() into buf (size >= OC_CLIP_MIN_SIZE) with the same rule
 * for a text that does not fit; an encoding error gives "".  Returns
 * the length written. */
size_t oc_vformat_clipped(char *buf, size_t size, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

size_t oc_format_clipped(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
