/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * textscan.c - helpers shared by the line-oriented parsers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/textscan.h"

int oc_parse_hex64(const char *s, uint64_t *v)
{
	size_t digits;

	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return -1;
	digits = strspn(s + 2, "0123456789abcdefABCDEF");
	if (!digits || digits > 16 || s[2 + digits])
		return -1;
	*v = strtoull(s + 2, NULL, 16);
	return 0;
}

char *oc_skip_blanks(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

char *oc_scan_quoted(char **s)
{
	char *start, *end;

	*s = oc_skip_blanks(*s);
	if (**s != '"')
		return NULL;
	start = *s + 1;
	end = strchr(start, '"');
	if (!end || end == start)
		return NULL;
	*end = '\0';
	*s = end + 1;
	return start;
}

int oc_err_at(struct oc_err *err, const char *file, unsigned line,
	      const char *msg, const char *what)
{
	char copy[sizeof(err->msg)];

	snprintf(copy, sizeof(copy), "%s%s", msg, what ? what : "");
	return oc_err_set(err, "%s:%u: %s", file, line, copy);
}

/* Room for one more character and the final '\0' in *line. */
static int make_room(char **line, size_t *cap, size_t len)
{
	size_t want;
	char *grown;

	if (len + 2 <= *cap)
		return 0;
	if (len >= OC_LINE_MAX) {
		errno = EMSGSIZE;
		return -1;
	}
	want = *cap < 128 ? 128 : *cap * 2;
	if (want > OC_LINE_MAX + 2)
		want = OC_LINE_MAX + 2;
	grown = realloc(*line, want);
	if (!grown)
		return -1; /* errno ENOMEM */
	*line = grown;
	*cap = want;
	return 0;
}

ssize_t oc_getline(char **line, size_t *cap, FILE *in)
{
	size_t len = 0;
	int c = 0;

	flockfile(in);
	while (c != '\n' && !make_room(line, cap, len) &&
	       (c = getc_unlocked(in)) != EOF)
		(*line)[len++] = (char)c;
	funlockfile(in);
	if (*line && len < *cap)
		(*line)[len] = '\0';
	if (c == '\n' || (c == EOF && len && !ferror(in)))
		return (ssize_t)len;
	return -1;
}

int oc_read_to_end(FILE *in, const char *file, unsigned line,
		   struct oc_err *err)
{
	int reason = errno;

	if (feof(in))
		return 0;
	if (reason == EMSGSIZE)
		return oc_err_set(err,
				  "%s:%u: a line longer than %zu bytes: "
				  "not a text file of this kind",
				  file, line, OC_LINE_MAX);
	return oc_err_set(err, "%s:%u: cannot read this line: %s", file, line,
			  strerror(reason));
}

int oc_read_lines(FILE *in, const char *file, oc_line_fn *fn, void *ctx,
		  struct oc_err *err)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	int ret = 0;

	while (!ret && oc_getline(&line, &cap, in) >= 0) {
		lineno++;
		ret = fn(ctx, line, lineno, err);
	}
	if (ret)
		oc_err_at(err, file, lineno, err->msg, NULL);
	else
		ret = oc_read_to_end(in, file, lineno + 1, err);
	free(line);
	return ret;
}
