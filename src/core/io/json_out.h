/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * json_out.h - the one way osmcloud writes JSON (jansson): the reports of
 * the osmcloud command's --json and the control socket's replies.
 *
 * Output is compact (no blanks: "key":value), members in insertion order,
 * one object per line.  A figure the text output shows with N decimals
 * goes into JSON rounded to N decimals and is printed with its shortest
 * form (0.5, not 0.500000; 3.601, not 3.6010000000000002).
 */
#ifndef OC_JSON_OUT_H
#define OC_JSON_OUT_H

#include <stdio.h>

#include <jansson.h>

/* json_dumpf's flags for every writer: compact, 15 significant digits
 * (every value rounded by oc_json_fixed() prints exactly). */
#define OC_JSON_FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(15))

/* value rounded to decimals places as a JSON real; null when value is
 * not finite (JSON has no NaN or infinity).  NULL: out of memory. */
json_t *oc_json_fixed(double value, unsigned decimals);

/* s as a JSON string even when it is not valid UTF-8 (a byte that does
 * not start a valid sequence becomes U+FFFD); NULL: out of memory. */
json_t *oc_json_text(const char *s);

/* s as a JSON string literal, quotes included (malloc'd; NULL: out of
 * memory): for a log line, where no byte of s may go unescaped. */
char *oc_json_quoted(const char *s);

/* The same in at most max bytes (max >= OC_JSON_QUOTED_MIN), quotes
 * included: s is clipped (base/clip.h: "...") before it is quoted, to
 * max - 2 bytes and further while its escapes (up to 6 bytes for one)
 * do not fit.  For a client's words in a log line. */
#define OC_JSON_QUOTED_MIN 5 /* "..." */
char *oc_json_quoted_clipped(const char *s, size_t max);

/* Writes obj and a newline to out, then drops the reference to obj.
 * -1 when obj is NULL (a member could not be built: out of memory) or
 * the write failed. */
int oc_json_print(FILE *out, json_t *obj);

#endif
