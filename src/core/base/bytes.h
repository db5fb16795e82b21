/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * bytes.h - big-endian (network order) fields of MADs and records: the
 * one reader and writer of 16-, 32- and 64-bit fields for the SA path
 * records, the path-record cache protocol and the tools' SA and SMP MADs.
 */
#ifndef OC_BYTES_H
#define OC_BYTES_H

#include <stdint.h>

static inline uint16_t oc_get_be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline uint32_t oc_get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static inline uint64_t oc_get_be64(const uint8_t *p)
{
	return (uint64_t)oc_get_be32(p) << 32 | oc_get_be32(p + 4);
}

static inline void oc_put_be16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void oc_put_be32(uint8_t *p, uint32_t v)
{
	oc_put_be16(p, (uint16_t)(v >> 16));
	oc_put_be16(p + 2, (uint16_t)v);
}

static inline void oc_put_be64(uint8_t *p, uint64_t v)
{
	oc_put_be32(p, (uint32_t)(v >> 32));
	oc_put_be32(p + 4, (uint32_t)v);
}

#endif
