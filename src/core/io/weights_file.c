/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * weights_file.c - reader and writer of the weights file (see
 * weights_file.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "base/textscan.h"
#include "io/weights_file.h"

static int parse_line(void *ctx, char *line, unsigned lineno,
		      struct oc_err *err)
{
	struct oc_weights *w = ctx;
	char *f[3], *save = NULL, *hash = strchr(line, '#'), *end;
	uint64_t guid;
	double weight;
	int n = 0;

	if (hash)
		*hash = '\0';
	for (char *tok = strtok_r(line, " \t\r\n", &save); tok && n < 3;
	     tok = strtok_r(NULL, " \t\r\n", &save))
		f[n++] = tok;
	if (n == 0)
		return 0;
	if (n != 2)
		return oc_err_set(err,
				  "expected \"<port GUID> <weight>\", got %s "
				  "fields",
				  n == 1 ? "1" : "more than 2");
	if (oc_parse_hex64(f[0], &guid))
		return oc_err_set(err, "bad port GUID \"%s\" (want 0x + hex)",
				  f[0]);
	errno = 0;
	weight = strtod(f[1], &end);
	if (errno || *end || end == f[1] || !(weight >= OC_WEIGHT_MIN) ||
	    !(weight <= OC_WEIGHT_MAX))
		return oc_err_set(err,
				  "bad weight \"%s\" (want a number from %g "
				  "to %g)",
				  f[1], OC_WEIGHT_MIN, OC_WEIGHT_MAX);
	if (oc_weights_has(w, guid))
		return oc_err_set(err, "port 0x%016" PRIx64 " listed twice",
				  guid);
	return oc_weights_set(w, guid, weight, err);
}

struct oc_weights *oc_weights_read(FILE *in, const char *path,
				   struct oc_err *err)
{
	struct oc_weights *w = oc_weights_new();

	if (!w) {
		oc_err_set(err, "%s: out of memory", path);
		return NULL;
	}
	if (oc_read_lines(in, path, parse_line, w, err)) {
		oc_weights_free(w);
		return NULL;
	}
	return w;
}

struct oc_weights *oc_weights_load(const char *path, struct oc_err *err)
{
	struct oc_weights *w;
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);

	if (!in)
		return NULL;
	w = oc_weights_read(in, path, err);
	fclose(in);
	return w;
}

int oc_weights_write(const struct oc_weights *w, FILE *out, struct oc_err *err)
{
	uint32_t i;

	fprintf(out, "# osmcloud weights: <CA port GUID> <weight>\n");
	for (i = 0; i < w->count; i++)
		fprintf(out, "0x%016" PRIx64 " %.9g\n", w->guids[i],
			w->weight[i]);
	if (fflush(out) || ferror(out))
		return oc_err_set(err, "writing weights: %s", strerror(errno));
	return 0;
}
