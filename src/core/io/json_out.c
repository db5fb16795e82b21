/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * json_out.c - writing JSON with jansson (see json_out.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/clip.h"
#include "base/utf8.h"
#include "io/ctl_json.h"
#include "io/json_out.h"

json_t *oc_json_fixed(double value, unsigned decimals)
{
	double scale = pow(10, decimals);

	if (!isfinite(value))
		return json_null();
	if (fabs(value) * scale < 1e15)
		value = round(value * scale) / scale;
	return json_real(value);
}

json_t *oc_json_text(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len = strlen(s), at = 0, n;
	char *clean;
	json_t *str;

	str = json_stringn(s, len);
	if (str)
		return str;
	/* invalid UTF-8: every bad byte as U+FFFD (3 bytes) */
	clean = malloc(3 * len + 1);
	if (!clean)
		return NULL;
	while (*u) {
		n = oc_utf8_len(u);
		if (!n) {
			memcpy(clean + at, "\xef\xbf\xbd", 3);
			at += 3;
			u++;
			continue;
		}
		memcpy(clean + at, u, n);
		at += n;
		u += n;
	}
	str = json_stringn(clean, at);
	free(clean);
	return str;
}

char *oc_json_quoted(const char *s)
{
	json_t *str = oc_json_text(s);
	char *q = str ? json_dumps(str, JSON_ENCODE_ANY | OC_JSON_FLAGS) : NULL;

	json_decref(str);
	return q;
}

char *oc_json_quoted_clipped(const char *s, size_t max)
{
	static const char dots[] = "\"" OC_CLIP_ELLIPSIS "\"";
	size_t len = strlen(s), raw = max - 2, qlen;
	char *cut = malloc(raw + 1), *q = NULL;

	while (cut) {
		oc_clip(cut, raw + 1, s, len);
		q = oc_json_quoted(cut);
		if (!q || (qlen = strlen(q)) <= max)
			break;
		free(q);
		q = NULL;
		if (raw < OC_CLIP_MIN_SIZE) { /* a few bytes of escapes */
			q = strdup(dots);
			break;
		}
		/* fewer bytes by about the escapes' share of q */
		raw = raw * max / qlen < raw ? raw * max / qlen : raw - 1;
		if (raw < OC_CLIP_MIN_SIZE - 1)
			raw = OC_CLIP_MIN_SIZE - 1;
	}
	free(cut);
	return q;
}

int oc_json_print(FILE *out, json_t *obj)
{
	int ret;

	if (!obj)
		return -1;
	ret = json_dumpf(obj, out, OC_JSON_FLAGS);
	json_decref(obj);
	if (ret || fputc('\n', out) == EOF || fflush(out))
		return -1;
	return 0;
}
