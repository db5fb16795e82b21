/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * node_name_map.c - reader of OpenSM's node name map (see
 * node_name_map.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "base/hash.h"
#include "base/textscan.h"
#include "io/node_name_map.h"

struct oc_name_map {
	struct oc_hash *by_guid; /* GUID -> index */
	char **names;
	unsigned *lines; /* the line of each entry, for "listed twice" */
	uint32_t count, cap;
};

static int grow(struct oc_name_map *m)
{
	uint32_t cap = m->cap ? m->cap * 2 : 64;
	char **names = realloc(m->names, cap * sizeof(*names));
	unsigned *lines;

	if (!names)
		return -1;
	m->names = names;
	lines = realloc(m->lines, cap * sizeof(*lines));
	if (!lines)
		return -1;
	m->lines = lines;
	m->cap = cap;
	return 0;
}

static int add(struct oc_name_map *m, uint64_t guid, const char *name,
	       unsigned lineno, struct oc_err *err)
{
	uint32_t seen = oc_hash_get64(m->by_guid, guid);

	if (seen != OC_NONE)
		return oc_err_set(err,
				  "node 0x%016" PRIx64 " listed twice (first "
				  "on line %u)",
				  guid, m->lines[seen]);
	if ((m->count == m->cap && grow(m)) ||
	    !(m->names[m->count] = strdup(name)))
		return oc_err_set(err, "out of memory");
	if (oc_hash_put64(m->by_guid, guid, m->count)) {
		free(m->names[m->count]);
		return oc_err_set(err, "out of memory");
	}
	m->lines[m->count++] = lineno;
	return 0;
}

/* A name a log line can carry: printable ASCII, not too long. */
static const char *bad_name(const char *name)
{
	const unsigned char *c;

	if (strlen(name) > OC_NAME_MAP_MAX)
		return "longer than 256 bytes";
	for (c = (const unsigned char *)name; *c; c++)
		if (*c < 0x20 || *c > 0x7e)
			return "not printable ASCII";
	return NULL;
}

static int parse_line(void *ctx, char *line, unsigned lineno,
		      struct oc_err *err)
{
	char *s = oc_skip_blanks(line), *guid_end, *name, *rest;
	const char *why;
	uint64_t guid;

	if (!*s || *s == '#' || *s == '\n' || *s == '\r')
		return 0;
	guid_end = s + strcspn(s, " \t\r\n");
	if (*guid_end != ' ' && *guid_end != '\t')
		return oc_err_set(err, "expected <node GUID> \"<name>\"");
	*guid_end = '\0';
	if (oc_parse_hex64(s, &guid))
		return oc_err_set(err, "bad node GUID \"%s\" (want 0x + hex)",
				  s);
	rest = guid_end + 1;
	name = oc_scan_quoted(&rest);
	if (!name)
		return oc_err_set(err, "expected a quoted, non-empty name "
				       "after the GUID");
	rest = oc_skip_blanks(rest);
	if (*rest && *rest != '#' && *rest != '\n' && *rest != '\r')
		return oc_err_set(err, "text after the name: \"%.20s\"", rest);
	why = bad_name(name);
	if (why)
		return oc_err_set(err, "node 0x%016" PRIx64 ": the name is %s",
				  guid, why);
	return add(ctx, guid, name, lineno, err);
}

struct oc_name_map *oc_name_map_read(FILE *in, const char *path,
				     struct oc_err *err)
{
	struct oc_name_map *m = calloc(1, sizeof(*m));

	if (!m || !(m->by_guid = oc_hash_new())) {
		free(m);
		oc_err_set(err, "%s: out of memory", path);
		return NULL;
	}
	if (oc_read_lines(in, path, parse_line, m, err)) {
		oc_name_map_free(m);
		return NULL;
	}
	return m;
}

struct oc_name_map *oc_name_map_load(const char *path, struct oc_err *err)
{
	struct oc_name_map *m;
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);

	if (!in)
		return NULL;
	m = oc_name_map_read(in, path, err);
	fclose(in);
	return m;
}

void oc_name_map_free(struct oc_name_map *m)
{
	uint32_t i;

	if (!m)
		return;
	for (i = 0; i < m->count; i++)
		free(m->names[i]);
	free(m->names);
	free(m->lines);
	oc_hash_free(m->by_guid);
	free(m);
}

const char *oc_name_map_find(const struct oc_name_map *m, uint64_t guid)
{
	uint32_t i = m ? oc_hash_get64(m->by_guid, guid) : OC_NONE;

	return i == OC_NONE ? NULL : m->names[i];
}

uint32_t oc_name_map_count(const struct oc_name_map *m)
{
	return m ? m->count : 0;
}
