/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * path_request.c - a PathRecord request through the port's cache or the
 * SA (path_request.h).
 */
#include <endian.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "acm/path_request.h"

_Static_assert(sizeof(struct ibv_path_record) == OC_PATHREC_SIZE,
	       "ibacm's path record is the 64-byte wire PathRecord");

/* An SA query in flight: the client's message, kept for the answer. */
struct sa_request {
	uint64_t id;
	enum oc_acm_reply how;
	struct oc_acm_ep *ep;
	uint64_t comp_mask; /* host order */
	uint64_t epoch;	    /* the port cache's, when sent */
	bool replied;	    /* ACM_FLAGS_NODELAY: answered at once */
	struct acm_msg msg;
};

/* ibacm matches an answer to its query by the low 32 bits of the TID. */
static uint32_t next_tid;

/* Sends the answer (status, and rec on success) the way the client
 * asked; msg is the client's request, reused. */
static int reply(uint64_t id, enum oc_acm_reply how, struct acm_msg *msg,
		 uint8_t status, const uint8_t *rec)
{
	struct acm_ep_addr_data *data = &msg->resolve_data[0];

	msg->hdr.opcode |= ACM_OP_ACK;
	msg->hdr.status = status;
	if (rec)
		memcpy(&data->info.path, rec, OC_PATHREC_SIZE);
	if (how == OC_ACM_REPLY_QUERY)
		return acm_query_response(id, msg);
	memset(msg->hdr.data, 0, sizeof(msg->hdr.data));
	msg->hdr.length = ACM_MSG_HDR_LENGTH;
	if (status == ACM_STATUS_SUCCESS) {
		msg->hdr.length += ACM_MSG_EP_LENGTH;
		data->flags = IBV_PATH_FLAG_GMP | IBV_PATH_FLAG_PRIMARY |
			      IBV_PATH_FLAG_BIDIRECTIONAL;
		data->type = ACM_EP_INFO_PATH;
	}
	return acm_resolve_response(id, msg);
}

/* A SubnAdmGet(PathRecord) of one record: ibsim and many SAs have no
 * RMPP, and the client asks for one path. */
static void fill_query(struct umad_sa_packet *p, uint64_t comp_mask,
		       const void *path)
{
	memset(p, 0, sizeof(*p));
	p->mad_hdr.base_version = UMAD_BASE_VERSION;
	p->mad_hdr.mgmt_class = UMAD_CLASS_SUBN_ADM;
	p->mad_hdr.class_version = UMAD_SA_CLASS_VERSION;
	p->mad_hdr.method = UMAD_METHOD_GET;
	p->mad_hdr.tid =
		htobe64(__atomic_add_fetch(&next_tid, 1, __ATOMIC_RELAXED));
	p->mad_hdr.attr_id = htobe16(UMAD_SA_ATTR_PATH_REC);
	p->comp_mask = htobe64(comp_mask);
	memcpy(p->data, path, OC_PATHREC_SIZE);
}

/* The client's status for an SA answer, or ACM_STATUS_SUCCESS. */
static uint8_t answer_status(const struct acm_sa_mad *mad)
{
	uint16_t sa_status = be16toh(mad->sa_mad.mad_hdr.status);

	if (mad->umad.status) {
		acm_log(1,
			"osmcloud: SA PathRecord query timed out or failed (umad status %u)\n",
			mad->umad.status);
		return ACM_STATUS_ETIMEDOUT;
	}
	if (sa_status) {
		acm_log(2,
			"osmcloud: SA answered PathRecord query with status 0x%04x\n",
			sa_status);
		return ACM_STATUS_ENODATA;
	}
	return ACM_STATUS_SUCCESS;
}

/* ibacm's SA thread: the answer to an SA query of ours. */
static void sa_answer(struct acm_sa_mad *mad)
{
	struct sa_request *req = mad->context;
	struct acm_msg *msg = &req->msg;
	uint8_t status = answer_status(mad);
	const uint8_t *rec = NULL;

	if (status == ACM_STATUS_SUCCESS) {
		rec = mad->sa_mad.data;
		oc_acm_port_answer(
			req->ep->port, req->epoch, be16toh(mad->umad.addr.lid),
			req->comp_mask,
			(const uint8_t *)&msg->resolve_data[0].info.path, rec);
	} else {
		oc_acm_ep_count(req->ep, status == ACM_STATUS_ENODATA
						 ? ACM_CNTR_NODATA
						 : ACM_CNTR_ERROR);
	}
	if (!req->replied)
		reply(req->id, req->how, msg, status, rec);
	acm_free_sa_mad(mad);
	oc_acm_ep_put(req->ep);
	free(req);
}

/* A miss: asks the SA; the client is answered now only on failure, or
 * when it asked for no delay (ACM_FLAGS_NODELAY, as ibacm's own provider
 * does): then it is told there is no path yet (ACM_STATUS_ENODATA), and
 * the SA's answer only fills the cache. */
static int ask_sa(struct oc_acm_ep *ep, struct acm_msg *msg, uint64_t id,
		  enum oc_acm_reply how, uint64_t comp_mask)
{
	struct sa_request *req = calloc(1, sizeof(*req));
	struct acm_sa_mad *mad = NULL;

	if (req)
		mad = acm_alloc_sa_mad(ep->endpoint, req, sa_answer);
	if (!mad) {
		acm_log(0, "osmcloud: no memory for an SA PathRecord query\n");
		free(req);
		oc_acm_ep_count(ep, ACM_CNTR_ERROR);
		return reply(id, how, msg, ACM_STATUS_ENOMEM, NULL);
	}
	req->id = id;
	req->how = how;
	req->ep = ep;
	req->comp_mask = comp_mask;
	req->epoch = oc_acm_port_epoch(ep->port);
	req->replied = msg->resolve_data[0].flags & ACM_FLAGS_NODELAY;
	memcpy(&req->msg, msg, sizeof(req->msg));
	fill_query(&mad->sa_mad, comp_mask, &msg->resolve_data[0].info.path);
	oc_acm_ep_get(ep);
	oc_acm_ep_count(ep, ACM_CNTR_ROUTE_QUERY);
	acm_increment_counter(ACM_CNTR_ROUTE_QUERY);
	if (acm_send_sa_mad(mad)) {
		acm_log(0, "osmcloud: sending an SA PathRecord query failed\n");
		oc_acm_ep_put(ep);
		acm_free_sa_mad(mad);
		free(req);
		oc_acm_ep_count(ep, ACM_CNTR_NODATA);
		return reply(id, how, msg, ACM_STATUS_ENODATA, NULL);
	}
	if (msg->resolve_data[0].flags & ACM_FLAGS_NODELAY) {
		/* req belongs to the SA thread now: msg is the client's own */
		oc_acm_ep_count(ep, ACM_CNTR_NODATA);
		return reply(id, how, msg, ACM_STATUS_ENODATA, NULL);
	}
	return 0;
}

int oc_acm_path_request(struct oc_acm_ep *ep, struct acm_msg *msg, uint64_t id,
			enum oc_acm_reply how)
{
	struct ibv_path_record *path = &msg->resolve_data[0].info.path;
	uint64_t comp_mask = be64toh(acm_path_comp_mask(path));
	uint8_t rec[OC_PATHREC_SIZE];

	if (how == OC_ACM_REPLY_RESOLVE)
		oc_acm_ep_count(ep, ACM_CNTR_RESOLVE);
	if (!oc_acm_port_lookup(ep->port, comp_mask, (const uint8_t *)path,
				rec))
		return ask_sa(ep, msg, id, how, comp_mask);
	oc_acm_ep_count(ep, ACM_CNTR_ROUTE_CACHE);
	acm_increment_counter(ACM_CNTR_ROUTE_CACHE);
	return reply(id, how, msg, ACM_STATUS_SUCCESS, rec);
}

int oc_acm_path_decline(struct oc_acm_ep *ep, struct acm_msg *msg, uint64_t id)
{
	acm_log(2,
		"osmcloud: resolve of address type %u declined: this provider resolves path records only\n",
		(unsigned)msg->resolve_data[0].type);
	oc_acm_ep_count(ep, ACM_CNTR_RESOLVE);
	return reply(id, OC_ACM_REPLY_RESOLVE, msg, ACM_STATUS_EDESTTYPE, NULL);
}
