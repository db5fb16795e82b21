/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_dump.c - writing and reading opensm-lfts.dump.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "io/lft_dump.h"
#include "base/textscan.h"

static const char *type_str(const struct oc_fabric *f, uint32_t node)
{
	return oc_is_switch(f, node) ? "Switch" : "Channel Adapter";
}

static void write_entry(const struct oc_fabric *f, unsigned lid, uint8_t port,
			FILE *out)
{
	const struct oc_lid_owner *o = &f->lid_owner[lid];

	fprintf(out, "0x%04x %03u # ", lid, port);
	if (lid <= f->max_lid && o->node != OC_NONE)
		fprintf(out, "%s portguid 0x%016" PRIx64 ": '%s'\n",
			type_str(f, o->node),
			oc_port(f, o->node, o->port)->guid,
			f->nodes[o->node].name);
	else
		fprintf(out, "unknown node and type\n");
}

int oc_lft_dump_write(const struct oc_fabric *f, const struct oc_lfts *t,
		      FILE *out)
{
	uint32_t sw;
	unsigned lid;

	for (sw = 0; sw < f->num_switches; sw++) {
		uint32_t node = f->switches[sw];
		const uint8_t *row = oc_lft_row(t, sw);

		fprintf(out,
			"Unicast lids [0-%u] of switch Lid %u guid 0x%016" PRIx64
			" ('%s'):\n",
			t->max_lid, oc_switch_lid(f, node), f->nodes[node].guid,
			f->nodes[node].name);
		for (lid = 0; lid <= t->max_lid; lid++)
			if (row[lid] != OC_NO_PATH)
				write_entry(f, lid, row[lid], out);
		fprintf(out, "%u lids dumped\n", t->max_lid);
	}
	return ferror(out) ? -1 : 0;
}

int oc_lft_switch_row(const struct oc_fabric *f, uint64_t guid,
		      const char *name, unsigned lineno, uint32_t *sw,
		      struct oc_err *err)
{
	uint32_t node = oc_fabric_find_guid(f, guid);

	if (node == OC_NONE || !oc_is_switch(f, node))
		return oc_err_set(err,
				  "%s:%u: switch 0x%016" PRIx64
				  " is not in the fabric",
				  name, lineno, guid);
	*sw = f->nodes[node].sw_index;
	return 0;
}

/* "Unicast lids [0-MAX] of switch ... guid 0xGUID": the switch's row. */
static int read_header(const struct oc_fabric *f, const char *line,
		       const char *name, unsigned lineno, uint32_t *sw,
		       struct oc_err *err)
{
	const char *g = strstr(line, " guid 0x");
	uint64_t guid;

	if (!g || sscanf(g, " guid 0x%" SCNx64, &guid) != 1)
		return oc_err_set(err, "%s:%u: switch header without a guid",
				  name, lineno);
	return oc_lft_switch_row(f, guid, name, lineno, sw, err);
}

#define OTHER_LIDS                                                           \
	"the tables were routed with other LIDs (give the same --guid2lid, " \
	"--vms and --lid-model as when routing)"

/* The comment of an entry names the port that owns the LID ("... portguid
 * 0x...: 'desc'"); it must be the port that owns it in the fabric, or
 * the dump was made with other LIDs. */
static int check_owner(const struct oc_fabric *f, unsigned lid,
		       const char *line, const char *name, unsigned lineno,
		       struct oc_err *err)
{
	const char *g = strstr(line, "portguid 0x");
	const struct oc_lid_owner *o = &f->lid_owner[lid];
	uint64_t guid, want;

	if (!g || sscanf(g, "portguid 0x%" SCNx64, &guid) != 1)
		return 0;
	want = o->node == OC_NONE ? 0 : oc_port(f, o->node, o->port)->guid;
	if (guid == want)
		return 0;
	if (!want)
		return oc_err_set(
			err,
			"%s:%u: LID %u is port 0x%016" PRIx64
			" in the dump but no port's in the fabric: %s",
			name, lineno, lid, guid, OTHER_LIDS);
	return oc_err_set(err,
			  "%s:%u: LID %u is port 0x%016" PRIx64 " in the dump "
			  "but port 0x%016" PRIx64 " in the fabric: %s",
			  name, lineno, lid, guid, want, OTHER_LIDS);
}

/* "0xLLLL PPP": hex LID, blanks, decimal port; a number too big for an
 * unsigned long stays too big instead of wrapping. */
static int scan_entry(const char *line, unsigned long *lid, unsigned long *port)
{
	const char *s = line + 2;
	char *end;

	errno = 0;
	*lid = strtoul(s, &end, 16);
	if (end == s || !isblank((unsigned char)*end))
		return -1;
	s = end;
	while (isblank((unsigned char)*s))
		s++;
	if (!isdigit((unsigned char)*s))
		return -1;
	*port = strtoul(s, &end, 10);
	return errno ? -1 : 0;
}

int oc_lft_entry_set(const struct oc_fabric *f, struct oc_lfts *t, uint32_t sw,
		     unsigned long lid, unsigned long port, const char *name,
		     unsigned lineno, struct oc_err *err)
{
	if (sw == OC_NONE)
		return oc_err_set(err,
				  "%s:%u: LFT entry before any switch "
				  "header",
				  name, lineno);
	if (lid > t->max_lid)
		return oc_err_set(err,
				  "%s:%u: LID %lu is above the fabric's "
				  "highest LID %u",
				  name, lineno, lid, t->max_lid);
	if (port != OC_NO_PATH && port > f->nodes[f->switches[sw]].num_ports)
		return oc_err_set(err,
				  "%s:%u: port %lu does not exist on "
				  "switch '%s'",
				  name, lineno, port,
				  f->nodes[f->switches[sw]].name);
	oc_lft_row(t, sw)[lid] = (uint8_t)port;
	return 0;
}

/* "0xLLLL PPP ...": one entry of the current switch. */
static int read_entry(const struct oc_fabric *f, struct oc_lfts *t, uint32_t sw,
		      const char *line, const char *name, unsigned lineno,
		      struct oc_err *err)
{
	unsigned long lid, port;

	if (sw == OC_NONE)
		return oc_lft_entry_set(f, t, sw, 0, 0, name, lineno, err);
	if (scan_entry(line, &lid, &port))
		return oc_err_set(err, "%s:%u: cannot read 'LID PORT'", name,
				  lineno);
	if (lid <= t->max_lid && check_owner(f, lid, line, name, lineno, err))
		return -1;
	return oc_lft_entry_set(f, t, sw, lid, port, name, lineno, err);
}

int oc_lft_dump_read(const struct oc_fabric *f, FILE *in, const char *name,
		     struct oc_lfts **lfts, struct oc_err *err)
{
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);
	uint32_t sw = OC_NONE;
	unsigned lineno = 0, headers = 0;
	char *line = NULL;
	size_t cap = 0;
	int ret = 0;

	if (!t)
		return oc_err_set(err, "out of memory for LFTs");
	/* oc_getline: the rest of a long line must not count as a line */
	while (!ret && oc_getline(&line, &cap, in) >= 0) {
		lineno++;
		if (!strncmp(line, "Unicast lids", 12)) {
			ret = read_header(f, line, name, lineno, &sw, err);
			headers++;
		} else if (!strncmp(line, "0x", 2)) {
			ret = read_entry(f, t, sw, line, name, lineno, err);
		}
	}
	if (!ret)
		ret = oc_read_to_end(in, name, lineno + 1, err);
	free(line);
	if (!ret && !headers)
		ret = oc_err_set(err,
				 "%s: no 'Unicast lids' switch header: "
				 "not an opensm-lfts.dump file",
				 name);
	if (ret) {
		oc_lfts_free(t);
		return -1;
	}
	*lfts = t;
	return 0;
}
