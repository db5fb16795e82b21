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

#include "base/regular_file.h"
#include "model/link_list.h"
#include "base/hash.h"
#include "base/textscan.h"
#include "io/node_desc.h"
#include "io/topo.h"

#define DEFAULT_CA_GUID 0x100000ULL
#define DEFAULT_SW_GUID 0x200000ULL
#define MAX_LMC 7

#define NO_ROUTERS                                                          \
	"routers (Rt records, rtguid=) are not supported: osmcloud routes " \
	"and checks one subnet; remove the router's record and its links"

struct parser {
	struct oc_fabric *f;
	const char *file;
	unsigned line;
	struct oc_err *err;
	uint64_t next_ca_guid, next_sw_guid;
	uint32_t cur_node;    /* record being read, OC_NONE outside */
	unsigned record_line; /* its header's line */
	struct oc_link_list links;
	struct oc_hash *by_id; /* the file's node id -> node */
	char **ids;	       /* node -> the file's node id */
	size_t cap_ids;
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
	if (end != value + 1 && *end == '(' && strchr(end, ')'))
		end = strchr(end, ')') + 1; /* ibnetdiscover: "=0x..(..)" */
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
	static const char *const unsupported[] = {"module"};
	size_t i;

	*handled = 1;
	if (is_key(line, "switchguid"))
		return parse_guid_line(ps, line + 10, &ps->next_sw_guid);
	if (is_key(line, "caguid"))
		return parse_guid_line(ps, line + 6, &ps->next_ca_guid);
	if (is_key(line, "hcaguids"))
		return parse_guid_line(ps, line + 8, &ps->next_ca_guid);
	if (is_key(line, "rtguid"))
		return perr(ps, NO_ROUTERS, NULL);
	for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
		if (is_key(line, ignored[i]))
			return 0;
	for (i = 0; i < sizeof(unsupported) / sizeof(unsupported[0]); i++)
		if (is_key(line, unsupported[i]))
			return perr(ps, "unsupported directive: ", line);
	*handled = 0;
	return 0;
}

/* "lid N [lmc M]" at p (NULL: none, *lid stays 0); -1 on a bad LMC. */
static int scan_lid(const char *p, unsigned long *lid, unsigned long *lmc)
{
	char *end;

	*lid = *lmc = 0;
	if (!p)
		return 0;
	*lid = strtoul(p + 4, &end, 0);
	end = oc_skip_blanks(end);
	if (strncmp(end, "lmc ", 4))
		return 0;
	*lmc = strtoul(end + 4, &end, 0);
	return *lmc > MAX_LMC ? -1 : 0;
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

/* "lid N lmc M" (ibnetdiscover) gives the port N .. N + 2^M - 1, the base
 * last so that it stays the port's LID. */
static int set_annotated_lids(struct parser *ps, uint32_t node, unsigned port,
			      const char *at)
{
	unsigned long lid, lmc, k;

	if (scan_lid(at, &lid, &lmc))
		return perr(ps, "LMC above 7", NULL);
	if (!lid)
		return 0;
	for (k = 1ul << lmc; k-- > 0;)
		if (set_annotated_lid(ps, node, port, lid + k))
			return -1;
	return 0;
}

/* A switch's port 0 has the switch's GUID: no CA port read before may
 * have it (OpenSM would see one port twice).  A repeated node GUID is
 * left to oc_fabric_add_node's message; a CA's ports are checked when
 * its record ends (close_record), after the port lines that may give
 * them their own GUIDs. */
static int check_switch_guid(struct parser *ps, uint64_t guid, const char *name)
{
	char msg[sizeof(ps->err->msg)];
	unsigned port;
	uint32_t other;

	if (oc_fabric_find_guid(ps->f, guid) != OC_NONE)
		return 0;
	other = oc_fabric_find_port_guid(ps->f, guid, &port);
	if (other == OC_NONE)
		return 0;
	snprintf(msg, sizeof(msg),
		 "node \"%s\": port GUID 0x%016" PRIx64
		 " is already \"%s\"[%u]'s",
		 name, guid, ps->f->nodes[other].name, port);
	return perr(ps, msg, NULL);
}

/* Every port of the CA just read holds its GUID alone. */
static int check_ca_port_guids(struct parser *ps, uint32_t node)
{
	const struct oc_node *n = &ps->f->nodes[node];
	char msg[sizeof(ps->err->msg)];
	unsigned p, port;
	uint64_t guid;
	uint32_t other;

	for (p = 1; p <= n->num_ports; p++) {
		guid = oc_port(ps->f, node, p)->guid;
		other = oc_fabric_find_port_guid(ps->f, guid, &port);
		if (other == OC_NONE || other == node)
			continue;
		snprintf(msg, sizeof(msg),
			 "node \"%s\": port GUID 0x%016" PRIx64
			 " is already \"%s\"[%u]'s",
			 n->name, guid, ps->f->nodes[other].name, port);
		return oc_err_at(ps->err, ps->file, ps->record_line, msg, NULL);
	}
	return 0;
}

static int close_record(struct parser *ps)
{
	uint32_t node = ps->cur_node;

	ps->cur_node = OC_NONE;
	if (node == OC_NONE || oc_is_switch(ps->f, node))
		return 0;
	return check_ca_port_guids(ps, node);
}

/* Remembers the file's id of the node just added. */
static int add_id(struct parser *ps, uint32_t node, const char *id)
{
	char **ids = ps->ids;
	size_t cap = ps->cap_ids ? 2 * ps->cap_ids : 64;

	/* cap_ids grows only with the array: free_parser() trusts it */
	if (node >= ps->cap_ids) {
		ids = realloc(ids, cap * sizeof(*ids));
		if (!ids)
			return perr(ps, "out of memory", NULL);
		/* a node added without an id yet has none to free */
		memset(ids + ps->cap_ids, 0,
		       (cap - ps->cap_ids) * sizeof(*ids));
		ps->ids = ids;
		ps->cap_ids = cap;
	}
	ids[node] = strdup(id);
	if (!ids[node] || oc_hash_put_str(ps->by_id, ids[node], node)) {
		free(ids[node]);
		ids[node] = NULL;
		return perr(ps, "out of memory", NULL);
	}
	return 0;
}

/* The node's name: its description ('# "desc"' after the id, as
 * ibnetdiscover writes it) or, without one, its id. */
static char *node_name(struct parser *ps, char *rest, const char *id)
{
	char *hash = strchr(rest, '#'), *desc = NULL;

	if (hash) {
		hash++;
		desc = oc_scan_quoted(&hash);
	}
	return desc ? oc_node_desc_name(ps->f, desc, id) : strdup(id);
}

static int node_type(struct parser *ps, char **s, enum oc_node_type *type,
		     uint64_t **guid)
{
	if (!strncmp(*s, "Switch", 6)) {
		*type = OC_NODE_SWITCH;
		*s += 6;
		*guid = &ps->next_sw_guid;
	} else if (!strncmp(*s, "Hca", 3) || !strncmp(*s, "Ca", 2)) {
		*type = OC_NODE_CA;
		*s += **s == 'H' ? 3 : 2;
		*guid = &ps->next_ca_guid;
	} else if (!strncmp(*s, "Rt", 2)) {
		return perr(ps, NO_ROUTERS, NULL);
	} else if (**s == '{') {
		return perr(ps,
			    "a line of OpenSM's opensm-subnet.lst, not of "
			    "a topology file: ",
			    *s);
	} else {
		return perr(ps, "unknown line: ", *s);
	}
	return 0;
}

static int add_node(struct parser *ps, enum oc_node_type type, uint64_t guid,
		    const char *id, char *rest, unsigned long nports)
{
	char *name = node_name(ps, rest, id);
	uint32_t node;

	if (!name)
		return perr(ps, "out of memory", NULL);
	node = oc_fabric_add_node(ps->f, type, guid, name, nports, ps->err);
	free(name);
	if (node == OC_NONE)
		return perr(ps, ps->err->msg, NULL);
	ps->cur_node = node;
	ps->record_line = ps->line;
	return add_id(ps, node, id);
}

/* Where ibnetdiscover's "lid N lmc M" starts in the rest of a switch's
 * header, after its '# "description"' (which may itself hold " lid "),
 * or NULL. */
static char *switch_lid_at(char *rest)
{
	char *hash = strchr(rest, '#'), *open, *close;

	if (hash && (open = strchr(hash, '"')) &&
	    (close = strchr(open + 1, '"')))
		rest = close + 1;
	return strstr(rest, " lid ");
}

static int parse_header(struct parser *ps, char *line)
{
	enum oc_node_type type = OC_NODE_CA;
	unsigned long nports;
	char *s = line, *id, *lid_at;
	uint64_t *guid = NULL;

	if (node_type(ps, &s, &type, &guid))
		return -1;
	s = oc_skip_blanks(s);
	if (parse_uint(&s, &nports))
		return perr(ps, "expected a port count after the node type",
			    NULL);
	id = oc_scan_quoted(&s);
	if (!id)
		return perr(ps, "expected a quoted node id", NULL);
	if (oc_hash_get_str(ps->by_id, id) != OC_NONE)
		return perr(ps, "duplicate node id: ", id);
	lid_at = type == OC_NODE_SWITCH ? switch_lid_at(s) : NULL;
	if (lid_at)
		*lid_at++ = '\0'; /* the description ends before it */
	if (type == OC_NODE_SWITCH && check_switch_guid(ps, *guid, id))
		return -1;
	if (add_node(ps, type, *guid, id, s, nports))
		return -1;
	*guid += type == OC_NODE_SWITCH ? 1 : nports + 1;
	return set_annotated_lids(ps, ps->cur_node, 0, lid_at);
}

/* "(GUID)" after a CA's port number: that port's own GUID (ibnetdiscover
 * writes it in hex without 0x); after a switch's, skipped. */
static int port_guid(struct parser *ps, char **s, unsigned port)
{
	char *close, *end;
	uint64_t guid;

	if (**s != '(' || !(close = strchr(*s, ')')))
		return 0;
	errno = 0;
	guid = strtoull(*s + 1, &end, 16);
	if (end != close || end == *s + 1 || errno)
		return perr(ps, "bad port GUID in: ", *s);
	*s = close + 1;
	if (oc_is_switch(ps->f, ps->cur_node))
		return 0;
	if (oc_fabric_set_port_guid(ps->f, ps->cur_node, port, guid, ps->err))
		return perr(ps, ps->err->msg, NULL);
	return 0;
}

/* "# lid N ..." on a CA port line gives the port's LID (the peer's LID
 * follows its name, '# "name" lid N', and is not this port's). */
static const char *annotation_lid(const char *s)
{
	const char *hash = strchr(s, '#');

	if (!hash)
		return NULL;
	hash = oc_skip_blanks((char *)hash + 1);
	return strncmp(hash, "lid ", 4) ? NULL : hash;
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
	const char *lid_at = annotation_lid(line);

	if (parse_uint(&s, &port) || *s != ']')
		return perr(ps, "bad port number in: ", line);
	if (port < 1 || port > n->num_ports)
		return perr(ps,
			    "port number out of range for this node: ", line);
	s++;
	if (port_guid(ps, &s, (unsigned)port))
		return -1;
	peer = oc_scan_quoted(&s);
	if (!peer)
		return perr(ps, "expected a quoted peer node id: ", line);
	if (*s == '[') {
		s++;
		if (parse_uint(&s, &peer_port) || *s != ']' || peer_port < 1 ||
		    peer_port > OC_MAX_PORTS)
			return perr(ps, "bad peer port number", NULL);
	}
	if (n->type == OC_NODE_CA &&
	    set_annotated_lids(ps, ps->cur_node, (unsigned)port, lid_at))
		return -1;
	return add_declared(ps, port, peer, peer_port);
}

static int parse_line(struct parser *ps, char *line)
{
	char *s = oc_skip_blanks(line);
	int handled, ret;

	if (*s == '\0')
		return close_record(ps);
	if (*s == '#')
		return 0;
	if (*s == '[') {
		if (ps->cur_node == OC_NONE)
			return perr(ps, "port line outside a node record",
				    NULL);
		return parse_port_line(ps, s);
	}
	if (close_record(ps))
		return -1;
	ret = parse_setting(ps, s, &handled);
	if (ret || handled)
		return ret;
	if (!strncmp(s, "include", 7) || !strncmp(s, "do ", 3))
		return perr(ps, "unsupported directive: ", s);
	return parse_header(ps, s);
}

/* Port lines name their peer by the file's id; the fabric knows the node
 * by its name, which is the id unless the file gave a description. */
static int peers_by_name(struct parser *ps)
{
	struct oc_named_link *l;
	uint32_t node;
	size_t i;
	char *name;

	for (i = 0; i < ps->links.count; i++) {
		l = &ps->links.links[i];
		node = oc_hash_get_str(ps->by_id, l->peer_name);
		if (node == OC_NONE ||
		    !strcmp(l->peer_name, ps->f->nodes[node].name))
			continue;
		name = strdup(ps->f->nodes[node].name);
		if (!name)
			return oc_err_set(ps->err, "%s: out of memory",
					  ps->file);
		free(l->peer_name);
		l->peer_name = name;
	}
	return 0;
}

static int resolve_links(struct parser *ps)
{
	if (peers_by_name(ps))
		return -1;
	return oc_link_list_resolve(&ps->links, ps->f, ps->file, NULL, ps->err);
}

static void free_parser(struct parser *ps)
{
	uint32_t i;

	oc_link_list_free(&ps->links);
	for (i = 0; i < ps->f->num_nodes && i < ps->cap_ids; i++)
		free(ps->ids[i]);
	free(ps->ids);
	oc_hash_free(ps->by_id);
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
	ps.by_id = oc_hash_new();
	if (!ps.f || !ps.by_id) {
		oc_fabric_free(ps.f);
		oc_hash_free(ps.by_id);
		oc_err_set(err, "%s: out of memory", name);
		return NULL;
	}
	while (!ret && (len = oc_getline(&line, &cap, in)) >= 0) {
		ps.line++;
		while (len > 0 &&
		       (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		ret = parse_line(&ps, line);
	}
	if (!ret)
		ret = oc_read_to_end(in, name, ps.line + 1, ps.err);
	if (!ret)
		ret = close_record(&ps);
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
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);

	if (!in)
		return NULL;
	f = oc_topo_read(in, path, err);
	fclose(in);
	return f;
}
