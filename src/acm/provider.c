/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * provider.c - the osmcloud ibacm provider (docs/ibacm.md): ibacm loads
 * libosmcloudacm.so from its provider folder and calls provider_query().
 * Each port gets a path-record cache (port_cache.h); path requests of
 * the port's endpoints go through it (path_request.h).  Address
 * resolution (names, IP addresses) is declined: it stays with ibacm's
 * own ACM provider on the ports assigned to it.
 */
#include "acm/path_request.h"
#include "acm/endpoint.h"
#include "acm/port_cache.h"
#include "io/acm_opts.h"

#define OC_ACM_PROVIDER_NAME "osmcloud"
/* The interface version this provider was written for (acm_prov.h's
 * ACM_PROV_VERSION then; ibacm refuses another). */
#define OC_ACM_PROV_VERSION 1

static int open_device(const struct acm_device *device, void **dev_context)
{
	*dev_context = (void *)device;
	return 0;
}

static void close_device(void *dev_context)
{
}

/* Each port reads the provider's options from ibacm's option file; a bad
 * osmcloud_ line leaves the port unserved, logged with file and line. */
static int open_port(const struct acm_port *port, void *dev_context,
		     void **port_context)
{
	struct oc_acm_opts opts;
	struct oc_acm_port *p;
	struct oc_err err;

	oc_acm_opts_defaults(&opts);
	if (oc_acm_opts_load(acm_get_opts_file(), &opts, &err)) {
		acm_log(0, "osmcloud: %s: port %u not served\n", err.msg,
			(unsigned)port->port_num);
		return -1;
	}
	p = oc_acm_port_new(port, opts.capacity);
	if (!p)
		return -1;
	*port_context = p;
	return 0;
}

static void close_port(void *port_context)
{
	oc_acm_port_put(port_context);
}

static int open_endpoint(const struct acm_endpoint *endpoint,
			 void *port_context, void **ep_context)
{
	struct oc_acm_ep *ep = oc_acm_ep_new(endpoint, port_context);

	if (!ep)
		return -1;
	*ep_context = ep;
	return 0;
}

static void close_endpoint(void *ep_context)
{
	oc_acm_ep_put(ep_context);
}

/* An address of the endpoint: the provider keeps nothing per address. */
static int add_address(const struct acm_address *addr, void *ep_context,
		       void **addr_context)
{
	*addr_context = ep_context;
	return 0;
}

static void remove_address(void *addr_context)
{
}

static int resolve(void *addr_context, struct acm_msg *msg, uint64_t id)
{
	if (msg->resolve_data[0].type != ACM_EP_INFO_PATH)
		return oc_acm_path_decline(addr_context, msg, id);
	return oc_acm_path_request(addr_context, msg, id, OC_ACM_REPLY_RESOLVE);
}

static int query(void *addr_context, struct acm_msg *msg, uint64_t id)
{
	return oc_acm_path_request(addr_context, msg, id, OC_ACM_REPLY_QUERY);
}

static int handle_event(void *port_context, enum ibv_event_type type)
{
	return oc_acm_port_event(port_context, type);
}

static void query_perf(void *ep_context, uint64_t *values, uint8_t *cnt)
{
	oc_acm_ep_counters(ep_context, values, cnt);
}

static struct acm_provider osmcloud_provider = {
	.size = sizeof(struct acm_provider),
	.version = OC_ACM_PROV_VERSION,
	.name = OC_ACM_PROVIDER_NAME,
	.open_device = open_device,
	.close_device = close_device,
	.open_port = open_port,
	.close_port = close_port,
	.open_endpoint = open_endpoint,
	.close_endpoint = close_endpoint,
	.add_address = add_address,
	.remove_address = remove_address,
	.resolve = resolve,
	.query = query,
	.handle_event = handle_event,
	.query_perf = query_perf,
};

int provider_query(struct acm_provider **info, uint32_t *version)
{
	*info = &osmcloud_provider;
	*version = OC_ACM_PROV_VERSION;
	return 0;
}
