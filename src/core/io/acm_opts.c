/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * acm_opts.c - the osmcloud ibacm provider's options (acm_opts.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "base/textscan.h"
#include "io/acm_opts.h"

#define PREFIX "osmcloud_"

void oc_acm_opts_defaults(struct oc_acm_opts *o)
{
	o->capacity = OC_ACM_CAPACITY_DEFAULT;
}

/* "N" in 1..OC_ACM_CAPACITY_MAX, decimal, nothing else. */
static int parse_capacity(const char *s, unsigned *v, struct oc_err *err)
{
	unsigned long n;
	char *end;

	errno = 0;
	n = strtoul(s, &end, 10);
	if (errno || end == s || *end || *s < '0' || *s > '9' || n < 1 ||
	    n > OC_ACM_CAPACITY_MAX)
		return oc_err_set(err,
				  "bad osmcloud_pathcache_capacity \"%s\" "
				  "(want 1 to %u path records)",
				  s, OC_ACM_CAPACITY_MAX);
	*v = n;
	return 0;
}

static int parse_line(void *ctx, char *line, unsigned lineno,
		      struct oc_err *err)
{
	struct oc_acm_opts *o = ctx;
	char *f[3], *save = NULL, *s = oc_skip_blanks(line);
	int n = 0;

	if (*s == '#')
		return 0;
	for (char *tok = strtok_r(s, " \t\r\n", &save); tok && n < 3;
	     tok = strtok_r(NULL, " \t\r\n", &save))
		f[n++] = tok;
	if (n == 0 || strncmp(f[0], PREFIX, strlen(PREFIX)))
		return 0; /* ibacm's or another provider's */
	if (strcmp(f[0], "osmcloud_pathcache_capacity"))
		return oc_err_set(err,
				  "unknown option \"%s\" (osmcloud knows "
				  "osmcloud_pathcache_capacity)",
				  f[0]);
	if (n != 2)
		return oc_err_set(err, "expected \"%s <N>\", got %s", f[0],
				  n == 1 ? "no value" : "more than one value");
	return parse_capacity(f[1], &o->capacity, err);
}

int oc_acm_opts_read(FILE *in, const char *path, struct oc_acm_opts *o,
		     struct oc_err *err)
{
	struct oc_acm_opts read = *o;
	int ret = oc_read_lines(in, path, parse_line, &read, err);

	if (!ret)
		*o = read;
	return ret;
}

int oc_acm_opts_load(const char *path, struct oc_acm_opts *o,
		     struct oc_err *err)
{
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);
	int ret;

	if (!in)
		return errno == ENOENT ? 0 : -1;
	ret = oc_acm_opts_read(in, path, o, err);
	fclose(in);
	return ret;
}
