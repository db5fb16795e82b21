/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * endpoint.h - one endpoint (port and P_Key) of the osmcloud ibacm
 * provider: its port's cache and its counters (ibacm's ACM_CNTR_*, shown
 * by ib_acme -P).  Each SA query in flight holds a reference, so that an
 * answer arriving after ibacm closed the endpoint touches no freed memory.
 */
#ifndef OC_ACM_ENDPOINT_H
#define OC_ACM_ENDPOINT_H

#include <stdint.h>

#include <infiniband/acm_prov.h>

#include "acm/port_cache.h"

struct oc_acm_ep {
	const struct acm_endpoint *endpoint;
	struct oc_acm_port *port;	    /* holds a reference */
	uint64_t counters[ACM_MAX_COUNTER]; /* atomic */
	unsigned refs;			    /* atomic */
};

/* NULL (logged) when out of memory; ibacm's close_endpoint drops the
 * first reference. */
struct oc_acm_ep *oc_acm_ep_new(const struct acm_endpoint *endpoint,
				struct oc_acm_port *port);
void oc_acm_ep_get(struct oc_acm_ep *ep);
void oc_acm_ep_put(struct oc_acm_ep *ep);

/* Counts one event of kind which (ACM_CNTR_*) on the endpoint. */
void oc_acm_ep_count(struct oc_acm_ep *ep, int which);
/* The counters in network order, as ibacm's query_perf wants them. */
void oc_acm_ep_counters(struct oc_acm_ep *ep, uint64_t *values, uint8_t *cnt);

#endif
