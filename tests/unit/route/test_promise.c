/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_promise.c - an engine's promise judged on crafted tables: clean
 * tables keep it; a hole, a CA credit loop, a switch-sourced credit loop
 * and a wrong count of unserved switch pairs break it, with the message
 * in osmcloud check's words; the tables of the old sftree on a 4-ary
 * 3-tree with a leaf without hosts (tests/unit/data/regress-sftree-
 * hostless-leaf-loop.*) break sftree's promise and keep vswitch_ftree's.
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
#include "io/lft_dump.h"
#include "route/promise.h"
#include "testlib.h"
#include "io/topo.h"

/* oc_promise_check(): NULL when kept, else the violation (free it). */
static char *judge(const struct oc_fabric *f, const struct oc_lfts *t,
		   const struct oc_engine *e, uint64_t unserved)
{
	struct oc_err err = {{0}};
	char *violation = (char *)"unset";
	int ret = oc_promise_check(f, t, e, unserved, &violation, &err);

	if (ret < 0)
		fail_msg("promise check: %s", err.msg);
	assert_int_equal(ret, violation != NULL);
	return violation;
}

static void assert_broken(const struct oc_fabric *f, const struct oc_lfts *t,
			  const struct oc_engine *e, uint64_t unserved,
			  const char *want)
{
	char *got = judge(f, t, e, unserved);

	if (!got)
		fail_msg("%s's promise kept, want broken: %s", e->name, want);
	if (strcmp(got, want))
		fail_msg("%s's promise:\n got  %s\n want %s", e->name, got,
			 want);
	free(got);
}

static void assert_kept(const struct oc_fabric *f, const struct oc_lfts *t,
			const struct oc_engine *e, uint64_t unserved)
{
	char *got = judge(f, t, e, unserved);

	if (got)
		fail_msg("%s's promise broken: %s", e->name, got);
}

/* Up/down tables: every CA reached, no credit loop; the roots do not
 * reach each other (2 pairs), which only sftree's promise minds. */
static void clean_tables_keep_it(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = tl_route(f);

	assert_kept(f, t, &oc_vswitch_ftree_engine, 0);
	assert_kept(f, t, &oc_pftree_engine, 0);
	assert_kept(f, t, &oc_sftree_engine, 2);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void a_hole_breaks_it(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = tl_route(f);
	char want[256];

	tl_set(f, t, "A", "b1", OC_NO_PATH);
	snprintf(want, sizeof(want),
		 "CA LIDs: 4, unreachable 1 (1 holes, 0 loops, 0 wrong "
		 "deliveries), e.g. switch \"A\" to LID %u (\"b1\"): hole",
		 tl_lid(f, "b1"));
	assert_broken(f, t, &oc_vswitch_ftree_engine, 0, want);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static void a_routing_loop_breaks_it(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = tl_route(f);
	unsigned b1 = tl_lid(f, "b1");
	char want[512];

	/* S1 sends b1 back down to A, which sends it up to S1 */
	tl_set(f, t, "A", "b1", 1);
	tl_set(f, t, "S1", "b1", 1);
	snprintf(want, sizeof(want),
		 "CA LIDs: 4, unreachable 1 (0 holes, 2 loops, 0 wrong "
		 "deliveries), e.g. switch \"S1\" to LID %u (\"b1\"): loop; "
		 "CA traffic credit loop: \"A\"[1] -> \"S1\"[1] -> \"A\"[1]",
		 b1);
	assert_broken(f, t, &oc_vswitch_ftree_engine, 0, want);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* A loop of CA traffic with every route delivered
 * (tl_three_leaf_credit_loop). */
static void a_ca_credit_loop_breaks_it(void **state)
{
	struct oc_fabric *f = tl_fabric(THREE_LEAF_NET);
	struct oc_lfts *t = tl_route(f);

	tl_three_leaf_credit_loop(f, t);
	assert_broken(f, t, &oc_vswitch_ftree_engine, 0,
		      "CA traffic credit loop: \"B\"[2] -> \"S2\"[1] -> "
		      "\"A\"[1] -> \"S1\"[2] -> \"B\"[2]");
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* S1 reaches S2 through A, S2 reaches S1 through B: no CA sends along
 * these, so only the promise with switch sources (sftree's) breaks. */
static void a_switch_sourced_loop_breaks_sftree_s(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = tl_route(f);

	tl_set(f, t, "S1", "S2", 1);
	tl_set(f, t, "S2", "S1", 2);
	assert_kept(f, t, &oc_vswitch_ftree_engine, 0);
	assert_broken(f, t, &oc_sftree_engine, 0,
		      "CA+switch traffic credit loop: \"A\"[2] -> \"S2\"[2] -> "
		      "\"B\"[1] -> \"S1\"[1] -> \"A\"[2]");
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* sftree must leave exactly the pairs it declares unserved. */
static void unserved_pairs_must_match(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = tl_route(f);
	char want[512];

	snprintf(want, sizeof(want),
		 "switch LIDs: 4, unreachable 2 (2 holes, 0 loops, 0 wrong "
		 "deliveries) where the engine declared %d (switch, switch "
		 "LID) pairs unserved, e.g. switch \"S2\" to LID %u (\"S1\"): "
		 "hole",
		 0, tl_lid(f, "S1"));
	assert_broken(f, t, &oc_sftree_engine, 0, want);
	snprintf(want, sizeof(want),
		 "switch LIDs: 4, unreachable 2 (2 holes, 0 loops, 0 wrong "
		 "deliveries) where the engine declared %d (switch, switch "
		 "LID) pairs unserved, e.g. switch \"S2\" to LID %u (\"S1\"): "
		 "hole",
		 3, tl_lid(f, "S1"));
	assert_broken(f, t, &oc_sftree_engine, 3, want);
	/* a loop is never an unserved pair */
	tl_set(f, t, "S1", "S2", 1);
	tl_set(f, t, "A", "S2", 1);
	snprintf(want, sizeof(want),
		 "switch LIDs: 4, unreachable 2 (1 holes, 2 loops, 0 wrong "
		 "deliveries) where the engine declared %d (switch, switch "
		 "LID) pairs unserved, e.g. switch \"S2\" to LID %u (\"S1\"): "
		 "hole; CA traffic credit loop: \"A\"[1] -> \"S1\"[1] -> "
		 "\"A\"[1]",
		 3, tl_lid(f, "S1"));
	assert_broken(f, t, &oc_sftree_engine, 3, want);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

static FILE *open_data(const char *name)
{
	const char *srcdir = getenv("srcdir");
	char path[4096];
	FILE *in;

	snprintf(path, sizeof(path), "%s/tests/unit/data/%s",
		 srcdir ? srcdir : ".", name);
	in = fopen(path, "r");
	if (!in)
		fail_msg("cannot open %s", path);
	return in;
}

/* The tables the old sftree made for osmcloud gen --kary 4 --levels 3
 * --drop-hosts sw-L1-3:4: a credit loop once switches source traffic. */
static void old_sftree_regression_breaks_sftree_s(void **state)
{
	FILE *in = open_data("regress-sftree-hostless-leaf-loop.net");
	struct oc_err err = {{0}};
	struct oc_fabric *f = oc_topo_read(in, "regress.net", &err);
	struct oc_lfts *t = NULL;

	fclose(in);
	if (!f || oc_fabric_assign_lids(f, &err))
		fail_msg("regress.net: %s", err.msg);
	in = open_data("regress-sftree-hostless-leaf-loop.lfts");
	if (oc_lft_dump_read(f, in, "regress.lfts", &t, &err))
		fail_msg("%s", err.msg);
	fclose(in);
	assert_broken(f, t, &oc_sftree_engine, 0,
		      "CA+switch traffic credit loop: \"sw-L1-3\"[5] -> "
		      "\"sw-L2-0\"[1] -> \"sw-L1-0\"[8] -> \"sw-L2-3\"[4] -> "
		      "\"sw-L1-3\"[5]");
	assert_kept(f, t, &oc_vswitch_ftree_engine, 0);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clean_tables_keep_it),
		cmocka_unit_test(a_hole_breaks_it),
		cmocka_unit_test(a_routing_loop_breaks_it),
		cmocka_unit_test(a_ca_credit_loop_breaks_it),
		cmocka_unit_test(a_switch_sourced_loop_breaks_sftree_s),
		cmocka_unit_test(unserved_pairs_must_match),
		cmocka_unit_test(old_sftree_regression_breaks_sftree_s),
	};

	return cmocka_run_group_tests_name("promise", tests, NULL, NULL);
}
