/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * endpoint.c - an endpoint of the osmcloud ibacm provider (endpoint.h).
 */
#include <endian.h>
#include <stdlib.h>

#include "acm/endpoint.h"

struct oc_acm_ep *oc_acm_ep_new(const struct acm_endpoint *endpoint,
				struct oc_acm_port *port)
{
	struct oc_acm_ep *ep = calloc(1, sizeof(*ep));

	if (!ep) {
		acm_log(0,
			"osmcloud: port %u: no memory for the endpoint of P_Key 0x%04x\n",
			(unsigned)endpoint->port->port_num, endpoint->pkey);
		return NULL;
	}
	ep->endpoint = endpoint;
	ep->port = port;
	ep->refs = 1;
	oc_acm_port_get(port);
	return ep;
}

void oc_acm_ep_get(struct oc_acm_ep *ep)
{
	__atomic_add_fetch(&ep->refs, 1, __ATOMIC_RELAXED);
}

void oc_acm_ep_put(struct oc_acm_ep *ep)
{
	if (__atomic_sub_fetch(&ep->refs, 1, __ATOMIC_ACQ_REL))
		return;
	oc_acm_port_put(ep->port);
	free(ep);
}

void oc_acm_ep_count(struct oc_acm_ep *ep, int which)
{
	__atomic_add_fetch(&ep->counters[which], 1, __ATOMIC_RELAXED);
}

void oc_acm_ep_counters(struct oc_acm_ep *ep, uint64_t *values, uint8_t *cnt)
{
	int i;

	for (i = 0; i < ACM_MAX_COUNTER; i++)
		values[i] = htobe64(
			__atomic_load_n(&ep->counters[i], __ATOMIC_RELAXED));
	*cnt = ACM_MAX_COUNTER;
}
