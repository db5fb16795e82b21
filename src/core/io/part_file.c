/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * part_file.c - reader of the offline partitions file (see part_file.h).
 *
 * The file is read whole; statements are split at ';' and their line
 * number is the line their first word is on.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "io/part_file.h"
#include "io/policy_file.h"
#include "base/textscan.h"

struct pf_ctx {
	struct oc_partitions *ps;
	const struct oc_fabric *f;
	uint64_t sm_guid; /* SELF; 0: unknown */
	unsigned line;	  /* of the current word */
	int defmember;	  /* -1 none, else full (1) or limited (0) */
};

/* Reads the whole stream, with comments blanked out. */
static char *slurp(FILE *in, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	int c, comment = 0;

	while (buf && (c = getc(in)) != EOF) {
		if (n + 2 >= cap) {
			char *nb = realloc(buf, cap * 2);

			if (!nb) {
				free(buf);
				return NULL;
			}
			buf = nb;
			cap *= 2;
		}
		if (c == '#')
			comment = 1;
		else if (c == '\n')
			comment = 0;
		buf[n++] = comment ? ' ' : (char)c;
	}
	if (buf)
		buf[n] = '\0';
	*len = n;
	return buf;
}

static int parse_membership(const char *s, int *full)
{
	if (!strcmp(s, "full") || !strcmp(s, "both"))
		*full = 1;
	else if (!strcmp(s, "limited"))
		*full = 0;
	else
		return -1;
	return 0;
}

static int valid_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_-.", *s))
			return 0;
	return 1;
}

static int parse_flag(struct pf_ctx *c, char *flag, uint8_t *sl,
		      struct oc_err *err)
{
	static const char *const ignored[] = {"ipoib",	"indx0", "mtu",
					      "rate",	"scope", "Q_Key",
					      "TClass", NULL};
	char *val = strchr(flag, '=');
	unsigned i;

	if (val)
		*val++ = '\0';
	if (!strcmp(flag, "sl")) {
		char *end;
		long v = val ? strtol(val, &end, 0) : -1;

		if (!val || *end || v < 0 || v >= OC_MAX_SL)
			return oc_err_set(err, "bad sl \"%s\" (want 0-15)",
					  val ? val : "");
		*sl = (uint8_t)v;
		return 0;
	}
	if (!strcmp(flag, "defmember")) {
		if (!val || parse_membership(val, &c->defmember))
			return oc_err_set(err,
					  "bad defmember \"%s\" (want full, "
					  "limited or both)",
					  val ? val : "");
		return 0;
	}
	for (i = 0; ignored[i]; i++)
		if (!strcmp(flag, ignored[i]))
			return 0;
	return oc_err_set(err, "unknown flag \"%s\"", flag);
}

/* "name=0x8001, flag, flag" -> a new partition. */
static uint32_t parse_head(struct pf_ctx *c, char *head, struct oc_err *err)
{
	char *save = NULL, *first = strtok_r(head, ",", &save), *eq, *tok;
	uint8_t sl = 0;
	uint16_t pkey;
	int k;

	first = first ? oc_skip_blanks(first) : NULL;
	eq = first ? strchr(first, '=') : NULL;
	if (!eq) {
		oc_err_set(err, "expected \"<name>=<P_Key>\" before ':'");
		return OC_PART_NONE;
	}
	*eq++ = '\0';
	first[strcspn(first, " \t\r\n")] = '\0';
	eq = oc_skip_blanks(eq);
	eq[strcspn(eq, " \t\r\n")] = '\0';
	if (!valid_name(first)) {
		oc_err_set(err, "bad partition name \"%s\"", first);
		return OC_PART_NONE;
	}
	k = oc_parse_pkey(eq, &pkey);
	if (k < 0 || (k > 0 && pkey == 0)) {
		oc_err_set(err, "bad P_Key \"%s\" (want 0x + 1-4 hex, not 0)",
			   eq);
		return OC_PART_NONE;
	}
	c->defmember = -1;
	while ((tok = strtok_r(NULL, ",", &save))) {
		char *flag = oc_skip_blanks(tok);

		flag[strcspn(flag, " \t\r\n")] = '\0';
		if (*flag && parse_flag(c, flag, &sl, err))
			return OC_PART_NONE;
	}
	return oc_partitions_add(c->ps, pkey, first, sl, err);
}

static int add_all_cas(struct pf_ctx *c, uint32_t part, int full,
		       struct oc_err *err)
{
	uint32_t n;
	unsigned p;

	if (!c->f)
		return oc_err_set(err, "ALL needs a fabric");
	for (n = 0; n < c->f->num_nodes; n++) {
		if (oc_is_switch(c->f, n))
			continue;
		for (p = 1; p <= c->f->nodes[n].num_ports; p++)
			if (oc_partitions_add_member(c->ps, part,
						     oc_port(c->f, n, p)->guid,
						     full, err))
				return -1;
	}
	return 0;
}

/* A member by port GUID; a switch's (port 0) is no CA port, so no member,
 * as in the plugin, which copies only CA ports from OpenSM. */
static int add_port(struct pf_ctx *c, uint32_t part, uint64_t guid, int full,
		    struct oc_err *err)
{
	unsigned port;
	uint32_t node;

	node = c->f ? oc_fabric_find_port_guid(c->f, guid, &port) : OC_NONE;
	if (node != OC_NONE && oc_is_switch(c->f, node))
		return 0;
	return oc_partitions_add_member(c->ps, part, guid, full, err);
}

/* SELF: the SM's port, known offline only when its GUID was given. */
static int add_self(struct pf_ctx *c, uint32_t part, int full,
		    struct oc_err *err)
{
	if (!c->sm_guid)
		return oc_err_set(err, "SELF: the SM's port GUID is not known "
				       "offline (give it with --sm-guid)");
	return add_port(c, part, c->sm_guid, full, err);
}

static int parse_member(struct pf_ctx *c, uint32_t part, char *m,
			struct oc_err *err)
{
	char *eq = strchr(m, '=');
	int full = c->defmember > 0;
	uint64_t guid;

	if (eq) {
		*eq++ = '\0';
		if (parse_membership(eq, &full))
			return oc_err_set(err,
					  "bad membership \"%s\" (want full, "
					  "limited or both)",
					  eq);
	}
	if (!strcmp(m, "ALL") || !strcmp(m, "ALL_CAS"))
		return add_all_cas(c, part, full, err);
	if (!strcmp(m, "ALL_SWITCHES") || !strcmp(m, "ALL_ROUTERS") ||
	    !strcmp(m, "NONE"))
		return 0; /* no CA port among them */
	if (!strcmp(m, "SELF"))
		return add_self(c, part, full, err);
	if (strncmp(m, "0x", 2) && strncmp(m, "0X", 2))
		return oc_err_set(err,
				  "bad member \"%s\" (want a port GUID 0x..., "
				  "ALL, ALL_CAS, ALL_SWITCHES, ALL_ROUTERS, "
				  "SELF or NONE)",
				  m);
	if (oc_parse_hex64(m, &guid))
		return oc_err_set(err, "bad port GUID \"%s\"", m);
	return add_port(c, part, guid, full, err);
}

/* Newlines in [from, to). */
static unsigned count_lines(const char *from, const char *to)
{
	unsigned n = 0;

	for (; from < to; from++)
		n += *from == '\n';
	return n;
}

/* Members after the ':', each error on the member's own line. */
static int parse_members(struct pf_ctx *c, uint32_t part, char *s,
			 struct oc_err *err)
{
	for (;;) {
		size_t sep = strspn(s, ", \t\r\n"), len;
		char saved;

		c->line += count_lines(s, s + sep);
		s += sep;
		if (!*s)
			return 0;
		len = strcspn(s, ", \t\r\n");
		saved = s[len];
		s[len] = '\0';
		if (parse_member(c, part, s, err))
			return -1;
		s[len] = saved;
		s += len;
	}
}

static int parse_statement(struct pf_ctx *c, char *s, struct oc_err *err)
{
	char *word = s + strspn(s, " \t\r\n"), *colon;
	unsigned head_lines;
	uint32_t part;

	c->line += count_lines(s, word);
	colon = strchr(word, ':');
	if (!colon)
		return oc_err_set(err, "expected ':' before the members");
	head_lines = count_lines(word, colon);
	*colon = '\0';
	part = parse_head(c, word, err);
	if (part == OC_PART_NONE)
		return -1;
	c->line += head_lines;
	return parse_members(c, part, colon + 1, err);
}

static int parse_all(struct pf_ctx *c, char *buf, struct oc_err *err)
{
	char *s = buf, *semi;

	c->line = 1;
	while ((semi = strchr(s, ';'))) {
		unsigned end_line = c->line + count_lines(s, semi);

		*semi = '\0';
		if (parse_statement(c, s, err))
			return -1;
		c->line = end_line;
		s = semi + 1;
	}
	if (s[strspn(s, " \t\r\n")]) {
		c->line += count_lines(s, s + strspn(s, " \t\r\n"));
		return oc_err_set(err, "statement without ';' at the end");
	}
	return 0;
}

struct oc_partitions *oc_part_file_read(FILE *in, const char *path,
					const struct oc_fabric *f,
					uint64_t sm_guid, struct oc_err *err)
{
	struct pf_ctx c = {oc_partitions_new(), f, sm_guid, 1, -1};
	size_t len;
	char *buf = slurp(in, &len);

	if (!c.ps || !buf) {
		free(buf);
		oc_partitions_free(c.ps);
		oc_err_set(err, "%s: out of memory", path);
		return NULL;
	}
	if (strlen(buf) != len) {
		oc_err_set(err, "%s: NUL byte in the file", path);
	} else if (!parse_all(&c, buf, err)) {
		free(buf);
		return c.ps;
	} else {
		oc_err_at(err, path, c.line, err->msg, NULL);
	}
	free(buf);
	oc_partitions_free(c.ps);
	return NULL;
}

struct oc_partitions *oc_part_file_load(const char *path,
					const struct oc_fabric *f,
					uint64_t sm_guid, struct oc_err *err)
{
	struct oc_partitions *ps;
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);

	if (!in)
		return NULL;
	ps = oc_part_file_read(in, path, f, sm_guid, err);
	fclose(in);
	return ps;
}
