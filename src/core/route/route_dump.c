/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * route_dump.c - writer of opensm-osmcloud.dump (see route_dump.h).
 *
 * The link loads are those of `osmcloud check` (verify.h, the CA-to-CA
 * routes crossing each switch-to-switch link) plus, for every port, the
 * CA LIDs the switch sends out of it; both read the tables once per
 * destination, O(switches x LIDs) like the promise check.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "route/route_dump.h"
#include "verify/updown.h"
#include "verify/verify.h"

#define NO_ROUTES UINT64_MAX /* a port that is no switch-to-switch link */

struct dump {
	FILE *out;
	const struct oc_fabric *f;
	const struct oc_lfts *t;
	const struct oc_route_dump_info *info;
	struct oc_ftree *ft;
	uint8_t *level;	   /* [switch index], for the link directions */
	uint64_t *routes;  /* [global port index]: CA-to-CA routes */
	uint32_t *ca_lids; /* [port of one switch]: CA LIDs out of it */
	unsigned cas, switches, loads;
};

static const char HEADER[] =
	"# Lines: kind first, blank-separated fields, a name last in "
	"double quotes.\n"
	"# engine ENGINE\n"
	"# roots SOURCE COUNT  (SOURCE: detected, roots=FILE, "
	"root_guid_file=FILE)\n"
	"# root GUID LID \"NAME\"\n"
	"# switch GUID LID RANK \"NAME\"  (physical switches, rank 0: "
	"roots)\n"
	"# vswitch GUID LEAF-GUID PF-LID VMS \"NAME\"\n"
	"# ca PORT-GUID LID KIND SWITCH-GUID SWITCH-PORT VM \"NAME\"  "
	"(KIND: vm vf pf compute io; VM '-': none known)\n"
	"# load SWITCH-GUID PORT PEER-GUID DIR CA-LIDS ROUTES  (DIR: up "
	"down lateral ca; CA-LIDS: CA LIDs sent out of the port;\n"
	"#      ROUTES: CA-to-CA routes crossing the link as osmcloud "
	"check counts them, '-' to a CA)\n"
	"# end CAS SWITCHES LOADS  (the counts of ca, switch+vswitch and "
	"load lines)\n";

static const char *node_name(const struct dump *d, uint32_t node)
{
	const char *mapped =
		oc_name_map_find(d->info->names, d->f->nodes[node].guid);

	return mapped ? mapped : d->f->nodes[node].name;
}

static void put_name(const struct dump *d, uint32_t node)
{
	const char *c;

	fputs(" \"", d->out);
	for (c = node_name(d, node); *c; c++)
		fputc(*c == '"' ? '\'' : *c, d->out);
	fputs("\"\n", d->out);
}

static uint64_t sw_guid(const struct dump *d, uint32_t sw)
{
	return d->f->nodes[d->f->switches[sw]].guid;
}

static int ca_routable(const struct oc_fabric *f, uint32_t node, unsigned port)
{
	const struct oc_port *p = oc_port(f, node, port);

	return p->lid && p->active && p->peer_node != OC_NONE;
}

static void write_roots(struct dump *d)
{
	const struct oc_ft_switch *s = d->ft->sw;
	uint32_t sw, n = 0;

	for (sw = 0; sw < d->f->num_switches; sw++)
		n += s[sw].role == OC_SW_FABRIC && s[sw].rank == 0;
	fprintf(d->out, "engine %s\nroots %s %u\n", d->info->engine,
		d->info->roots_from ? d->info->roots_from : "detected", n);
	for (sw = 0; sw < d->f->num_switches; sw++) {
		if (s[sw].role != OC_SW_FABRIC || s[sw].rank != 0)
			continue;
		fprintf(d->out, "root 0x%016" PRIx64 " %u", sw_guid(d, sw),
			oc_switch_lid(d->f, d->f->switches[sw]));
		put_name(d, d->f->switches[sw]);
	}
}

/* The CA behind port of a vSwitch: its VM's name, NULL when none. */
static const char *vm_of(const struct dump *d, uint32_t ca, unsigned port)
{
	const struct oc_vm *vm;

	if (!d->info->vms)
		return NULL;
	vm = oc_vm_table_find(d->info->vms, oc_port(d->f, ca, port)->guid);
	return vm ? vm->name : NULL;
}

static unsigned vswitch_vms(const struct dump *d, uint32_t sw)
{
	uint32_t node = d->f->switches[sw], ca;
	unsigned p, n = 0;

	for (p = 1; p <= d->f->nodes[node].num_ports; p++) {
		ca = oc_peer(d->f, node, p);
		if (ca == OC_NONE || oc_is_switch(d->f, ca) ||
		    p == d->ft->sw[sw].pf_port)
			continue;
		n += !d->info->vms ||
		     vm_of(d, ca, oc_port(d->f, node, p)->peer_port);
	}
	return n;
}

static uint16_t pf_lid(const struct dump *d, uint32_t sw)
{
	uint32_t node = d->f->switches[sw];
	uint8_t pf = d->ft->sw[sw].pf_port;

	if (!pf)
		return 0;
	return oc_port(d->f, oc_peer(d->f, node, pf),
		       oc_port(d->f, node, pf)->peer_port)
		->lid;
}

static void write_switches(struct dump *d)
{
	const struct oc_ft_switch *s;
	uint32_t sw, node;

	for (sw = 0; sw < d->f->num_switches; sw++) {
		s = &d->ft->sw[sw];
		node = d->f->switches[sw];
		if (s->role == OC_SW_FABRIC)
			fprintf(d->out, "switch 0x%016" PRIx64 " %u %d",
				sw_guid(d, sw), oc_switch_lid(d->f, node),
				s->rank);
		else
			fprintf(d->out,
				"vswitch 0x%016" PRIx64 " 0x%016" PRIx64
				" %u %u",
				sw_guid(d, sw), sw_guid(d, s->parent),
				pf_lid(d, sw), vswitch_vms(d, sw));
		put_name(d, node);
		d->switches++;
	}
}

/* What the engines route a CA as (vswitch_ftree.c's phases). */
static const char *ca_kind(const struct dump *d, uint32_t ca, unsigned port,
			   const char **vm)
{
	const struct oc_port *p = oc_port(d->f, ca, port);
	uint32_t sw = d->f->nodes[p->peer_node].sw_index;
	const struct oc_ft_switch *s = &d->ft->sw[sw];

	*vm = NULL;
	if (s->role == OC_SW_VSWITCH) {
		if (p->peer_port == s->pf_port)
			return "pf";
		*vm = vm_of(d, ca, port);
		return *vm || !d->info->vms ? "vm" : "vf";
	}
	if (!d->ft->num_vswitches && s->rank == d->ft->leaf_rank &&
	    oc_ftree_ca_computes(d->ft, ca))
		return "compute";
	return "io";
}

static void write_cas(struct dump *d)
{
	const struct oc_port *p;
	const char *kind, *vm;
	uint32_t n;
	unsigned port;

	for (n = 0; n < d->f->num_nodes; n++) {
		if (oc_is_switch(d->f, n))
			continue;
		for (port = 1; port <= d->f->nodes[n].num_ports; port++) {
			if (!ca_routable(d->f, n, port))
				continue;
			p = oc_port(d->f, n, port);
			kind = ca_kind(d, n, port, &vm);
			fprintf(d->out,
				"ca 0x%016" PRIx64 " %u %s 0x%016" PRIx64
				" %u %s",
				p->guid, p->lid, kind,
				d->f->nodes[p->peer_node].guid, p->peer_port,
				vm ? vm : "-");
			put_name(d, n);
			d->cas++;
		}
	}
}

/* d->ca_lids[port]: the CA LIDs switch sw sends out of each port. */
static void count_ca_lids(struct dump *d, uint32_t sw)
{
	const uint8_t *row = oc_lft_row(d->t, sw);
	unsigned max = d->t->max_lid < d->f->max_lid ? d->t->max_lid
						     : d->f->max_lid;
	const struct oc_lid_owner *o;
	unsigned lid;

	memset(d->ca_lids, 0, (OC_MAX_PORTS + 1) * sizeof(*d->ca_lids));
	for (lid = 1; lid <= max; lid++) {
		o = &d->f->lid_owner[lid];
		if (o->node != OC_NONE && !oc_is_switch(d->f, o->node) &&
		    ca_routable(d->f, o->node, o->port) &&
		    row[lid] <= OC_MAX_PORTS)
			d->ca_lids[row[lid]]++;
	}
}

static const char *link_dir(const struct dump *d, uint32_t sw, uint32_t peer)
{
	static const char *const names[] = {"-", "up", "down", "lateral"};

	if (!oc_is_switch(d->f, peer))
		return "ca";
	return names[oc_updown_dir(d->level[sw],
				   d->level[d->f->nodes[peer].sw_index])];
}

static void write_loads(struct dump *d)
{
	uint32_t sw, node, peer;
	uint64_t routes;
	unsigned p;

	for (sw = 0; sw < d->f->num_switches; sw++) {
		node = d->f->switches[sw];
		count_ca_lids(d, sw);
		for (p = 1; p <= d->f->nodes[node].num_ports; p++) {
			peer = oc_peer(d->f, node, p);
			if (peer == OC_NONE)
				continue;
			routes = d->routes[d->f->nodes[node].first_port + p];
			fprintf(d->out,
				"load 0x%016" PRIx64 " %u 0x%016" PRIx64
				" %s %u ",
				sw_guid(d, sw), p, d->f->nodes[peer].guid,
				link_dir(d, sw, peer), d->ca_lids[p]);
			if (routes == NO_ROUTES)
				fputs("-\n", d->out);
			else
				fprintf(d->out, "%" PRIu64 "\n", routes);
			d->loads++;
		}
	}
}

/* d->routes from the verifier's link loads. */
static int link_routes(struct dump *d, struct oc_err *err)
{
	struct oc_verify_report r;
	uint32_t i, c;

	d->routes = malloc(sizeof(*d->routes) * (d->f->num_ports + 1));
	if (!d->routes)
		return oc_err_set(err, "out of memory for the link loads");
	for (i = 0; i <= d->f->num_ports; i++)
		d->routes[i] = NO_ROUTES;
	if (oc_verify_some(d->f, d->t, OC_VERIFY_LOAD, &r, err))
		return -1;
	for (c = 0; c < r.channels; c++) {
		const struct oc_verify_link *l = &r.links[c];

		d->routes[d->f->nodes[l->ch.node].first_port + l->ch.port] =
			l->load;
	}
	oc_verify_report_free(&r);
	return 0;
}

/* The analysis the engine ran; without the CN/I-O lists when they made
 * no fat-tree of the fabric (the engine then routed without them). */
static int analyse(struct dump *d, struct oc_err *err)
{
	struct oc_ftree_opts o = {0};

	if (d->info->ft)
		o = *d->info->ft;
	d->ft = oc_ftree_analyze(d->f, &o, err);
	if (!d->ft && oc_ca_lists_given(&o.cas)) {
		memset(&o.cas, 0, sizeof(o.cas));
		d->ft = oc_ftree_analyze(d->f, &o, err);
	}
	if (!d->ft)
		return -1;
	d->level = oc_updown_levels(d->ft);
	d->ca_lids = malloc((OC_MAX_PORTS + 1) * sizeof(*d->ca_lids));
	if (!d->level || !d->ca_lids)
		return oc_err_set(err, "out of memory for the dump");
	return 0;
}

int oc_route_dump_write(FILE *out, const struct oc_fabric *f,
			const struct oc_lfts *t,
			const struct oc_route_dump_info *info,
			struct oc_err *err)
{
	struct dump d = {.out = out, .f = f, .t = t, .info = info};
	int ret = analyse(&d, err) || link_routes(&d, err) ? -1 : 0;

	if (!ret) {
		fprintf(out, "# %s: osmcloud %s, the last routing run\n%s",
			OC_ROUTE_DUMP_FILE, info->version ? info->version : "",
			HEADER);
		write_roots(&d);
		write_switches(&d);
		write_cas(&d);
		write_loads(&d);
		fprintf(out, "end %u %u %u\n", d.cas, d.switches, d.loads);
		if (fflush(out) || ferror(out))
			ret = oc_err_set(err, "cannot write the dump: %s",
					 strerror(errno));
	}
	oc_ftree_free(d.ft);
	free(d.level);
	free(d.routes);
	free(d.ca_lids);
	return ret;
}

int oc_route_dump_save(const char *path, const struct oc_fabric *f,
		       const struct oc_lfts *t,
		       const struct oc_route_dump_info *info,
		       struct oc_err *err)
{
	char tmp[4096];
	FILE *out;
	int ret;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= sizeof(tmp))
		return oc_err_set(err, "%s: path too long", path);
	out = fopen(tmp, "w");
	if (!out)
		return oc_err_set(err, "%s: %s", tmp, strerror(errno));
	ret = oc_route_dump_write(out, f, t, info, err);
	if (!ret && fsync(fileno(out)))
		ret = oc_err_set(err, "%s: %s", tmp, strerror(errno));
	if (fclose(out) && !ret)
		ret = oc_err_set(err, "%s: %s", tmp, strerror(errno));
	if (!ret && rename(tmp, path))
		ret = oc_err_set(err, "%s: cannot rename it to %s: %s", tmp,
				 path, strerror(errno));
	if (ret)
		unlink(tmp);
	return ret;
}
