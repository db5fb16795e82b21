/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_pathcache.c - the client's path-record cache (src/core/sa): hit,
 * miss, the flag (Algorithm 2), each invalidation, the bound and the
 * eviction order, and the selectors that tell queries apart.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sa/pathcache.h"

/* what rdma_cm and RDS ask: SGID, DGID, P_Key, NumbPath, Reversible */
#define CM_RDS                                                               \
	(OC_PR_CM_SGID | OC_PR_CM_DGID | OC_PR_CM_PKEY | OC_PR_CM_NUMBPATH | \
	 OC_PR_CM_REVERSIBLE)

struct pr {
	uint8_t b[OC_PATHREC_SIZE];
};

/* a query for destination GID ...dst, P_Key 0xffff, one reversible path */
static struct pr query(uint8_t dst)
{
	struct pr q;

	memset(&q, 0, sizeof(q));
	q.b[8] = 0xfe, q.b[9] = 0x80, q.b[23] = dst; /* DGID */
	q.b[24] = 0xfe, q.b[25] = 0x80, q.b[39] = 1; /* SGID */
	q.b[49] = 0x81, q.b[50] = 0xff, q.b[51] = 0xff;
	return q;
}

/* the SA's answer to query(dst): DLID dst, flag up or down */
static struct pr answer(uint8_t dst, int flag)
{
	struct pr a = query(dst);

	a.b[41] = dst, a.b[43] = 1;
	a.b[54] = 0x84;
	oc_pathrec_set_cache_flag(a.b, flag);
	return a;
}

static int hit(struct oc_pathcache *c, uint8_t dst)
{
	struct pr q = query(dst), out;

	if (!oc_pathcache_lookup(c, CM_RDS, q.b, out.b))
		return 0;
	assert_int_equal(oc_pathrec_dlid(out.b), dst);
	return 1;
}

static void put(struct oc_pathcache *c, uint8_t dst, int flag)
{
	struct pr q = query(dst), a = answer(dst, flag);

	assert_int_equal(oc_pathcache_answer(c, CM_RDS, q.b, a.b), flag);
}

static void new_cache_is_disabled(void **state)
{
	struct oc_pathcache *c = oc_pathcache_new(4);

	assert_false(oc_pathcache_enabled(c));
	assert_false(hit(c, 2));
	assert_int_equal(oc_pathcache_stats(c)->bypassed, 1);
	assert_null(oc_pathcache_new(0));
	oc_pathcache_free(c);
}

static void flagged_answer_hits(void **state)
{
	struct oc_pathcache *c = oc_pathcache_new(4);
	struct pr q = query(2), out, want = answer(2, 1);

	put(c, 2, 1);
	assert_true(oc_pathcache_enabled(c));
	assert_true(oc_pathcache_lookup(c, CM_RDS, q.b, out.b));
	assert_memory_equal(out.b, want.b, OC_PATHREC_SIZE);
	assert_false(hit(c, 3));
	assert_int_equal(oc_pathcache_stats(c)->hits, 1);
	assert_int_equal(oc_pathcache_stats(c)->misses, 1);
	assert_int_equal(oc_pathcache_stats(c)->stored, 1);
	oc_pathcache_free(c);
}

/* Algorithm 2: a record with the flag down is not cached, and while the
 * last record seen had the flag down nothing is used from the cache */
static void flag_down_disables_and_drops(void **state)
{
	struct oc_pathcache *c = oc_pathcache_new(4);

	put(c, 2, 0);
	assert_false(oc_pathcache_enabled(c));
	assert_int_equal(oc_pathcache_count(c), 0);
	assert_false(hit(c, 2));
	assert_int_equal(oc_pathcache_stats(c)->flushes[OC_PC_FLUSH_FLAG_DOWN],
			 0); /* nothing to drop yet */

	put(c, 2, 1);
	put(c, 3, 1);
	assert_true(hit(c, 2));
	put(c, 4, 0);
	assert_false(oc_pathcache_enabled(c));
	assert_int_equal(oc_pathcache_count(c), 0);
	assert_false(hit(c, 2));
	assert_false(hit(c, 4));
	assert_int_equal(oc_pathcache_stats(c)->flushes[OC_PC_FLUSH_FLAG_DOWN],
			 1);
	assert_int_equal(oc_pathcache_stats(c)->unflagged, 2);

	put(c, 3, 1); /* the flag comes back up: caching resumes */
	assert_true(hit(c, 3));
	assert_false(hit(c, 2));
	oc_pathcache_free(c);
}

/* fills a cache with 2 and 3 and checks both are there */
static struct oc_pathcache *two_entries(void)
{
	struct oc_pathcache *c = oc_pathcache_new(8);

	oc_pathcache_note_sm(c, 1, 0x100);
	oc_pathcache_note_port(c, 5, 0);
	oc_pathcache_note_pkeys(c, (const uint16_t[]){0xffff, 0x8001}, 2);
	put(c, 2, 1);
	put(c, 3, 1);
	assert_int_equal(oc_pathcache_count(c), 2);
	return c;
}

static void assert_flushed(struct oc_pathcache *c,
			   enum oc_pathcache_flush_why why)
{
	assert_int_equal(oc_pathcache_count(c), 0);
	assert_false(oc_pathcache_enabled(c));
	assert_false(hit(c, 2));
	assert_int_equal(oc_pathcache_stats(c)->flushes[why], 1);
}

static void sm_change_flushes(void **state)
{
	struct oc_pathcache *c = two_entries();

	oc_pathcache_note_sm(c, 1, 0x100); /* same SM: kept */
	assert_true(hit(c, 2));
	oc_pathcache_note_sm(c, 9, 0x100); /* another SM LID */
	assert_flushed(c, OC_PC_FLUSH_SM);
	oc_pathcache_free(c);

	c = two_entries();
	oc_pathcache_note_sm(c, 1, 0x200); /* same LID, another SM (SMInfo) */
	assert_flushed(c, OC_PC_FLUSH_SM);
	oc_pathcache_free(c);
}

static void reregister_flushes(void **state)
{
	struct oc_pathcache *c = two_entries();

	oc_pathcache_client_reregister(c);
	assert_flushed(c, OC_PC_FLUSH_REREG);
	oc_pathcache_free(c);
}

static void lid_change_flushes(void **state)
{
	struct oc_pathcache *c = two_entries();

	oc_pathcache_note_port(c, 5, 0);
	assert_true(hit(c, 3));
	oc_pathcache_note_port(c, 6, 0);
	assert_flushed(c, OC_PC_FLUSH_LID);
	oc_pathcache_free(c);

	c = two_entries();
	oc_pathcache_note_port(c, 5, 1); /* LMC */
	assert_flushed(c, OC_PC_FLUSH_LID);
	oc_pathcache_free(c);
}

static void pkey_change_flushes(void **state)
{
	struct oc_pathcache *c = two_entries();

	oc_pathcache_note_pkeys(c, (const uint16_t[]){0xffff, 0x8001}, 2);
	assert_true(hit(c, 2));
	oc_pathcache_note_pkeys(c, (const uint16_t[]){0xffff, 0x8002}, 2);
	assert_flushed(c, OC_PC_FLUSH_PKEY);
	oc_pathcache_free(c);

	c = two_entries();
	oc_pathcache_note_pkeys(c, (const uint16_t[]){0xffff}, 1);
	assert_flushed(c, OC_PC_FLUSH_PKEY);
	oc_pathcache_free(c);
}

/* records cached before the SM or the port were known are dropped when
 * they become known: they may come from another SM */
static void first_sighting_drops_unknown_entries(void **state)
{
	struct oc_pathcache *c = oc_pathcache_new(4);

	oc_pathcache_note_sm(c, 1, 0x100); /* empty: nothing to drop */
	assert_int_equal(oc_pathcache_stats(c)->flushes[OC_PC_FLUSH_SM], 0);
	put(c, 2, 1);
	oc_pathcache_note_port(c, 5, 0);
	assert_flushed(c, OC_PC_FLUSH_LID);
	oc_pathcache_free(c);
}

static void user_flush(void **state)
{
	struct oc_pathcache *c = two_entries();

	oc_pathcache_flush(c, OC_PC_FLUSH_USER);
	assert_flushed(c, OC_PC_FLUSH_USER);
	assert_string_equal(oc_pathcache_flush_why_name(OC_PC_FLUSH_USER),
			    "user");
	assert_string_equal(oc_pathcache_flush_why_name(OC_PC_FLUSH_SM),
			    "sm-change");
	put(c, 2, 1);
	assert_true(hit(c, 2));
	oc_pathcache_free(c);
}

static int collect(uint64_t mask, const uint8_t *key, const uint8_t *rec,
		   void *arg)
{
	char **p = arg;

	*(*p)++ = (char)('0' + oc_pathrec_dlid(rec));
	return 0;
}

/* order, most recently used first, as a string of DLIDs */
static void assert_order(struct oc_pathcache *c, const char *want)
{
	char buf[16] = {0}, *p = buf;

	oc_pathcache_each(c, collect, &p);
	assert_string_equal(buf, want);
}

static void bound_evicts_least_recently_used(void **state)
{
	struct oc_pathcache *c = oc_pathcache_new(3);

	put(c, 1, 1);
	put(c, 2, 1);
	put(c, 3, 1);
	assert_order(c, "321");
	assert_true(hit(c, 1)); /* 1 becomes the most recent */
	assert_order(c, "132");
	put(c, 4, 1); /* evicts 2, the least recently used */
	assert_int_equal(oc_pathcache_count(c), 3);
	assert_order(c, "413");
	assert_false(hit(c, 2));
	assert_int_equal(oc_pathcache_stats(c)->evictions, 1);
	put(c, 3, 1); /* a second answer replaces, evicts nothing */
	assert_order(c, "341");
	assert_int_equal(oc_pathcache_stats(c)->evictions, 1);
	put(c, 5, 1);
	put(c, 6, 1);
	assert_order(c, "653");
	assert_int_equal(oc_pathcache_stats(c)->evictions, 3);
	assert_int_equal(oc_pathcache_capacity(c), 3);
	oc_pathcache_free(c);
}

/* the same destination asked with another selector is another entry */
static void selectors_tell_queries_apart(void **state)
{
	struct oc_pathcache *c = oc_pathcache_new(8);
	struct pr q = query(2), a = answer(2, 1), out;
	struct pr q2;

	assert_true(oc_pathcache_answer(c, CM_RDS, q.b, a.b));
	q2 = q; /* another P_Key */
	q2.b[51] = 0x01;
	assert_false(oc_pathcache_lookup(c, CM_RDS, q2.b, out.b));
	q2 = q; /* another SGID (a second GID of the port) */
	q2.b[39] = 2;
	assert_false(oc_pathcache_lookup(c, CM_RDS, q2.b, out.b));
	q2 = q; /* SL asked for */
	q2.b[53] = 4;
	assert_false(oc_pathcache_lookup(c, CM_RDS | OC_PR_CM_SL, q2.b, out.b));
	q2 = q; /* not reversible */
	q2.b[49] = 0x01;
	assert_false(oc_pathcache_lookup(c, CM_RDS, q2.b, out.b));
	q2 = q; /* an MTU selector */
	q2.b[54] = 0x84;
	assert_false(oc_pathcache_lookup(
		c, CM_RDS | OC_PR_CM_MTUSELEC | OC_PR_CM_MTU, q2.b, out.b));
	/* the same question by DLID is another question */
	q2 = a;
	assert_false(oc_pathcache_lookup(c, OC_PR_CM_DLID | OC_PR_CM_SLID, q2.b,
					 out.b));
	/* an unselected field that differs does not matter */
	q2 = q;
	q2.b[53] = 7, q2.b[40] = 99;
	assert_true(oc_pathcache_lookup(c, CM_RDS, q2.b, out.b));
	assert_int_equal(oc_pathcache_stats(c)->misses, 6);
	oc_pathcache_free(c);
}

/* many entries in a small hash: every one is found, none lost */
static void many_entries_stay_consistent(void **state)
{
	struct oc_pathcache *c = oc_pathcache_new(64);
	struct pr q, a, out;
	unsigned i;

	for (i = 0; i < 200; i++) {
		q = query(0), a = answer(0, 1);
		q.b[22] = a.b[22] = (uint8_t)(i >> 8);
		q.b[23] = a.b[23] = (uint8_t)i;
		a.b[40] = (uint8_t)(i >> 8), a.b[41] = (uint8_t)i;
		assert_true(oc_pathcache_answer(c, CM_RDS, q.b, a.b));
	}
	assert_int_equal(oc_pathcache_count(c), 64);
	for (i = 0; i < 200; i++) {
		q = query(0);
		q.b[22] = (uint8_t)(i >> 8), q.b[23] = (uint8_t)i;
		assert_int_equal(oc_pathcache_lookup(c, CM_RDS, q.b, out.b),
				 i >= 136);
		if (i >= 136)
			assert_int_equal(oc_pathrec_dlid(out.b), i);
	}
	oc_pathcache_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(new_cache_is_disabled),
		cmocka_unit_test(flagged_answer_hits),
		cmocka_unit_test(flag_down_disables_and_drops),
		cmocka_unit_test(sm_change_flushes),
		cmocka_unit_test(reregister_flushes),
		cmocka_unit_test(lid_change_flushes),
		cmocka_unit_test(pkey_change_flushes),
		cmocka_unit_test(first_sighting_drops_unknown_entries),
		cmocka_unit_test(user_flush),
		cmocka_unit_test(bound_evicts_least_recently_used),
		cmocka_unit_test(selectors_tell_queries_apart),
		cmocka_unit_test(many_entries_stay_consistent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
