/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * policy_file.c - parser of the isolation policy file (see policy_file.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "io/policy_file.h"
#include "base/textscan.h"

#define FIELDS_MAX 3

int oc_parse_pkey(const char *s, uint16_t *pkey)
{
	unsigned long v;
	char *end;

	if (strncmp(s, "0x", 2) && strncmp(s, "0X", 2))
		return -1;
	errno = 0;
	v = strtoul(s + 2, &end, 16);
	if (errno || *end || end == s + 2 || v > 0xffff)
		return -1;
	*pkey = v & OC_PKEY_MASK;
	return *pkey == 0 || *pkey == OC_DEFAULT_PKEY ? 1 : 0;
}

static int parse_isolation(const char *s, enum oc_isolation *iso)
{
	static const enum oc_isolation all[] = {OC_ISO_DEFAULT, OC_ISO_VLANE,
						OC_ISO_PHY};
	unsigned i;

	for (i = 0; i < 3; i++) {
		if (!strcmp(s, oc_isolation_name(all[i]))) {
			*iso = all[i];
			return 0;
		}
	}
	return -1;
}

static int parse_mode(struct oc_policies *p, char **f, int *mode_seen,
		      struct oc_err *err)
{
	if (*mode_seen)
		return oc_err_set(err, "second \"mode\" line");
	*mode_seen = 1;
	if (!strcmp(f[1], "strict"))
		p->mode = OC_POLICY_STRICT;
	else if (!strcmp(f[1], "best-effort"))
		p->mode = OC_POLICY_BEST_EFFORT;
	else
		return oc_err_set(err,
				  "unknown mode \"%s\" (want strict or "
				  "best-effort)",
				  f[1]);
	return 0;
}

static int parse_partition(struct oc_policies *p, char **f, struct oc_err *err)
{
	enum oc_isolation iso;
	uint16_t pkey = 0;
	int k;

	if (parse_isolation(f[1], &iso))
		return oc_err_set(err,
				  "unknown policy \"%s\" (want phy-isolation, "
				  "vlane-isolation or def-isolation)",
				  f[1]);
	k = oc_parse_pkey(f[0], &pkey);
	if (k > 0)
		return oc_err_set(err,
				  "P_Key %s is the default partition or 0, "
				  "not a tenant",
				  f[0]);
	if (k < 0 && (!strncmp(f[0], "0x", 2) || !strncmp(f[0], "0X", 2)))
		return oc_err_set(err, "bad P_Key \"%s\" (want 0x + 1-4 hex)",
				  f[0]);
	return oc_policies_add(p, pkey, k < 0 ? f[0] : NULL, iso, err);
}

/* What the policy file's lines build. */
struct policy_reader {
	struct oc_policies *p;
	int mode_seen;
};

static int parse_line(void *ctx, char *line, unsigned lineno,
		      struct oc_err *err)
{
	struct policy_reader *r = ctx;
	char *f[FIELDS_MAX + 1], *save = NULL, *hash = strchr(line, '#');
	int n = 0;

	if (hash)
		*hash = '\0';
	for (char *tok = strtok_r(line, " \t\r\n", &save);
	     tok && n <= FIELDS_MAX; tok = strtok_r(NULL, " \t\r\n", &save))
		f[n++] = tok;
	if (n == 0)
		return 0;
	if (n != 2)
		return oc_err_set(err,
				  "expected \"mode strict|best-effort\" or "
				  "\"<P_Key|name> <policy>\", got %d fields",
				  n);
	if (!strcmp(f[0], "mode"))
		return parse_mode(r->p, f, &r->mode_seen, err);
	return parse_partition(r->p, f, err);
}

struct oc_policies *oc_policy_file_read(FILE *in, const char *path,
					struct oc_err *err)
{
	struct policy_reader r = {.p = oc_policies_new()};

	if (!r.p) {
		oc_err_set(err, "%s: out of memory", path);
		return NULL;
	}
	if (oc_read_lines(in, path, parse_line, &r, err)) {
		oc_policies_free(r.p);
		return NULL;
	}
	return r.p;
}

struct oc_policies *oc_policy_file_load(const char *path, struct oc_err *err)
{
	struct oc_policies *p;
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);

	if (!in)
		return NULL;
	p = oc_policy_file_read(in, path, err);
	fclose(in);
	return p;
}
