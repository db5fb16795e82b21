/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * hash.h - open-addressing maps from a 64-bit key or a string to a uint32_t.
 *
 * Used for name and GUID look-ups while building a fabric.  Values are
 * never OC_NONE (that is the "absent" answer).
 */
#ifndef OC_HASH_H
#define OC_HASH_H

#include <stdint.h>

/* No such index: a hash miss, no node, no switch index, no link. */
#define OC_NONE UINT32_MAX

struct oc_hash;

struct oc_hash *oc_hash_new(void);
void oc_hash_free(struct oc_hash *h);

/* 64-bit keys. put returns -1 when the key is already present. */
int oc_hash_put64(struct oc_hash *h, uint64_t key, uint32_t value);
uint32_t oc_hash_get64(const struct oc_hash *h, uint64_t key);
/* Inserts or replaces. */
int oc_hash_set64(struct oc_hash *h, uint64_t key, uint32_t value);
/* Removes the key; -1 when it is absent. */
int oc_hash_del64(struct oc_hash *h, uint64_t key);

/* String keys; the string is not copied and must outlive the map. */
int oc_hash_put_str(struct oc_hash *h, const char *key, uint32_t value);
uint32_t oc_hash_get_str(const struct oc_hash *h, const char *key);

/* 64-bit FNV-1a of a string. */
uint64_t oc_hash_string(const char *s);

#endif
