/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pathrec.h - the fields of a raw SA PathRecord (IBA 15.2.5.16) that the
 * path-record cache needs, read from the 64-byte wire format (big-endian).
 *
 * The caching flag of the SA path-record caching scheme is the first bit
 * of the record's 3-bit reserved field after RawTraffic (bit offset 353):
 * byte 44, mask 0x40.  Component-mask bits are numbered as in IBA (bit 0
 * is ServiceID's first half, bit 2 DGID, bit 3 SGID, ... bit 21
 * PacketLifeTime), in host order.
 */
#ifndef OC_SA_PATHREC_H
#define OC_SA_PATHREC_H

#include <stdbool.h>
#include <stdint.h>

#define OC_PATHREC_SIZE 64
#define OC_PATHREC_FLAG_BYTE 44
#define OC_PATHREC_FLAG_MASK 0x40

/* Component-mask bits (host order) the cache reads by name. */
#define OC_PR_CM_DGID (1ULL << 2)
#define OC_PR_CM_SGID (1ULL << 3)
#define OC_PR_CM_DLID (1ULL << 4)
#define OC_PR_CM_SLID (1ULL << 5)
#define OC_PR_CM_REVERSIBLE (1ULL << 11)
#define OC_PR_CM_NUMBPATH (1ULL << 12)
#define OC_PR_CM_PKEY (1ULL << 13)
#define OC_PR_CM_SL (1ULL << 15)
#define OC_PR_CM_MTUSELEC (1ULL << 16)
#define OC_PR_CM_MTU (1ULL << 17)
#define OC_PR_CM_RATESELEC (1ULL << 18)
#define OC_PR_CM_RATE (1ULL << 19)
/* Every bit that selects a PathRecord field (0 to 21). */
#define OC_PR_CM_ALL ((1ULL << 22) - 1)

/* True when the SM raised the caching flag in this record. */
bool oc_pathrec_cache_flag(const uint8_t rec[OC_PATHREC_SIZE]);
/* Raises or lowers the caching flag, touching no other bit. */
void oc_pathrec_set_cache_flag(uint8_t rec[OC_PATHREC_SIZE], bool up);

uint16_t oc_pathrec_dlid(const uint8_t rec[OC_PATHREC_SIZE]);
uint16_t oc_pathrec_slid(const uint8_t rec[OC_PATHREC_SIZE]);
uint16_t oc_pathrec_pkey(const uint8_t rec[OC_PATHREC_SIZE]);
/* The 16-byte GIDs, as on the wire. */
const uint8_t *oc_pathrec_dgid(const uint8_t rec[OC_PATHREC_SIZE]);
const uint8_t *oc_pathrec_sgid(const uint8_t rec[OC_PATHREC_SIZE]);

/*
 * The canonical form of a query: key receives a copy of rec in which only
 * the bits of the fields that comp_mask selects are kept (all others are
 * zero), and the function returns comp_mask restricted to OC_PR_CM_ALL.
 * Two queries ask the SA the same question exactly when their canonical
 * forms are equal, whatever the client left in unselected fields.
 */
uint64_t oc_pathrec_query_key(uint64_t comp_mask,
			      const uint8_t rec[OC_PATHREC_SIZE],
			      uint8_t key[OC_PATHREC_SIZE]);

#endif
