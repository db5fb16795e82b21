/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_topo.c - ibsim topology parser: valid files and clear errors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "testlib.h"
#include "io/topo.h"

static void parses_links_and_guids(void **state)
{
	struct oc_fabric *f = tl_fabric(
		"switchguid=0x10\nSwitch 3 \"sw\" lid 7\n[1] \"h\"[1]\n"
		"[2] \"h2\"\n\ncaguid=0x100\nHca 1 \"h\"\n[1] \"sw\"[1] "
		"# lid 9 4xQDR\n\nHca 2 \"h2\"\n[1](abc) \"sw\"[2]\n");
	uint32_t sw = oc_fabric_find_name(f, "sw");
	uint32_t h = oc_fabric_find_name(f, "h");
	uint32_t h2 = oc_fabric_find_name(f, "h2");

	assert_int_equal(f->num_nodes, 3);
	assert_int_equal(f->num_switches, 1);
	assert_int_equal(f->nodes[sw].guid, 0x10);
	assert_int_equal(f->nodes[h].guid, 0x100);
	assert_int_equal(f->nodes[h2].guid, 0x102); /* 0x100 + 1 + 1 */
	/* "(GUID)" after a CA's port number is the port's own GUID, as
	 * ibnetdiscover writes it (ibsim gives node GUID + port instead) */
	assert_int_equal(oc_port(f, h2, 1)->guid, 0xabc);
	assert_int_equal(oc_port(f, h2, 2)->guid, 0x104);
	assert_int_equal(oc_peer(f, sw, 1), h);
	assert_int_equal(oc_peer(f, sw, 2), h2);
	assert_int_equal(oc_port(f, h2, 1)->peer_port, 2);
	assert_int_equal(oc_switch_lid(f, sw), 7);
	assert_int_equal(oc_port(f, h, 1)->lid, 9);
	assert_int_equal(oc_port(f, h2, 1)->lid, 1); /* assigned */
	assert_int_equal(oc_port(f, h2, 2)->lid, 0); /* unconnected */
	oc_fabric_free(f);
}

static void parses_fixture(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);

	assert_int_equal(f->num_switches, 8);
	assert_int_equal(f->num_nodes, 8 + 12);
	assert_int_equal(f->max_lid, 20);
	oc_fabric_free(f);
}

/* Each bad input must fail with a message that contains 'expect'. */
static void expect_error(const char *text, const char *expect)
{
	struct oc_err err = {{0}};
	struct oc_fabric *f = tl_fabric_err(text, &err);

	assert_null(f);
	if (!strstr(err.msg, expect))
		fail_msg("error \"%s\" lacks \"%s\"", err.msg, expect);
}

static void rejects_bad_files(void **state)
{
	expect_error("Switch 2 \"a\"\n[1] \"b\"[1]\n",
		     "test.net:2: link \"a\"[1] - \"b\"[1]: no such node");
	expect_error("Switch 2 \"a\"\n[1] \"b\"[1]\n\nSwitch 2 \"b\"\n"
		     "[2] \"a\"[1]\n",
		     "not listed the same way");
	expect_error("Switch 2 \"a\"\n[3] \"b\"[1]\n", "test.net:2: port "
						       "number out of range");
	expect_error("Switch 2 \"a\"\n\nSwitch 2 \"a\"\n",
		     "test.net:3: "
		     "duplicate node id: a");
	expect_error("include \"x.net\"\n", "test.net:1: unsupported");
	expect_error("Rt 2 \"r\"\n", "routers");
	expect_error("Switch x \"a\"\n", "port count");
	expect_error("Switch 2 a\n", "quoted node id");
	expect_error("[1] \"a\"[1]\n", "outside a node record");
	expect_error("bogus line\n", "test.net:1: unknown line");
	expect_error("switchguid=0xzz\n", "bad GUID");
	expect_error("# only a comment\n", "no nodes");
	expect_error("Switch 2 \"a\" lid 3\n\nSwitch 2 \"b\" lid 3\n",
		     "LID 3 of \"b\" already used by \"a\"");
	/* LIDs beyond 32 bits are out of range, not wrapped to 1 and 2 */
	expect_error("Switch 2 \"a\" lid 4294967297\n",
		     "test.net:1: node \"a\": LID 4294967297 out of range "
		     "1..49151");
	expect_error("Switch 2 \"a\"\n[1] \"h\"[1]\n\nHca 1 \"h\"\n"
		     "[1] \"a\"[1] # lid 4294967298\n",
		     "test.net:5: node \"h\": LID 4294967298 out of range");
	expect_error("Switch 2 \"a\" lid 49152\n",
		     "test.net:1: node \"a\": LID 49152 out of range");
	/* port GUIDs are node GUID + port (CAs), the node GUID (switches):
	 * two nodes must not share one */
	expect_error("caguid=0x10\nCa 2 \"a\"\n\ncaguid=0x11\nCa 1 \"b\"\n",
		     "test.net:5: node \"b\": port GUID 0x0000000000000012 is "
		     "already \"a\"[2]'s");
	expect_error("caguid=0x10\nCa 1 \"a\"\n\nswitchguid=0x11\n"
		     "Switch 2 \"s\"\n",
		     "test.net:5: node \"s\": port GUID 0x0000000000000011 is "
		     "already \"a\"[1]'s");
	expect_error("switchguid=0x11\nSwitch 2 \"s\"\n\ncaguid=0x10\n"
		     "Ca 1 \"a\"\n",
		     "test.net:5: node \"a\": port GUID 0x0000000000000011 is "
		     "already \"s\"[0]'s");
	expect_error("caguid=0x10\nCa 1 \"a\"\n\ncaguid=0x10\nCa 1 \"b\"\n",
		     "test.net:5: node \"b\": duplicate node GUID");
}

static void load_reports_missing_file(void **state)
{
	struct oc_err err;

	assert_null(oc_topo_load("/nonexistent/x.net", &err));
	assert_non_null(strstr(err.msg, "/nonexistent/x.net"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_links_and_guids),
		cmocka_unit_test(parses_fixture),
		cmocka_unit_test(rejects_bad_files),
		cmocka_unit_test(load_reports_missing_file),
	};

	return cmocka_run_group_tests_name("topo", tests, NULL, NULL);
}
