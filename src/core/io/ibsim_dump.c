/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ibsim_dump.c - parser for ibsim's console "Dump" output.
 *
 * One pass reads the node records: nodes are added as their headers come,
 * port lines set GUIDs, states and LIDs and remember the peer they name,
 * forwarding-table lines fill a per-switch table.  After the "dumped N
 * nodes" line, every link is checked to be listed the same way on both
 * ends and connected, and the tables are copied into a struct oc_lfts.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "io/ibsim_dump.h"
#include "model/link_list.h"
#include "base/textscan.h"

#define PROMPT "sim> "
#define MAX_LMC 7

/* One switch's forwarding table as read: LIDs 0..len-1. */
struct fdb {
	uint8_t *ports;
	unsigned len;
};

struct dump_parser {
	struct oc_fabric *f;
	const char *file;
	unsigned line;
	struct oc_err *err;
	int started;	 /* seen "# Net status" or a node header */
	int ended;	 /* seen "dumped N nodes" */
	unsigned dumped; /* N of that line */
	uint32_t cur;	 /* node record being read, OC_NONE outside */
	uint8_t seen[OC_MAX_PORTS + 1]; /* port lines of cur */
	struct oc_link_list links;
	struct fdb *fdbs; /* [switch index] */
	uint32_t cap_fdbs;
};

/* Prefixes file:line; msg may be ps->err->msg itself. */
static int perr(struct dump_parser *ps, const char *msg, const char *what)
{
	return oc_err_at(ps->err, ps->file, ps->line, msg, what);
}

/* "[N]" at s. */
static int parse_index(char **s, unsigned long *out)
{
	char *end;

	if (**s != '[')
		return -1;
	errno = 0;
	*out = strtoul(*s + 1, &end, 10);
	if (end == *s + 1 || *end != ']' || errno)
		return -1;
	*s = end + 1;
	return 0;
}

/* "WORD N" at *s after blanks: N in decimal, as written (a number beyond
 * an unsigned long fails instead of wrapping, as sscanf's %u did). */
static int parse_word_number(const char **s, const char *word,
			     unsigned long *out)
{
	size_t n = strlen(word);
	char *end;

	*s += strspn(*s, " \t");
	if (strncmp(*s, word, n))
		return -1;
	*s += n;
	*s += strspn(*s, " \t");
	if (!isdigit((unsigned char)**s))
		return -1;
	errno = 0;
	*out = strtoul(*s, &end, 10);
	*s = end;
	return errno ? -1 : 0;
}

static int parse_hex(char **s, uint64_t *out)
{
	char *end;

	errno = 0;
	*out = strtoull(*s, &end, 16);
	if (end == *s || errno)
		return -1;
	*s = end;
	return 0;
}

/* ---- node records ---------------------------------------------------- */

static int node_type(const char *s, enum oc_node_type *type, size_t *len)
{
	if (!strncmp(s, "Switch ", 7)) {
		*type = OC_NODE_SWITCH;
		*len = 6;
	} else if (!strncmp(s, "Ca ", 3)) {
		*type = OC_NODE_CA;
		*len = 2;
	} else if (!strncmp(s, "Router ", 7)) {
		*type = 0;
		*len = 6;
	} else {
		return 0;
	}
	return 1;
}

static int add_fdb(struct dump_parser *ps, uint32_t sw)
{
	struct fdb *p;

	if (sw < ps->cap_fdbs)
		return 0;
	p = realloc(ps->fdbs, sizeof(*p) * (sw + 1));
	if (!p)
		return perr(ps, "out of memory", NULL);
	memset(p + ps->cap_fdbs, 0, sizeof(*p) * (sw + 1 - ps->cap_fdbs));
	ps->fdbs = p;
	ps->cap_fdbs = sw + 1;
	return 0;
}

/* Every port of a node has its line (a Dump cut short has not). */
static int close_record(struct dump_parser *ps)
{
	const struct oc_node *n;
	unsigned p;

	if (ps->cur == OC_NONE)
		return 0;
	n = &ps->f->nodes[ps->cur];
	for (p = n->type == OC_NODE_SWITCH ? 0 : 1; p <= n->num_ports; p++)
		if (!ps->seen[p])
			return oc_err_set(ps->err,
					  "%s:%u: node \"%s\" has no line for "
					  "port %u (truncated Dump?)",
					  ps->file, ps->line, n->name, p);
	ps->cur = OC_NONE;
	return 0;
}

/* 'Switch 5 "name"<TAB>nodeguid HEX<TAB>sysimgguid HEX' */
static int parse_header(struct dump_parser *ps, char *s)
{
	enum oc_node_type type;
	unsigned long nports;
	uint64_t guid;
	size_t len;
	char *name, *end;
	uint32_t id;

	node_type(s, &type, &len);
	if (!type)
		return perr(ps, "routers are not supported", NULL);
	s = oc_skip_blanks(s + len);
	errno = 0;
	nports = strtoul(s, &end, 10);
	if (end == s || errno)
		return perr(ps, "expected a port count after the node type",
			    NULL);
	s = oc_skip_blanks(end);
	name = oc_scan_quoted(&s);
	if (!name)
		return perr(ps, "expected a quoted node id", NULL);
	s = oc_skip_blanks(s);
	if (strncmp(s, "nodeguid", 8))
		return perr(ps, "expected 'nodeguid' after the node id", NULL);
	s = oc_skip_blanks(s + 8);
	if (parse_hex(&s, &guid))
		return perr(ps, "bad node GUID", NULL);
	id = oc_fabric_add_node(ps->f, type, guid, name, nports, ps->err);
	if (id == OC_NONE)
		return perr(ps, ps->err->msg, NULL);
	if (type == OC_NODE_SWITCH && add_fdb(ps, ps->f->nodes[id].sw_index))
		return -1;
	ps->cur = id;
	memset(ps->seen, 0, sizeof(ps->seen));
	return 0;
}

/* ---- port lines ------------------------------------------------------ */

static int add_named_link(struct dump_parser *ps, unsigned port,
			  const char *peer, unsigned long peer_port)
{
	if (peer_port < 1 || peer_port > OC_MAX_PORTS)
		return perr(ps, "bad peer port number", NULL);
	if (oc_link_list_add(&ps->links, ps->cur, port, peer, peer_port,
			     ps->line))
		return perr(ps, "out of memory", NULL);
	return 0;
}

/* The state is the word before the first '/' ("Active/LinkUp"). */
static int port_state(const char *rest, int *active)
{
	const char *slash = strchr(rest, '/'), *hash = strchr(rest, '#');
	const char *w = slash;

	if (!slash || (hash && hash < slash))
		return -1;
	while (w > rest && !isspace((unsigned char)w[-1]))
		w--;
	*active = slash - w == 6 && !strncmp(w, "Active", 6);
	return 0;
}

/* Registers base..base + 2^lmc - 1, the base last so it stays the port's
 * LID. */
static int set_lids(struct dump_parser *ps, unsigned port, unsigned long lid,
		    unsigned long lmc)
{
	unsigned k;

	if (lmc > MAX_LMC)
		return perr(ps, "LMC above 7", NULL);
	if (lid > OC_MAX_UCAST_LID)
		return perr(ps, "LID above the unicast LIDs", NULL);
	for (k = 1u << lmc; k-- > 0;)
		if (oc_fabric_set_lid(ps->f, ps->cur, port, (unsigned)lid + k,
				      ps->err))
			return perr(ps, ps->err->msg, NULL);
	return 0;
}

/* "lid N lmc M ..." and the state, after the peer. */
static int parse_port_status(struct dump_parser *ps, unsigned port,
			     const char *rest)
{
	const char *l = strstr(rest, " lid ");
	unsigned long lid = 0, lmc = 0;
	int active;

	if (l && (parse_word_number(&l, "lid", &lid) ||
		  parse_word_number(&l, "lmc", &lmc)))
		return perr(ps, "cannot read 'lid N lmc M'", NULL);
	if (port_state(rest, &active))
		return perr(ps,
			    "no port state (e.g. Active/LinkUp) in: ", rest);
	oc_port_mut(ps->f, ps->cur, port)->active = active;
	if (active && lid)
		return set_lids(ps, port, lid, lmc);
	return 0;
}

/* Checks the port number against the record and marks it read. */
static int take_port(struct dump_parser *ps, unsigned long port)
{
	const struct oc_node *n;

	if (ps->cur == OC_NONE)
		return perr(ps, "port line outside a node record", NULL);
	n = &ps->f->nodes[ps->cur];
	if (port > n->num_ports || (port == 0 && n->type != OC_NODE_SWITCH))
		return perr(ps, "port number out of range for this node", NULL);
	if (ps->seen[port])
		return perr(ps, "port listed twice", NULL);
	ps->seen[port] = 1;
	return 0;
}

/* 'GUID<TAB>[p]<TAB>"peer"[q]<TAB> lid .. State/Phys' (no peer: down). */
static int parse_port_line(struct dump_parser *ps, char *s)
{
	unsigned long port, peer_port = 0;
	uint64_t guid;
	char *peer = NULL;

	if (parse_hex(&s, &guid) || *s != '\t')
		return perr(ps, "bad port GUID", NULL);
	s++;
	if (parse_index(&s, &port))
		return perr(ps, "expected '[port]' after the port GUID", NULL);
	if (take_port(ps, port))
		return -1;
	s = oc_skip_blanks(s);
	if (*s == '"') {
		peer = oc_scan_quoted(&s);
		if (!peer || parse_index(&s, &peer_port))
			return perr(ps, "expected \"peer\"[port]", NULL);
	}
	if (parse_port_status(ps, port, s))
		return -1;
	if (!oc_is_switch(ps->f, ps->cur) &&
	    oc_fabric_set_port_guid(ps->f, ps->cur, port, guid, ps->err))
		return perr(ps, ps->err->msg, NULL);
	if (peer && port > 0)
		return add_named_link(ps, port, peer, peer_port);
	return 0;
}

/* ---- forwarding tables and comments ---------------------------------- */

static int fdb_put(struct dump_parser *ps, struct fdb *t, unsigned long lid,
		   uint64_t port)
{
	if (lid > OC_MAX_UCAST_LID)
		return perr(ps,
			    "forwarding table entry above the unicast "
			    "LIDs",
			    NULL);
	if (port > 0xff)
		return perr(ps, "forwarding table port above 0xFF", NULL);
	if (lid >= t->len) {
		uint8_t *p = realloc(t->ports, lid + 1);

		if (!p)
			return perr(ps, "out of memory", NULL);
		memset(p + t->len, OC_NO_PATH, lid + 1 - t->len);
		t->ports = p;
		t->len = lid + 1;
	}
	t->ports[lid] = (uint8_t)port;
	return 0;
}

/* "#<TAB>Forwarding table 0-15: [0]FF [1]1 ..." */
static int parse_fdb_line(struct dump_parser *ps, char *s)
{
	struct fdb *t;
	unsigned long lid;
	uint64_t port;

	if (ps->cur == OC_NONE || !oc_is_switch(ps->f, ps->cur))
		return perr(ps, "forwarding table outside a switch record",
			    NULL);
	t = &ps->fdbs[ps->f->nodes[ps->cur].sw_index];
	s = strchr(s, ':');
	if (!s)
		return perr(ps, "forwarding table line without ':'", NULL);
	for (s = oc_skip_blanks(s + 1); *s; s = oc_skip_blanks(s)) {
		if (parse_index(&s, &lid) || parse_hex(&s, &port))
			return perr(ps, "expected '[LID]PORT' entries", NULL);
		if (fdb_put(ps, t, lid, port))
			return -1;
	}
	return 0;
}

/* "#  dumped N nodes" ends the Dump. */
static int parse_end(struct dump_parser *ps, const char *s)
{
	unsigned long n;

	if (parse_word_number(&s, "dumped", &n) || n > UINT32_MAX)
		return perr(ps, "cannot read 'dumped N nodes'", NULL);
	ps->dumped = (unsigned)n;
	ps->ended = 1;
	return close_record(ps);
}

static int parse_comment(struct dump_parser *ps, char *s)
{
	s = oc_skip_blanks(s + 1);
	if (!strncmp(s, "Forwarding table", 16))
		return parse_fdb_line(ps, s);
	if (!strncmp(s, "dumped ", 7))
		return parse_end(ps, s);
	return 0; /* linearcap line, "Net status", comments */
}

static int parse_line(struct dump_parser *ps, char *s)
{
	enum oc_node_type type;
	size_t len;

	while (!strncmp(s, PROMPT, strlen(PROMPT)))
		s += strlen(PROMPT);
	if (!ps->started) {
		if (!strncmp(s, "# Net status", 12) ||
		    node_type(s, &type, &len))
			ps->started = 1;
		else
			return 0; /* ibsim start-up messages */
	}
	if (*oc_skip_blanks(s) == '\0')
		return close_record(ps);
	if (node_type(s, &type, &len))
		return close_record(ps) ? -1 : parse_header(ps, s);
	if (*s == '#')
		return parse_comment(ps, s);
	if (isxdigit((unsigned char)*s))
		return parse_port_line(ps, s);
	return perr(ps, "not a line of an ibsim Dump: ", s);
}

/* ---- after the last node --------------------------------------------- */

static int resolve_links(struct dump_parser *ps)
{
	return oc_link_list_resolve(&ps->links, ps->f, ps->file,
				    " (a Dump of one node?)", ps->err);
}

static struct oc_lfts *build_lfts(struct dump_parser *ps)
{
	const struct oc_fabric *f = ps->f;
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);
	uint32_t s;

	if (!t) {
		oc_err_set(ps->err, "%s: out of memory for LFTs", ps->file);
		return NULL;
	}
	for (s = 0; s < f->num_switches; s++) {
		const struct fdb *d = &ps->fdbs[s];
		unsigned n = d->len < t->max_lid + 1u ? d->len
						      : t->max_lid + 1u;

		if (n)
			memcpy(oc_lft_row(t, s), d->ports, n);
	}
	return t;
}

static int finish(struct dump_parser *ps)
{
	if (!ps->f->num_nodes)
		return oc_err_set(ps->err,
				  "%s: no node records: not the output of "
				  "ibsim's Dump command",
				  ps->file);
	if (!ps->ended)
		return oc_err_set(ps->err,
				  "%s:%u: Dump ends without its 'dumped N "
				  "nodes' line (truncated?)",
				  ps->file, ps->line);
	if (ps->dumped != ps->f->num_nodes)
		return oc_err_set(ps->err,
				  "%s:%u: Dump says %u nodes, %u were read",
				  ps->file, ps->line, ps->dumped,
				  ps->f->num_nodes);
	return resolve_links(ps);
}

static void free_parser(struct dump_parser *ps)
{
	size_t i;

	oc_link_list_free(&ps->links);
	for (i = 0; i < ps->cap_fdbs; i++)
		free(ps->fdbs[i].ports);
	free(ps->fdbs);
}

static int read_lines(struct dump_parser *ps, FILE *in)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int ret = 0;

	while (!ret && !ps->ended && (len = oc_getline(&line, &cap, in)) >= 0) {
		ps->line++;
		while (len > 0 &&
		       (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		ret = parse_line(ps, line);
	}
	if (!ret && !ps->ended)
		ret = oc_read_to_end(in, ps->file, ps->line + 1, ps->err);
	free(line);
	return ret;
}

struct oc_fabric *oc_ibsim_dump_read(FILE *in, const char *name,
				     struct oc_lfts **lfts, struct oc_err *err)
{
	struct dump_parser ps = {.file = name, .err = err, .cur = OC_NONE};
	struct oc_err local;
	int ret;

	if (!ps.err)
		ps.err = &local;
	*lfts = NULL;
	ps.f = oc_fabric_new();
	if (!ps.f) {
		oc_err_set(err, "%s: out of memory", name);
		return NULL;
	}
	ret = read_lines(&ps, in);
	if (!ret)
		ret = finish(&ps);
	if (!ret && !(*lfts = build_lfts(&ps)))
		ret = -1;
	free_parser(&ps);
	if (ret) {
		oc_fabric_free(ps.f);
		return NULL;
	}
	return ps.f;
}

struct oc_fabric *oc_ibsim_dump_load(const char *path, struct oc_lfts **lfts,
				     struct oc_err *err)
{
	struct oc_fabric *f;
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_DUMP_MAX_BYTES, err);

	*lfts = NULL;
	if (!in)
		return NULL;
	f = oc_ibsim_dump_read(in, path, lfts, err);
	fclose(in);
	return f;
}
