/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_gen.c - the topology generator: shapes (k-ary n-trees, XGFTs,
 * oversubscribed and multi-core trees, the 648-port tree), vSwitches,
 * extras and defects (also the random ones of --seed), checked by parsing the generated text back with
 * oc_topo_read; benchmark sizes by counts; option errors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gen/gen.h"
#include "io/topo.h"

/* Params from option/value pairs ending in NULL; fails on a bad option. */
static void params_of(struct oc_gen_params *p, ...)
{
	struct oc_err err = {{0}};
	const char *option, *value;
	va_list ap;

	oc_gen_params_init(p);
	va_start(ap, p);
	while ((option = va_arg(ap, const char *))) {
		value = va_arg(ap, const char *);
		if (oc_gen_set_option(p, option, value, &err))
			fail_msg("--%s %s: %s", option, value, err.msg);
	}
	va_end(ap);
}

/* The generated file as a string (caller frees). */
static char *gen_text(const struct oc_gen_params *p)
{
	struct oc_err err = {{0}};
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	if (oc_gen_write(p, out, &err))
		fail_msg("oc_gen_write: %s", err.msg);
	fclose(out);
	return text;
}

/* Generates and parses back with the project's ibsim parser. */
static struct oc_fabric *gen_parse(const struct oc_gen_params *p)
{
	struct oc_err err = {{0}};
	char *text = gen_text(p);
	FILE *in = fmemopen(text, strlen(text), "r");
	struct oc_fabric *f;

	assert_non_null(in);
	f = oc_topo_read(in, "gen", &err);
	fclose(in);
	free(text);
	if (!f)
		fail_msg("oc_topo_read: %s", err.msg);
	return f;
}

static uint32_t node(const struct oc_fabric *f, const char *name)
{
	uint32_t n = oc_fabric_find_name(f, name);

	if (n == OC_NONE)
		fail_msg("no node \"%s\"", name);
	return n;
}

static const char *peer_name(const struct oc_fabric *f, const char *name,
			     unsigned port)
{
	uint32_t peer = oc_peer(f, node(f, name), port);

	return peer == OC_NONE ? "" : f->nodes[peer].name;
}

/* Level of a tree node from its name: sw-L<l>-<i> -> l, hosts (ca-, hv)
 * -> 0, other CAs (PF, VF, I/O) -> -1. */
static int level_of(const struct oc_fabric *f, uint32_t n)
{
	const char *name = f->nodes[n].name;
	unsigned l;

	if (sscanf(name, "sw-L%u-", &l) == 1)
		return (int)l;
	if (!strncmp(name, "ca-", 3) || oc_is_switch(f, n))
		return 0;
	return -1;
}

struct shape {
	unsigned h, m[9], w[9], p[9];
	unsigned radix; /* ports of every switch, 0: exactly the used ones */
};

/* Links from node n to nodes at level 'to': total, distinct peers, and
 * whether every peer gets the same number (returned as *per_peer). */
static void count_links(const struct oc_fabric *f, uint32_t n, int to,
			unsigned *total, unsigned *peers, unsigned *per_peer)
{
	unsigned port, q, seen[OC_MAX_PORTS + 1];
	uint32_t peer_ids[OC_MAX_PORTS + 1];

	*total = *peers = 0;
	for (port = 1; port <= f->nodes[n].num_ports; port++) {
		uint32_t peer = oc_peer(f, n, port);

		if (peer == OC_NONE || level_of(f, peer) != to)
			continue;
		(*total)++;
		for (q = 0; q < *peers && peer_ids[q] != peer; q++)
			;
		if (q == *peers) {
			peer_ids[(*peers)++] = peer;
			seen[q] = 0;
		}
		seen[q]++;
	}
	*per_peer = *peers ? seen[0] : 0;
	for (q = 1; q < *peers; q++)
		assert_int_equal(seen[q], *per_peer);
}

/* Sorted nodes one level up from n (each once); returns how many. */
static unsigned parents_of(const struct oc_fabric *f, uint32_t n, uint32_t *out)
{
	int l = level_of(f, n);
	unsigned port, count = 0, i, j;

	for (port = 1; port <= f->nodes[n].num_ports; port++) {
		uint32_t peer = oc_peer(f, n, port);

		if (peer == OC_NONE || level_of(f, peer) != l + 1)
			continue;
		for (i = 0; i < count && out[i] < peer; i++)
			;
		if (i < count && out[i] == peer)
			continue;
		for (j = count++; j > i; j--)
			out[j] = out[j - 1];
		out[i] = peer;
	}
	return count;
}

/* The XGFT property: all children of a switch have the same parents. */
static void check_siblings(const struct oc_fabric *f, uint32_t sw)
{
	uint32_t first[OC_MAX_PORTS], other[OC_MAX_PORTS];
	unsigned port, count = 0, c;
	int l = level_of(f, sw);

	for (port = 1; port <= f->nodes[sw].num_ports; port++) {
		uint32_t child = oc_peer(f, sw, port);

		if (child == OC_NONE || level_of(f, child) != l - 1)
			continue;
		if (!count) {
			count = parents_of(f, child, first);
			continue;
		}
		c = parents_of(f, child, other);
		assert_int_equal(c, count);
		assert_memory_equal(first, other, c * sizeof(*first));
	}
}

static void check_num_ports(const struct oc_fabric *f, uint32_t n, int l,
			    const struct shape *s)
{
	unsigned used = l ? s->m[l] * s->p[l] : 0;

	if (l < (int)s->h)
		used += s->w[l + 1] * s->p[l + 1];
	if (l > 0 && s->radix)
		used = s->radix;
	assert_int_equal(f->nodes[n].num_ports, used);
}

/* Every switch of level l has m_l children with p_l links each and w_l+1
 * parents with p_l+1 links each; every host w_1 parents, p_1 links each;
 * every node has as many ports as that (or the radix). */
static void check_pgft(const struct oc_fabric *f, const struct shape *s)
{
	unsigned total, peers, per_peer;
	uint32_t n;

	for (n = 0; n < f->num_nodes; n++) {
		int l = level_of(f, n);

		if (l < 0)
			continue;
		check_num_ports(f, n, l, s);
		if (l > 0) {
			check_siblings(f, n);
			count_links(f, n, l - 1, &total, &peers, &per_peer);
			assert_int_equal(peers, s->m[l]);
			assert_int_equal(per_peer, s->p[l]);
		}
		if (l < (int)s->h) {
			count_links(f, n, l + 1, &total, &peers, &per_peer);
			assert_int_equal(peers, s->w[l + 1]);
			assert_int_equal(per_peer, s->p[l + 1]);
		}
	}
}

/* Both ends of every link point at each other. */
static void check_symmetric(const struct oc_fabric *f)
{
	uint32_t n;
	unsigned port;

	for (n = 0; n < f->num_nodes; n++)
		for (port = 1; port <= f->nodes[n].num_ports; port++) {
			const struct oc_port *p = oc_port(f, n, port);

			if (p->peer_node == OC_NONE)
				continue;
			assert_int_equal(oc_peer(f, p->peer_node, p->peer_port),
					 n);
			assert_int_equal(oc_port(f, p->peer_node, p->peer_port)
						 ->peer_port,
					 port);
		}
}

static unsigned count_by_prefix(const struct oc_fabric *f, const char *pfx)
{
	unsigned count = 0;
	uint32_t n;

	for (n = 0; n < f->num_nodes; n++)
		count += !strncmp(f->nodes[n].name, pfx, strlen(pfx));
	return count;
}

static unsigned ipow(unsigned k, unsigned n)
{
	unsigned r = 1;

	while (n--)
		r *= k;
	return r;
}

static void kary_trees(void **state)
{
	unsigned k, n, l;

	for (k = 2; k <= 4; k++) {
		for (n = 2; n <= 4; n++) {
			struct oc_gen_params p;
			struct shape s = {.h = n};
			struct oc_fabric *f;
			char ks[8], ns[8];

			snprintf(ks, sizeof(ks), "%u", k);
			snprintf(ns, sizeof(ns), "%u", n);
			params_of(&p, "kary", ks, "levels", ns, NULL);
			f = gen_parse(&p);
			assert_int_equal(f->num_switches, n * ipow(k, n - 1));
			assert_int_equal(f->num_nodes - f->num_switches,
					 ipow(k, n));
			for (l = 1; l <= n; l++) {
				s.m[l] = k;
				s.w[l] = l == 1 ? 1 : k;
				s.p[l] = 1;
			}
			check_pgft(f, &s);
			check_symmetric(f);
			/* roots k ports, others 2k */
			assert_int_equal(f->nodes[node(f, "sw-L1-0")].num_ports,
					 2 * k);
			assert_int_equal(f->nodes[f->switches[0]].num_ports, k);
			oc_fabric_free(f);
		}
	}
}

/* Multi-homed hosts (w1 = 2) and parallel links (p > 1). */
static void pgft_parallel_links(void **state)
{
	struct shape s = {3, {0, 2, 3, 2}, {0, 2, 2, 3}, {0, 1, 2, 2}, 0};
	struct oc_gen_params p;
	struct oc_fabric *f;

	params_of(&p, "pgft", "3;2,3,2;2,2,3;1,2,2", NULL);
	f = gen_parse(&p);
	/* level l: prod(m above) * prod(w up to l) */
	assert_int_equal(count_by_prefix(f, "ca-"), 12);
	assert_int_equal(count_by_prefix(f, "sw-L1-"), 12);
	assert_int_equal(count_by_prefix(f, "sw-L2-"), 8);
	assert_int_equal(count_by_prefix(f, "sw-L3-"), 12);
	check_pgft(f, &s);
	check_symmetric(f);
	assert_int_equal(f->nodes[node(f, "ca-0")].num_ports, 2);
	assert_int_equal(f->nodes[node(f, "sw-L1-0")].num_ports, 2 + 4);
	assert_int_equal(f->nodes[node(f, "sw-L2-0")].num_ports, 6 + 6);
	assert_int_equal(f->nodes[node(f, "sw-L3-0")].num_ports, 4);
	/* ca-0 and ca-1 share the leaves sw-L1-0 and sw-L1-1 */
	assert_string_equal(peer_name(f, "ca-0", 1), "sw-L1-0");
	assert_string_equal(peer_name(f, "ca-0", 2), "sw-L1-1");
	assert_string_equal(peer_name(f, "ca-1", 2), "sw-L1-1");
	/* parallel links of a group are on consecutive ports */
	assert_string_equal(peer_name(f, "sw-L1-0", 3),
			    peer_name(f, "sw-L1-0", 4));
	oc_fabric_free(f);
}

/* The benchmark fabrics, by counts only (no text). */
static void expect_counts(const char *option, const char *value,
			  const char *radix, uint32_t hosts,
			  const uint32_t *per_level, unsigned levels)
{
	struct oc_err err = {{0}};
	struct oc_gen_stats st;
	struct oc_gen_params p;
	struct oc_fabric *f;
	unsigned l, total = 0;

	params_of(&p, option, value, radix ? "radix" : NULL, radix, NULL);
	f = oc_gen_build(&p, &st, &err);
	if (!f)
		fail_msg("%s: %s", value, err.msg);
	assert_int_equal(st.levels, levels);
	for (l = 1; l <= levels; l++) {
		assert_int_equal(st.switches[l], per_level[l - 1]);
		total += per_level[l - 1];
	}
	assert_int_equal(st.hosts, hosts);
	assert_int_equal(f->num_switches, total);
	assert_int_equal(f->num_nodes, total + hosts);
	if (radix)
		for (l = 0; l < f->num_switches; l++)
			assert_int_equal(f->nodes[f->switches[l]].num_ports,
					 atoi(radix));
	oc_fabric_free(f);
}

static void benchmark_sizes(void **state)
{
	static const uint32_t k18[] = {324, 324, 324};
	static const uint32_t big[] = {648, 648, 324};
	static const uint32_t k24[] = {576, 576, 576};
	static const uint32_t k12n4[] = {1728, 1728, 1728, 1728};

	expect_counts("kary", "18", "36", 5832, k18, 3);
	expect_counts("pgft", "3;18,18,18;1,18,18;1,1,1", "36", 5832, k18, 3);
	expect_counts("pgft", "3;18,18,36;1,18,18;1,1,1", "36", 11664, big, 3);
	expect_counts("kary", "24", NULL, 13824, k24, 3);
	expect_counts("pgft", "4;12,12,12,12;1,12,12,12", "36", 20736, k12n4,
		      4);
}

/* The 5,832-host tree survives the text round trip. */
static void benchmark_round_trip(void **state)
{
	struct shape s = {3, {0, 18, 18, 18}, {0, 1, 18, 18}, {0, 1, 1, 1}, 36};
	struct oc_gen_params p;
	struct oc_fabric *f;

	params_of(&p, "kary", "18", "radix", "36", NULL);
	f = gen_parse(&p);
	assert_int_equal(f->num_switches, 972);
	assert_int_equal(f->num_nodes, 972 + 5832);
	check_pgft(f, &s);
	oc_fabric_free(f);
}

static void vswitch_hypervisors(void **state)
{
	struct oc_gen_params p;
	struct oc_fabric *f;
	uint32_t hv;

	params_of(&p, "pgft", "2;3,4;1,2", "vswitch", "4", NULL);
	f = gen_parse(&p);
	assert_int_equal(f->num_switches, 2 + 4 + 12);
	assert_int_equal(count_by_prefix(f, "hv"), 12 * 6);
	assert_int_equal(count_by_prefix(f, "hv11-vf"), 4);
	hv = node(f, "hv5");
	assert_true(oc_is_switch(f, hv));
	assert_int_equal(f->nodes[hv].num_ports, 6);
	assert_int_equal(f->nodes[hv].guid, OC_GEN_SW_GUID | 5);
	assert_string_equal(peer_name(f, "hv5", 1), "sw-L1-1");
	assert_string_equal(peer_name(f, "hv5", 2), "hv5-pf");
	assert_string_equal(peer_name(f, "hv5", 3), "hv5-vf1");
	assert_string_equal(peer_name(f, "hv5", 6), "hv5-vf4");
	assert_int_equal(f->nodes[node(f, "hv5-pf")].guid,
			 OC_GEN_HOST_GUID | 5 << 4);
	assert_int_equal(oc_port(f, node(f, "hv5-vf2"), 1)->guid,
			 (OC_GEN_VF_GUID | (5 << 8 | 2) << 4) + 1);
	check_symmetric(f);
	oc_fabric_free(f);
}

static void uneven_vf_counts(void **state)
{
	struct oc_gen_params p;
	struct oc_fabric *f;
	char name[16];
	unsigned i;

	params_of(&p, "pgft", "2;3,4;1,2", "vf-counts", "1,2,0", NULL);
	f = gen_parse(&p);
	for (i = 0; i < 12; i++) {
		unsigned vfs = (unsigned[]){1, 2, 0}[i % 3];

		snprintf(name, sizeof(name), "hv%u", i);
		assert_int_equal(f->nodes[node(f, name)].num_ports, 2 + vfs);
		snprintf(name, sizeof(name), "hv%u-vf", i);
		assert_int_equal(count_by_prefix(f, name), vfs);
	}
	oc_fabric_free(f);
}

static void io_cas_on_leaves(void **state)
{
	struct oc_gen_params p;
	struct oc_fabric *f;

	params_of(&p, "pgft", "2;3,4;1,2", "vswitch", "2", "io-cas",
		  "0:2,sw-L1-3:1", NULL);
	f = gen_parse(&p);
	assert_int_equal(count_by_prefix(f, "io-"), 3);
	/* leaf: 3 down, 2 up, then the I/O CAs */
	assert_int_equal(f->nodes[node(f, "sw-L1-0")].num_ports, 7);
	assert_int_equal(f->nodes[node(f, "sw-L1-1")].num_ports, 5);
	assert_int_equal(f->nodes[node(f, "sw-L1-3")].num_ports, 6);
	assert_string_equal(peer_name(f, "sw-L1-0", 6), "io-0");
	assert_string_equal(peer_name(f, "sw-L1-0", 7), "io-1");
	assert_string_equal(peer_name(f, "sw-L1-3", 6), "io-2");
	assert_int_equal(f->nodes[node(f, "io-2")].guid,
			 OC_GEN_IO_GUID | 2 << 4);
	oc_fabric_free(f);
}

static void dropped_hosts(void **state)
{
	struct oc_gen_params p;
	struct oc_fabric *f;

	params_of(&p, "pgft", "2;3,4;1,2", "vswitch", "1", "drop-hosts", "1:1",
		  NULL);
	f = gen_parse(&p);
	/* hv5, the last of leaf 1, is gone; its leaf port stays */
	assert_int_equal(oc_fabric_find_name(f, "hv5"), OC_NONE);
	assert_int_equal(oc_fabric_find_name(f, "hv5-pf"), OC_NONE);
	assert_int_equal(count_by_prefix(f, "hv"), 11 * 3);
	assert_int_equal(f->nodes[node(f, "sw-L1-1")].num_ports, 5);
	assert_int_equal(oc_peer(f, node(f, "sw-L1-1"), 3), OC_NONE);
	/* the others keep their names and GUIDs */
	assert_string_equal(peer_name(f, "sw-L1-2", 1), "hv6");
	assert_int_equal(f->nodes[node(f, "hv6")].guid, OC_GEN_SW_GUID | 6);
	oc_fabric_free(f);

	params_of(&p, "kary", "2", "levels", "2", "drop-hosts", "0:2", NULL);
	f = gen_parse(&p);
	assert_int_equal(count_by_prefix(f, "ca-"), 2);
	assert_int_equal(oc_fabric_find_name(f, "ca-0"), OC_NONE);
	oc_fabric_free(f);
}

static void dropped_link(void **state)
{
	struct oc_gen_params p;
	struct oc_fabric *f;
	struct oc_gen_stats st;
	struct oc_err err;

	params_of(&p, "kary", "4", "levels", "3", "drop-link", "sw-L1-0:5",
		  "drop-link", "sw-L3-15:4", NULL);
	f = gen_parse(&p);
	assert_int_equal(oc_peer(f, node(f, "sw-L1-0"), 5), OC_NONE);
	assert_int_equal(oc_peer(f, node(f, "sw-L2-0"), 1), OC_NONE);
	assert_int_equal(oc_peer(f, node(f, "sw-L3-15"), 4), OC_NONE);
	assert_string_equal(peer_name(f, "sw-L1-0", 6), "sw-L2-1");
	check_symmetric(f);
	oc_fabric_free(f);
	f = oc_gen_build(&p, &st, &err);
	assert_int_equal(st.links, 64 + 2 * 64 - 2);
	oc_fabric_free(f);
}

/* No two nodes share a GUID, and no two ports (CA port GUIDs). */
static void check_unique_guids(const struct oc_fabric *f)
{
	uint64_t *guids =
		calloc(f->num_nodes * (OC_MAX_PORTS + 1), sizeof(*guids));
	size_t count = 0, i, j;
	uint32_t n;
	unsigned port;

	assert_non_null(guids);
	for (n = 0; n < f->num_nodes; n++) {
		guids[count++] = f->nodes[n].guid;
		for (port = 1;
		     !oc_is_switch(f, n) && port <= f->nodes[n].num_ports;
		     port++)
			guids[count++] = oc_port(f, n, port)->guid;
	}
	for (i = 0; i < count; i++)
		for (j = i + 1; j < count; j++)
			if (guids[i] == guids[j])
				fail_msg("GUID 0x%016llx twice",
					 (unsigned long long)guids[i]);
	free(guids);
}

/* Links from 'name' to switches of its own level. */
static unsigned horizontal_links(const struct oc_fabric *f, const char *name)
{
	unsigned total, peers, per_peer;
	uint32_t n = node(f, name);

	count_links(f, n, level_of(f, n), &total, &peers, &per_peer);
	return total;
}

/* Two 4-ary 3-trees joined root to root. */
static void multi_core_top(void **state)
{
	struct oc_gen_stats st;
	struct oc_gen_params p;
	struct oc_err err;
	struct oc_fabric *f;
	char name[16];
	unsigned j;

	params_of(&p, "kary", "4", "levels", "3", "cores", "2", "core-links",
		  "top", NULL);
	f = gen_parse(&p);
	assert_int_equal(f->num_switches, 2 * 48);
	assert_int_equal(count_by_prefix(f, "ca-"), 2 * 64);
	assert_int_equal(count_by_prefix(f, "sw-L3-"), 32);
	/* root j of core 0 - root j of core 1, on the port after the down
	 * ports; the roots have 5 ports, the other switches 8 */
	for (j = 0; j < 16; j++) {
		snprintf(name, sizeof(name), "sw-L3-%u", j);
		assert_int_equal(f->nodes[node(f, name)].num_ports, 5);
		assert_int_equal(horizontal_links(f, name), 1);
		snprintf(name, sizeof(name), "sw-L3-%u", j + 16);
		assert_int_equal(oc_peer(f, node(f, name), 5),
				 f->switches[0] + j);
	}
	assert_int_equal(horizontal_links(f, "sw-L2-17"), 0);
	assert_int_equal(f->nodes[node(f, "sw-L1-31")].num_ports, 8);
	/* core 1 is a copy of core 0: ca-64 on sw-L1-16, which goes up to
	 * sw-L2-16..19 */
	assert_string_equal(peer_name(f, "ca-64", 1), "sw-L1-16");
	assert_string_equal(peer_name(f, "sw-L1-16", 5), "sw-L2-16");
	assert_string_equal(peer_name(f, "sw-L2-16", 5), "sw-L3-16");
	assert_string_equal(peer_name(f, "sw-L1-0", 5), "sw-L2-0");
	assert_int_equal(f->nodes[node(f, "sw-L3-31")].guid,
			 OC_GEN_SW_GUID | 3 << 24 | 31);
	check_symmetric(f);
	check_unique_guids(f);
	oc_fabric_free(f);
	f = oc_gen_build(&p, &st, &err);
	assert_int_equal(st.cores, 2);
	assert_int_equal(st.core_links, 16);
	assert_int_equal(st.links, 2 * 192 + 16);
	oc_fabric_free(f);
}

/* Three 2-level trees chained leaf to leaf: the middle core's leaves have
 * two horizontal ports (to core 0 first); I/O CAs come after them. */
static void multi_core_leaf(void **state)
{
	struct oc_gen_stats st;
	struct oc_gen_params p;
	struct oc_err err;
	struct oc_fabric *f;
	char *text;

	params_of(&p, "pgft", "2;3,4;1,2", "cores", "3", "core-links", "leaf",
		  "io-cas", "sw-L1-5:1", "drop-link", "sw-L1-9:6", NULL);
	f = gen_parse(&p);
	assert_int_equal(count_by_prefix(f, "sw-L1-"), 12);
	assert_int_equal(count_by_prefix(f, "sw-L2-"), 6);
	assert_int_equal(count_by_prefix(f, "ca-"), 36);
	/* leaf: 3 hosts, 2 up, then core c-1, then core c+1 */
	assert_int_equal(f->nodes[node(f, "sw-L1-0")].num_ports, 6);
	assert_int_equal(f->nodes[node(f, "sw-L1-4")].num_ports, 7);
	assert_int_equal(f->nodes[node(f, "sw-L1-5")].num_ports, 8);
	assert_int_equal(f->nodes[node(f, "sw-L1-8")].num_ports, 6);
	assert_string_equal(peer_name(f, "sw-L1-0", 6), "sw-L1-4");
	assert_string_equal(peer_name(f, "sw-L1-4", 6), "sw-L1-0");
	assert_string_equal(peer_name(f, "sw-L1-4", 7), "sw-L1-8");
	assert_string_equal(peer_name(f, "sw-L1-8", 6), "sw-L1-4");
	assert_string_equal(peer_name(f, "sw-L1-5", 8), "io-0");
	assert_int_equal(horizontal_links(f, "sw-L2-0"), 0);
	assert_string_equal(peer_name(f, "ca-12", 1), "sw-L1-4");
	/* the dropped horizontal link */
	assert_int_equal(oc_peer(f, node(f, "sw-L1-9"), 6), OC_NONE);
	assert_int_equal(oc_peer(f, node(f, "sw-L1-5"), 7), OC_NONE);
	check_symmetric(f);
	check_unique_guids(f);
	oc_fabric_free(f);
	f = oc_gen_build(&p, &st, &err);
	assert_int_equal(st.core_links, 2 * 4 - 1);
	oc_fabric_free(f);
	text = gen_text(&p);
	assert_non_null(strstr(text, " --cores 3 --core-links leaf"));
	assert_non_null(strstr(text, "# cores: 3, core c holds sw-L1-<c*4>.. "
				     "sw-L2-<c*2>.. and its hosts; 7 "
				     "horizontal links join leaf j"));
	free(text);
}

/* The 648-port switch of the sFtree paper: 36 leaves of 18 hosts, 18
 * spines, every port of every 36-port switch used. */
static void fat_tree_648(void **state)
{
	struct shape s = {2, {0, 18, 36}, {0, 1, 18}, {0, 1, 1}, 36};
	struct oc_gen_params p;
	struct oc_fabric *f;
	uint32_t i;

	params_of(&p, "pgft", "2;18,36;1,18", "radix", "36", NULL);
	f = gen_parse(&p);
	assert_int_equal(count_by_prefix(f, "sw-L1-"), 36);
	assert_int_equal(count_by_prefix(f, "sw-L2-"), 18);
	assert_int_equal(count_by_prefix(f, "ca-"), 648);
	check_pgft(f, &s);
	for (i = 0; i < f->num_switches; i++)
		assert_int_not_equal(oc_peer(f, f->switches[i], 36), OC_NONE);
	check_unique_guids(f);
	oc_fabric_free(f);
}

/* XGFTs with more hosts per leaf than uplinks (2:1 and 3:1). */
static void oversubscribed_trees(void **state)
{
	struct shape s2 = {2, {0, 4, 4}, {0, 1, 2}, {0, 1, 1}, 0};
	struct shape s3 = {3, {0, 6, 2, 2}, {0, 1, 2, 2}, {0, 1, 1, 1}, 0};
	struct oc_gen_params p;
	struct oc_fabric *f;

	params_of(&p, "pgft", "2;4,4;1,2", NULL);
	f = gen_parse(&p);
	assert_int_equal(count_by_prefix(f, "ca-"), 16);
	assert_int_equal(count_by_prefix(f, "sw-L2-"), 2);
	check_pgft(f, &s2);
	oc_fabric_free(f);
	params_of(&p, "kary", "2", "levels", "3", "hosts-per-leaf", "6", NULL);
	f = gen_parse(&p);
	assert_int_equal(count_by_prefix(f, "ca-"), 24);
	assert_int_equal(count_by_prefix(f, "sw-L1-"), 4);
	check_pgft(f, &s3);
	check_unique_guids(f);
	oc_fabric_free(f);
}

static void spare_ports_and_radix(void **state)
{
	struct oc_gen_params p;
	struct oc_fabric *f;

	params_of(&p, "kary", "2", "levels", "2", "spare-ports", "3", NULL);
	f = gen_parse(&p);
	assert_int_equal(f->nodes[node(f, "sw-L1-1")].num_ports, 7);
	assert_int_equal(f->nodes[node(f, "sw-L2-1")].num_ports, 2);
	assert_int_equal(oc_peer(f, node(f, "sw-L1-1"), 5), OC_NONE);
	oc_fabric_free(f);

	params_of(&p, "kary", "2", "levels", "2", "radix", "8", NULL);
	f = gen_parse(&p);
	assert_int_equal(f->nodes[node(f, "sw-L1-1")].num_ports, 8);
	assert_int_equal(f->nodes[node(f, "sw-L2-1")].num_ports, 8);
	oc_fabric_free(f);
}

/* Same parameters, same bytes; the first record is the first host's CA;
 * fixed GUID lines. */
static void deterministic_text(void **state)
{
	struct oc_gen_params p;
	char *a, *b, *first;

	params_of(&p, "pgft", "2;3,4;1,2", "vf-counts", "1,3", "io-cas", "2:1",
		  NULL);
	a = gen_text(&p);
	b = gen_text(&p);
	assert_string_equal(a, b);
	first = strstr(a, "\ncaguid=");
	assert_non_null(first);
	assert_ptr_equal(first, strstr(a, "\ncaguid=0x0002c90400000000\n"
					  "Ca\t1 \"hv0-pf\""));
	assert_true(first < strstr(a, "\nswitchguid="));
	assert_non_null(strstr(a, "\n[1]\t\"sw-L1-0\"[1]\t# lid 0 4xQDR\n"));
	assert_non_null(strstr(a, "# made by: osmcloud gen --pgft "
				  "'2;3,4;1,2;1,1' --vf-counts 1,3 "
				  "--io-cas 2:1\n"));
	free(a);
	free(b);
}

static void shape_string(void **state)
{
	struct oc_gen_params p;
	char buf[64];

	params_of(&p, "kary", "3", "levels", "2", "hosts-per-leaf", "5", NULL);
	oc_gen_shape_string(&p, buf, sizeof(buf));
	assert_string_equal(buf, "PGFT(2;5,3;1,3;1,1)");
}

/* A bad option value: set_option fails with a message containing 'expect'. */
static void expect_option_error(const char *option, const char *value,
				const char *expect)
{
	struct oc_err err = {{0}};
	struct oc_gen_params p;

	oc_gen_params_init(&p);
	assert_int_equal(oc_gen_set_option(&p, option, value, &err), -1);
	if (!strstr(err.msg, expect))
		fail_msg("--%s %s: \"%s\" lacks \"%s\"", option, value, err.msg,
			 expect);
}

/* Options that parse but do not make a fabric. */
static void expect_build_error(const char *expect, ...)
{
	struct oc_err err = {{0}};
	struct oc_gen_params p;
	const char *option;
	va_list ap;

	oc_gen_params_init(&p);
	va_start(ap, expect);
	while ((option = va_arg(ap, const char *)))
		assert_int_equal(oc_gen_set_option(&p, option,
						   va_arg(ap, const char *),
						   &err),
				 0);
	va_end(ap);
	assert_null(oc_gen_build(&p, NULL, &err));
	if (!strstr(err.msg, expect))
		fail_msg("\"%s\" lacks \"%s\"", err.msg, expect);
}

static void bad_pgft(void **state)
{
	expect_option_error("pgft", "3;18,18;1,18,18", "list m has 2 numbers");
	expect_option_error("pgft", "2;3,4", "list w is missing");
	expect_option_error("pgft", "0;;", "h must be 1..8");
	expect_option_error("pgft", "2;3,x;1,2",
			    "--pgft \"2;3,x;1,2\": list m");
	expect_option_error("pgft", "2;3,4;1,2;1,1;", "text after");
	expect_option_error("pgft", "9;1;1", "expected h;m1,..;w1,..;p1,..");
}

static void bad_options_and_shapes(void **state)
{
	expect_option_error("kary", "0", "--kary: \"0\" is not a number");
	expect_option_error("levels", "9", "--levels");
	expect_option_error("vswitch", "1,2",
			    "--vswitch: \"1,2\" is not a number in 0..254");
	expect_option_error("vf-counts", "1,,2", "--vf-counts \"1,,2\"");
	expect_option_error("io-cas", "3", "--io-cas \"3\": expected LEAF:N");
	expect_option_error("drop-hosts", "1:x", "--drop-hosts \"1:x\"");
	expect_option_error("drop-link", "sw-L1-0", "expected NAME:PORT");
	expect_option_error("drop-link", "sw-L1-0:0", "expected NAME:PORT");
	expect_option_error("spare-ports", "-1", "--spare-ports");
	expect_option_error("colour", "red", "unknown generator option");

	expect_build_error("no shape", NULL);
	expect_build_error("not both", "kary", "2", "pgft", "1;2;1", NULL);
	expect_build_error("--kary: level-1 switches need 256 ports", "kary",
			   "128", NULL);
	expect_build_error(
		"--radix: level-1 switches need 48 ports (24 down, 24 up, 0 spare)",
		"kary", "24", "radix", "36", NULL);
	expect_build_error("--io-cas: there is no leaf 4", "kary", "2",
			   "levels", "2", "io-cas", "4:1", NULL);
	expect_build_error("--drop-hosts: leaf sw-L1-0 has only 2 hosts",
			   "kary", "2", "levels", "2", "drop-hosts", "0:3",
			   NULL);
	expect_build_error("--drop-link nope:1: no node named", "kary", "2",
			   "levels", "2", "drop-link", "nope:1", NULL);
	expect_build_error("port 9 of \"sw-L1-0\" is not connected", "kary",
			   "2", "levels", "2", "drop-link", "sw-L1-0:9", NULL);
	expect_build_error("--kary: more than 1000000", "kary", "100", "levels",
			   "4", "radix", "254", NULL);
	expect_build_error("--pgft: hosts need 16 ports", "pgft", "2;2,2;16,1",
			   NULL);
	expect_build_error("--hosts-per-leaf: level-1 switches need 255 ports",
			   "kary", "4", "hosts-per-leaf", "251", NULL);
	expect_build_error("--vf-counts: a vSwitch with 1 up ports, a PF and "
			   "253 VFs",
			   "kary", "2", "vf-counts", "1,253", NULL);
	/* one count names the option that gave it */
	expect_build_error("--vswitch: a vSwitch with 1 up ports, a PF and "
			   "253 VFs needs more than 254 ports",
			   "kary", "2", "vswitch", "253", NULL);
	expect_build_error("--io-cas: leaf sw-L1-1 would need 256 ports",
			   "kary", "2", "io-cas", "1:200,1:52", NULL);
}

static void bad_core_options(void **state)
{
	expect_option_error("cores", "0",
			    "--cores: \"0\" is not a number in "
			    "1..64");
	expect_option_error("cores", "65", "--cores");
	expect_option_error("core-links", "middle",
			    "--core-links \"middle\": expected top");
	expect_build_error("--core-links: a single core has no horizontal",
			   "kary", "2", "levels", "2", "core-links", "leaf",
			   NULL);
	expect_build_error("--radix: level-2 switches need 4 ports (2 down, 0 "
			   "up, 2 horizontal, 0 spare), more than 3",
			   "kary", "2", "levels", "2", "hosts-per-leaf", "1",
			   "cores", "3", "radix", "3", NULL);
	expect_build_error("--io-cas: leaf sw-L1-2 would need 256 ports",
			   "kary", "2", "levels", "2", "cores", "2",
			   "core-links", "leaf", "io-cas", "2:251", NULL);
}

/* ---- random defects (--seed) ------------------------------------------ */

static int is_tree_switch(const struct oc_fabric *f, uint32_t n)
{
	return !strncmp(f->nodes[n].name, "sw-L", 4);
}

/* Cables between two tree switches (sw-L*), each counted once. */
static unsigned switch_cables(const struct oc_fabric *f)
{
	unsigned count = 0, port;
	uint32_t n;

	for (n = 0; n < f->num_nodes; n++)
		for (port = 1;
		     is_tree_switch(f, n) && port <= f->nodes[n].num_ports;
		     port++) {
			uint32_t peer = oc_peer(f, n, port);

			count += peer != OC_NONE && peer > n &&
				 is_tree_switch(f, peer);
		}
	return count;
}

/* Whether every tree switch reaches every other over switch links. */
static int switches_connected(const struct oc_fabric *f)
{
	uint32_t *queue = calloc(f->num_nodes, sizeof(*queue)), n;
	uint8_t *seen = calloc(f->num_nodes, 1);
	unsigned head = 0, tail = 0, port, reached = 0;

	assert_non_null(queue);
	assert_non_null(seen);
	queue[tail++] = node(f, "sw-L1-0");
	seen[queue[0]] = 1;
	while (head < tail) {
		n = queue[head++];
		reached++;
		for (port = 1; port <= f->nodes[n].num_ports; port++) {
			uint32_t peer = oc_peer(f, n, port);

			if (peer == OC_NONE || seen[peer] ||
			    !is_tree_switch(f, peer))
				continue;
			seen[peer] = 1;
			queue[tail++] = peer;
		}
	}
	free(queue);
	free(seen);
	return reached == count_by_prefix(f, "sw-L");
}

/* Leaves (sw-L1-*) without a host (ca-* or hv*) on them. */
static unsigned leaves_without_hosts(const struct oc_fabric *f)
{
	unsigned count = 0, port, hosts;
	uint32_t n;

	for (n = 0; n < f->num_nodes; n++) {
		if (strncmp(f->nodes[n].name, "sw-L1-", 6))
			continue;
		for (hosts = 0, port = 1; port <= f->nodes[n].num_ports; port++)
			hosts += oc_peer(f, n, port) != OC_NONE &&
				 level_of(f, oc_peer(f, n, port)) == 0;
		count += !hosts;
	}
	return count;
}

/* The same seed, the same bytes, and the header names every choice; each
 * kind draws from its own stream: fewer cuts leave the rest alone. */
static void random_defects_reproducible(void **state)
{
	struct oc_gen_params p;
	char *a, *b, *other;

	params_of(&p, "kary", "4", "levels", "3", "seed", "7",
		  "hostless-leaves", "2", "missing-hosts", "3", "random-io",
		  "2", "cut-links", "3", NULL);
	a = gen_text(&p);
	b = gen_text(&p);
	assert_string_equal(a, b);
	assert_non_null(strstr(a, "# made by: osmcloud gen --kary 4 --levels "
				  "3 --seed 7 --hostless-leaves 2 "
				  "--missing-hosts 3 --random-io 2 "
				  "--cut-links 3\n"));
	assert_non_null(strstr(a, "# nodes: 103, links: 180 (3 cut by "
				  "--cut-links)\n"
				  "# hostless leaves (seed 7): sw-L1-10 "
				  "sw-L1-3\n"
				  "# missing hosts (seed 7): ca-62 ca-38 "
				  "ca-16\n"
				  "# random I/O CAs (seed 7): io-0 on "
				  "sw-L2-2[9], io-1 on sw-L1-7[9]\n"
				  "# cut cables (seed 7, as --drop-link): "
				  "sw-L3-7:1 sw-L3-6:3 sw-L2-0:2\n"));
	assert_int_equal(oc_gen_set_option(&p, "cut-links", "1", NULL), 0);
	other = gen_text(&p);
	assert_non_null(strstr(other, "sw-L1-7[9]\n# cut cables (seed 7, as "
				      "--drop-link): sw-L3-7:1\n"));
	free(other);
	assert_int_equal(oc_gen_set_option(&p, "seed", "8", NULL), 0);
	other = gen_text(&p);
	assert_string_not_equal(a, other);
	free(other);
	free(a);
	free(b);
}

static void random_hosts(void **state)
{
	struct oc_gen_params p;
	struct oc_fabric *f;

	params_of(&p, "kary", "4", "levels", "3", "seed", "3",
		  "hostless-leaves", "3", NULL);
	f = gen_parse(&p);
	assert_int_equal(leaves_without_hosts(f), 3);
	assert_int_equal(count_by_prefix(f, "ca-"), 64 - 3 * 4);
	oc_fabric_free(f);
	/* on top of --drop-hosts; hypervisors with their PF and VFs */
	params_of(&p, "pgft", "2;3,4;1,2", "vswitch", "2", "drop-hosts", "0:1",
		  "seed", "5", "hostless-leaves", "1", "missing-hosts", "2",
		  NULL);
	f = gen_parse(&p);
	assert_int_equal(leaves_without_hosts(f), 1);
	/* seed 5 empties sw-L1-0, which --drop-hosts left 2 hypervisors */
	assert_string_equal(peer_name(f, "sw-L1-0", 1), "");
	assert_int_equal(count_by_prefix(f, "hv") / 4, 12 - 1 - 2 - 2);
	oc_fabric_free(f);
	/* all hosts but one */
	params_of(&p, "kary", "2", "levels", "2", "missing-hosts", "3", NULL);
	f = gen_parse(&p);
	assert_int_equal(count_by_prefix(f, "ca-"), 1);
	oc_fabric_free(f);
}

/* I/O CAs on level 'level' (0: any) of a random-io fabric. */
static unsigned io_on_level(const struct oc_fabric *f, int level)
{
	unsigned count = 0;
	uint32_t n;

	for (n = 0; n < f->num_nodes; n++)
		if (!strncmp(f->nodes[n].name, "io-", 3) &&
		    (!level || level_of(f, oc_peer(f, n, 1)) == level))
			count++;
	return count;
}

static void random_io(void **state)
{
	struct oc_gen_params p;
	struct oc_fabric *f;

	params_of(&p, "kary", "3", "levels", "3", "seed", "5", "random-io",
		  "20", NULL);
	f = gen_parse(&p);
	assert_int_equal(io_on_level(f, 0), 20);
	assert_true(io_on_level(f, 1) > 0 && io_on_level(f, 1) < 20);
	assert_int_equal(
		io_on_level(f, 1) + io_on_level(f, 2) + io_on_level(f, 3), 20);
	oc_fabric_free(f);
	params_of(&p, "kary", "3", "levels", "3", "random-io", "9:leaves",
		  NULL);
	f = gen_parse(&p);
	assert_int_equal(io_on_level(f, 1), 9);
	oc_fabric_free(f);
	params_of(&p, "kary", "3", "levels", "3", "random-io", "9:upper",
		  "io-cas", "0:1", NULL);
	f = gen_parse(&p);
	assert_int_equal(io_on_level(f, 0), 10);
	assert_int_equal(io_on_level(f, 1), 1); /* io-0 of --io-cas */
	assert_string_equal(peer_name(f, "sw-L1-0", 7), "io-0");
	oc_fabric_free(f);
	/* with --radix only free ports: those of the dropped hosts here */
	params_of(&p, "kary", "2", "levels", "2", "drop-hosts", "0:2",
		  "random-io", "2:leaves", "radix", "4", NULL);
	f = gen_parse(&p);
	assert_string_equal(peer_name(f, "sw-L1-0", 1), "io-0");
	assert_string_equal(peer_name(f, "sw-L1-0", 2), "io-1");
	assert_int_equal(f->nodes[node(f, "sw-L1-0")].num_ports, 4);
	check_symmetric(f);
	oc_fabric_free(f);
}

static void random_cuts(void **state)
{
	struct oc_gen_params p;
	struct oc_gen_stats st;
	struct oc_fabric *f;
	char seed[16];
	unsigned i;

	/* a 2-ary 3-tree: 16 cables, 12 switches: 5 can go */
	for (i = 1; i <= 20; i++) {
		snprintf(seed, sizeof(seed), "%u", i);
		params_of(&p, "kary", "2", "levels", "3", "seed", seed,
			  "cut-links", "5", NULL);
		f = gen_parse(&p);
		assert_int_equal(switch_cables(f), 16 - 5);
		assert_true(switches_connected(f));
		assert_int_equal(count_by_prefix(f, "ca-"), 8);
		oc_fabric_free(f);
	}
	/* parallel and horizontal cables count; the stats follow */
	params_of(&p, "pgft", "2;2,2;1,2;1,2", "cores", "2", "core-links",
		  "leaf", "seed", "4", "cut-links", "9", NULL);
	f = oc_gen_build(&p, &st, NULL);
	assert_non_null(f);
	assert_int_equal(st.cut_links, 9);
	assert_int_equal(st.links, 2 * (4 + 8) + 2 - 9);
	assert_int_equal(switch_cables(f), 2 * 8 + 2 - 9);
	assert_true(switches_connected(f));
	oc_fabric_free(f);
}

static void bad_random_options(void **state)
{
	expect_option_error("seed", "-1",
			    "--seed: \"-1\" is not a number in "
			    "0..18446744073709551615");
	expect_option_error("seed", "18446744073709551616", "--seed");
	expect_option_error("cut-links", "x", "--cut-links: \"x\"");
	expect_option_error("hostless-leaves", "", "--hostless-leaves");
	expect_option_error("missing-hosts", "1000001", "--missing-hosts");
	expect_option_error("random-io", "2:middle",
			    "--random-io \"2:middle\": expected "
			    "N[:any|:leaves|:upper]");
	expect_option_error("random-io", "2:", "--random-io");
	expect_build_error("--cut-links 6: only 5 of the 16 cables between "
			   "switches can be left out without splitting the "
			   "switches",
			   "kary", "2", "levels", "3", "cut-links", "6", NULL);
	expect_build_error("--hostless-leaves 2: only 2 leaves have hosts, "
			   "and one must keep them",
			   "kary", "2", "levels", "2", "hostless-leaves", "2",
			   NULL);
	expect_build_error("--hostless-leaves 1: only 1 leaves have hosts",
			   "kary", "2", "levels", "2", "drop-hosts", "0:2",
			   "hostless-leaves", "1", NULL);
	expect_build_error("--missing-hosts 4: only 4 hosts are left, and "
			   "one must stay",
			   "kary", "2", "levels", "2", "missing-hosts", "4",
			   NULL);
	expect_build_error("--random-io 1: no switch above the leaves has a "
			   "free port left for I/O CA 1",
			   "kary", "2", "levels", "1", "random-io", "1:upper",
			   NULL);
	expect_build_error("--random-io 9: no switch has a free port left for "
			   "I/O CA 9 (--radix)",
			   "kary", "2", "levels", "2", "radix", "5",
			   "random-io", "9", NULL);
}

static void vf_options_once(void **state)
{
	struct oc_err err = {{0}};
	struct oc_gen_params p;

	params_of(&p, "vswitch", "2", NULL);
	assert_int_equal(oc_gen_set_option(&p, "vf-counts", "1,2", &err), -1);
	assert_non_null(strstr(err.msg, "--vf-counts: VF counts already"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kary_trees),
		cmocka_unit_test(pgft_parallel_links),
		cmocka_unit_test(benchmark_sizes),
		cmocka_unit_test(benchmark_round_trip),
		cmocka_unit_test(vswitch_hypervisors),
		cmocka_unit_test(uneven_vf_counts),
		cmocka_unit_test(io_cas_on_leaves),
		cmocka_unit_test(dropped_hosts),
		cmocka_unit_test(dropped_link),
		cmocka_unit_test(multi_core_top),
		cmocka_unit_test(multi_core_leaf),
		cmocka_unit_test(fat_tree_648),
		cmocka_unit_test(oversubscribed_trees),
		cmocka_unit_test(spare_ports_and_radix),
		cmocka_unit_test(deterministic_text),
		cmocka_unit_test(shape_string),
		cmocka_unit_test(bad_pgft),
		cmocka_unit_test(bad_options_and_shapes),
		cmocka_unit_test(vf_options_once),
		cmocka_unit_test(bad_core_options),
		cmocka_unit_test(random_defects_reproducible),
		cmocka_unit_test(random_hosts),
		cmocka_unit_test(random_io),
		cmocka_unit_test(random_cuts),
		cmocka_unit_test(bad_random_options),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
