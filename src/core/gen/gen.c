/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gen.c - building a generated fat-tree as a fabric (see gen.h for the
 * shape, the numbering, the names and the GUIDs).
 *
 * Nodes are added in file order: switches from the roots down to the
 * leaves, then host by host (a plain CA, or a vSwitch with its PF and VFs),
 * then the I/O CAs leaf by leaf; links come after all nodes, level by
 * level, then the horizontal links between cores; then the random I/O
 * CAs (--random-io, each added with its link); dropped links are cut
 * last, then the random cuts (--cut-links).  The random choices of --seed
 * are in gen_random.c.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen_build.h"

static unsigned vfs_of(const struct oc_gen_params *p, uint64_t host)
{
	return p->vf_counts[host % p->num_vf_counts];
}

static int check_leaf(const struct builder *b, const char *option,
		      uint32_t leaf)
{
	if (leaf >= b->s.count[1])
		return oc_err_set(b->err,
				  "--%s: there is no leaf %" PRIu32
				  " (leaves are sw-L1-0..sw-L1-%" PRIu64 ")",
				  option, leaf, b->s.count[1] - 1);
	return 0;
}

static int tally_io_cas(struct builder *b)
{
	const struct gen_shape *s = &b->s;
	unsigned i, max = b->p->radix ? b->p->radix : OC_MAX_PORTS;

	for (i = 0; i < b->p->num_io_cas; i++) {
		const struct oc_gen_leaf_count *lc = &b->p->io_cas[i];
		unsigned need;

		if (check_leaf(b, "io-cas", lc->leaf))
			return -1;
		b->io_on_leaf[lc->leaf] += lc->count;
		need = s->down[1] + s->up[1] +
		       gen_shape_horizontal(s, 1, lc->leaf) +
		       b->io_on_leaf[lc->leaf] + b->p->spare_ports;
		if (need > max)
			return oc_err_set(b->err,
					  "--io-cas: leaf sw-L1-%" PRIu32
					  " would need %u ports, more than %u",
					  lc->leaf, need, max);
		b->st.io_cas += lc->count;
	}
	return 0;
}

/* The last dropped[g] hosts of every leaf group g. */
static void mark_dropped_hosts(struct builder *b)
{
	uint64_t host;
	unsigned m1 = b->s.m[1];

	for (host = 0; host < b->s.count[0]; host++)
		b->host_dropped[host] = host % m1 >= m1 - b->dropped[host / m1];
}

static int tally_dropped_hosts(struct builder *b)
{
	unsigned i;

	for (i = 0; i < b->p->num_drop_hosts; i++) {
		const struct oc_gen_leaf_count *lc = &b->p->drop_hosts[i];
		uint64_t group = gen_shape_leaf_group(&b->s, lc->leaf);

		if (check_leaf(b, "drop-hosts", lc->leaf))
			return -1;
		b->dropped[group] += lc->count;
		if (b->dropped[group] > b->s.m[1])
			return oc_err_set(b->err,
					  "--drop-hosts: leaf sw-L1-%" PRIu32
					  " has only %u hosts, cannot drop %u",
					  lc->leaf, b->s.m[1],
					  b->dropped[group]);
	}
	mark_dropped_hosts(b);
	return 0;
}

/* Counts every node before anything is allocated for it. */
static int count_all_nodes(struct builder *b)
{
	const struct gen_shape *s = &b->s;
	uint64_t total = b->st.io_cas + b->p->random_io, host;
	unsigned l;

	for (l = 1; l <= s->h; l++) {
		b->st.switches[l] = (uint32_t)s->count[l];
		total += s->count[l];
	}
	for (host = 0; host < s->count[0]; host++) {
		if (b->host_dropped[host])
			continue;
		b->st.hosts++;
		if (b->p->vswitch)
			b->st.vfs += vfs_of(b->p, host);
		total += b->p->vswitch ? 2 + vfs_of(b->p, host) : 1;
	}
	if (total > OC_GEN_MAX_NODES)
		return oc_err_set(b->err,
				  "the fabric would have %" PRIu64
				  " nodes, more than %u",
				  total, OC_GEN_MAX_NODES);
	b->st.levels = s->h;
	b->st.cores = s->cores;
	b->st.nodes = (uint32_t)total;
	return 0;
}

static uint32_t add_node(struct builder *b, enum oc_node_type type,
			 uint64_t guid, unsigned ports, const char *name)
{
	return oc_fabric_add_node(b->f, type, guid, name, ports, b->err);
}

unsigned gen_ports_in_use(const struct builder *b, unsigned l, uint64_t i)
{
	const struct gen_shape *s = &b->s;
	unsigned used = s->down[l] + s->up[l] + gen_shape_horizontal(s, l, i);

	if (l == 1) {
		used += b->io_on_leaf[i];
		used -= b->dropped[gen_shape_leaf_group(s, i)] * s->p[1];
	}
	return used;
}

unsigned gen_switch_ports(const struct builder *b, unsigned l, uint64_t i)
{
	const struct gen_shape *s = &b->s;
	unsigned ports = s->down[l] + s->up[l] + gen_shape_horizontal(s, l, i);

	if (b->p->radix)
		return b->p->radix;
	if (l == 1)
		ports += b->io_on_leaf[i] + b->p->spare_ports;
	return ports + b->extra_ports[b->sw_base[l] + i];
}

unsigned gen_switch_level(const struct builder *b, uint32_t n, uint64_t *i)
{
	unsigned l = 1;

	while (n < b->sw_base[l])
		l++;
	*i = n - b->sw_base[l];
	return l;
}

/* The switches are the first nodes, roots first: sets sw_base. */
static void place_switches(struct builder *b)
{
	unsigned l;

	b->num_physical = 0;
	for (l = b->s.h; l >= 1; l--) {
		b->sw_base[l] = b->num_physical;
		b->num_physical += (uint32_t)b->s.count[l];
	}
}

static int add_switches(struct builder *b)
{
	const struct gen_shape *s = &b->s;
	char name[OC_GEN_NAME_MAX];
	unsigned l;
	uint64_t i;

	for (l = s->h; l >= 1; l--) {
		for (i = 0; i < s->count[l]; i++) {
			uint64_t guid = OC_GEN_SW_GUID | (uint64_t)l << 24 | i;

			snprintf(name, sizeof(name), "sw-L%u-%" PRIu64, l, i);
			if (add_node(b, OC_NODE_SWITCH, guid,
				     gen_switch_ports(b, l, i),
				     name) == OC_NONE)
				return -1;
		}
	}
	return 0;
}

int gen_connect(struct builder *b, uint32_t x, unsigned px, uint32_t y,
		unsigned py)
{
	if (oc_fabric_link(b->f, x, px, y, py, b->err))
		return -1;
	b->st.links++;
	return 0;
}

/* A CA ("hv<i>-pf" or "hv<i>-vf<j>") on vSwitch port 'port'. */
static int add_vswitch_ca(struct builder *b, uint32_t vsw, unsigned port,
			  uint64_t host, unsigned vf)
{
	uint64_t guid = vf ? OC_GEN_VF_GUID | (host << 8 | vf) << 4
			   : OC_GEN_HOST_GUID | host << 4;
	char name[OC_GEN_NAME_MAX];
	uint32_t ca;

	if (vf)
		snprintf(name, sizeof(name), "hv%" PRIu64 "-vf%u", host, vf);
	else
		snprintf(name, sizeof(name), "hv%" PRIu64 "-pf", host);
	ca = add_node(b, OC_NODE_CA, guid, 1, name);
	return ca == OC_NONE ? -1 : gen_connect(b, vsw, port, ca, 1);
}

/* "hv<i>": up ports 1..U, the PF on U+1, VF j on U+1+j. */
static uint32_t add_hypervisor(struct builder *b, uint64_t host)
{
	unsigned up = b->s.up[0], vfs = vfs_of(b->p, host), vf;
	char name[OC_GEN_NAME_MAX];
	uint32_t vsw;

	snprintf(name, sizeof(name), "hv%" PRIu64, host);
	vsw = add_node(b, OC_NODE_SWITCH, OC_GEN_SW_GUID | host, up + 1 + vfs,
		       name);
	if (vsw == OC_NONE)
		return OC_NONE;
	for (vf = 0; vf <= vfs; vf++)
		if (add_vswitch_ca(b, vsw, up + 1 + vf, host, vf))
			return OC_NONE;
	return vsw;
}

/* "ca-<i>" with ports 1..U up. */
static uint32_t add_plain_host(struct builder *b, uint64_t host)
{
	char name[OC_GEN_NAME_MAX];

	snprintf(name, sizeof(name), "ca-%" PRIu64, host);
	return add_node(b, OC_NODE_CA, OC_GEN_HOST_GUID | host << 4, b->s.up[0],
			name);
}

static int add_hosts(struct builder *b)
{
	uint64_t host;

	for (host = 0; host < b->s.count[0]; host++) {
		uint32_t n;

		if (b->host_dropped[host])
			continue;
		n = b->p->vswitch ? add_hypervisor(b, host)
				  : add_plain_host(b, host);
		if (n == OC_NONE)
			return -1;
		b->host_node[host] = n;
	}
	return 0;
}

int gen_add_io_ca(struct builder *b, uint32_t sw, unsigned port)
{
	uint64_t guid = OC_GEN_IO_GUID | (uint64_t)b->io_next << 4;
	char name[OC_GEN_NAME_MAX];
	uint32_t ca;

	snprintf(name, sizeof(name), "io-%u", b->io_next++);
	ca = add_node(b, OC_NODE_CA, guid, 1, name);
	return ca == OC_NONE ? -1 : gen_connect(b, sw, port, ca, 1);
}

/* I/O CAs take the leaf ports right after the up (and horizontal) ports. */
static int add_io_cas(struct builder *b)
{
	unsigned first, t;
	uint64_t leaf;

	for (leaf = 0; leaf < b->s.count[1]; leaf++) {
		first = b->s.down[1] + b->s.up[1] +
			gen_shape_horizontal(&b->s, 1, leaf) + 1;
		for (t = 0; t < b->io_on_leaf[leaf]; t++)
			if (gen_add_io_ca(b, b->sw_base[1] + (uint32_t)leaf,
					  first + t))
				return -1;
	}
	return 0;
}

static uint32_t level_node(const struct builder *b, unsigned l, uint64_t i)
{
	return l ? b->sw_base[l] + (uint32_t)i : b->host_node[i];
}

/* Links of one node at level l-1 to its w_l parents, p_l links each. */
static int link_up(struct builder *b, unsigned l, uint64_t child)
{
	const struct gen_shape *s = &b->s;
	uint32_t node = level_node(b, l - 1, child);
	unsigned parent, q, slot;

	if (node == OC_NONE)
		return 0;
	for (parent = 0; parent < s->w[l]; parent++) {
		uint64_t up = gen_shape_parent(s, l, child, parent, &slot);
		uint32_t up_node = level_node(b, l, up);
		unsigned up_port = s->down[l - 1] + parent * s->p[l] + 1;
		unsigned down_port = slot * s->p[l] + 1;

		for (q = 0; q < s->p[l]; q++)
			if (gen_connect(b, node, up_port + q, up_node,
					down_port + q))
				return -1;
	}
	return 0;
}

static int link_levels(struct builder *b)
{
	unsigned l;
	uint64_t child;

	for (l = 1; l <= b->s.h; l++)
		for (child = 0; child < b->s.count[l - 1]; child++)
			if (link_up(b, l, child))
				return -1;
	return 0;
}

/* Switch j of the linked level in core c to switch j in core c+1: on the
 * port after c's up ports and its link to core c-1, on the port right
 * after the up ports of c+1 (its first horizontal port). */
static int link_cores(struct builder *b)
{
	const struct gen_shape *s = &b->s;
	unsigned l = s->linked, first = s->down[l] + s->up[l] + 1, c;
	uint64_t j, n = s->core_count[l];

	if (!l)
		return 0;
	for (c = 0; c + 1 < s->cores; c++)
		for (j = 0; j < n; j++) {
			uint64_t here = c * n + j, there = here + n;

			if (gen_connect(b, level_node(b, l, here),
					first + (c > 0),
					level_node(b, l, there), first))
				return -1;
			b->st.core_links++;
		}
	return 0;
}

/* Whether port 'port' of fabric node n is a horizontal port. */
static int is_core_port(const struct builder *b, uint32_t n, unsigned port)
{
	unsigned l = b->s.linked, first = b->s.down[l] + b->s.up[l] + 1;
	uint64_t i;

	if (!l || n < b->sw_base[l] || n >= b->sw_base[l] + b->s.count[l])
		return 0;
	i = n - b->sw_base[l];
	return port >= first &&
	       port < first + gen_shape_horizontal(&b->s, l, i);
}

void gen_unlink(struct builder *b, uint32_t n, unsigned port)
{
	struct oc_port *here = oc_port_mut(b->f, n, port);
	struct oc_port *peer =
		oc_port_mut(b->f, here->peer_node, here->peer_port);

	peer->peer_node = OC_NONE;
	peer->peer_port = 0;
	here->peer_node = OC_NONE;
	here->peer_port = 0;
	if (is_core_port(b, n, port))
		b->st.core_links--;
	b->st.links--;
}

static int drop_link(struct builder *b, const struct oc_gen_port_ref *ref)
{
	uint32_t n = oc_fabric_find_name(b->f, ref->node);

	if (n == OC_NONE)
		return oc_err_set(b->err,
				  "--drop-link %s:%u: no node named \"%s\"",
				  ref->node, ref->port, ref->node);
	if (ref->port > b->f->nodes[n].num_ports ||
	    oc_peer(b->f, n, ref->port) == OC_NONE)
		return oc_err_set(
			b->err,
			"--drop-link %s:%u: port %u of \"%s\" is not connected",
			ref->node, ref->port, ref->port, ref->node);
	gen_unlink(b, n, ref->port);
	return 0;
}

static int drop_links(struct builder *b)
{
	unsigned i;

	for (i = 0; i < b->p->num_drop_links; i++)
		if (drop_link(b, &b->p->drop_links[i]))
			return -1;
	return 0;
}

static int allocate(struct builder *b)
{
	uint64_t leaves = b->s.count[1], hosts = b->s.count[0];
	size_t io = b->p->random_io ? b->p->random_io : 1;

	place_switches(b);
	b->io_on_leaf = calloc(leaves, sizeof(*b->io_on_leaf));
	b->dropped = calloc(leaves, sizeof(*b->dropped));
	b->host_node = malloc(hosts * sizeof(*b->host_node));
	b->host_dropped = calloc(hosts, 1);
	b->io_taken = calloc(b->num_physical, sizeof(*b->io_taken));
	b->extra_ports = calloc(b->num_physical, sizeof(*b->extra_ports));
	b->io_switch = calloc(io, sizeof(*b->io_switch));
	b->f = oc_fabric_new();
	if (!b->io_on_leaf || !b->dropped || !b->host_node ||
	    !b->host_dropped || !b->io_taken || !b->extra_ports ||
	    !b->io_switch || !b->f)
		return oc_err_set(b->err, "out of memory");
	memset(b->host_node, 0xff, hosts * sizeof(*b->host_node));
	return 0;
}

static int build(struct builder *b)
{
	if (b->p->vswitch && !b->p->num_vf_counts)
		return oc_err_set(b->err, "--vswitch: no VF counts given");
	if (gen_shape_resolve(b->p, &b->s, b->err) || allocate(b) ||
	    tally_io_cas(b) || tally_dropped_hosts(b) || gen_random_hosts(b) ||
	    count_all_nodes(b) || gen_random_io_pick(b))
		return -1;
	if (add_switches(b) || add_hosts(b) || add_io_cas(b) ||
	    link_levels(b) || link_cores(b) || gen_random_io_attach(b) ||
	    drop_links(b) || gen_random_cuts(b))
		return -1;
	return 0;
}

static void free_builder(struct builder *b)
{
	free(b->host_node);
	free(b->host_dropped);
	free(b->io_on_leaf);
	free(b->dropped);
	free(b->io_taken);
	free(b->extra_ports);
	free(b->io_switch);
}

struct oc_fabric *oc_gen_build(const struct oc_gen_params *p,
			       struct oc_gen_stats *stats, struct oc_err *err)
{
	return oc_gen_build_logged(p, stats, NULL, err);
}

struct oc_fabric *oc_gen_build_logged(const struct oc_gen_params *p,
				      struct oc_gen_stats *stats, FILE *log,
				      struct oc_err *err)
{
	struct builder b = {.p = p, .err = err, .log = log};
	struct oc_err local;

	if (!b.err)
		b.err = &local;
	if (build(&b)) {
		oc_fabric_free(b.f);
		b.f = NULL;
	} else if (stats) {
		*stats = b.st;
	}
	free_builder(&b);
	return b.f;
}
