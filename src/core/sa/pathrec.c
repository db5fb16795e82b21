/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pathrec.c - reading a raw SA PathRecord (see pathrec.h).
 */
#include <string.h>

#include "base/bytes.h"
#include "sa/pathrec.h"

/* Where the field of one component-mask bit lies: len bytes at off, of
 * which only the bits of mask count (mask 0: all of them).  mask applies
 * to the big-endian value of the len bytes (len <= 4 when mask != 0). */
struct pr_field {
	uint8_t off;
	uint8_t len;
	uint32_t mask;
};

/* Indexed by component-mask bit (IBA 15.2.5.16, table 209). */
static const struct pr_field pr_fields[] = {
	[0] = {0, 4, 0},	   /* ServiceID, first half */
	[1] = {4, 4, 0},	   /* ServiceID, second half */
	[2] = {8, 16, 0},	   /* DGID */
	[3] = {24, 16, 0},	   /* SGID */
	[4] = {40, 2, 0},	   /* DLID */
	[5] = {42, 2, 0},	   /* SLID */
	[6] = {44, 4, 0x80000000}, /* RawTraffic */
	[7] = {44, 4, 0x70000000}, /* reserved (the caching flag) */
	[8] = {44, 4, 0x0fffff00}, /* FlowLabel */
	[9] = {44, 4, 0x000000ff}, /* HopLimit */
	[10] = {48, 1, 0},	   /* TClass */
	[11] = {49, 1, 0x80},	   /* Reversible */
	[12] = {49, 1, 0x7f},	   /* NumbPath */
	[13] = {50, 2, 0},	   /* P_Key */
	[14] = {52, 2, 0xfff0},	   /* QoSClass */
	[15] = {52, 2, 0x000f},	   /* SL */
	[16] = {54, 1, 0xc0},	   /* MTUSelector */
	[17] = {54, 1, 0x3f},	   /* MTU */
	[18] = {55, 1, 0xc0},	   /* RateSelector */
	[19] = {55, 1, 0x3f},	   /* Rate */
	[20] = {56, 1, 0xc0},	   /* PacketLifeTimeSelector */
	[21] = {56, 1, 0x3f},	   /* PacketLifeTime */
};

bool oc_pathrec_cache_flag(const uint8_t rec[OC_PATHREC_SIZE])
{
	return rec[OC_PATHREC_FLAG_BYTE] & OC_PATHREC_FLAG_MASK;
}

void oc_pathrec_set_cache_flag(uint8_t rec[OC_PATHREC_SIZE], bool up)
{
	if (up)
		rec[OC_PATHREC_FLAG_BYTE] |= OC_PATHREC_FLAG_MASK;
	else
		rec[OC_PATHREC_FLAG_BYTE] &= (uint8_t)~OC_PATHREC_FLAG_MASK;
}

uint16_t oc_pathrec_dlid(const uint8_t rec[OC_PATHREC_SIZE])
{
	return oc_get_be16(rec + 40);
}

uint16_t oc_pathrec_slid(const uint8_t rec[OC_PATHREC_SIZE])
{
	return oc_get_be16(rec + 42);
}

uint16_t oc_pathrec_pkey(const uint8_t rec[OC_PATHREC_SIZE])
{
	return oc_get_be16(rec + 50);
}

const uint8_t *oc_pathrec_dgid(const uint8_t rec[OC_PATHREC_SIZE])
{
	return rec + 8;
}

const uint8_t *oc_pathrec_sgid(const uint8_t rec[OC_PATHREC_SIZE])
{
	return rec + 24;
}

/* ORs the bits of field f of rec into key. */
static void copy_field(const struct pr_field *f, const uint8_t *rec,
		       uint8_t *key)
{
	unsigned i;

	if (!f->mask) {
		memcpy(key + f->off, rec + f->off, f->len);
		return;
	}
	for (i = 0; i < f->len; i++) {
		unsigned shift = 8 * (f->len - 1 - i);
		uint8_t m = (uint8_t)(f->mask >> shift);

		key[f->off + i] |= rec[f->off + i] & m;
	}
}

uint64_t oc_pathrec_query_key(uint64_t comp_mask,
			      const uint8_t rec[OC_PATHREC_SIZE],
			      uint8_t key[OC_PATHREC_SIZE])
{
	unsigned bit;

	comp_mask &= OC_PR_CM_ALL;
	memset(key, 0, OC_PATHREC_SIZE);
	for (bit = 0; bit < sizeof(pr_fields) / sizeof(pr_fields[0]); bit++)
		if (comp_mask & (1ULL << bit))
			copy_field(&pr_fields[bit], rec, key);
	return comp_mask;
}
