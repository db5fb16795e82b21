/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * port_cache.h - the path-record cache of one ibacm port (docs/ibacm.md):
 * the core's oc_pathcache behind a lock (ibacm calls the provider from its
 * server thread, its SA thread and its event thread), the events that
 * drop it, and the rule that an answer to a query sent before a drop is
 * not stored.
 */
#ifndef OC_ACM_PORT_CACHE_H
#define OC_ACM_PORT_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include <infiniband/acm_prov.h>

#include "sa/pathcache.h"

struct oc_acm_port;

/* A port's empty, disabled cache of capacity entries; NULL (logged) when
 * out of memory.  The port holds one reference. */
struct oc_acm_port *oc_acm_port_new(const struct acm_port *port,
				    unsigned capacity);
/* Each endpoint holds a reference (endpoint.h): the port is freed when
 * ibacm closed it and every endpoint is gone. */
void oc_acm_port_get(struct oc_acm_port *p);
void oc_acm_port_put(struct oc_acm_port *p);

/* True on a hit: out receives the cached record. */
bool oc_acm_port_lookup(struct oc_acm_port *p, uint64_t comp_mask,
			const uint8_t query[OC_PATHREC_SIZE],
			uint8_t out[OC_PATHREC_SIZE]);

/* The generation of the cache: it changes at every drop.  A query notes
 * it when it is sent; its answer is stored only if it did not change. */
uint64_t oc_acm_port_epoch(struct oc_acm_port *p);

/*
 * The SA at sm_lid (the answer's source LID, host order) answered query
 * with answer.  An answer from another SM LID than before drops the
 * cache first.  Returns true when the answer was stored (flag up, no drop
 * since epoch).
 */
bool oc_acm_port_answer(struct oc_acm_port *p, uint64_t epoch, uint16_t sm_lid,
			uint64_t comp_mask,
			const uint8_t query[OC_PATHREC_SIZE],
			const uint8_t answer[OC_PATHREC_SIZE]);

/* An event ibacm forwarded for this port: SM change, LID change, P_Key
 * change and client-reregister drop the cache; others are ignored.
 * Returns 0 (ibacm's handle_event convention). */
int oc_acm_port_event(struct oc_acm_port *p, enum ibv_event_type type);

/* A copy of the cache's statistics, taken under the lock. */
void oc_acm_port_stats(struct oc_acm_port *p, struct oc_pathcache_stats *out,
		       unsigned *count, bool *enabled);

#endif
