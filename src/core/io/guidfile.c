/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * guidfile.c - GUID list and guid2lid readers.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "analysis/ftree.h"
#include "io/guidfile.h"
#include "base/textscan.h"

/* Splits off comments and surrounding blanks; returns the first token. */
static char *first_token(char *line, char **save)
{
	char *hash = strchr(line, '#');

	if (hash)
		*hash = '\0';
	return strtok_r(line, " \t\r\n", save);
}

static int append(uint64_t **guids, size_t *count, size_t *cap, uint64_t g)
{
	if (*count == *cap) {
		size_t n = *cap ? *cap * 2 : 16;
		uint64_t *p = realloc(*guids, n * sizeof(*p));

		if (!p)
			return -1;
		*guids = p;
		*cap = n;
	}
	(*guids)[(*count)++] = g;
	return 0;
}

/* Records the line of the GUID just appended as number n. */
static int append_line(unsigned **lines, size_t *cap, size_t n, unsigned lineno)
{
	if (n > *cap) {
		size_t c = *cap ? *cap * 2 : 16;
		unsigned *p = realloc(*lines, c * sizeof(*p));

		if (!p)
			return -1;
		*lines = p;
		*cap = c;
	}
	(*lines)[n - 1] = lineno;
	return 0;
}

/* Reads the list; lines (may be NULL) gets each GUID's line number. */
static int load_list(const char *path, uint64_t **guids, unsigned **lines,
		     size_t *count, struct oc_err *err)
{
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);
	char *line = NULL, *save, *tok;
	size_t cap = 0, lcap = 0, lines_cap = 0;
	unsigned lineno = 0;
	uint64_t g;
	int ret = 0;

	*guids = NULL;
	*count = 0;
	if (!in)
		return -1;
	while (!ret && oc_getline(&line, &lcap, in) >= 0) {
		lineno++;
		tok = first_token(line, &save);
		if (!tok)
			continue;
		if (oc_parse_hex64(tok, &g) || strtok_r(NULL, " \t\r\n", &save))
			ret = oc_err_set(err,
					 "%s:%u: expected one GUID "
					 "(0x + hex) per line",
					 path, lineno);
		else if (append(guids, count, &cap, g) ||
			 (lines &&
			  append_line(lines, &lines_cap, *count, lineno)))
			ret = oc_err_set(err, "%s: out of memory", path);
	}
	if (!ret)
		ret = oc_read_to_end(in, path, lineno + 1, err);
	free(line);
	fclose(in);
	if (!ret && !*count)
		ret = oc_err_set(err, "%s: no GUIDs in file", path);
	if (ret) {
		free(*guids);
		*guids = NULL;
		*count = 0;
	}
	return ret;
}

int oc_guid_list_load(const char *path, uint64_t **guids, size_t *count,
		      struct oc_err *err)
{
	return load_list(path, guids, NULL, count, err);
}

/* Rule R6 against the fabric, naming the line of the first bad root. */
static int check_roots(const struct oc_fabric *f, const char *path,
		       const uint64_t *guids, const unsigned *lines,
		       size_t count, struct oc_err *err)
{
	size_t i;

	for (i = 0; i < count; i++) {
		uint32_t node = oc_fabric_find_guid(f, guids[i]);

		if (node == OC_NONE || !oc_ftree_is_physical_switch(f, node))
			return oc_err_set(err,
					  "%s:%u: rule R6 (roots are "
					  "physical switches): root GUID "
					  "0x%016" PRIx64 " is not a physical "
					  "switch of this fabric",
					  path, lines[i], guids[i]);
	}
	return 0;
}

int oc_root_list_load(const struct oc_fabric *f, const char *path,
		      uint64_t **guids, size_t *count, struct oc_err *err)
{
	unsigned *lines = NULL;
	int ret = load_list(path, guids, &lines, count, err);

	if (!ret)
		ret = check_roots(f, path, *guids, lines, *count, err);
	free(lines);
	if (ret) {
		free(*guids);
		*guids = NULL;
		*count = 0;
	}
	return ret;
}

/* Prefixes "path:line: " to the message already in err. */
static int prefix_line(struct oc_err *err, const char *path, unsigned line)
{
	char msg[sizeof(err->msg)];

	snprintf(msg, sizeof(msg), "%s", err->msg);
	return oc_err_set(err, "%s:%u: %s", path, line, msg);
}

static int apply_entry(struct oc_fabric *f, uint64_t guid, uint64_t lid,
		       struct oc_err *err)
{
	unsigned port;
	uint32_t node = oc_fabric_find_port_guid(f, guid, &port);

	if (node == OC_NONE)
		return 0;
	return oc_fabric_set_lid(f, node, port, (unsigned)lid, err);
}

int oc_guid2lid_apply(struct oc_fabric *f, const char *path, struct oc_err *err)
{
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);
	char *line = NULL, *save, *tok[3];
	size_t lcap = 0;
	unsigned lineno = 0;
	uint64_t guid, min, max;
	int ret = 0;

	if (!in)
		return -1;
	while (!ret && oc_getline(&line, &lcap, in) >= 0) {
		lineno++;
		tok[0] = first_token(line, &save);
		if (!tok[0])
			continue;
		tok[1] = strtok_r(NULL, " \t\r\n", &save);
		tok[2] = tok[1] ? strtok_r(NULL, " \t\r\n", &save) : NULL;
		if (!tok[2] || oc_parse_hex64(tok[0], &guid) ||
		    oc_parse_hex64(tok[1], &min) ||
		    oc_parse_hex64(tok[2], &max) || min < 1 || min > max ||
		    max > OC_MAX_UCAST_LID)
			ret = oc_err_set(err,
					 "%s:%u: expected \"0xGUID 0xMIN "
					 "0xMAX\" with 1 <= MIN <= MAX <= "
					 "0x%x",
					 path, lineno, OC_MAX_UCAST_LID);
		else if (apply_entry(f, guid, min, err))
			ret = prefix_line(err, path, lineno);
	}
	if (!ret)
		ret = oc_read_to_end(in, path, lineno + 1, err);
	free(line);
	fclose(in);
	return ret;
}
