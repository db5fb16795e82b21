/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * dest.c - a request's destination hypervisor or VF (see dest.h).
 */
#include <inttypes.h>
#include <string.h>

#include <opensm/osm_node.h>

#include "vmops/dest.h"
#include "vmops/op_exec.h"
#include "base/textscan.h"

int oc_dest_check(const char *dest, const char *what, struct oc_err *err)
{
	size_t len = strlen(dest), i;

	if (!len || len >= OC_DEST_MAX)
		return oc_err_set(err, "%s of %zu characters (1 to %d)", what,
				  len, OC_DEST_MAX - 1);
	for (i = 0; i < len; i++)
		if (dest[i] < 0x20 || dest[i] > 0x7e)
			return oc_err_set(err,
					  "%s: character %zu is not "
					  "printable",
					  what, i + 1);
	return 0;
}

static int is_vswitch(const struct oc_exec *x, uint32_t node)
{
	const struct oc_fabric *f = x->snap->f;

	return node != OC_NONE && oc_is_switch(f, node) &&
	       x->ft->sw[f->nodes[node].sw_index].role == OC_SW_VSWITCH;
}

/* The vSwitch a CA's port 1 (or port) leads to, with its port there. */
static uint32_t vswitch_of(const struct oc_exec *x, uint32_t ca, unsigned port,
			   unsigned *sw_port)
{
	const struct oc_fabric *f = x->snap->f;
	const struct oc_port *p = oc_port(f, ca, port);

	if (!is_vswitch(x, p->peer_node))
		return OC_NONE;
	*sw_port = p->peer_port;
	return p->peer_node;
}

/* A GUID: a vSwitch, its PF (node or port GUID) or one of its VFs (node
 * or port GUID: that VF exactly). */
static int by_guid(const struct oc_exec *x, uint64_t guid, struct oc_dest *d,
		   struct oc_err *err)
{
	const struct oc_fabric *f = x->snap->f;
	uint32_t node = oc_fabric_find_guid(f, guid), hv = OC_NONE;
	unsigned port = 1, sw_port = 0;

	if (node == OC_NONE)
		node = oc_fabric_find_port_guid(f, guid, &port);
	if (node != OC_NONE && oc_is_switch(f, node))
		hv = is_vswitch(x, node) ? node : OC_NONE;
	else if (node != OC_NONE)
		hv = vswitch_of(x, node, port, &sw_port);
	if (hv == OC_NONE)
		return oc_err_set(err,
				  "no hypervisor (vSwitch or PF) and no VF "
				  "has GUID 0x%016" PRIx64,
				  guid);
	d->hv = f->nodes[hv].sw_index;
	if (!oc_is_switch(f, node) && x->ft->sw[d->hv].pf_port != sw_port)
		d->vf_guid = oc_port(f, node, port)->guid;
	return 0;
}

/* OpenSM's NodeDescription of node, trailing blanks dropped. */
static void description(const osm_node_t *node, char *buf)
{
	size_t n = strnlen((const char *)node->node_desc.description,
			   IB_NODE_DESCRIPTION_SIZE);

	memcpy(buf, node->node_desc.description, n);
	while (n && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
}

/* OpenSM's node of switch sw: the snapshot's pointer (valid while the
 * model is, kept_model.h), a look-up for a switch without one. */
static const osm_node_t *osm_node_of(const struct oc_exec *x, uint32_t sw)
{
	if (x->snap->sw[sw])
		return x->snap->sw[sw]->p_node;
	return osm_get_node_by_guid(
		&x->osm->subn,
		cl_hton64(x->snap->f->nodes[x->snap->f->switches[sw]].guid));
}

/* How well vSwitch sw matches name: 2 its description or node-name-map
 * name, 1 its host name (the description's first word), 0 not. */
static int name_match(const struct oc_exec *x, uint32_t sw, const char *name)
{
	const osm_node_t *o = osm_node_of(x, sw);
	char desc[IB_NODE_DESCRIPTION_SIZE + 1];
	size_t host;

	if (!o)
		return 0;
	description(o, desc);
	if (!strcmp(desc, name) ||
	    (o->print_desc && !strcmp(o->print_desc, name)))
		return 2;
	host = strcspn(desc, " ");
	return host == strlen(name) && !strncmp(desc, name, host) ? 1 : 0;
}

/* ---- the index of the vSwitches' names, kept with the model ---------
 *
 * Key: the FNV hash of a name, salted by its match level; value: the
 * vSwitch, or AMBIGUOUS when two share the key (two names, or a hash
 * collision).  A look-up only proposes: the vSwitch is checked against
 * OpenSM's description now, and anything else (absent, ambiguous, no
 * longer matching) takes the scan of every vSwitch, which gives the
 * answer and the error messages.  A trap may change a NodeDescription
 * between sweeps (the index is rebuilt with the model at the next one):
 * a vSwitch renamed away is caught by the check; one renamed to a name
 * another vSwitch has is seen as ambiguous only by a scan, so until then
 * the name goes on naming the vSwitch that had it. */
#define AMBIGUOUS (OC_NONE - 1)

static uint64_t name_key(const char *name, int level)
{
	return oc_hash_string(name) ^ (level == 2 ? 0x9e3779b97f4a7c15ull : 0);
}

static int index_name(struct oc_hash *h, const char *name, int level,
		      uint32_t sw)
{
	uint64_t key = name_key(name, level);
	uint32_t had = oc_hash_get64(h, key);

	if (had == OC_NONE)
		return oc_hash_put64(h, key, sw);
	return had == sw ? 0 : oc_hash_set64(h, key, AMBIGUOUS);
}

static int index_vswitch(struct oc_hash *h, const osm_node_t *o, uint32_t sw)
{
	char desc[IB_NODE_DESCRIPTION_SIZE + 1];

	description(o, desc);
	if (index_name(h, desc, 2, sw) ||
	    (o->print_desc && index_name(h, o->print_desc, 2, sw)))
		return -1;
	desc[strcspn(desc, " ")] = '\0';
	return index_name(h, desc, 1, sw);
}

/* The index of x's model, built at its first use; NULL when out of
 * memory (every look-up then scans). */
static struct oc_hash *name_index(struct oc_exec *x)
{
	const struct oc_fabric *f = x->snap->f;
	uint32_t i;

	if (x->names)
		return x->names;
	x->names = oc_hash_new();
	for (i = 0; x->names && i < f->num_switches; i++) {
		const osm_node_t *o = osm_node_of(x, i);

		if (o && is_vswitch(x, f->switches[i]) &&
		    index_vswitch(x->names, o, i)) {
			oc_hash_free(x->names);
			x->names = NULL;
		}
	}
	return x->names;
}

/* The vSwitch the index proposes for name, checked; OC_NONE: scan. */
static uint32_t indexed(struct oc_exec *x, const char *name)
{
	struct oc_hash *h = name_index(x);
	uint32_t sw;
	int level;

	if (!h)
		return OC_NONE;
	for (level = 2; level >= 1; level--) {
		sw = oc_hash_get64(h, name_key(name, level));
		if (sw == AMBIGUOUS)
			return OC_NONE;
		if (sw != OC_NONE)
			return name_match(x, sw, name) == level ? sw : OC_NONE;
	}
	return OC_NONE;
}

static int by_name(struct oc_exec *x, const char *name, struct oc_dest *d,
		   struct oc_err *err)
{
	const struct oc_fabric *f = x->snap->f;
	uint32_t i, found[2][2], count[3] = {0, 0, 0};
	int best;

	d->hv = indexed(x, name);
	if (d->hv != OC_NONE)
		return 0;
	for (i = 0; i < f->num_switches; i++) {
		uint32_t node = f->switches[i];
		int m = is_vswitch(x, node) ? name_match(x, i, name) : 0;

		if (m && count[m] < 2)
			found[m - 1][count[m]] = node;
		count[m]++;
	}
	best = count[2] ? 2 : count[1] ? 1 : 0;
	if (!best)
		return oc_err_set(err,
				  "unknown hypervisor \"%s\" (no vSwitch has "
				  "that description, node-name-map name, host "
				  "name or GUID)",
				  name);
	if (count[best] > 1)
		return oc_err_set(err,
				  "\"%s\" names %u hypervisors (\"%s\", "
				  "\"%s\"%s): give the whole description or a "
				  "node GUID",
				  name, count[best],
				  f->nodes[found[best - 1][0]].name,
				  f->nodes[found[best - 1][1]].name,
				  count[best] > 2 ? ", ..." : "");
	d->hv = f->nodes[found[best - 1][0]].sw_index;
	return 0;
}

int oc_dest_resolve(struct oc_exec *x, const char *dest, struct oc_dest *d,
		    struct oc_err *err)
{
	uint64_t guid;

	d->hv = OC_NONE;
	d->vf_guid = 0;
	if (!strncmp(dest, "0x", 2) && !oc_parse_hex64(dest, &guid))
		return by_guid(x, guid, d, err);
	return by_name(x, dest, d, err);
}
