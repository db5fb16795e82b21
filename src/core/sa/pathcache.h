/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pathcache.h - a client's SA PathRecord cache for one local port, after
 * Algorithm 2 of the SA path-record caching paper, with what a real
 * deployment needs beyond it (docs/sa-caching.md).
 *
 * Pure logic: the caller asks the SA, reads PortInfo and SMInfo, and tells
 * the cache what it saw.  The rules:
 *  - a query is keyed by its canonical form (oc_pathrec_query_key): the
 *    component mask and every field it selects (SGID, DGID, P_Key, SL,
 *    MTU and rate selectors, Reversible, NumbPath, ...).  A query without
 *    SGID means the local port's GID, which is the same for the whole
 *    cache (one cache per local port).
 *  - only answers whose caching flag is up are stored; an answer with the
 *    flag down disables the cache and drops every entry: no caching at
 *    all until a flagged answer comes back.  A new cache is disabled.
 *  - everything is dropped, and the cache disabled, when the SM changes
 *    (its LID or its port GUID from SMInfo), on a client-reregister or a
 *    LID/LMC change of the local port, and when its P_Key table changes.
 *  - at most `capacity` entries; the least recently used one is evicted.
 */
#ifndef OC_SA_PATHCACHE_H
#define OC_SA_PATHCACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "sa/pathrec.h"

/* Why the cache dropped everything. */
enum oc_pathcache_flush_why {
	OC_PC_FLUSH_FLAG_DOWN, /* an answer came back without the flag */
	OC_PC_FLUSH_SM,	       /* another SM LID or SM port GUID */
	OC_PC_FLUSH_REREG,     /* client-reregister on the local port */
	OC_PC_FLUSH_LID,       /* the local port's LID or LMC changed */
	OC_PC_FLUSH_PKEY,      /* the local port's P_Key table changed */
	OC_PC_FLUSH_USER,      /* asked for (osmcloud pathcache flush) */
	OC_PC_FLUSH_COUNT
};

struct oc_pathcache_stats {
	uint64_t hits;
	uint64_t misses;    /* enabled, key absent */
	uint64_t bypassed;  /* looked up while disabled */
	uint64_t stored;    /* flagged answers stored */
	uint64_t unflagged; /* answers refused: flag down */
	uint64_t evictions; /* dropped to stay within the capacity */
	uint64_t flushes[OC_PC_FLUSH_COUNT];
};

struct oc_pathcache;

/* A disabled, empty cache of at most capacity entries (>= 1); NULL when
 * out of memory or capacity is 0. */
struct oc_pathcache *oc_pathcache_new(unsigned capacity);
void oc_pathcache_free(struct oc_pathcache *c);

/* True on a hit: out receives the cached record (with its flag up). */
bool oc_pathcache_lookup(struct oc_pathcache *c, uint64_t comp_mask,
			 const uint8_t query[OC_PATHREC_SIZE],
			 uint8_t out[OC_PATHREC_SIZE]);

/* The SA answered query with answer: stores it when its flag is up
 * (returns true), else disables the cache and drops every entry. */
bool oc_pathcache_answer(struct oc_pathcache *c, uint64_t comp_mask,
			 const uint8_t query[OC_PATHREC_SIZE],
			 const uint8_t answer[OC_PATHREC_SIZE]);

/* What the caller saw of the subnet; each drops everything when it
 * differs from what was seen before (the first sighting drops what was
 * cached before anything was known). */
void oc_pathcache_note_sm(struct oc_pathcache *c, uint16_t sm_lid,
			  uint64_t sm_guid);
void oc_pathcache_note_port(struct oc_pathcache *c, uint16_t lid, uint8_t lmc);
void oc_pathcache_note_pkeys(struct oc_pathcache *c, const uint16_t *pkeys,
			     unsigned n);
/* A client-reregister request arrived (PortInfo bit or SM trap). */
void oc_pathcache_client_reregister(struct oc_pathcache *c);

/* Drops every entry and disables the cache. */
void oc_pathcache_flush(struct oc_pathcache *c, enum oc_pathcache_flush_why);

bool oc_pathcache_enabled(const struct oc_pathcache *c);
unsigned oc_pathcache_count(const struct oc_pathcache *c);
unsigned oc_pathcache_capacity(const struct oc_pathcache *c);
const struct oc_pathcache_stats *
oc_pathcache_stats(const struct oc_pathcache *c);
const char *oc_pathcache_flush_why_name(enum oc_pathcache_flush_why why);

/* Calls fn for every entry, most recently used first, with the query's
 * canonical mask and form and the cached record; stops when fn returns
 * non-zero and returns that value. */
typedef int (*oc_pathcache_fn)(uint64_t comp_mask,
			       const uint8_t key[OC_PATHREC_SIZE],
			       const uint8_t rec[OC_PATHREC_SIZE], void *arg);
int oc_pathcache_each(const struct oc_pathcache *c, oc_pathcache_fn fn,
		      void *arg);

#endif
