/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * subnet_lst.c - a fabric from OpenSM's opensm-subnet.lst.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "base/textscan.h"
#include "io/node_desc.h"
#include "io/subnet_lst.h"

/* One end of a link: "{ TYPE Ports:NN ... {desc} LID:LLLL PN:PP }". */
struct lst_end {
	enum oc_node_type type;
	unsigned long num_ports, lid, port;
	uint64_t node_guid, port_guid;
	char *desc;
};

/* "KEY:hex" somewhere in [s, limit): its value; -1 when absent. */
static int hex_field(const char *s, const char *limit, const char *key,
		     int bits64, uint64_t *v)
{
	const char *at = strstr(s, key);
	char *end;

	if (!at || at >= limit)
		return -1;
	at += strlen(key);
	errno = 0;
	*v = strtoull(at, &end, 16);
	if (end == at || errno || (!bits64 && *v > 0xffff))
		return -1;
	return 0;
}

static int end_type(const char *s, struct lst_end *e, struct oc_err *err)
{
	if (!strncmp(s, "SW", 2)) {
		e->type = OC_NODE_SWITCH;
	} else if (!strncmp(s, "CA", 2)) {
		e->type = OC_NODE_CA;
	} else if (!strncmp(s, "Rt", 2)) {
		return oc_err_set(err, "routers (Rt) are not supported: "
				       "osmcloud routes and checks one subnet");
	} else {
		return oc_err_set(err, "unknown node type \"%.4s\"", s);
	}
	return 0;
}

/* Parses the end starting at *s ("{ ..."), moves *s past its "}". */
static int parse_end(char **s, struct lst_end *e, struct oc_err *err)
{
	char *p = oc_skip_blanks(*s), *desc, *close, *end;
	uint64_t v[5];

	if (*p != '{')
		return oc_err_set(err, "expected '{' opening a link end");
	p = oc_skip_blanks(p + 1);
	if (end_type(p, e, err))
		return -1;
	desc = strstr(p, " {");
	close = desc ? strstr(desc, "} LID:") : NULL;
	end = close ? strstr(close, " }") : NULL;
	if (!end)
		return oc_err_set(err, "expected '{DESCRIPTION} LID:L PN:P }'");
	if (hex_field(p, desc, "Ports:", 0, &v[0]) ||
	    hex_field(p, desc, "NodeGUID:", 1, &v[1]) ||
	    hex_field(p, desc, "PortGUID:", 1, &v[2]) ||
	    hex_field(close, end, "LID:", 0, &v[3]) ||
	    hex_field(close, end, "PN:", 0, &v[4]))
		return oc_err_set(err, "expected Ports:, NodeGUID:, PortGUID:, "
				       "LID: and PN: in hex");
	e->num_ports = v[0];
	e->node_guid = v[1];
	e->port_guid = v[2];
	e->lid = v[3];
	e->port = v[4];
	*close = '\0';
	e->desc = desc + 2;
	*s = end + 2;
	return 0;
}

/* The node of an end, added when first seen. */
static uint32_t end_node(struct oc_fabric *f, const struct lst_end *e,
			 struct oc_err *err)
{
	uint32_t node = oc_fabric_find_guid(f, e->node_guid);
	char tag[24], *name;

	if (node != OC_NONE) {
		if (f->nodes[node].type == e->type &&
		    f->nodes[node].num_ports == e->num_ports)
			return node;
		oc_err_set(err,
			   "node 0x%016" PRIx64 " (\"%s\") listed before as "
			   "another type or with another port count",
			   e->node_guid, f->nodes[node].name);
		return OC_NONE;
	}
	snprintf(tag, sizeof(tag), "0x%016" PRIx64, e->node_guid);
	name = oc_node_desc_name(f, e->desc, tag);
	if (!name) {
		oc_err_set(err, "out of memory");
		return OC_NONE;
	}
	node = oc_fabric_add_node(f, e->type, e->node_guid, name,
				  (unsigned)e->num_ports, err);
	free(name);
	return node;
}

/* The end's port GUID (a CA's) and LID (a switch's port 0, a CA's port). */
static int end_port(struct oc_fabric *f, uint32_t node, const struct lst_end *e,
		    struct oc_err *err)
{
	unsigned lid_port = e->type == OC_NODE_SWITCH ? 0 : (unsigned)e->port;

	if (e->port < 1 || e->port > f->nodes[node].num_ports)
		return oc_err_set(err, "\"%s\" has no port %lu",
				  f->nodes[node].name, e->port);
	if (e->type == OC_NODE_CA &&
	    oc_fabric_set_port_guid(f, node, (unsigned)e->port, e->port_guid,
				    err))
		return -1;
	if (!e->lid || oc_port(f, node, lid_port)->lid == e->lid)
		return 0;
	return oc_fabric_set_lid(f, node, lid_port, (unsigned)e->lid, err);
}

static int read_line(void *ctx, char *line, unsigned lineno, struct oc_err *err)
{
	struct oc_fabric *f = ctx;
	struct lst_end a, b;
	uint32_t na, nb;
	char *s = oc_skip_blanks(line);

	(void)lineno;
	if (!*s || *s == '\n' || *s == '\r')
		return 0;
	if (parse_end(&s, &a, err) || parse_end(&s, &b, err))
		return -1;
	na = end_node(f, &a, err);
	if (na == OC_NONE)
		return -1;
	nb = end_node(f, &b, err);
	if (nb == OC_NONE || end_port(f, na, &a, err) ||
	    end_port(f, nb, &b, err))
		return -1;
	return oc_fabric_link(f, na, (unsigned)a.port, nb, (unsigned)b.port,
			      err);
}

struct oc_fabric *oc_subnet_lst_read(FILE *in, const char *name,
				     struct oc_err *err)
{
	struct oc_fabric *f = oc_fabric_new();

	if (!f) {
		oc_err_set(err, "%s: out of memory", name);
		return NULL;
	}
	if (oc_read_lines(in, name, read_line, f, err)) {
		oc_fabric_free(f);
		return NULL;
	}
	if (!f->num_nodes) {
		oc_err_set(err, "%s: no links: not an opensm-subnet.lst", name);
		oc_fabric_free(f);
		return NULL;
	}
	return f;
}

struct oc_fabric *oc_subnet_lst_load(const char *path, struct oc_err *err)
{
	struct oc_fabric *f;
	FILE *in =
		oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);

	if (!in)
		return NULL;
	f = oc_subnet_lst_read(in, path, err);
	fclose(in);
	return f;
}
