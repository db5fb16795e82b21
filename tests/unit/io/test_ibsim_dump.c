/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_ibsim_dump.c - reading ibsim's console Dump: a real capture (a small
 * vSwitch fat-tree routed by OpenSM's ftree, one VF unlinked afterwards),
 * LMC, and malformed input rejected with file:line and the problem.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "io/ibsim_dump.h"
#include "testlib.h"
#include "verify/verify.h"

/* One switch, one CA, one down port. */
#define MINI_DUMP                                                           \
	"# Net status - Sun Nov 22 21:43:05 2026\n"                         \
	"\n"                                                                \
	"Switch 2 \"s\"\tnodeguid 10\tsysimgguid 10\n"                      \
	"#\tlinearcap 64 FDBtop 2 portchange 0\n"                           \
	"#\tForwarding table 0-2: [0]FF [1]0 [2]1\n"                        \
	"10\t[0]\t\"Sma Port\"[0]\t lid 1 lmc 0 smlid 1  4x  2.5G "         \
	"Active/LinkUp\n"                                                   \
	"10\t[1]\t\"c\"[1]\t  4x 10.0G Active/LinkUp\n"                     \
	"10\t[2]\t\t\t  4x 10.0G Down/Polling\n"                            \
	"\n"                                                                \
	"Ca 1 \"c\"\tnodeguid 20\tsysimgguid 20\n"                          \
	"21\t[1]\t\"s\"[1]\t lid 2 lmc 0 smlid 1  4x 10.0G Active/LinkUp\n" \
	"#  dumped 2 nodes\n"

static struct oc_fabric *read_text(const char *text, struct oc_lfts **t,
				   struct oc_err *err)
{
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	struct oc_fabric *f;

	assert_non_null(in);
	f = oc_ibsim_dump_read(in, "test.dump", t, err);
	fclose(in);
	return f;
}

/* MINI_DUMP with the first occurrence of from replaced by to. */
static char *mini_with(const char *from, const char *to)
{
	const char *at = strstr(MINI_DUMP, from);
	size_t head;
	char *s;

	assert_non_null(at);
	head = at - MINI_DUMP;
	s = malloc(strlen(MINI_DUMP) + strlen(to) + 1);
	assert_non_null(s);
	memcpy(s, MINI_DUMP, head);
	strcpy(s + head, to);
	strcat(s, at + strlen(from));
	return s;
}

static void expect_error(const char *text, const char *what)
{
	struct oc_err err = {{0}};
	struct oc_lfts *t;
	struct oc_fabric *f = read_text(text, &t, &err);

	if (f)
		fail_msg("accepted a Dump that should fail with '%s'", what);
	assert_null(t);
	if (!strstr(err.msg, what))
		fail_msg("error '%s' does not say '%s'", err.msg, what);
}

static uint32_t node(const struct oc_fabric *f, const char *name)
{
	uint32_t n = oc_fabric_find_name(f, name);

	assert_int_not_equal(n, OC_NONE);
	return n;
}

static unsigned count_links(const struct oc_fabric *f)
{
	unsigned ends = 0;
	uint32_t i;

	for (i = 0; i < f->num_ports; i++)
		ends += f->ports[i].peer_node != OC_NONE;
	return ends / 2;
}

static struct oc_fabric *load_fixture(struct oc_lfts **t)
{
	const char *srcdir = getenv("srcdir");
	char path[4096];
	struct oc_err err = {{0}};
	struct oc_fabric *f;

	snprintf(path, sizeof(path), "%s/tests/unit/data/ibsim-dump-small.txt",
		 srcdir ? srcdir : ".");
	f = oc_ibsim_dump_load(path, t, &err);
	if (!f)
		fail_msg("%s", err.msg);
	return f;
}

static void reads_a_real_dump(void **state)
{
	struct oc_lfts *t;
	struct oc_fabric *f = load_fixture(&t);
	uint32_t leaf = node(f, "sw-L1-1"), vf = node(f, "hv3-vf1");
	const struct oc_port *p;

	assert_int_equal(f->num_nodes, 16);
	assert_int_equal(f->num_switches, 8);
	assert_int_equal(count_links(f), 15); /* 16 less hv3-vf1's */
	assert_int_equal(f->nodes[leaf].guid, 0x2c90301000001ULL);
	assert_int_equal(f->nodes[leaf].num_ports, 5);
	p = oc_port(f, leaf, 3);
	assert_int_equal(p->peer_node, node(f, "sw-L2-0"));
	assert_int_equal(p->peer_port, 2);
	assert_true(p->active);
	/* the spare port is down and unlinked */
	assert_int_equal(oc_port(f, leaf, 5)->peer_node, OC_NONE);
	assert_false(oc_port(f, leaf, 5)->active);
	/* LIDs: switch port 0, CA ports; the unlinked VF keeps none */
	assert_int_equal(oc_switch_lid(f, leaf), 6);
	assert_int_equal(oc_port(f, node(f, "hv0-pf"), 1)->lid, 1);
	assert_int_equal(oc_port(f, node(f, "hv0-pf"), 1)->guid,
			 0x2c90400000001ULL);
	assert_int_equal(f->lid_owner[13].node, node(f, "hv2-vf1"));
	assert_false(oc_port(f, vf, 1)->active);
	assert_int_equal(oc_port(f, vf, 1)->lid, 0);
	assert_int_equal(f->lid_owner[14].node, OC_NONE);
	assert_int_equal(f->max_lid, 16);
	/* forwarding tables as ftree programmed them */
	assert_int_equal(oc_lft_row(t, f->nodes[leaf].sw_index)[8], 1);
	assert_int_equal(oc_lft_row(t, f->nodes[leaf].sw_index)[6], 0);
	assert_int_equal(oc_lft_row(t,
				    f->nodes[node(f, "sw-L2-0")].sw_index)[7],
			 OC_NO_PATH);
	assert_int_equal(tl_walk(f, t, tl_sw(f, "hv0"), tl_lid(f, "hv3-pf")),
			 4);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void real_dump_passes_the_verifier(void **state)
{
	struct oc_lfts *t;
	struct oc_fabric *f = load_fixture(&t);
	struct oc_verify_report r;
	struct oc_err err = {{0}};

	assert_int_equal(oc_verify(f, t, &r, &err), 0);
	assert_int_equal(r.ca.lids, 7);
	assert_int_equal(r.ca.lids_unreachable, 0);
	assert_int_equal(r.sw.lids, 8);
	assert_int_equal(r.sw.loops, 0);
	assert_int_equal(r.sw.lids_unreachable, 2); /* root to root */
	assert_int_equal(r.ca_pairs, 7 * 6);
	assert_int_equal(r.ca_pairs_nonminimal, 0);
	assert_int_equal(r.cdg_ca_cycle.len, 0);
	assert_int_equal(r.cdg_all_cycle.len, 0);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void reads_lmc_ranges(void **state)
{
	char *text = mini_with("lid 2 lmc 0", "lid 2 lmc 1");
	struct oc_err err = {{0}};
	struct oc_verify_report r;
	struct oc_lfts *t;
	struct oc_fabric *f = read_text(text, &t, &err);

	if (!f)
		fail_msg("%s", err.msg);
	assert_int_equal(f->max_lid, 3);
	assert_int_equal(f->lid_owner[3].node, node(f, "c"));
	assert_int_equal(oc_port(f, node(f, "c"), 1)->lid, 2);
	assert_int_equal(oc_port(f, node(f, "s"), 2)->active, 0);
	/* LID 3 is above FDBtop: the switch cannot forward it */
	assert_int_equal(oc_verify(f, t, &r, &err), 0);
	assert_int_equal(r.ca.lids, 2);
	assert_int_equal(r.ca.holes, 1);
	oc_verify_report_free(&r);
	oc_lfts_free(t);
	oc_fabric_free(f);
	free(text);
}

static void skips_prompts_and_start_up_text(void **state)
{
	char *text = mini_with("# Net status", "parsing: x.net\n"
					       "Network simulator ready.\n"
					       "sim> sim> # Net status");
	struct oc_err err = {{0}};
	struct oc_lfts *t;
	struct oc_fabric *f = read_text(text, &t, &err);

	if (!f)
		fail_msg("%s", err.msg);
	assert_int_equal(f->num_nodes, 2);
	oc_lfts_free(t);
	oc_fabric_free(f);
	free(text);
}

static void rejects_malformed_dumps(void **state)
{
	static const struct {
		const char *from, *to, *error;
	} cases[] = {
		{"#  dumped 2 nodes\n", "", "truncated"},
		{"#  dumped 2 nodes", "#  dumped 3 nodes",
		 "test.dump:12: Dump says 3 nodes, 2 were read"},
		{"[2]1\n", "[2]zz\n", "test.dump:5: expected '[LID]PORT'"},
		{"[2]1\n", "[2]100\n", "test.dump:5: forwarding table port"},
		{"\"s\"[1]", "\"s\"[2]",
		 "test.dump:7: link \"s\"[1] - \"c\"[1]: not listed the same "
		 "way on the peer"},
		{"\"c\"[1]", "\"x\"[1]",
		 "test.dump:7: link \"s\"[1] - \"x\"[1]: "
		 "no such node"},
		{"Switch 2 \"s\"", "Router 2 \"s\"",
		 "test.dump:3: routers are not supported"},
		{"10\t[2]\t\t\t  4x 10.0G Down/Polling\n", "",
		 "node \"s\" has no line for port 2"},
		{"10\t[1]", "10\t[3]", "test.dump:7: port number out of range"},
		{"Active/LinkUp\n#  dumped", "LinkUp\n#  dumped",
		 "test.dump:11: no port state"},
		{"#\tlinearcap", "garbage\n#\tlinearcap",
		 "test.dump:4: not a line of an ibsim Dump: garbage"},
		{"nodeguid 20", "nodeguid zz", "test.dump:10: bad node GUID"},
		{"lid 2 lmc 0", "lid 1 lmc 0", "LID 1 of \"c\" already used"},
		/* beyond 32 bits: refused, not wrapped to LID 3 or 2 nodes */
		{"lid 2 lmc 0", "lid 4294967299 lmc 0",
		 "test.dump:11: LID above the unicast LIDs"},
		{"lid 2 lmc 0", "lid 2 lmc 4294967296",
		 "test.dump:11: LMC above 7"},
		{"lid 2 lmc 0", "lid -2 lmc 0",
		 "test.dump:11: cannot read 'lid N lmc M'"},
		{"#  dumped 2 nodes", "#  dumped 4294967298 nodes",
		 "test.dump:12: cannot read 'dumped N nodes'"},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *text = mini_with(cases[i].from, cases[i].to);

		expect_error(text, cases[i].error);
		free(text);
	}
	expect_error("", "no node records");
	expect_error("Network simulator ready.\n", "no node records");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_a_real_dump),
		cmocka_unit_test(real_dump_passes_the_verifier),
		cmocka_unit_test(reads_lmc_ranges),
		cmocka_unit_test(skips_prompts_and_start_up_text),
		cmocka_unit_test(rejects_malformed_dumps),
	};

	return cmocka_run_group_tests_name("ibsim_dump", tests, NULL, NULL);
}
