/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fdbs_dump.c - reading OpenSM's opensm.fdbs.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/textscan.h"
#include "io/fdbs_dump.h"
#include "io/lft_dump.h"

#define SWITCH_HEADER "dump_ucast_routes: Switch "
#define COLUMNS "LID    : Port : Hops : Optimal"

struct fdbs_reader {
	const struct oc_fabric *f;
	struct oc_lfts *t;
	const char *name;
	uint32_t sw;
	unsigned headers;
};

/* Reads "N" in base at *s, then blanks and ':'; -1 if it is not there. */
static int scan_field(char **s, int base, unsigned long *v)
{
	char *end;

	errno = 0;
	*v = strtoul(*s, &end, base);
	if (end == *s || errno)
		return -1;
	end = oc_skip_blanks(end);
	if (*end == ':')
		end = oc_skip_blanks(end + 1);
	*s = end;
	return 0;
}

/* "0xLLLL : PPP  : ..." or "0xLLLL : UNREACHABLE". */
static int read_row(struct fdbs_reader *r, char *line, unsigned lineno,
		    struct oc_err *err)
{
	unsigned long lid, port = OC_NO_PATH;
	char *s = line + 2;

	if (scan_field(&s, 16, &lid))
		return oc_err_set(err, "%s:%u: cannot read the LID", r->name,
				  lineno);
	if (strncmp(s, "UNREACHABLE", 11) && scan_field(&s, 10, &port))
		return oc_err_set(err, "%s:%u: cannot read 'LID : PORT'",
				  r->name, lineno);
	if (port == OC_NO_PATH && lid > r->t->max_lid)
		return 0; /* OpenSM lists up to its top LID */
	return oc_lft_entry_set(r->f, r->t, r->sw, lid, port, r->name, lineno,
				err);
}

static int read_header(struct fdbs_reader *r, const char *line, unsigned lineno,
		       struct oc_err *err)
{
	uint64_t guid;

	r->headers++;
	if (oc_parse_hex64(line + strlen(SWITCH_HEADER), &guid))
		return oc_err_set(err, "%s:%u: switch header without a GUID",
				  r->name, lineno);
	return oc_lft_switch_row(r->f, guid, r->name, lineno, &r->sw, err);
}

static int read_line(struct fdbs_reader *r, char *line, unsigned lineno,
		     struct oc_err *err)
{
	char *s;

	line[strcspn(line, "\r\n")] = '\0';
	s = oc_skip_blanks(line);
	if (!strncmp(s, SWITCH_HEADER, strlen(SWITCH_HEADER)))
		return read_header(r, s, lineno, err);
	if (!strncmp(s, "0x", 2))
		return read_row(r, s, lineno, err);
	if (!*s || !strncmp(s, COLUMNS, strlen(COLUMNS)))
		return 0;
	return oc_err_set(err,
			  "%s:%u: not a line of opensm.fdbs (a switch header, "
			  "the column titles or a LID row)",
			  r->name, lineno);
}

int oc_fdbs_read(const struct oc_fabric *f, FILE *in, const char *name,
		 struct oc_lfts **lfts, struct oc_err *err)
{
	struct fdbs_reader r = {.f = f, .name = name, .sw = OC_NONE};
	unsigned lineno = 0;
	char *line = NULL;
	size_t cap = 0;
	int ret = 0;

	r.t = oc_lfts_new(f->num_switches, f->max_lid);
	if (!r.t)
		return oc_err_set(err, "out of memory for LFTs");
	/* oc_getline: the rest of a long line must not count as a line */
	while (!ret && oc_getline(&line, &cap, in) >= 0)
		ret = read_line(&r, line, ++lineno, err);
	if (!ret)
		ret = oc_read_to_end(in, name, lineno + 1, err);
	free(line);
	if (!ret && !r.headers)
		ret = oc_err_set(err,
				 "%s: no 'dump_ucast_routes: Switch' header: "
				 "not an opensm.fdbs file",
				 name);
	if (ret) {
		oc_lfts_free(r.t);
		return -1;
	}
	*lfts = r.t;
	return 0;
}
