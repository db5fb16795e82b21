/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_input.c - LFTs from any of the files a fabric's tables come in.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "base/textscan.h"
#include "io/fdbs_dump.h"
#include "io/lft_dump.h"
#include "io/lft_input.h"

const char oc_lft_format_names[] =
	"auto, opensm-lfts, dump-lfts, ibroute or fdbs";

int oc_lft_format_parse(const char *s, enum oc_lft_format *fmt)
{
	if (!strcmp(s, "auto"))
		*fmt = OC_LFT_AUTO;
	else if (!strcmp(s, "opensm-lfts") || !strcmp(s, "dump-lfts") ||
		 !strcmp(s, "ibroute"))
		*fmt = OC_LFT_DUMP;
	else if (!strcmp(s, "fdbs"))
		*fmt = OC_LFT_FDBS;
	else
		return -1;
	return 0;
}

/* The format of the first line that is not blank; the file is rewound. */
static int detect(FILE *in, const char *path, enum oc_lft_format *fmt,
		  struct oc_err *err)
{
	char *line = NULL, *s = NULL;
	size_t cap = 0;
	unsigned lineno = 0;

	errno = 0;
	while (oc_getline(&line, &cap, in) >= 0) {
		lineno++;
		s = oc_skip_blanks(line);
		if (*s && *s != '\n' && *s != '\r')
			break;
		s = NULL;
	}
	if (!s && errno == ENOMEM) {
		free(line);
		return oc_err_set(err, "%s: out of memory", path);
	}
	if (!s)
		*fmt = OC_LFT_AUTO;
	else if (!strncmp(s, "Unicast lids", 12))
		*fmt = OC_LFT_DUMP;
	else if (!strncmp(s, "dump_ucast_routes:", 18))
		*fmt = OC_LFT_FDBS;
	else
		*fmt = OC_LFT_AUTO;
	free(line);
	if (*fmt == OC_LFT_AUTO)
		return oc_err_set(err,
				  "%s:%u: not a known LFT format (an "
				  "opensm-lfts.dump, dump_lfts or ibroute "
				  "output starts with 'Unicast lids', an "
				  "opensm.fdbs with 'dump_ucast_routes:')",
				  path, lineno);
	if (fseek(in, 0, SEEK_SET))
		return oc_err_set(err,
				  "%s: cannot read it twice to detect its "
				  "format (%s): give --lfts-format",
				  path, strerror(errno));
	return 0;
}

int oc_lft_input_load(const struct oc_fabric *f, const char *path,
		      enum oc_lft_format fmt, struct oc_lfts **lfts,
		      struct oc_err *err)
{
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_DUMP_MAX_BYTES, err);
	int ret;

	if (!in)
		return -1;
	ret = fmt == OC_LFT_AUTO ? detect(in, path, &fmt, err) : 0;
	if (!ret && fmt == OC_LFT_FDBS)
		ret = oc_fdbs_read(f, in, path, lfts, err);
	else if (!ret)
		ret = oc_lft_dump_read(f, in, path, lfts, err);
	fclose(in);
	return ret;
}
