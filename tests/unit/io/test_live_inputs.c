/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_live_inputs.c - a live fabric's files: ibnetdiscover output,
 * opensm-subnet.lst, and LFTs from dump_lfts, opensm.fdbs and
 * opensm-lfts.dump.
 *
 * The fixtures in tests/unit/data/live/ are real output: osmcloud gen
 * --pgft '2;2,2;1,2;1,1' --vswitch 1 (tiny.net: 8 switches, 4 PFs and 4
 * VFs) routed with vswitch_ftree by stock opensm under ibsim, then read
 * with ibnetdiscover and dump_lfts through umad2sim, and opensm's dump
 * files (-D 0x43).  Every file describes the same fabric, LIDs and
 * tables.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testlib.h"
#include "io/lft_input.h"
#include "io/subnet_lst.h"
#include "io/topo.h"

static const char *data(const char *name)
{
	static char path[4096];
	const char *srcdir = getenv("srcdir");

	snprintf(path, sizeof(path), "%s/tests/unit/data/live/%s",
		 srcdir ? srcdir : ".", name);
	return path;
}

static struct oc_fabric *ibnet(void)
{
	struct oc_err err = {{0}};
	struct oc_fabric *f = oc_topo_load(data("tiny.ibnetdiscover"), &err);

	if (!f)
		fail_msg("%s", err.msg);
	return f;
}

static struct oc_fabric *subnet_lst(void)
{
	struct oc_err err = {{0}};
	struct oc_fabric *f =
		oc_subnet_lst_load(data("tiny.opensm-subnet.lst"), &err);

	if (!f)
		fail_msg("%s", err.msg);
	return f;
}

static struct oc_lfts *lfts(const struct oc_fabric *f, const char *file,
			    enum oc_lft_format fmt)
{
	struct oc_err err = {{0}};
	struct oc_lfts *t = NULL;

	if (oc_lft_input_load(f, data(file), fmt, &t, &err))
		fail_msg("%s", err.msg);
	return t;
}

/* ibnetdiscover: nodes by description, GUIDs, LIDs of the "lid N". */
static void reads_ibnetdiscover(void **state)
{
	struct oc_fabric *f = ibnet();
	uint32_t hv3 = oc_fabric_find_name(f, "hv3");
	uint32_t pf = oc_fabric_find_name(f, "hv3-pf");
	uint32_t leaf = oc_fabric_find_name(f, "sw-L1-1");

	assert_int_equal(f->num_switches, 8);
	assert_int_equal(f->num_nodes, 16);
	assert_int_not_equal(hv3, OC_NONE);
	assert_int_not_equal(pf, OC_NONE);
	assert_int_equal(f->nodes[hv3].guid, 0x2c90300000003ULL);
	assert_int_equal(oc_switch_lid(f, hv3), 9);
	assert_int_equal(oc_port(f, pf, 1)->lid, 16);
	assert_int_equal(oc_port(f, pf, 1)->guid, 0x2c90400000031ULL);
	assert_int_equal(oc_peer(f, hv3, 1), leaf);
	assert_int_equal(oc_peer(f, hv3, 2), pf);
	assert_int_equal(f->max_lid, 16);
	oc_fabric_free(f);
}

/* The subnet list holds the same nodes, names, GUIDs, LIDs and links. */
static void subnet_lst_is_the_same_fabric(void **state)
{
	struct oc_fabric *a = ibnet(), *b = subnet_lst();
	uint32_t n, m;
	unsigned p;

	assert_int_equal(a->num_nodes, b->num_nodes);
	assert_int_equal(a->num_switches, b->num_switches);
	assert_int_equal(a->max_lid, b->max_lid);
	for (n = 0; n < a->num_nodes; n++) {
		m = oc_fabric_find_guid(b, a->nodes[n].guid);
		assert_int_not_equal(m, OC_NONE);
		assert_string_equal(a->nodes[n].name, b->nodes[m].name);
		assert_int_equal(a->nodes[n].num_ports, b->nodes[m].num_ports);
		for (p = 0; p <= a->nodes[n].num_ports; p++) {
			const struct oc_port *x = oc_port(a, n, p);
			const struct oc_port *y = oc_port(b, m, p);

			assert_int_equal(x->lid, y->lid);
			assert_int_equal(x->guid, y->guid);
			assert_int_equal(x->peer_port, y->peer_port);
			if (x->peer_node != OC_NONE)
				assert_int_equal(a->nodes[x->peer_node].guid,
						 b->nodes[y->peer_node].guid);
		}
	}
	oc_fabric_free(a);
	oc_fabric_free(b);
}

/* dump_lfts, opensm.fdbs and opensm-lfts.dump hold the same tables,
 * detected from their first line or named. */
static void three_lft_formats_agree(void **state)
{
	struct oc_fabric *f = ibnet();
	struct oc_lfts *a = lfts(f, "tiny.dump_lfts", OC_LFT_AUTO);
	struct oc_lfts *b = lfts(f, "tiny.opensm.fdbs", OC_LFT_AUTO);
	struct oc_lfts *c = lfts(f, "tiny.opensm-lfts.dump", OC_LFT_AUTO);
	struct oc_lfts *d = lfts(f, "tiny.opensm.fdbs", OC_LFT_FDBS);
	size_t size = (size_t)f->num_switches * a->stride;
	uint32_t hv3 = oc_fabric_find_name(f, "hv3");

	assert_int_equal(a->max_lid, b->max_lid);
	assert_memory_equal(a->ports, b->ports, size);
	assert_memory_equal(a->ports, c->ports, size);
	assert_memory_equal(a->ports, d->ports, size);
	/* hv3 reaches its PF (LID 16) on port 2, itself on port 0 */
	assert_int_equal(oc_lft_row(a, f->nodes[hv3].sw_index)[16], 2);
	assert_int_equal(oc_lft_row(a, f->nodes[hv3].sw_index)[9], 0);
	oc_lfts_free(a);
	oc_lfts_free(b);
	oc_lfts_free(c);
	oc_lfts_free(d);
	oc_fabric_free(f);
}

static void expect_lft_error(const struct oc_fabric *f, const char *text,
			     enum oc_lft_format fmt, const char *expect)
{
	struct oc_err err = {{0}};
	struct oc_lfts *t = NULL;

	tl_write_file(tl_path("bad.lfts"), text);
	assert_int_equal(
		oc_lft_input_load(f, tl_path("bad.lfts"), fmt, &t, &err), -1);
	assert_null(t);
	if (!strstr(err.msg, expect))
		fail_msg("error \"%s\" lacks \"%s\"", err.msg, expect);
}

static void rejects_bad_lft_lines(void **state)
{
	struct oc_fabric *f = ibnet();
	const char *sw = "dump_ucast_routes: Switch 0x0002c90300000003\n"
			 "LID    : Port : Hops : Optimal\n";
	char text[512];

	snprintf(text, sizeof(text), "%s0x0001 : xyz  : 01   : yes\n", sw);
	expect_lft_error(f, text, OC_LFT_AUTO,
			 "bad.lfts:3: cannot read 'LID : PORT'");
	snprintf(text, sizeof(text), "%s0x0001 : 009  : 01   : yes\n", sw);
	expect_lft_error(f, text, OC_LFT_AUTO,
			 "bad.lfts:3: port 9 does not exist on switch 'hv3'");
	snprintf(text, sizeof(text), "%sbogus\n", sw);
	expect_lft_error(f, text, OC_LFT_AUTO,
			 "bad.lfts:3: not a line of opensm.fdbs");
	expect_lft_error(f, "dump_ucast_routes: Switch 0x0000000000000bad\n",
			 OC_LFT_AUTO,
			 "bad.lfts:1: switch 0x0000000000000bad is not in the "
			 "fabric");
	expect_lft_error(f, "\nhello\n", OC_LFT_AUTO,
			 "bad.lfts:2: not a known LFT format");
	expect_lft_error(f,
			 "Unicast lids [0x0-0x10] of switch Lid 9 guid "
			 "0x0002c90300000003 (hv3):\n0x0010 002 : (Channel "
			 "Adapter portguid 0x0002c90400000011: 'hv1-pf')\n",
			 OC_LFT_AUTO,
			 "bad.lfts:2: LID 16 is port 0x0002c90400000011 in the "
			 "dump but port 0x0002c90400000031 in the fabric");
	/* named: an fdbs file read as a dump has no switch header */
	snprintf(text, sizeof(text), "%s", sw);
	expect_lft_error(f, text, OC_LFT_DUMP, "no 'Unicast lids'");
	oc_fabric_free(f);
}

static void expect_lst_error(const char *text, const char *expect)
{
	struct oc_err err = {{0}};
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	struct oc_fabric *f = oc_subnet_lst_read(in, "x.lst", &err);

	fclose(in);
	assert_null(f);
	if (!strstr(err.msg, expect))
		fail_msg("error \"%s\" lacks \"%s\"", err.msg, expect);
}

#define SW_END                                                                 \
	"{ SW Ports:06 SystemGUID:0000000000000010 NodeGUID:0000000000000010 " \
	"PortGUID:0000000000000010 VenID:000000 DevID:0000 Rev:000000A1 "      \
	"{sw 1} LID:0002 PN:01 } "
#define CA_END(guid, port, lid)                                              \
	"{ CA Ports:01 SystemGUID:" guid " NodeGUID:" guid " PortGUID:" port \
	" VenID:000000 DevID:0000 Rev:000000A1 {node a} LID:" lid " PN:01 } "

static void rejects_bad_subnet_lst_lines(void **state)
{
	expect_lst_error("\nbogus\n", "x.lst:2: expected '{'");
	expect_lst_error("{ SW Ports:06 NodeGUID:10 {x} }\n",
			 "x.lst:1: expected '{DESCRIPTION} LID:L PN:P }'");
	expect_lst_error("{ SW Ports:06 NodeGUID:10 {x} LID:2 }\n",
			 "x.lst:1: expected Ports:, NodeGUID:, PortGUID:, "
			 "LID: and PN: in hex");
	expect_lst_error("{ Rt Ports:02 }\n", "x.lst:1: routers (Rt)");
	expect_lst_error(
		SW_END CA_END(
			"0000000000000020", "0000000000000021",
			"0001") "PHY=4x LOG=ACT SPD=10\n"
				"{ SW Ports:04 SystemGUID:0000000000000010 NodeGUID:"
				"0000000000000010 PortGUID:0000000000000010 VenID:000000 "
				"DevID:0000 Rev:000000A1 {sw 1} LID:0002 PN:02 } " CA_END(
					"0000000000000030", "0000000000000031",
					"0003") "\n",
		"x.lst:2: node 0x0000000000000010 (\"sw 1\") listed "
		"before as another type or with another port count");
	/* two CAs on the same switch port */
	expect_lst_error(
		SW_END CA_END("0000000000000020", "0000000000000021",
			      "0001") "\n" SW_END CA_END("0000000000000030",
							 "0000000000000031",
							 "0003") "\n",
		"x.lst:2: link");
	expect_lst_error("", "x.lst: no links");
}

/* Descriptions need not be unique: the second "node a" is named by its
 * GUID too; a CA whose node and port GUID are one (ConnectX-4 and later)
 * next to one whose node GUID is that port GUID - 1 keeps both ports. */
static void names_and_port_guids(void **state)
{
	static const char text[] = SW_END CA_END(
		"0000000000000021", "0000000000000021",
		"0001") "\n{ SW Ports:06 SystemGUID:0000000000000010 NodeGUID:"
			"0000000000000010 PortGUID:0000000000000010 VenID:000000 "
			"DevID:0000 Rev:000000A1 {sw 1} LID:0002 PN:02 } " CA_END(
				"0000000000000020", "0000000000000020",
				"0003") "\n";
	struct oc_err err = {{0}};
	FILE *in = fmemopen((void *)text, sizeof(text) - 1, "r");
	struct oc_fabric *f = oc_subnet_lst_read(in, "x.lst", &err);
	uint32_t a, b;
	unsigned port;

	fclose(in);
	if (!f)
		fail_msg("%s", err.msg);
	a = oc_fabric_find_name(f, "node a");
	b = oc_fabric_find_name(f, "node a (0x0000000000000020)");
	assert_int_not_equal(a, OC_NONE);
	assert_int_not_equal(b, OC_NONE);
	assert_int_equal(oc_fabric_find_port_guid(f, 0x21, &port), a);
	assert_int_equal(oc_fabric_find_port_guid(f, 0x20, &port), b);
	assert_int_equal(oc_port(f, b, 1)->lid, 3);
	oc_fabric_free(f);
}

/* ibnetdiscover's forms the ibsim reader takes, and a router it does not. */
/* Regression: a switch's description that holds " lid " (any text may)
 * is its name, and the LID is the one after it. */
static void switch_description_with_lid(void **state)
{
	struct oc_fabric *f = tl_fabric(
		"Switch\t2 \"S-0000000000000010\"\t\t# \"rack lid 3\" enhanced "
		"port 0 lid 19 lmc 0\n"
		"[1]\t\"H-0000000000000020\"[1](21) \t\t# \"a\" lid 8 4xEDR\n\n"
		"Ca\t1 \"H-0000000000000020\"\t\t# \"a\"\n"
		"[1](21) \t\"S-0000000000000010\"[1]\t\t# lid 8 lmc 0 "
		"\"rack lid 3\" lid 19 4xEDR\n");
	uint32_t sw = oc_fabric_find_name(f, "rack lid 3");

	assert_int_not_equal(sw, OC_NONE);
	assert_int_equal(oc_switch_lid(f, sw), 19);
	oc_fabric_free(f);
}

static void ibnetdiscover_forms(void **state)
{
	struct oc_err err = {{0}};
	struct oc_fabric *f = tl_fabric(
		"vendid=0x2c9\ndevid=0xc738\nsysimgguid=0x10\n"
		"switchguid=0x10(10)\n"
		"Switch\t2 \"S-0000000000000010\"\t\t# \"leaf 1\" enhanced "
		"port 0 lid 4 lmc 0\n"
		"[1]\t\"H-0000000000000020\"[1](21) \t\t# \"node a mlx5_0\" "
		"lid 8 4xEDR\n\n"
		"caguid=0x20\n"
		"Ca\t1 \"H-0000000000000020\"\t\t# \"node a mlx5_0\"\n"
		"[1](21) \t\"S-0000000000000010\"[1]\t\t# lid 8 lmc 1 "
		"\"leaf 1\" lid 4 4xEDR\n");
	uint32_t sw = oc_fabric_find_name(f, "leaf 1");
	uint32_t ca = oc_fabric_find_name(f, "node a mlx5_0");

	assert_int_not_equal(sw, OC_NONE);
	assert_int_not_equal(ca, OC_NONE);
	assert_int_equal(oc_switch_lid(f, sw), 4);
	assert_int_equal(oc_port(f, ca, 1)->lid, 8);
	assert_int_equal(f->lid_owner[9].node, ca); /* LMC 1: 8 and 9 */
	assert_int_equal(oc_peer(f, sw, 1), ca);
	oc_fabric_free(f);
	assert_null(tl_fabric_err("rtguid=0x30\nRt 2 \"R-30\"\n", &err));
	assert_non_null(strstr(err.msg, "test.net:1: routers"));
	assert_null(tl_fabric_err("{ SW Ports:06 SystemGUID:10\n", &err));
	assert_non_null(strstr(err.msg, "test.net:1: a line of OpenSM's "
					"opensm-subnet.lst"));
	assert_null(tl_fabric_err("switchguid=0x10(zz\n", &err));
	assert_non_null(strstr(err.msg, "test.net:1: bad GUID value"));
	assert_null(tl_fabric_err("Switch 2 \"s\"\n[1](xyz) \"c\"[1]\n", &err));
	assert_non_null(strstr(err.msg, "test.net:2: bad port GUID"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_ibnetdiscover),
		cmocka_unit_test(subnet_lst_is_the_same_fabric),
		cmocka_unit_test(three_lft_formats_agree),
		cmocka_unit_test(rejects_bad_lft_lines),
		cmocka_unit_test(rejects_bad_subnet_lst_lines),
		cmocka_unit_test(names_and_port_guids),
		cmocka_unit_test(ibnetdiscover_forms),
		cmocka_unit_test(switch_description_with_lid),
	};

	return cmocka_run_group_tests(tests, tl_scratch_setup,
				      tl_scratch_teardown);
}
