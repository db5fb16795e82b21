/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_tenant_files.c - the policy file, the weights file (reader and
 * writer) and the offline partitions file: good input, and bad lines
 * reported with file, line and problem and nothing half-loaded.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "io/part_file.h"
#include "io/policy_file.h"
#include "testlib.h"
#include "io/weights_file.h"

static FILE *text(const char *s)
{
	FILE *in = fmemopen((void *)s, strlen(s), "r");

	assert_non_null(in);
	return in;
}

static struct oc_policies *read_policies(const char *s, struct oc_err *err)
{
	FILE *in = text(s);
	struct oc_policies *p = oc_policy_file_read(in, "pol.txt", err);

	fclose(in);
	return p;
}

static void policy_file_reads_modes_and_policies(void **state)
{
	struct oc_err err;
	char gold[] = "gold", bronze[] = "bronze";
	struct oc_partition named = {.pkey = 0x0042, .name = gold};
	struct oc_partition other = {.pkey = 0x0043, .name = bronze};
	struct oc_partition by_key = {.pkey = 0x0001};
	struct oc_policies *p = read_policies("# tenants\n"
					      "mode best-effort\n\n"
					      "0x8001 phy-isolation  # victim\n"
					      "gold\tvlane-isolation\n",
					      &err);

	assert_non_null(p);
	assert_int_equal(p->mode, OC_POLICY_BEST_EFFORT);
	assert_int_equal(oc_policies_get(p, &by_key), OC_ISO_PHY);
	assert_int_equal(oc_policies_get(p, &named), OC_ISO_VLANE);
	assert_int_equal(oc_policies_get(p, &other), OC_ISO_DEFAULT);
	assert_int_equal(oc_policies_get(NULL, &other), OC_ISO_DEFAULT);
	oc_policies_free(p);
	p = read_policies("", &err);
	assert_non_null(p);
	assert_int_equal(p->mode, OC_POLICY_STRICT);
	oc_policies_free(p);
}

static void expect_policy_error(const char *s, const char *msg)
{
	struct oc_err err = {{0}};
	struct oc_policies *p = read_policies(s, &err);

	assert_null(p);
	if (!strstr(err.msg, msg))
		fail_msg("got \"%s\", want \"%s\"", err.msg, msg);
}

static void policy_file_errors_name_line(void **state)
{
	expect_policy_error("mode strict\nmode strict\n",
			    "pol.txt:2: second \"mode\" line");
	expect_policy_error("mode lenient\n", "pol.txt:1: unknown mode "
					      "\"lenient\"");
	expect_policy_error("0x8001 phy-isolation\n0x8002 iso\n",
			    "pol.txt:2: unknown policy \"iso\"");
	expect_policy_error("0x7fff phy-isolation\n",
			    "pol.txt:1: P_Key 0x7fff is the default partition");
	expect_policy_error("0x1g phy-isolation\n", "pol.txt:1: bad P_Key");
	expect_policy_error("\n\n0x8001\n", "pol.txt:3: expected");
	expect_policy_error("a phy-isolation extra\n", "got 3 fields");
	expect_policy_error("0x8001 phy-isolation\n0x0001 def-isolation\n",
			    "pol.txt:2: P_Key 0x0001 has a policy already");
	expect_policy_error("gold phy-isolation\ngold def-isolation\n",
			    "pol.txt:2: partition \"gold\" has a policy");
}

static void policy_file_missing(void **state)
{
	struct oc_err err;

	assert_null(oc_policy_file_load("/nonexistent/pol", &err));
	assert_non_null(strstr(err.msg, "/nonexistent/pol: "));
}

static struct oc_weights *read_weights(const char *s, struct oc_err *err)
{
	FILE *in = text(s);
	struct oc_weights *w = oc_weights_read(in, "w.txt", err);

	fclose(in);
	return w;
}

static void weights_round_trip(void **state)
{
	struct oc_err err;
	struct oc_weights *w = read_weights("# receivers\n"
					    "0x0002c90400000011 100\n"
					    "0x0002C90400000021\t2.5 # half\n",
					    &err);
	struct oc_weights *back;
	char *out = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&out, &size);

	assert_non_null(w);
	assert_int_equal(w->count, 2);
	assert_true(oc_weights_get(w, 0x0002c90400000011ULL) == 100);
	assert_true(oc_weights_get(w, 0x0002c90400000021ULL) == 2.5);
	assert_true(oc_weights_get(w, 0x0002c90400000031ULL) == 1);
	assert_true(oc_weights_get(NULL, 1) == 1);
	assert_int_equal(oc_weights_write(w, f, &err), 0);
	fclose(f);
	assert_string_equal(out, "# osmcloud weights: <CA port GUID> <weight>\n"
				 "0x0002c90400000011 100\n"
				 "0x0002c90400000021 2.5\n");
	back = read_weights(out, &err);
	assert_non_null(back);
	assert_int_equal(back->count, 2);
	assert_true(oc_weights_get(back, 0x0002c90400000021ULL) == 2.5);
	free(out);
	oc_weights_free(back);
	oc_weights_free(w);
}

static void expect_weights_error(const char *s, const char *msg)
{
	struct oc_err err = {{0}};

	assert_null(read_weights(s, &err));
	if (!strstr(err.msg, msg))
		fail_msg("got \"%s\", want \"%s\"", err.msg, msg);
}

/* The limits themselves are weights. */
static void weights_at_the_limits(void)
{
	struct oc_err err = {{0}};
	struct oc_weights *w = read_weights("0x11 0.000001\n0x12 1e6\n", &err);

	assert_non_null(w);
	assert_true(oc_weights_get(w, 0x11) == 1e-6);
	assert_true(oc_weights_get(w, 0x12) == 1e6);
	oc_weights_free(w);
}

static void weights_errors_name_line(void **state)
{
	expect_weights_error("0x11 1\n0x12\n", "w.txt:2: expected \"<port "
					       "GUID> <weight>\", got 1");
	expect_weights_error("0x11 1 2\n", "w.txt:1: expected");
	expect_weights_error("17 1\n", "w.txt:1: bad port GUID \"17\"");
	expect_weights_error("0x-11 1\n", "w.txt:1: bad port GUID \"0x-11\"");
	expect_weights_error("0x11 0\n", "w.txt:1: bad weight \"0\"");
	expect_weights_error("0x11 -3\n", "bad weight \"-3\"");
	expect_weights_error("0x11 nan\n", "bad weight \"nan\"");
	expect_weights_error("0x11 5x\n", "bad weight \"5x\"");
	/* a subnormal (strtod: underflow) and sums that would reach inf:
	 * the message gives the limits */
	expect_weights_error("0x11 1e-308\n",
			     "w.txt:1: bad weight \"1e-308\" (want a number "
			     "from 1e-06 to 1e+06)");
	expect_weights_error("0x11 1e308\n",
			     "w.txt:1: bad weight \"1e308\" (want a number "
			     "from 1e-06 to 1e+06)");
	weights_at_the_limits();
	expect_weights_error("0x11 1\n\n0x11 2\n",
			     "w.txt:3: port 0x0000000000000011 listed twice");
}

static struct oc_partitions *read_parts_sm(const char *s,
					   const struct oc_fabric *f,
					   uint64_t sm_guid, struct oc_err *err)
{
	FILE *in = text(s);
	struct oc_partitions *ps =
		oc_part_file_read(in, "p.conf", f, sm_guid, err);

	fclose(in);
	return ps;
}

static struct oc_partitions *
read_parts(const char *s, const struct oc_fabric *f, struct oc_err *err)
{
	return read_parts_sm(s, f, 0, err);
}

static void partitions_file_subset(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	uint64_t a1 = oc_port(f, oc_fabric_find_name(f, "a1"), 1)->guid;
	struct oc_err err;
	char conf[512];
	struct oc_partitions *ps;

	snprintf(conf, sizeof(conf),
		 "# comment ; with a semicolon\n"
		 "Default=0x7fff, ipoib : ALL=full ;\n"
		 "gold=0x8001, sl=3, defmember=full :\n"
		 "  0x%016llx,\n  0x%016llx=limited ;\n"
		 "empty=0x0005 : ;\n",
		 (unsigned long long)a1, (unsigned long long)a1 + 0x100);
	ps = read_parts(conf, f, &err);
	if (!ps)
		fail_msg("%s", err.msg);
	assert_int_equal(ps->count, 3);
	assert_int_equal(ps->parts[0].pkey, 0x7fff);
	assert_int_equal(ps->parts[0].num_members, 4);
	assert_int_equal(ps->parts[0].full[0], 1);
	assert_int_equal(ps->parts[1].pkey, 0x0001);
	assert_string_equal(ps->parts[1].name, "gold");
	assert_int_equal(ps->parts[1].sl, 3);
	assert_int_equal(ps->parts[1].num_members, 2);
	assert_true(ps->parts[1].members[0] == a1);
	assert_int_equal(ps->parts[1].full[0], 1);
	assert_int_equal(ps->parts[1].full[1], 0);
	assert_int_equal(ps->parts[2].num_members, 0);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

/* OpenSM's other member keywords: only CA ports count, as in the plugin,
 * so ALL_SWITCHES, ALL_ROUTERS, NONE, a switch's GUID and an SM on a
 * switch add nobody; SELF is the SM's CA port. */
static void partitions_file_keywords(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	uint64_t b2 = oc_port(f, oc_fabric_find_name(f, "b2"), 1)->guid;
	uint64_t sw = f->nodes[oc_fabric_find_name(f, "S1")].guid;
	const char *conf = "Default=0x7fff : ALL_SWITCHES, SELF=full ;\n"
			   "none=0x0002 : NONE ;\n"
			   "r=0x0003 : ALL_ROUTERS=full, ALL_CAS ;\n";
	struct oc_err err;
	char line[64];
	struct oc_partitions *ps = read_parts_sm(conf, f, b2, &err);

	if (!ps)
		fail_msg("%s", err.msg);
	assert_int_equal(ps->count, 3);
	assert_int_equal(ps->parts[0].num_members, 1);
	assert_true(ps->parts[0].members[0] == b2);
	assert_int_equal(ps->parts[0].full[0], 1);
	assert_int_equal(ps->parts[1].num_members, 0);
	assert_int_equal(ps->parts[2].num_members, 4);
	assert_int_equal(ps->parts[2].full[0], 0);
	oc_partitions_free(ps);

	snprintf(line, sizeof(line), "a=0x1 : SELF, 0x%016llx=full ;\n",
		 (unsigned long long)sw);
	ps = read_parts_sm(line, f, sw, &err);
	if (!ps)
		fail_msg("%s", err.msg);
	assert_int_equal(ps->parts[0].num_members, 0);
	oc_partitions_free(ps);
	oc_fabric_free(f);
}

static void expect_parts_error(const char *s, const char *msg)
{
	struct oc_err err = {{0}};

	assert_null(read_parts(s, NULL, &err));
	if (!strstr(err.msg, msg))
		fail_msg("got \"%s\", want \"%s\"", err.msg, msg);
}

static void partitions_file_errors_name_line(void **state)
{
	expect_parts_error("a=0x1 : 0x11 ;\nb=0x1 : 0x12 ;\n",
			   "p.conf:2: P_Key 0x0001 defined twice");
	expect_parts_error("a=0x1 : 0x11 ;\n\nb=0x2 :\n 0x12,\n zz ;\n",
			   "p.conf:5: bad member \"zz\"");
	expect_parts_error("a=0x1, sl=16 : ;\n", "p.conf:1: bad sl \"16\"");
	expect_parts_error("a=0x1 : 0x+11 ;\n",
			   "p.conf:1: bad port GUID \"0x+11\"");
	expect_parts_error("a=0x1, colour=red : ;\n",
			   "p.conf:1: unknown flag \"colour\"");
	expect_parts_error("a=0x1 : 0x11=boss ;\n",
			   "p.conf:1: bad membership \"boss\"");
	expect_parts_error("\na 0x1 : ;\n", "p.conf:2: expected \"<name>="
					    "<P_Key>\"");
	expect_parts_error("a=0x1 0x11 ;\n", "p.conf:1: expected ':'");
	expect_parts_error("a=12 : ;\n", "p.conf:1: bad P_Key \"12\"");
	expect_parts_error("a=0x0 : ;\n", "bad P_Key \"0x0\"");
	expect_parts_error("a=0x1 : 0x11 ;\nb=0x2 : 0x12\n",
			   "p.conf:2: statement without ';'");
	expect_parts_error("a=0x1 : ALL ;\n", "p.conf:1: ALL needs a fabric");
	expect_parts_error("b@d=0x1 : ;\n", "bad partition name \"b@d\"");
	expect_parts_error("a=0x1 :\n ALL_SWITCHES,\n SELF=full ;\n",
			   "p.conf:3: SELF: the SM's port GUID is not known "
			   "offline (give it with --sm-guid)");
	expect_parts_error("a=0x1 : ALLCAS ;\n",
			   "p.conf:1: bad member \"ALLCAS\" (want a port GUID "
			   "0x..., ALL, ALL_CAS, ALL_SWITCHES, ALL_ROUTERS, "
			   "SELF or NONE)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(policy_file_reads_modes_and_policies),
		cmocka_unit_test(policy_file_errors_name_line),
		cmocka_unit_test(policy_file_missing),
		cmocka_unit_test(weights_round_trip),
		cmocka_unit_test(weights_errors_name_line),
		cmocka_unit_test(partitions_file_subset),
		cmocka_unit_test(partitions_file_keywords),
		cmocka_unit_test(partitions_file_errors_name_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
