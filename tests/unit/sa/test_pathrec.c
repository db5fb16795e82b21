/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_pathrec.c - the PathRecord's wire fields, the caching flag and the
 * canonical form of a query (src/core/sa/pathrec.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sa/pathrec.h"

static void fields_are_big_endian(void **state)
{
	uint8_t r[OC_PATHREC_SIZE] = {0};

	r[40] = 0x12, r[41] = 0x34; /* DLID */
	r[42] = 0x00, r[43] = 0x07; /* SLID */
	r[50] = 0xff, r[51] = 0xff; /* P_Key */
	r[8] = 0xfe, r[23] = 0x42;  /* DGID */
	r[24] = 0xfe, r[39] = 0x17; /* SGID */
	assert_int_equal(oc_pathrec_dlid(r), 0x1234);
	assert_int_equal(oc_pathrec_slid(r), 7);
	assert_int_equal(oc_pathrec_pkey(r), 0xffff);
	assert_int_equal(oc_pathrec_dgid(r)[0], 0xfe);
	assert_int_equal(oc_pathrec_dgid(r)[15], 0x42);
	assert_int_equal(oc_pathrec_sgid(r)[15], 0x17);
}

/* bit offset 353 = byte 44, mask 0x40; RawTraffic (0x80) and FlowLabel
 * stay as they are */
static void flag_is_bit_353(void **state)
{
	uint8_t r[OC_PATHREC_SIZE];

	memset(r, 0, sizeof(r));
	assert_false(oc_pathrec_cache_flag(r));
	r[44] = 0x80 | 0x3f;
	assert_false(oc_pathrec_cache_flag(r));
	oc_pathrec_set_cache_flag(r, true);
	assert_int_equal(r[44], 0xff);
	assert_true(oc_pathrec_cache_flag(r));
	oc_pathrec_set_cache_flag(r, false);
	assert_int_equal(r[44], 0xbf);
	assert_false(oc_pathrec_cache_flag(r));
	r[44] = 0x20; /* another reserved bit is not the flag */
	assert_false(oc_pathrec_cache_flag(r));
}

/* unselected fields do not count; selected ones do, bit by bit */
static void key_keeps_only_selected_fields(void **state)
{
	uint8_t a[OC_PATHREC_SIZE], b[OC_PATHREC_SIZE];
	uint8_t ka[OC_PATHREC_SIZE], kb[OC_PATHREC_SIZE];
	uint64_t cm = OC_PR_CM_DGID | OC_PR_CM_SGID | OC_PR_CM_PKEY |
		      OC_PR_CM_NUMBPATH | OC_PR_CM_REVERSIBLE;

	memset(a, 0, sizeof(a));
	a[23] = 5, a[39] = 6, a[50] = 0x80, a[51] = 1, a[49] = 0x81;
	memcpy(b, a, sizeof(b));
	b[40] = 9;    /* DLID, not selected */
	b[53] = 3;    /* SL, not selected */
	b[44] = 0x40; /* the flag, not selected */
	assert_int_equal(oc_pathrec_query_key(cm, a, ka), cm);
	oc_pathrec_query_key(cm, b, kb);
	assert_memory_equal(ka, kb, OC_PATHREC_SIZE);
	assert_int_equal(ka[40], 0);
	assert_int_equal(ka[49], 0x81);

	/* SL selected: the SL nibble counts, the QoS class beside it not */
	b[52] = 0x70;
	oc_pathrec_query_key(cm | OC_PR_CM_SL, b, kb);
	assert_int_equal(kb[52], 0);
	assert_int_equal(kb[53], 3);

	/* NumbPath without Reversible: the Reversible bit is dropped */
	oc_pathrec_query_key(OC_PR_CM_NUMBPATH, a, ka);
	assert_int_equal(ka[49], 0x01);
	/* MTU selector without MTU */
	a[54] = 0x84;
	oc_pathrec_query_key(OC_PR_CM_MTUSELEC, a, ka);
	assert_int_equal(ka[54], 0x80);
	oc_pathrec_query_key(OC_PR_CM_MTUSELEC | OC_PR_CM_MTU, a, ka);
	assert_int_equal(ka[54], 0x84);
}

/* bits above PacketLifeTime select nothing and are dropped */
static void key_drops_undefined_mask_bits(void **state)
{
	uint8_t a[OC_PATHREC_SIZE] = {0}, k[OC_PATHREC_SIZE];

	assert_int_equal(oc_pathrec_query_key((1ULL << 40) | OC_PR_CM_DLID, a,
					      k),
			 OC_PR_CM_DLID);
	assert_int_equal(oc_pathrec_query_key(~0ULL, a, k), OC_PR_CM_ALL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fields_are_big_endian),
		cmocka_unit_test(flag_is_bit_353),
		cmocka_unit_test(key_keeps_only_selected_fields),
		cmocka_unit_test(key_drops_undefined_mask_bits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
