/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_verify.c - the LFT verifier: correct tables pass; holes, loops,
 * wrong ports, detours and credit loops are found and counted; link loads
 * match hand-computed values; routed shipped topologies pass.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "route/engine.h"
#include "fixtures.h"
#include "gen/gen.h"
#include "model/hops.h"
#include "io/lft_dump.h"
#include "fixtures.h"
#include "testlib.h"
#include "io/topo.h"
#include "verify/verify.h"
#include "verify/verify_int.h"

/* Three switches in a triangle, same port plan as the ring. */
#define TRIANGLE_NET                                                       \
	"Switch 3 \"r0\"\n[1] \"r1\"[2]\n[2] \"r2\"[1]\n[3] \"c0\"[1]\n\n" \
	"Switch 3 \"r1\"\n[1] \"r2\"[2]\n[2] \"r0\"[1]\n[3] \"c1\"[1]\n\n" \
	"Switch 3 \"r2\"\n[1] \"r0\"[2]\n[2] \"r1\"[1]\n[3] \"c2\"[1]\n\n" \
	"Hca 1 \"c0\"\n[1] \"r0\"[3]\n\nHca 1 \"c1\"\n[1] \"r1\"[3]\n\n"   \
	"Hca 1 \"c2\"\n[1] \"r2\"[3]\n"

/* Sets sw's entries for dest1, dest2, ... (NULL-terminated) to port. */
static void set_all(const struct oc_fabric *f, struct oc_lfts *t,
		    const char *sw, uint8_t port, ...)
{
	const char *dest;
	va_list ap;

	va_start(ap, port);
	while ((dest = va_arg(ap, const char *)))
		tl_set(f, t, sw, dest, port);
	va_end(ap);
}

static struct oc_lfts *new_lfts(const struct oc_fabric *f)
{
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);

	assert_non_null(t);
	return t;
}

/* Complete minimal up/down tables of TWO_LEVEL_NET: x1 CAs go through S1,
 * x2 CAs through S2; the roots do not reach each other. */
static struct oc_lfts *two_level_lfts(const struct oc_fabric *f)
{
	struct oc_lfts *t = new_lfts(f);

	set_all(f, t, "A", 1, "S1", "B", "b1", NULL);
	set_all(f, t, "A", 2, "S2", "b2", NULL);
	tl_set(f, t, "A", "A", 0);
	tl_set(f, t, "A", "a1", 3);
	tl_set(f, t, "A", "a2", 4);
	set_all(f, t, "B", 1, "S1", "A", "a1", NULL);
	set_all(f, t, "B", 2, "S2", "a2", NULL);
	tl_set(f, t, "B", "B", 0);
	tl_set(f, t, "B", "b1", 3);
	tl_set(f, t, "B", "b2", 4);
	tl_set(f, t, "S1", "S1", 0);
	set_all(f, t, "S1", 1, "A", "a1", "a2", NULL);
	set_all(f, t, "S1", 2, "B", "b1", "b2", NULL);
	tl_set(f, t, "S2", "S2", 0);
	set_all(f, t, "S2", 1, "A", "a1", "a2", NULL);
	set_all(f, t, "S2", 2, "B", "b1", "b2", NULL);
	return t;
}

static void verify(const struct oc_fabric *f, const struct oc_lfts *t,
		   struct oc_verify_report *r)
{
	struct oc_err err = {{0}};

	if (oc_verify(f, t, r, &err))
		fail_msg("verify: %s", err.msg);
}

static const struct oc_verify_link *link_of(const struct oc_fabric *f,
					    const struct oc_verify_report *r,
					    const char *node, unsigned port)
{
	uint32_t n = oc_fabric_find_name(f, node), c;

	for (c = 0; c < r->channels; c++)
		if (r->links[c].ch.node == n && r->links[c].ch.port == port)
			return &r->links[c];
	fail_msg("no channel %s[%u]", node, port);
	return NULL;
}

static int cycle_has(const struct oc_fabric *f, const struct oc_verify_cycle *c,
		     const char *node, unsigned port)
{
	uint32_t n = oc_fabric_find_name(f, node), i;

	for (i = 0; i < c->len; i++)
		if (c->ch[i].node == n && c->ch[i].port == port)
			return 1;
	return 0;
}

/* Is (sw, dest, fault) among the first failures kept for CA LIDs? */
static int has_example(const struct oc_fabric *f,
		       const struct oc_verify_report *r, const char *sw,
		       const char *dest, enum oc_verify_fault fault)
{
	const struct oc_verify_reach *reach = &r->ca;
	uint32_t i;

	for (i = 0; i < reach->num_examples; i++)
		if (reach->examples[i].sw == tl_sw(f, sw) &&
		    reach->examples[i].lid == tl_lid(f, dest) &&
		    reach->examples[i].fault == fault)
			return 1;
	return 0;
}

static void assert_reach_clean(const struct oc_verify_reach *r)
{
	assert_int_equal(r->holes, 0);
	assert_int_equal(r->loops, 0);
	assert_int_equal(r->wrong, 0);
	assert_int_equal(r->lids_unreachable, 0);
}

static void passes_correct_tables(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = two_level_lfts(f);
	struct oc_verify_report r;

	verify(f, t, &r);
	assert_int_equal(r.switches, 4);
	assert_int_equal(r.ca_ports, 4);
	assert_int_equal(r.ca.lids, 4);
	assert_int_equal(r.ca.pairs, 16);
	assert_reach_clean(&r.ca);
	assert_int_equal(r.sw.lids, 4);
	assert_int_equal(r.sw.pairs, 16);
	/* S1 -> S2 and S2 -> S1 are holes, as in OpenSM's ftree */
	assert_int_equal(r.sw.holes, 2);
	assert_int_equal(r.sw.lids_unreachable, 2);
	assert_int_equal(r.sw.num_examples, 2);
	assert_int_equal(r.sw.examples[0].sw, tl_sw(f, "S2"));
	assert_int_equal(r.sw.examples[0].lid, tl_lid(f, "S1"));
	assert_int_equal(r.sw.examples[0].fault, OC_FAULT_HOLE);
	assert_int_equal(r.ca.num_examples, 0);
	assert_int_equal(r.ca_pairs, 12);
	assert_int_equal(r.ca_pairs_unreachable, 0);
	assert_int_equal(r.ca_pairs_nonminimal, 0);
	assert_int_equal(r.ca_max_hops, 2);
	assert_int_equal(r.channels, 8);
	assert_int_equal(r.cdg_ca_cycle.len, 0);
	assert_int_equal(r.cdg_all_cycle.len, 0);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void finds_holes(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = two_level_lfts(f);
	struct oc_verify_report r;

	/* 0xFF on A: only A misses b1 */
	tl_set(f, t, "A", "b1", OC_NO_PATH);
	verify(f, t, &r);
	assert_int_equal(r.ca.holes, 1);
	assert_int_equal(r.ca.lids_unreachable, 1);
	assert_int_equal(r.ca_pairs_unreachable, 2); /* a1, a2 -> b1 */
	assert_true(has_example(f, &r, "A", "b1", OC_FAULT_HOLE));
	oc_verify_report_free(&r);

	/* a port S1 does not have: S1 and A (through S1) miss b1 */
	tl_set(f, t, "A", "b1", 1);
	tl_set(f, t, "S1", "b1", 9);
	verify(f, t, &r);
	assert_int_equal(r.ca.holes, 2);
	assert_int_equal(r.ca_pairs_unreachable, 2);
	oc_verify_report_free(&r);

	/* S1's port 3 exists but is not linked */
	tl_set(f, t, "S1", "b1", 3);
	verify(f, t, &r);
	assert_int_equal(r.ca.holes, 2);
	assert_int_equal(r.ca.loops + r.ca.wrong, 0);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void inactive_port_is_a_hole(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = two_level_lfts(f);
	struct oc_verify_report r;

	oc_port_mut(f, oc_fabric_find_name(f, "B"), 2)->active = 0; /* to S2 */
	verify(f, t, &r);
	/* CA LIDs: S2 misses b1, b2; A misses b2 (through S2); B misses a2.
	 * Switch LIDs: S2 misses B, B misses S2, the roots each other. */
	assert_int_equal(r.ca.holes, 4);
	assert_true(has_example(f, &r, "B", "a2", OC_FAULT_HOLE));
	assert_int_equal(r.sw.holes, 4);
	assert_int_equal(r.channels, 6);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void finds_a_loop(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = two_level_lfts(f);
	struct oc_verify_report r;

	tl_set(f, t, "S1", "b1", 1); /* back down to A, which goes up */
	verify(f, t, &r);
	assert_int_equal(r.ca.loops, 2); /* A and S1 */
	assert_int_equal(r.ca.holes + r.ca.wrong, 0);
	assert_int_equal(r.ca.lids_unreachable, 1);
	assert_true(has_example(f, &r, "A", "b1", OC_FAULT_LOOP));
	/* the looping route is a credit loop of its own */
	assert_int_equal(r.cdg_ca_cycle.len, 2);
	assert_true(cycle_has(f, &r.cdg_ca_cycle, "A", 1));
	assert_true(cycle_has(f, &r.cdg_ca_cycle, "S1", 1));
	assert_int_equal(r.cdg_all_cycle.len, 2);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void finds_wrong_ports(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = two_level_lfts(f);
	struct oc_verify_report r;

	/* B hands b1's packets to b2: every switch delivers wrongly */
	tl_set(f, t, "B", "b1", 4);
	verify(f, t, &r);
	assert_int_equal(r.ca.wrong, 4);
	assert_int_equal(r.ca.holes + r.ca.loops, 0);
	assert_int_equal(r.ca_pairs_unreachable, 3); /* a1, a2, b2 */
	oc_verify_report_free(&r);

	/* port 0 on a switch that does not own the LID: S1 and B (via S1) */
	tl_set(f, t, "B", "b1", 3);
	tl_set(f, t, "S1", "a1", 0);
	verify(f, t, &r);
	assert_int_equal(r.ca.wrong, 2);
	assert_true(has_example(f, &r, "S1", "a1", OC_FAULT_WRONG));
	assert_true(has_example(f, &r, "B", "a1", OC_FAULT_WRONG));
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void finds_a_detour(void **state)
{
	struct oc_fabric *f = tl_fabric(THREE_LEAF_NET);
	struct oc_lfts *t = tl_route(f);
	struct oc_verify_report r;

	verify(f, t, &r);
	assert_int_equal(r.ca_pairs, 12);
	assert_int_equal(r.ca_pairs_nonminimal, 0);
	oc_verify_report_free(&r);

	/* A -> S1 -> C -> S2 -> B: 4 switch hops instead of 2 */
	tl_set(f, t, "A", "b1", 1);
	tl_set(f, t, "S1", "b1", 3);
	tl_set(f, t, "C", "b1", 2);
	tl_set(f, t, "S2", "b1", 2);
	verify(f, t, &r);
	assert_reach_clean(&r.ca);
	assert_int_equal(r.ca_pairs_nonminimal, 2); /* a1, a2 -> b1 */
	assert_int_equal(r.ca_max_hops, 4);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Every ring switch sends everything not its own clockwise. */
static struct oc_lfts *ring_lfts(const struct oc_fabric *f, int n)
{
	struct oc_lfts *t = new_lfts(f);
	static const char *const sw[] = {"r0", "r1", "r2", "r3"};
	static const char *const ca[] = {"c0", "c1", "c2", "c3"};
	int i, d;

	for (i = 0; i < n; i++) {
		for (d = 0; d < n; d++) {
			tl_set(f, t, sw[i], sw[d], i == d ? 0 : 1);
			tl_set(f, t, sw[i], ca[d], i == d ? 3 : 1);
		}
	}
	return t;
}

static void finds_ring_credit_loop(void **state)
{
	struct oc_fabric *f = tl_fabric(RING_NET);
	struct oc_lfts *t = ring_lfts(f, 4);
	struct oc_verify_report r;
	int i;

	verify(f, t, &r);
	assert_reach_clean(&r.ca);
	assert_reach_clean(&r.sw);
	assert_int_equal(r.channels, 8);
	assert_int_equal(r.cdg_ca_cycle.len, 4);
	for (i = 0; i < 4; i++) {
		char name[4] = {'r', (char)('0' + i), 0};

		assert_true(cycle_has(f, &r.cdg_ca_cycle, name, 1));
	}
	assert_int_equal(r.cdg_all_cycle.len, 4);
	/* 3 hops clockwise where 1 hop back would do: one source each */
	assert_int_equal(r.ca_pairs, 12);
	assert_int_equal(r.ca_pairs_nonminimal, 4);
	/* clockwise links carry 1 + 2 + 3 routes, the others none */
	assert_int_equal(link_of(f, &r, "r0", 1)->load, 6);
	assert_int_equal(link_of(f, &r, "r0", 2)->load, 0);
	assert_int_equal(r.load_max, 6);
	assert_int_equal(r.load_min, 0);
	assert_true(r.load_mean > 2.999 && r.load_mean < 3.001);
	assert_int_equal(r.has_dirs, 0); /* not a fat-tree */
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Two hops clockwise where one hop back would do: one hop too many is
 * non-minimal too. */
static void finds_one_extra_hop(void **state)
{
	struct oc_fabric *f = tl_fabric(TRIANGLE_NET);
	struct oc_lfts *t = ring_lfts(f, 3);
	struct oc_verify_report r;

	verify(f, t, &r);
	assert_reach_clean(&r.ca);
	assert_int_equal(r.ca_pairs, 6);
	assert_int_equal(r.ca_pairs_nonminimal, 3);
	assert_int_equal(r.ca_max_hops, 2);
	assert_int_equal(r.cdg_ca_cycle.len, 3);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Root-to-root routes through the leaves close a credit loop that only
 * switch-sourced traffic can fill. */
static void tells_switch_cycles_from_ca_cycles(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = two_level_lfts(f);
	struct oc_verify_report r;

	tl_set(f, t, "S1", "S2", 1); /* S1 -> A -> S2 */
	tl_set(f, t, "S2", "S1", 2); /* S2 -> B -> S1 */
	verify(f, t, &r);
	assert_reach_clean(&r.ca);
	assert_reach_clean(&r.sw);
	assert_int_equal(r.cdg_ca_cycle.len, 0);
	assert_int_equal(r.cdg_all_cycle.len, 4);
	assert_true(cycle_has(f, &r.cdg_all_cycle, "S1", 1));
	assert_true(cycle_has(f, &r.cdg_all_cycle, "A", 2));
	assert_true(cycle_has(f, &r.cdg_all_cycle, "S2", 2));
	assert_true(cycle_has(f, &r.cdg_all_cycle, "B", 1));
	assert_true(r.cdg_all_deps > r.cdg_ca_deps);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void counts_link_load(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = two_level_lfts(f);
	struct oc_verify_report r;

	/* balanced: every directed link carries 2 of the 8 cross routes */
	verify(f, t, &r);
	assert_int_equal(r.load_max, 2);
	assert_int_equal(r.load_min, 2);
	assert_true(r.load_mean > 1.999 && r.load_mean < 2.001);
	oc_verify_report_free(&r);

	/* A sends both b1 and b2 through S1 */
	tl_set(f, t, "A", "b2", 1);
	tl_set(f, t, "S1", "b2", 2);
	verify(f, t, &r);
	assert_int_equal(link_of(f, &r, "A", 1)->load, 4);
	assert_int_equal(link_of(f, &r, "A", 2)->load, 0);
	assert_int_equal(link_of(f, &r, "S1", 2)->load, 4);
	assert_int_equal(link_of(f, &r, "S2", 2)->load, 0);
	assert_int_equal(link_of(f, &r, "B", 1)->load, 2);
	assert_int_equal(link_of(f, &r, "S1", 1)->load, 2);
	assert_int_equal(r.load_max, 4);
	assert_int_equal(r.load_min, 0);
	assert_true(r.load_mean > 1.999 && r.load_mean < 2.001);
	assert_int_equal(r.has_dirs, 1);
	assert_int_equal(link_of(f, &r, "A", 1)->dir, OC_LINK_UP);
	assert_int_equal(link_of(f, &r, "S1", 2)->dir, OC_LINK_DOWN);
	assert_int_equal(r.load_up_max, 4);
	assert_int_equal(r.load_down_max, 4);
	assert_int_equal(r.ca_pairs_nonminimal, 0);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* A line of switches s0 - s1 - ... - s65 - ca: from s0 the CA is 65 hops
 * away, more than OC_VERIFY_MAX_HOPS, which counts as a loop. */
static void too_long_route_is_a_loop(void **state)
{
	struct oc_fabric *f = oc_fabric_new();
	struct oc_verify_report r;
	struct oc_err err = {{0}};
	struct oc_lfts *t;
	uint32_t ids[OC_VERIFY_MAX_HOPS + 2], ca, s;
	char name[16];

	assert_non_null(f);
	for (s = 0; s < OC_VERIFY_MAX_HOPS + 2; s++) {
		snprintf(name, sizeof(name), "s%u", s);
		ids[s] = oc_fabric_add_node(f, OC_NODE_SWITCH, 0x100 + s, name,
					    2, &err);
		assert_int_not_equal(ids[s], OC_NONE);
		if (s)
			assert_int_equal(oc_fabric_link(f, ids[s - 1], 1,
							ids[s], 2, &err),
					 0);
	}
	ca = oc_fabric_add_node(f, OC_NODE_CA, 0x1000, "ca", 1, &err);
	assert_int_equal(oc_fabric_link(f, ids[s - 1], 1, ca, 1, &err), 0);
	assert_int_equal(oc_fabric_assign_lids(f, &err), 0);
	t = new_lfts(f);
	for (s = 0; s < OC_VERIFY_MAX_HOPS + 2; s++)
		tl_set(f, t, f->nodes[ids[s]].name, "ca", 1);
	verify(f, t, &r);
	assert_int_equal(r.ca.loops, 1);
	assert_int_equal(r.ca.holes + r.ca.wrong, 0);
	assert_true(has_example(f, &r, "s0", "ca", OC_FAULT_LOOP));
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void rejects_tables_of_another_fabric(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = oc_lfts_new(3, f->max_lid);
	struct oc_verify_report r;
	struct oc_err err = {{0}};

	assert_int_equal(oc_verify(f, t, &r, &err), -1);
	assert_non_null(strstr(err.msg, "3 switches"));
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Reads an opensm-lfts.dump from text: NULL, or the error. */
static const char *dump_error(const struct oc_fabric *f, const char *text,
			      struct oc_err *err)
{
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	struct oc_lfts *t = NULL;
	int ret;

	assert_non_null(in);
	ret = oc_lft_dump_read(f, in, "bad.dump", &t, err);
	fclose(in);
	oc_lfts_free(t);
	return ret ? err->msg : NULL;
}

/* A LID or port beyond 32 bits is refused, not wrapped (0x100000002 was
 * LID 2), and the tail of a long line is no entry of its own. */
static void reads_dump_numbers_whole(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	const char *hdr = "Unicast lids [0-8] of switch Lid 1 guid "
			  "0x0000000000200000 ('S1'):\n";
	char text[1024], pad[601];
	struct oc_err err;

	snprintf(text, sizeof(text), "%s0x100000002 000\n", hdr);
	assert_string_equal(dump_error(f, text, &err),
			    "bad.dump:2: LID 4294967298 is above the fabric's "
			    "highest LID 8");
	snprintf(text, sizeof(text), "%s0x0002 4294967297\n", hdr);
	assert_string_equal(dump_error(f, text, &err),
			    "bad.dump:2: port 4294967297 does not exist on "
			    "switch 'S1'");
	snprintf(text, sizeof(text), "%s0x0002\n", hdr);
	assert_string_equal(dump_error(f, text, &err),
			    "bad.dump:2: cannot read 'LID PORT'");
	memset(pad, 'x', sizeof(pad) - 1);
	pad[sizeof(pad) - 1] = '\0';
	snprintf(text, sizeof(text), "%s0x0001 001 # '%s0x0002 009'\n", hdr,
		 pad);
	assert_null(dump_error(f, text, &err));
	oc_fabric_free(f);
}

/* The vSwitch paper's example with the engine's tables. */
static void passes_routed_figure_2(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_lfts *t = tl_route(f);
	struct oc_verify_report r;

	verify(f, t, &r);
	assert_int_equal(r.ca.lids, 12);
	assert_reach_clean(&r.ca);
	assert_int_equal(r.sw.loops, 0);
	assert_int_equal(r.ca_pairs, 12 * 11);
	assert_int_equal(r.ca_pairs_nonminimal, 0);
	assert_int_equal(r.cdg_ca_cycle.len, 0);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Brute force: walks every (switch, LID) path with tl_walk. */
struct walked {
	uint64_t failed, ca_unreachable, nonminimal;
};

static void walk_all(const struct oc_fabric *f, const struct oc_lfts *t,
		     const uint8_t *dist, struct walked *w)
{
	uint32_t s, n = f->num_switches;
	unsigned lid, cas[64] = {0};

	memset(w, 0, sizeof(*w));
	for (lid = 1; lid <= f->max_lid; lid++) {
		const struct oc_lid_owner *o = &f->lid_owner[lid];

		if (!oc_is_switch(f, o->node))
			cas[f->nodes[oc_peer(f, o->node, o->port)].sw_index]++;
	}
	for (lid = 1; lid <= f->max_lid; lid++) {
		const struct oc_lid_owner *o = &f->lid_owner[lid];
		int is_ca = !oc_is_switch(f, o->node);
		uint32_t home =
			is_ca ? f->nodes[oc_peer(f, o->node, o->port)].sw_index
			      : OC_NONE;

		for (s = 0; s < n; s++) {
			int hops = tl_walk(f, t, s, lid);
			unsigned src = cas[s] - (s == home);

			w->failed += hops < 0;
			if (!is_ca)
				continue;
			if (hops < 0)
				w->ca_unreachable += src;
			else if (hops > dist[home * n + s])
				w->nonminimal += src;
		}
	}
}

/* A random entry: any port of the switch, 0 or 0xFF. */
static void damage(const struct oc_fabric *f, struct oc_lfts *t, unsigned *seed)
{
	uint32_t s = rand_r(seed) % f->num_switches;
	unsigned lid = 1 + rand_r(seed) % f->max_lid;
	unsigned np = f->nodes[f->switches[s]].num_ports;
	unsigned port = rand_r(seed) % (np + 2);

	oc_lft_row(t, s)[lid] = port > np ? OC_NO_PATH : port;
}

struct found {
	uint64_t failed, loops, nonminimal;
};

/* Damages routed tables at random: the memoised counts match walking
 * every path from scratch.  Adds up what was found in *found. */
static void cross_check(const char *net, unsigned rounds, struct found *found)
{
	struct oc_fabric *f = tl_fabric(net);
	struct oc_lfts *good = tl_route(f), *t = new_lfts(f);
	uint8_t *dist = oc_switch_distances(f);
	struct oc_verify_report r;
	unsigned seed = 42, round, i;
	struct walked w;

	assert_non_null(dist);
	assert_true(f->num_switches < 64);
	for (round = 0; round < rounds; round++) {
		memcpy(t->ports, good->ports,
		       (size_t)t->stride * t->num_switches);
		for (i = 0; i < 1 + round % 8; i++)
			damage(f, t, &seed);
		walk_all(f, t, dist, &w);
		verify(f, t, &r);
		assert_int_equal(r.ca.holes + r.ca.loops + r.ca.wrong +
					 r.sw.holes + r.sw.loops + r.sw.wrong,
				 w.failed);
		assert_int_equal(r.ca_pairs_unreachable, w.ca_unreachable);
		assert_int_equal(r.ca_pairs_nonminimal, w.nonminimal);
		found->failed += w.failed;
		found->loops += r.ca.loops + r.sw.loops;
		found->nonminimal += w.nonminimal;
		oc_verify_report_free(&r);
	}
	free(dist);
	oc_lfts_free(t);
	oc_lfts_free(good);
	oc_fabric_free(f);
}

static void agrees_with_walking_every_path(void **state)
{
	struct found found = {0};

	cross_check(FIG2_NET, 100, &found);
	cross_check(THREE_LEAF_NET, 1000, &found);
	print_message("damage: %llu failures, %llu loops, %llu detours\n",
		      (unsigned long long)found.failed,
		      (unsigned long long)found.loops,
		      (unsigned long long)found.nonminimal);
	/* the damage produced loops, other failures and detours */
	assert_true(found.loops > 0);
	assert_true(found.failed > found.loops);
	assert_true(found.nonminimal > 0);
}

/* Writes and reads back the dump, as "osmcloud route" then "check". */
static struct oc_lfts *round_trip(const struct oc_fabric *f,
				  const struct oc_lfts *t)
{
	struct oc_lfts *back = NULL;
	struct oc_err err = {{0}};
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	assert_non_null(mem);
	assert_int_equal(oc_lft_dump_write(f, t, mem), 0);
	fclose(mem);
	mem = fmemopen(buf, len, "r");
	assert_non_null(mem);
	if (oc_lft_dump_read(f, mem, "route.dump", &back, &err))
		fail_msg("reading back: %s", err.msg);
	fclose(mem);
	free(buf);
	return back;
}

static void check_shipped(const char *file)
{
	const char *srcdir = getenv("srcdir");
	char path[4096];
	struct oc_err err = {{0}};
	struct oc_verify_report r;
	struct oc_fabric *f;
	struct oc_lfts *t, *back;

	snprintf(path, sizeof(path), "%s/topologies/%s", srcdir ? srcdir : ".",
		 file);
	f = oc_topo_load(path, &err);
	if (!f || oc_fabric_assign_lids(f, &err))
		fail_msg("%s: %s", file, err.msg);
	t = tl_route(f);
	back = round_trip(f, t);
	assert_int_equal(oc_lfts_diff_blocks(t, back), 0);
	verify(f, back, &r);
	assert_true(r.ca.lids > 0);
	assert_reach_clean(&r.ca);
	assert_int_equal(r.sw.loops, 0);
	assert_int_equal(r.ca_pairs_nonminimal, 0);
	assert_int_equal(r.ca_pairs_unreachable, 0);
	assert_int_equal(r.cdg_ca_cycle.len, 0);
	assert_int_equal(r.cdg_all_cycle.len, 0);
	oc_verify_report_free(&r);
	oc_lfts_free(back);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* osmcloud gen --kary 4 --levels 3 with leaf uplinks sw-L1-0:5 and
 * sw-L1-1:6 dropped: 112 LIDs (two blocks), and vswitch_ftree's detours
 * there close a credit loop with switch sources. */
static struct oc_fabric *k4_two_uplinks_dropped(void)
{
	struct oc_gen_params p;
	struct oc_err err = {{0}};
	struct oc_fabric *f;

	oc_gen_params_init(&p);
	assert_int_equal(oc_gen_set_option(&p, "kary", "4", &err), 0);
	assert_int_equal(oc_gen_set_option(&p, "levels", "3", &err), 0);
	assert_int_equal(oc_gen_set_option(&p, "drop-link", "sw-L1-0:5", &err),
			 0);
	assert_int_equal(oc_gen_set_option(&p, "drop-link", "sw-L1-1:6", &err),
			 0);
	f = oc_gen_build(&p, NULL, &err);
	if (!f || oc_fabric_assign_lids(f, &err))
		fail_msg("gen: %s", err.msg);
	return f;
}

static void assert_same_reach(const struct oc_verify_reach *a,
			      const struct oc_verify_reach *b)
{
	uint32_t i;

	assert_int_equal(a->lids, b->lids);
	assert_int_equal(a->lids_unreachable, b->lids_unreachable);
	assert_int_equal(a->pairs, b->pairs);
	assert_int_equal(a->holes, b->holes);
	assert_int_equal(a->loops, b->loops);
	assert_int_equal(a->wrong, b->wrong);
	assert_int_equal(a->num_examples, b->num_examples);
	for (i = 0; i < a->num_examples; i++) {
		assert_int_equal(a->examples[i].sw, b->examples[i].sw);
		assert_int_equal(a->examples[i].lid, b->examples[i].lid);
		assert_int_equal(a->examples[i].fault, b->examples[i].fault);
	}
}

static void assert_same_cycle(const struct oc_verify_cycle *a,
			      const struct oc_verify_cycle *b)
{
	uint32_t i;

	assert_int_equal(a->len, b->len);
	for (i = 0; i < a->len; i++) {
		assert_int_equal(a->ch[i].node, b->ch[i].node);
		assert_int_equal(a->ch[i].port, b->ch[i].port);
	}
}

static void assert_same_report(const struct oc_verify_report *a,
			       const struct oc_verify_report *b)
{
	uint32_t c;

	assert_same_reach(&a->ca, &b->ca);
	assert_same_reach(&a->sw, &b->sw);
	assert_int_equal(a->ca_pairs, b->ca_pairs);
	assert_int_equal(a->ca_pairs_unreachable, b->ca_pairs_unreachable);
	assert_int_equal(a->ca_pairs_nonminimal, b->ca_pairs_nonminimal);
	assert_int_equal(a->ca_max_hops, b->ca_max_hops);
	assert_int_equal(a->cdg_ca_deps, b->cdg_ca_deps);
	assert_int_equal(a->cdg_all_deps, b->cdg_all_deps);
	assert_same_cycle(&a->cdg_ca_cycle, &b->cdg_ca_cycle);
	assert_same_cycle(&a->cdg_all_cycle, &b->cdg_all_cycle);
	assert_int_equal(a->channels, b->channels);
	for (c = 0; c < a->channels; c++)
		assert_int_equal(a->links[c].load, b->links[c].load);
}

static void in_parts(const struct oc_fabric *f, const struct oc_lfts *t,
		     unsigned what, unsigned parts, struct oc_verify_report *r)
{
	struct oc_err err = {{0}};

	if (verify_in_parts(f, t, what, parts, r, &err))
		fail_msg("verify in %u parts: %s", parts, err.msg);
}

/* The LIDs split into one, two or three parts (threads): the same report,
 * failures in LID order included, on damaged tables. */
static void same_findings_in_any_number_of_parts(void **state)
{
	struct oc_fabric *f = k4_two_uplinks_dropped();
	struct oc_lfts *t = tl_route(f);
	struct oc_verify_report one, more;
	unsigned seed = 7, round, parts, i;

	for (round = 0; round < 20; round++) {
		in_parts(f, t, OC_VERIFY_ALL, 1, &one);
		if (!round)
			assert_true(one.cdg_all_cycle.len > 0);
		for (parts = 2; parts <= 3; parts++) {
			in_parts(f, t, OC_VERIFY_ALL, parts, &more);
			assert_same_report(&one, &more);
			oc_verify_report_free(&more);
		}
		oc_verify_report_free(&one);
		for (i = 0; i < 3; i++)
			damage(f, t, &seed);
	}
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* Reachability always; credit loops, CA pairs and loads only when asked
 * for, and then as the whole check finds them. */
static void checks_only_what_is_asked(void **state)
{
	struct oc_fabric *f = k4_two_uplinks_dropped();
	struct oc_lfts *t = tl_route(f);
	struct oc_verify_report all, some;

	in_parts(f, t, OC_VERIFY_ALL, 1, &all);
	in_parts(f, t, 0, 1, &some);
	assert_same_reach(&all.ca, &some.ca);
	assert_same_reach(&all.sw, &some.sw);
	assert_int_equal(some.ca_pairs, 0);
	assert_int_equal(some.cdg_ca_deps + some.cdg_all_deps, 0);
	assert_int_equal(some.cdg_all_cycle.len, 0);
	assert_int_equal(some.load_max, 0);
	oc_verify_report_free(&some);
	in_parts(f, t, OC_VERIFY_CDG_CA | OC_VERIFY_CDG_ALL, 2, &some);
	assert_int_equal(some.cdg_ca_deps, all.cdg_ca_deps);
	assert_int_equal(some.cdg_all_deps, all.cdg_all_deps);
	assert_same_cycle(&some.cdg_ca_cycle, &all.cdg_ca_cycle);
	assert_same_cycle(&some.cdg_all_cycle, &all.cdg_all_cycle);
	assert_int_equal(some.ca_pairs, 0);
	oc_verify_report_free(&some);
	oc_verify_report_free(&all);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void passes_routed_shipped_topologies(void **state)
{
	check_shipped("vswitch-ft-default.net");
	check_shipped("vswitch-ft-uneven-vfs.net");
	check_shipped("vswitch-ft-missing-hv.net");
	check_shipped("vswitch-ft-storage.net");
	check_shipped("ft-k4-n3.net");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(passes_correct_tables),
		cmocka_unit_test(finds_holes),
		cmocka_unit_test(inactive_port_is_a_hole),
		cmocka_unit_test(finds_a_loop),
		cmocka_unit_test(finds_wrong_ports),
		cmocka_unit_test(finds_a_detour),
		cmocka_unit_test(finds_ring_credit_loop),
		cmocka_unit_test(finds_one_extra_hop),
		cmocka_unit_test(tells_switch_cycles_from_ca_cycles),
		cmocka_unit_test(counts_link_load),
		cmocka_unit_test(too_long_route_is_a_loop),
		cmocka_unit_test(rejects_tables_of_another_fabric),
		cmocka_unit_test(reads_dump_numbers_whole),
		cmocka_unit_test(passes_routed_figure_2),
		cmocka_unit_test(agrees_with_walking_every_path),
		cmocka_unit_test(passes_routed_shipped_topologies),
		cmocka_unit_test(same_findings_in_any_number_of_parts),
		cmocka_unit_test(checks_only_what_is_asked),
	};

	return cmocka_run_group_tests_name("verify", tests, NULL, NULL);
}
