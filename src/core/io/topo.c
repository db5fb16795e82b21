/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * topo.c - ibsim topology file parser.
 *
 * Pass 1 reads node records and remembers, for every port line, the peer it
 * names.  Pass 2 checks that each link is listed on both ends consistently
 * (as ibsim itself requires) and connects it.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "model/link_list.h"
#include "base/textscan.h"
#include "io/topo.h"

#define DEFAULT_CA_GUID 0x100000ULL
#define DEFAULT_SW_GUID 0x200000ULL

struct parser {
	struct oc_fabric *f;
	const char *file;
	unsigned line;
	struct oc_err *err;
	uint64_t next_ca_guid, next_sw_guid;
	uint32_t cur_node; /* record being read, OC_NONE outside */
	struct oc_link_list links;
};

/* Prefixes file:line; msg may be ps->err->msg itself. */
static int perr(struct parser *ps, const char *msg, const char *what)
{
	return oc_err_at(ps->err, ps->file, ps->line, msg, what);
}

static int parse_uint(char **s, unsigned long *out)
{
	char *end;

	errno = 0;
	*out = strtoul(*s, &end, 0);
	if (end == *s || errno)
		return -1;
	*s = end;
	return 0;
}

/* "switchguid=0x.." (absolute) or "switchguid+0x10" (relative). */
static int parse_guid_line(struct parser *ps, char *value, uint64_t *base)
{
	char *end;
	uint64_t v;
	int relative = *value == '+';

	errno = 0;
	v = strtoull(value + 1, &end, 0);
	if (end == value + 1 || errno ||
	    (*oc_skip_blanks(end) && *oc_skip_blanks(end) != '#'))
		return perr(ps, "bad GUID value: ", value);
	*base = relative ? *base + v : v;
	return 0;
}

static int is_key(const char *line, const char *key)
{
	size_t n = strlen(key);

	return !strncmp(line, key, n) && (line[n] == '=' || line[n] == '+');
}

static int parse_setting(struct parser *ps, char *line, int *handled)
{
	static const char *const ignored[] = {
		"width", "speed", "extspeed", "vendid", "devid", "sysimgguid",
	};
	static const char *const unsupported[] = {"rtguid", "module"};
	size_t i;

	*handled = 1;
	if (is_key(line, "switchguid"))
		return parse_guid_line(ps, line + 10, &ps->next_sw_guid);
	if (is_key(line, "caguid"))
		return parse_guid_line(ps, line + 6, &ps->next_ca_guid);
	if (is_key(line, "hcaguids"))
		return parse_guid_line(ps, line + 8, &ps->next_ca_guid);
	for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
		if (is_key(line, ignored[i]))
			return 0;
	for (i = 0; i < sizeof(unsupported) / sizeof(unsupported[0]); i++)
		if (is_key(line, unsupported[i]))
			return perr(ps, "unsupported directive: ", line);
	*handled = 0;
	return 0;
}

/* "lid N" anywhere after the name on a switch header. */
static unsigned long header_lid(const char *rest)
{
	const char *p = strstr(rest, " lid ");

	return p ? strtoul(p + 5, NULL, 0) : 0;
}

/* Gives a node's port the LID annotated in the file; a LID beyond 32 bits
 * is out of range as written, not wrapped (4294967297 is not LID 1). */
static int set_annotated_lid(struct parser *ps, uint32_t node, unsigned port,
			     unsigned long lid)
{
	char msg[sizeof(ps->err->msg)];

	if (lid > OC_MAX_UCAST_LID) {
		snprintf(msg, sizeof(msg),
			 "node \"%s\": LID %lu out of range 1..%u",
			 ps->f->nodes[node].name, lid, OC_MAX_UCAST_LID);
		return perr(ps, msg, NULL);
	}
	if (oc_fabric_set_lid(ps->f, node, port, (unsigned)lid, ps->err))
		return perr(ps, ps->err->msg, NULL);
	return 0;
}

/* A CA's ports get GUID + 1.., a switch's port 0 its GUID: no port of an
 * earlier node may have one of them (OpenSM would see one port twice).
 * A repeated node GUID is left to oc_fabric_add_node's message. */
static int check_port_guids(struct parser *ps, enum oc_node_type type,
			    uint64_t guid, unsigned long nports,
			    const char *name)
{
	unsigned long p = type == OC_NODE_SWITCH ? 0 : 1;
	unsigned long last = type == OC_NODE_SWITCH ? 0 : nports;
	char msg[sizeof(ps->err->msg)];
	unsigned port;
	uint32_t other;

	if (oc_fabric_find_guid(ps->f, guid) != OC_NONE)
		return 0;
	for (; p <= last && p <= OC_MAX_PORTS; p++) {
		other = oc_fabric_find_port_guid(ps->f, guid + p, &port);
		if (other == OC_NONE)
			continue;
		snprintf(msg, sizeof(msg),
			 "node \"%s\": port GUID 0x%016" PRIx64
			 " is already \"%s\"[%u]'s",
			 name, guid + p, ps->f->nodes[other].name, port);
		return perr(ps, msg, NULL);
	}
	return 0;
}

static int parse_header(struct parser *ps, char *line)
{
	enum oc_node_type type;
	unsigned long nports;
	char *s = line, *name;
	uint64_t *guid;
	uint32_t id;
	unsigned long lid;

	if (!strncmp(s, "Switch", 6)) {
		type = OC_NODE_SWITCH;
		s += 6;
		guid = &ps->next_sw_guid;
	} else if (!strncmp(s, "Hca", 3) || !strncmp(s, "Ca", 2)) {
		type = OC_NODE_CA;
		s += *s == 'H' ? 3 : 2;
		guid = &ps->next_ca_guid;
	} else if (!strncmp(s, "Rt", 2)) {
		return perr(ps, "routers (Rt records) are not supported", NULL);
	} else {
		return perr(ps, "unknown line: ", line);
	}
	s = oc_skip_blanks(s);
	if (parse_uint(&s, &nports))
		return perr(ps, "expected a port count after the node type",
			    NULL);
	name = oc_scan_quoted(&s);
	if (!name)
		return perr(ps, "expected a quoted node id", NULL);
	lid = type == OC_NODE_SWITCH ? header_lid(s) : 0;
	if (check_port_guids(ps, type, *guid, nports, name))
		return -1;
	id = oc_fabric_add_node(ps->f, type, *guid, name, nports, ps->err);
	if (id == OC_NONE)
		return perr(ps, ps->err->msg, NULL);
	*guid += type == OC_NODE_SWITCH ? 1 : nports + 1;
	ps->cur_node = id;
	return lid ? set_annotated_lid(ps, id, 0, lid) : 0;
}

/* Skips an optional "(guid)" annotation. */
static void skip_paren(char **s)
{
	char *end;

	if (**s == '(' && (end = strchr(*s, ')')))
		*s = end + 1;
}

/* "# lid N ..." on a CA port line gives the port's initial LID. */
static unsigned long annotation_lid(const char *s)
{
	const char *hash = strchr(s, '#');

	if (!hash)
		return 0;
	hash = oc_skip_blanks((char *)hash + 1);
	if (strncmp(hash, "lid ", 4))
		return 0;
	return strtoul(hash + 4, NULL, 0);
}

static int add_declared(struct parser *ps, unsigned port, const char *peer,
			unsigned peer_port)
{
	if (oc_link_list_add(&ps->links, ps->cur_node, port, peer, peer_port,
			     ps->line))
		return perr(ps, "out of memory", NULL);
	return 0;
}

static int parse_port_line(struct parser *ps, char *line)
{
	const struct oc_node *n = &ps->f->nodes[ps->cur_node];
	unsigned long port, peer_port = 1;
	char *s = line + 1, *peer;
	unsigned long lid = annotation_lid(line);

	if (parse_uint(&s, &port) || *s != ']')
		return perr(ps, "bad port number in: ", line);
	if (port < 1 || port > n->num_ports)
		return perr(ps,
			    "port number out of range for this node: ", line);
	s++;
	skip_paren(&s);
	peer = oc_scan_quoted(&s);
	if (!peer)
		return perr(ps, "expected a quoted peer node id: ", line);
	if (*s == '[') {
		s++;
		if (parse_uint(&s, &peer_port) || *s != ']' || peer_port < 1 ||
		    peer_port > OC_MAX_PORTS)
			return perr(ps, "bad peer port number", NULL);
	}
	if (lid && n->type == OC_NODE_CA &&
	    set_annotated_lid(ps, ps->cur_node, port, lid))
		return -1;
	return add_declared(ps, port, peer, peer_port);
}

static int parse_line(struct parser *ps, char *line)
{
	char *s = oc_skip_blanks(line);
	int handled, ret;

	if (*s == '\0') {
		ps->cur_node = OC_NONE;
		return 0;
	}
	if (*s == '#')
		return 0;
	if (*s == '[') {
		if (ps->cur_node == OC_NONE)
			return perr(ps, "port line outside a node record",
				    NULL);
		return parse_port_line(ps, s);
	}
	ps->cur_node = OC_NONE;
	ret = parse_setting(ps, s, &handled);
	if (ret || handled)
		return ret;
	if (!strncmp(s, "include", 7) || !strncmp(s, "do ", 3))
		return perr(ps, "unsupported directive: ", s);
	return parse_header(ps, s);
}

static int resolve_links(struct parser *ps)
{
	return oc_link_list_resolve(&ps->links, ps->f, ps->file, NULL, ps->err);
}

static void free_parser(struct parser *ps)
{
	oc_link_list_free(&ps->links);
}

struct oc_fabric *oc_topo_read(FILE *in, const char *name, struct oc_err *err)
{
	struct parser ps = {
		.file = name,
		.err = err,
		.cur_node = OC_NONE,
		.next_ca_guid = DEFAULT_CA_GUID,
		.next_sw_guid = DEFAULT_SW_GUID,
	};
	struct oc_err local;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int ret = 0;

	if (!ps.err)
		ps.err = &local;
	ps.f = oc_fabric_new();
	if (!ps.f) {
		oc_err_set(err, "%s: out of memory", name);
		return NULL;
	}
	while (!ret && (len = getline(&line, &cap, in)) >= 0) {
		ps.line++;
		while (len > 0 &&
		       (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		ret = parse_line(&ps, line);
	}
	if (!ret)
		ret = oc_read_to_end(in, name, ps.line + 1, ps.err);
	free(line);
	if (!ret && ps.f->num_nodes == 0)
		ret = oc_err_set(ps.err, "%s: no nodes in topology", name);
	if (!ret)
		ret = resolve_links(&ps);
	free_parser(&ps);
	if (ret) {
		oc_fabric_free(ps.f);
		return NULL;
	}
	return ps.f;
}

struct oc_fabric *oc_topo_load(const char *path, struct oc_err *err)
{
	struct oc_fabric *f;
	FILE *in = fopen(path, "r");

	if (!in) {
		oc_err_set(err, "%s: %s", path, strerror(errno));
		return NULL;
	}
	f = oc_topo_read(in, path, err);
	fclose(in);
	return f;
}
