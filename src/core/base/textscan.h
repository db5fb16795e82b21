/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * textscan.h - helpers shared by the line-oriented parsers (ibsim
 * topology files, ibsim Dump output, the VM, weights, partitions, roots
 * and guid2lid files).
 */
#ifndef OC_TEXTSCAN_H
#define OC_TEXTSCAN_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "base/error.h"

/* s is "0x" (or "0X") and 1 to 16 hex digits, nothing else: sets *v and
 * returns 0, else -1.  The one reader of GUIDs (and guid2lid's hex LIDs)
 * in the input files. */
int oc_parse_hex64(const char *s, uint64_t *v);

/* The first character of s that is not a blank or a tab. */
char *oc_skip_blanks(char *s);

/* Skips blanks, then reads a non-empty "quoted" word: returns it (the
 * closing quote is overwritten with '\0') and moves *s past it; NULL when
 * there is none. */
char *oc_scan_quoted(char **s);

/* Sets err to "FILE:LINE: MSGWHAT" (what may be NULL); msg may be
 * err->msg itself.  Returns -1. */
int oc_err_at(struct oc_err *err, const char *file, unsigned line,
	      const char *msg, const char *what);

/* The longest line a parser reads: far above any real line (a
 * partition with thousands of members, a long node description), yet
 * a file without line ends (/dev/zero, a binary) costs 1 MiB, not all
 * the memory of the host. */
#define OC_LINE_MAX ((size_t)1 << 20)

/* getline() bounded by OC_LINE_MAX: reads one line into *line (grown as
 * needed, like getline's) and returns its length, newline included; -1
 * at the end of the file or on an error: a read error or no memory
 * (errno as getline's), or a line longer than OC_LINE_MAX bytes (errno
 * EMSGSIZE, the stream left in the middle of that line). */
ssize_t oc_getline(char **line, size_t *cap, FILE *in);

/* Call it when a parser's oc_getline() loop ended without an error of
 * its own: 0 when oc_getline() stopped at the end of the file; else (a
 * line too long, no memory for the line, a read error) -1 with err set
 * to "FILE:LINE: cannot read this line: REASON", so that a file read in
 * part is never taken for the whole file.  line: the lines read + 1.
 * Needs oc_getline()'s errno. */
int oc_read_to_end(FILE *in, const char *file, unsigned line,
		   struct oc_err *err);

/* One line of a file, numbered from 1: 0, or -1 with err set to the
 * problem (without the file and line, which oc_read_lines adds). */
typedef int oc_line_fn(void *ctx, char *line, unsigned lineno,
		       struct oc_err *err);

/* Calls fn for every line of in (oc_getline: a line longer than
 * OC_LINE_MAX is an error) until one fails: 0 when the whole file was read; -1 with err set to
 * "FILE:LINE: problem", fn's or oc_read_to_end()'s. */
int oc_read_lines(FILE *in, const char *file, oc_line_fn *fn, void *ctx,
		  struct oc_err *err);

#endif
