/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * path_request.h - a client's PathRecord request to the osmcloud ibacm
 * provider (docs/ibacm.md): a cache hit is answered at once, a miss asks
 * the SA through ibacm's core and the answer goes to the cache (stored
 * only when the SM flagged it) and back to the client.
 */
#ifndef OC_ACM_PATH_REQUEST_H
#define OC_ACM_PATH_REQUEST_H

#include <stdint.h>

#include <infiniband/acm_prov.h>

#include "acm/endpoint.h"

/* How the client asked, hence how it is answered: a query with
 * ACM_FLAGS_QUERY_SA through acm_query_response(), a path resolve (rdma_cm
 * through ibacm's netlink socket, librdmacm) through acm_resolve_response(). */
enum oc_acm_reply { OC_ACM_REPLY_QUERY, OC_ACM_REPLY_RESOLVE };

/* msg->resolve_data[0] holds the path record asked for (ACM_EP_INFO_PATH);
 * returns what ibacm's response function returned, or 0 when the SA was
 * asked (the answer follows). */
int oc_acm_path_request(struct oc_acm_ep *ep, struct acm_msg *msg, uint64_t id,
			enum oc_acm_reply how);

/* Answers a resolve the provider does not do (names and IP addresses:
 * left to the ACM provider) with ACM_STATUS_EDESTTYPE. */
int oc_acm_path_decline(struct oc_acm_ep *ep, struct acm_msg *msg, uint64_t id);

#endif
