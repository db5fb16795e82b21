/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * port_cache.c - the path-record cache of one ibacm port (port_cache.h).
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>

#include "acm/port_cache.h"

struct oc_acm_port {
	const struct acm_port *port;
	pthread_mutex_t lock; /* guards cache and epoch */
	struct oc_pathcache *cache;
	uint64_t epoch;
	unsigned refs; /* atomic */
};

/* The port as ibacm's log names it: device GUID and port number. */
#define PORT_FMT "port 0x%016" PRIx64 "/%u"
#define PORT_ARGS(p)                                  \
	(uint64_t) be64toh((p)->port->dev->dev_guid), \
		(unsigned)(p)->port->port_num

struct oc_acm_port *oc_acm_port_new(const struct acm_port *port,
				    unsigned capacity)
{
	struct oc_acm_port *p = calloc(1, sizeof(*p));

	if (p)
		p->cache = oc_pathcache_new(capacity);
	if (!p || !p->cache) {
		acm_log(0,
			"osmcloud: port %u: no memory for a path-record cache of %u entries\n",
			(unsigned)port->port_num, capacity);
		free(p);
		return NULL;
	}
	p->port = port;
	p->refs = 1;
	pthread_mutex_init(&p->lock, NULL);
	acm_log(1,
		"osmcloud: " PORT_FMT
		": path-record cache of %u entries, off until the SM flags an answer\n",
		PORT_ARGS(p), capacity);
	return p;
}

void oc_acm_port_get(struct oc_acm_port *p)
{
	__atomic_add_fetch(&p->refs, 1, __ATOMIC_RELAXED);
}

void oc_acm_port_put(struct oc_acm_port *p)
{
	if (__atomic_sub_fetch(&p->refs, 1, __ATOMIC_ACQ_REL))
		return;
	pthread_mutex_destroy(&p->lock);
	oc_pathcache_free(p->cache);
	free(p);
}

bool oc_acm_port_lookup(struct oc_acm_port *p, uint64_t comp_mask,
			const uint8_t query[OC_PATHREC_SIZE],
			uint8_t out[OC_PATHREC_SIZE])
{
	bool hit;

	pthread_mutex_lock(&p->lock);
	hit = oc_pathcache_lookup(p->cache, comp_mask, query, out);
	pthread_mutex_unlock(&p->lock);
	return hit;
}

uint64_t oc_acm_port_epoch(struct oc_acm_port *p)
{
	uint64_t epoch;

	pthread_mutex_lock(&p->lock);
	epoch = p->epoch;
	pthread_mutex_unlock(&p->lock);
	return epoch;
}

/* Drops the cache for why; the caller holds the lock. */
static void drop_locked(struct oc_acm_port *p, enum oc_pathcache_flush_why why)
{
	unsigned had = oc_pathcache_count(p->cache);

	oc_pathcache_flush(p->cache, why);
	p->epoch++;
	acm_log(1,
		"osmcloud: " PORT_FMT
		": %s: dropped %u path records, caching off until the SM flags an answer\n",
		PORT_ARGS(p), oc_pathcache_flush_why_name(why), had);
}

bool oc_acm_port_answer(struct oc_acm_port *p, uint64_t epoch, uint16_t sm_lid,
			uint64_t comp_mask,
			const uint8_t query[OC_PATHREC_SIZE],
			const uint8_t answer[OC_PATHREC_SIZE])
{
	const struct oc_pathcache_stats *st = oc_pathcache_stats(p->cache);
	uint64_t sm_drops;
	bool stale, was_on, stored = false;

	pthread_mutex_lock(&p->lock);
	/* asked before a drop: the answer may describe the old subnet (an
	 * answer of the new SM that only now shows the change is not) */
	stale = epoch != p->epoch;
	sm_drops = st->flushes[OC_PC_FLUSH_SM];
	oc_pathcache_note_sm(p->cache, sm_lid, 0);
	if (st->flushes[OC_PC_FLUSH_SM] != sm_drops) {
		p->epoch++;
		acm_log(1,
			"osmcloud: " PORT_FMT
			": SA answered from LID %u, another SM: path records dropped\n",
			PORT_ARGS(p), sm_lid);
	}
	if (stale && oc_pathrec_cache_flag(answer)) {
		acm_log(2,
			"osmcloud: " PORT_FMT
			": answer to a query sent before the cache was dropped: not cached\n",
			PORT_ARGS(p));
		goto out;
	}
	was_on = oc_pathcache_enabled(p->cache);
	stored = oc_pathcache_answer(p->cache, comp_mask, query, answer);
	if (!stored && was_on) {
		p->epoch++;
		acm_log(1,
			"osmcloud: " PORT_FMT
			": the SM answered without the caching flag: path records dropped, caching off\n",
			PORT_ARGS(p));
	}
out:
	pthread_mutex_unlock(&p->lock);
	return stored;
}

/* The cache's drop reason for an ibverbs port event, or
 * OC_PC_FLUSH_COUNT when the event leaves the paths valid. */
static enum oc_pathcache_flush_why event_why(enum ibv_event_type type)
{
	switch (type) {
	case IBV_EVENT_SM_CHANGE:
		return OC_PC_FLUSH_SM;
	case IBV_EVENT_LID_CHANGE:
		return OC_PC_FLUSH_LID;
	case IBV_EVENT_PKEY_CHANGE:
		return OC_PC_FLUSH_PKEY;
	case IBV_EVENT_CLIENT_REREGISTER:
		return OC_PC_FLUSH_REREG;
	default:
		return OC_PC_FLUSH_COUNT;
	}
}

int oc_acm_port_event(struct oc_acm_port *p, enum ibv_event_type type)
{
	enum oc_pathcache_flush_why why = event_why(type);

	if (why == OC_PC_FLUSH_COUNT)
		return 0;
	pthread_mutex_lock(&p->lock);
	drop_locked(p, why);
	pthread_mutex_unlock(&p->lock);
	return 0;
}

void oc_acm_port_stats(struct oc_acm_port *p, struct oc_pathcache_stats *out,
		       unsigned *count, bool *enabled)
{
	pthread_mutex_lock(&p->lock);
	*out = *oc_pathcache_stats(p->cache);
	*count = oc_pathcache_count(p->cache);
	*enabled = oc_pathcache_enabled(p->cache);
	pthread_mutex_unlock(&p->lock);
}
