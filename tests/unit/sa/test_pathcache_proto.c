/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_pathcache_proto.c - the cache daemon's line protocol
 * (src/core/sa/pathcache_proto.c): requests read, refused with a reason,
 * and the answer line written and read back.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sa/pathcache_proto.h"

static void query_by_gids(void **state)
{
	struct oc_pcreq r;
	struct oc_err err;

	assert_int_equal(oc_pcreq_parse("query dgid=fe80::2:c904:0:51 "
					"sgid=fe80::31 pkey=0x8001 sl=3 "
					"mtu=4 rate=7 reversible=1",
					&r, &err),
			 0);
	assert_int_equal(r.verb, OC_PCREQ_QUERY);
	assert_int_equal(r.comp_mask,
			 OC_PR_CM_DGID | OC_PR_CM_SGID | OC_PR_CM_PKEY |
				 OC_PR_CM_SL | OC_PR_CM_MTUSELEC |
				 OC_PR_CM_MTU | OC_PR_CM_RATESELEC |
				 OC_PR_CM_RATE | OC_PR_CM_REVERSIBLE |
				 OC_PR_CM_NUMBPATH);
	assert_int_equal(oc_pathrec_dgid(r.rec)[0], 0xfe);
	assert_int_equal(oc_pathrec_dgid(r.rec)[9], 0x02);
	assert_int_equal(oc_pathrec_dgid(r.rec)[15], 0x51);
	assert_int_equal(oc_pathrec_sgid(r.rec)[15], 0x31);
	assert_int_equal(oc_pathrec_pkey(r.rec), 0x8001);
	assert_int_equal(r.rec[53] & 0xf, 3);
	assert_int_equal(r.rec[54], 0x80 | 4); /* selector "exactly" */
	assert_int_equal(r.rec[55], 0x80 | 7);
	assert_int_equal(r.rec[49], 0x80 | 1); /* reversible, 1 path */
}

static void query_by_lids_and_verbs(void **state)
{
	struct oc_pcreq r;
	struct oc_err err;

	assert_int_equal(oc_pcreq_parse("query\tdlid=0x48  slid=46", &r, &err),
			 0);
	assert_int_equal(r.comp_mask,
			 OC_PR_CM_DLID | OC_PR_CM_SLID | OC_PR_CM_NUMBPATH);
	assert_int_equal(oc_pathrec_dlid(r.rec), 0x48);
	assert_int_equal(oc_pathrec_slid(r.rec), 46);
	assert_int_equal(oc_pcreq_parse("show", &r, &err), 0);
	assert_int_equal(r.verb, OC_PCREQ_SHOW);
	assert_int_equal(oc_pcreq_parse("stats ", &r, &err), 0);
	assert_int_equal(r.verb, OC_PCREQ_STATS);
	assert_int_equal(oc_pcreq_parse("flush", &r, &err), 0);
	assert_int_equal(r.verb, OC_PCREQ_FLUSH);
}

static void refuse(const char *line, const char *why)
{
	struct oc_pcreq r;
	struct oc_err err;

	assert_int_equal(oc_pcreq_parse(line, &r, &err), -1);
	if (!strstr(err.msg, why))
		fail_msg("\"%s\": \"%s\" lacks \"%s\"", line, err.msg, why);
}

static void refusals_name_the_problem(void **state)
{
	char longline[OC_PCPROTO_MAX_LINE + 8];

	refuse("query sgid=fe80::1", "no destination");
	refuse("query dlid=1 dlid=2", "dlid given twice");
	refuse("query dlid=70000", "dlid \"70000\": want 0..65535");
	refuse("query dlid=-1", "want 0..65535");
	refuse("query dlid=", "want 0..65535");
	refuse("query dlid=1 sl=16", "sl \"16\": want 0..15");
	refuse("query dgid=fe80::zz", "dgid \"fe80::zz\" is not a GID");
	refuse("query dlid=1 foo=2", "unknown word \"foo=2\"");
	refuse("query dlid=1 pkey", "unknown word \"pkey\"");
	refuse("stats now", "stats takes no arguments");
	refuse("lookup dlid=1", "unknown request \"lookup\"");
	refuse("", "unknown request");
	memset(longline, 'x', sizeof(longline) - 1);
	longline[sizeof(longline) - 1] = 0;
	refuse(longline, "longer than");
}

/* format_query and parse agree: the client's line asks what it meant */
static void query_line_round_trip(void **state)
{
	char line[OC_PCPROTO_MAX_LINE];
	struct oc_pcreq a, b;
	struct oc_err err;

	assert_int_equal(oc_pcreq_parse("query dgid=fe80::2:c904:0:51 "
					"sgid=fe80::31 pkey=0xffff dlid=5 "
					"slid=6 sl=2 mtu=5 rate=3 reversible=0",
					&a, &err),
			 0);
	oc_pcreq_format_query(line, sizeof(line), a.comp_mask, a.rec);
	assert_int_equal(oc_pcreq_parse(line, &b, &err), 0);
	assert_int_equal(a.comp_mask, b.comp_mask);
	assert_memory_equal(a.rec, b.rec, OC_PATHREC_SIZE);
}

static void answer_round_trip(void **state)
{
	uint8_t rec[OC_PATHREC_SIZE], back[OC_PATHREC_SIZE];
	char line[OC_PCPROTO_ANSWER_LEN];
	struct oc_err err;
	unsigned i;
	int from_cache = -1, n;

	for (i = 0; i < OC_PATHREC_SIZE; i++)
		rec[i] = (uint8_t)(i * 37 + 11);
	rec[40] = 0, rec[41] = 72; /* DLID */
	rec[44] |= 0x40;	   /* the flag */
	n = oc_pcreply_format(line, sizeof(line), rec, "cache");
	assert_true(n > 0 && n < (int)sizeof(line));
	assert_non_null(strstr(line, "ok dlid=72 "));
	assert_non_null(strstr(line, " flag=1 source=cache "));
	assert_int_equal(oc_pcreply_parse(line, back, &from_cache, &err), 0);
	assert_int_equal(from_cache, 1);
	assert_memory_equal(rec, back, OC_PATHREC_SIZE);
	oc_pcreply_format(line, sizeof(line), rec, "sa");
	assert_int_equal(oc_pcreply_parse(line, back, &from_cache, &err), 0);
	assert_int_equal(from_cache, 0);
	assert_int_equal(oc_pcreply_parse("error sa: MAD status 0x0300", back,
					  &from_cache, &err),
			 -1);
	assert_string_equal(err.msg, "sa: MAD status 0x0300");
	assert_int_equal(oc_pcreply_parse("ok dlid=1 source=sa rec=00", back,
					  &from_cache, &err),
			 -1);
	assert_non_null(strstr(err.msg, "128 hex digits"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(query_by_gids),
		cmocka_unit_test(query_by_lids_and_verbs),
		cmocka_unit_test(refusals_name_the_problem),
		cmocka_unit_test(query_line_round_trip),
		cmocka_unit_test(answer_round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
