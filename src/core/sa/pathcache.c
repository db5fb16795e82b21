/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pathcache.c - the path-record cache of one local port (pathcache.h):
 * a hash of canonical queries over a fixed array of entries, kept in
 * least-recently-used order by a doubly linked list of indices.
 */
#include <stdlib.h>
#include <string.h>

#include "sa/pathcache.h"

#define PC_NIL UINT32_MAX

struct pc_entry {
	uint64_t mask;
	uint64_t hash;
	uint8_t key[OC_PATHREC_SIZE];
	uint8_t rec[OC_PATHREC_SIZE];
	uint32_t prev, next; /* LRU list, most recent at head */
	uint32_t chain;	     /* next in bucket, or in the free list */
};

/* What was last seen of the subnet (the invalidation rules). */
struct pc_seen {
	bool sm_known, port_known, pkeys_known;
	uint16_t sm_lid;
	uint64_t sm_guid;
	uint16_t lid;
	uint8_t lmc;
	uint64_t pkeys_hash;
};

struct oc_pathcache {
	struct pc_entry *e;
	uint32_t *bucket;
	unsigned capacity, nbuckets, count;
	uint32_t head, tail, free;
	bool enabled;
	struct pc_seen seen;
	struct oc_pathcache_stats stats;
};

static const char *const flush_names[OC_PC_FLUSH_COUNT] = {
	[OC_PC_FLUSH_FLAG_DOWN] = "flag-down",
	[OC_PC_FLUSH_SM] = "sm-change",
	[OC_PC_FLUSH_REREG] = "client-reregister",
	[OC_PC_FLUSH_LID] = "lid-change",
	[OC_PC_FLUSH_PKEY] = "pkey-change",
	[OC_PC_FLUSH_USER] = "user"};

/* 64-bit FNV-1a over len bytes, continuing from h. */
static uint64_t fnv(uint64_t h, const void *p, size_t len)
{
	const uint8_t *b = p;

	while (len--)
		h = (h ^ *b++) * 0x100000001b3ULL;
	return h;
}

#define FNV_START 0xcbf29ce484222325ULL

static void free_list_reset(struct oc_pathcache *c)
{
	unsigned i;

	for (i = 0; i < c->capacity; i++)
		c->e[i].chain = i + 1 < c->capacity ? i + 1 : PC_NIL;
	for (i = 0; i < c->nbuckets; i++)
		c->bucket[i] = PC_NIL;
	c->free = 0;
	c->head = c->tail = PC_NIL;
	c->count = 0;
}

struct oc_pathcache *oc_pathcache_new(unsigned capacity)
{
	struct oc_pathcache *c;

	if (!capacity || capacity > UINT32_MAX / 4)
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->capacity = capacity;
	c->nbuckets = 1;
	while (c->nbuckets < 2 * capacity)
		c->nbuckets *= 2;
	c->e = calloc(capacity, sizeof(*c->e));
	c->bucket = calloc(c->nbuckets, sizeof(*c->bucket));
	if (!c->e || !c->bucket) {
		oc_pathcache_free(c);
		return NULL;
	}
	free_list_reset(c);
	return c;
}

void oc_pathcache_free(struct oc_pathcache *c)
{
	if (!c)
		return;
	free(c->e);
	free(c->bucket);
	free(c);
}

static void lru_unlink(struct oc_pathcache *c, uint32_t i)
{
	struct pc_entry *x = &c->e[i];

	if (x->prev != PC_NIL)
		c->e[x->prev].next = x->next;
	else
		c->head = x->next;
	if (x->next != PC_NIL)
		c->e[x->next].prev = x->prev;
	else
		c->tail = x->prev;
}

static void lru_push_head(struct oc_pathcache *c, uint32_t i)
{
	c->e[i].prev = PC_NIL;
	c->e[i].next = c->head;
	if (c->head != PC_NIL)
		c->e[c->head].prev = i;
	c->head = i;
	if (c->tail == PC_NIL)
		c->tail = i;
}

static uint32_t *bucket_of(struct oc_pathcache *c, uint64_t hash)
{
	return &c->bucket[hash & (c->nbuckets - 1)];
}

static uint32_t find(struct oc_pathcache *c, uint64_t mask, uint64_t hash,
		     const uint8_t key[OC_PATHREC_SIZE])
{
	uint32_t i;

	for (i = *bucket_of(c, hash); i != PC_NIL; i = c->e[i].chain)
		if (c->e[i].hash == hash && c->e[i].mask == mask &&
		    !memcmp(c->e[i].key, key, OC_PATHREC_SIZE))
			return i;
	return PC_NIL;
}

/* Takes entry i out of its bucket and the LRU list into the free list. */
static void drop(struct oc_pathcache *c, uint32_t i)
{
	uint32_t *p = bucket_of(c, c->e[i].hash);

	while (*p != i)
		p = &c->e[*p].chain;
	*p = c->e[i].chain;
	lru_unlink(c, i);
	c->e[i].chain = c->free;
	c->free = i;
	c->count--;
}

static uint64_t key_of(uint64_t comp_mask, const uint8_t *query,
		       uint8_t key[OC_PATHREC_SIZE], uint64_t *mask)
{
	*mask = oc_pathrec_query_key(comp_mask, query, key);
	return fnv(fnv(FNV_START, mask, sizeof(*mask)), key, OC_PATHREC_SIZE);
}

bool oc_pathcache_lookup(struct oc_pathcache *c, uint64_t comp_mask,
			 const uint8_t query[OC_PATHREC_SIZE],
			 uint8_t out[OC_PATHREC_SIZE])
{
	uint8_t key[OC_PATHREC_SIZE];
	uint64_t mask, hash;
	uint32_t i;

	if (!c->enabled) {
		c->stats.bypassed++;
		return false;
	}
	hash = key_of(comp_mask, query, key, &mask);
	i = find(c, mask, hash, key);
	if (i == PC_NIL) {
		c->stats.misses++;
		return false;
	}
	lru_unlink(c, i);
	lru_push_head(c, i);
	memcpy(out, c->e[i].rec, OC_PATHREC_SIZE);
	c->stats.hits++;
	return true;
}

/* A free entry, evicting the least recently used one when full. */
static uint32_t take_entry(struct oc_pathcache *c)
{
	uint32_t i;

	if (c->free == PC_NIL) {
		drop(c, c->tail);
		c->stats.evictions++;
	}
	i = c->free;
	c->free = c->e[i].chain;
	c->count++;
	return i;
}

static void store(struct oc_pathcache *c, uint64_t mask, uint64_t hash,
		  const uint8_t *key, const uint8_t *answer)
{
	uint32_t i = find(c, mask, hash, key);
	uint32_t *b;

	if (i != PC_NIL) {
		lru_unlink(c, i);
	} else {
		i = take_entry(c);
		c->e[i].mask = mask;
		c->e[i].hash = hash;
		memcpy(c->e[i].key, key, OC_PATHREC_SIZE);
		b = bucket_of(c, hash);
		c->e[i].chain = *b;
		*b = i;
	}
	memcpy(c->e[i].rec, answer, OC_PATHREC_SIZE);
	lru_push_head(c, i);
}

bool oc_pathcache_answer(struct oc_pathcache *c, uint64_t comp_mask,
			 const uint8_t query[OC_PATHREC_SIZE],
			 const uint8_t answer[OC_PATHREC_SIZE])
{
	uint8_t key[OC_PATHREC_SIZE];
	uint64_t mask, hash;

	if (!oc_pathrec_cache_flag(answer)) {
		c->stats.unflagged++;
		if (c->enabled || c->count)
			oc_pathcache_flush(c, OC_PC_FLUSH_FLAG_DOWN);
		return false;
	}
	c->enabled = true;
	hash = key_of(comp_mask, query, key, &mask);
	store(c, mask, hash, key, answer);
	c->stats.stored++;
	return true;
}

void oc_pathcache_flush(struct oc_pathcache *c, enum oc_pathcache_flush_why why)
{
	free_list_reset(c);
	c->enabled = false;
	if ((unsigned)why < OC_PC_FLUSH_COUNT)
		c->stats.flushes[why]++;
}

/* Flushes for why when a value changed, or on the first sighting when
 * something was cached before anything was known. */
static void seen_change(struct oc_pathcache *c, bool known, bool differs,
			enum oc_pathcache_flush_why why)
{
	if (known ? differs : c->count > 0)
		oc_pathcache_flush(c, why);
}

void oc_pathcache_note_sm(struct oc_pathcache *c, uint16_t sm_lid,
			  uint64_t sm_guid)
{
	struct pc_seen *s = &c->seen;

	seen_change(c, s->sm_known,
		    s->sm_lid != sm_lid || s->sm_guid != sm_guid,
		    OC_PC_FLUSH_SM);
	s->sm_known = true;
	s->sm_lid = sm_lid;
	s->sm_guid = sm_guid;
}

void oc_pathcache_note_port(struct oc_pathcache *c, uint16_t lid, uint8_t lmc)
{
	struct pc_seen *s = &c->seen;

	seen_change(c, s->port_known, s->lid != lid || s->lmc != lmc,
		    OC_PC_FLUSH_LID);
	s->port_known = true;
	s->lid = lid;
	s->lmc = lmc;
}

void oc_pathcache_note_pkeys(struct oc_pathcache *c, const uint16_t *pkeys,
			     unsigned n)
{
	struct pc_seen *s = &c->seen;
	uint64_t h =
		fnv(fnv(FNV_START, &n, sizeof(n)), pkeys, n * sizeof(*pkeys));

	seen_change(c, s->pkeys_known, s->pkeys_hash != h, OC_PC_FLUSH_PKEY);
	s->pkeys_known = true;
	s->pkeys_hash = h;
}

void oc_pathcache_client_reregister(struct oc_pathcache *c)
{
	oc_pathcache_flush(c, OC_PC_FLUSH_REREG);
}

bool oc_pathcache_enabled(const struct oc_pathcache *c)
{
	return c->enabled;
}

unsigned oc_pathcache_count(const struct oc_pathcache *c)
{
	return c->count;
}

unsigned oc_pathcache_capacity(const struct oc_pathcache *c)
{
	return c->capacity;
}

const struct oc_pathcache_stats *
oc_pathcache_stats(const struct oc_pathcache *c)
{
	return &c->stats;
}

const char *oc_pathcache_flush_why_name(enum oc_pathcache_flush_why why)
{
	return (unsigned)why < OC_PC_FLUSH_COUNT ? flush_names[why] : "?";
}

int oc_pathcache_each(const struct oc_pathcache *c, oc_pathcache_fn fn,
		      void *arg)
{
	uint32_t i;
	int rc;

	for (i = c->head; i != PC_NIL; i = c->e[i].next) {
		rc = fn(c->e[i].mask, c->e[i].key, c->e[i].rec, arg);
		if (rc)
			return rc;
	}
	return 0;
}
