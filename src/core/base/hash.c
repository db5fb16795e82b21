/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * hash.c - linear-probing hash maps (64-bit or string keys -> uint32_t).
 */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"

struct oc_hash_slot {
	uint64_t key;	 /* the key, or the string's hash */
	const char *str; /* string key, NULL for 64-bit keys */
	uint32_t value;	 /* OC_NONE: empty slot */
};

struct oc_hash {
	struct oc_hash_slot *slots;
	uint32_t mask; /* capacity - 1 (capacity is a power of 2) */
	uint32_t count;
};

static uint64_t mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

uint64_t oc_hash_string(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static int alloc_slots(struct oc_hash *h, uint32_t capacity)
{
	uint32_t i;

	h->slots = malloc(sizeof(*h->slots) * capacity);
	if (!h->slots)
		return -1;
	for (i = 0; i < capacity; i++)
		h->slots[i].value = OC_NONE;
	h->mask = capacity - 1;
	h->count = 0;
	return 0;
}

struct oc_hash *oc_hash_new(void)
{
	struct oc_hash *h = calloc(1, sizeof(*h));

	if (h && alloc_slots(h, 64)) {
		free(h);
		return NULL;
	}
	return h;
}

void oc_hash_free(struct oc_hash *h)
{
	if (!h)
		return;
	free(h->slots);
	free(h);
}

static struct oc_hash_slot *find_slot(const struct oc_hash *h, uint64_t key,
				      const char *str)
{
	uint32_t i = (uint32_t)mix64(key) & h->mask;

	for (;; i = (i + 1) & h->mask) {
		struct oc_hash_slot *s = &h->slots[i];

		if (s->value == OC_NONE)
			return s;
		if (s->key == key && (!str || !strcmp(s->str, str)))
			return s;
	}
}

static int grow(struct oc_hash *h)
{
	struct oc_hash_slot *old = h->slots;
	uint32_t i, old_cap = h->mask + 1;

	if (alloc_slots(h, old_cap * 2)) {
		h->slots = old;
		return -1;
	}
	for (i = 0; i < old_cap; i++) {
		if (old[i].value != OC_NONE) {
			*find_slot(h, old[i].key, old[i].str) = old[i];
			h->count++;
		}
	}
	free(old);
	return 0;
}

static int put(struct oc_hash *h, uint64_t key, const char *str, uint32_t value)
{
	struct oc_hash_slot *s;

	if ((h->count + 1) * 2 > h->mask + 1 && grow(h))
		return -1;
	s = find_slot(h, key, str);
	if (s->value != OC_NONE)
		return -1;
	s->key = key;
	s->str = str;
	s->value = value;
	h->count++;
	return 0;
}

int oc_hash_put64(struct oc_hash *h, uint64_t key, uint32_t value)
{
	return put(h, key, NULL, value);
}

int oc_hash_set64(struct oc_hash *h, uint64_t key, uint32_t value)
{
	struct oc_hash_slot *s = find_slot(h, key, NULL);

	if (s->value == OC_NONE)
		return put(h, key, NULL, value);
	s->value = value;
	return 0;
}

/* Linear probing without tombstones: after emptying a slot, each later
 * entry of the same run that may sit in the hole (its home slot is not
 * between the hole and itself) moves back into it. */
int oc_hash_del64(struct oc_hash *h, uint64_t key)
{
	struct oc_hash_slot *s = find_slot(h, key, NULL);
	uint32_t hole, j, home;

	if (s->value == OC_NONE)
		return -1;
	hole = j = (uint32_t)(s - h->slots);
	for (;;) {
		h->slots[hole].value = OC_NONE;
		do {
			j = (j + 1) & h->mask;
			if (h->slots[j].value == OC_NONE) {
				h->count--;
				return 0;
			}
			home = (uint32_t)mix64(h->slots[j].key) & h->mask;
		} while (((j - home) & h->mask) < ((j - hole) & h->mask));
		h->slots[hole] = h->slots[j];
		hole = j;
	}
}

uint32_t oc_hash_get64(const struct oc_hash *h, uint64_t key)
{
	return find_slot(h, key, NULL)->value;
}

int oc_hash_put_str(struct oc_hash *h, const char *key, uint32_t value)
{
	return put(h, oc_hash_string(key), key, value);
}

uint32_t oc_hash_get_str(const struct oc_hash *h, const char *key)
{
	return find_slot(h, oc_hash_string(key), key)->value;
}
