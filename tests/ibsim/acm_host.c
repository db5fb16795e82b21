/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * acm_host.c - a stand-in for ibacm's core on libibumad, so that the
 * osmcloud ibacm provider (src/acm) can ask a real SA: ibacm itself does
 * not start under ibsim/umad2sim (docs/ibacm.md).  It provides the
 * acm_* functions of acm_prov.h the provider uses, opens the first port
 * (SIM_HOST picks it under umad2sim) through the provider's operations,
 * and resolves a path to each destination ROUNDS times through the
 * provider's query(): the provider's SA MADs go out with umad_send() and
 * the answers come back with umad_recv() to the provider's handler, as
 * ibacm's SA thread does.  Used by tests/ibsim/acm_provider.sh.
 *
 * usage: acm_host [--rounds N] [--event NAME@ROUND]... DEST...
 *   DEST: lid:N (SLID and DLID, as saquery) or guid:0x... (SGID and DGID
 *   fe80::GUID, as rdma_cm); NAME: sm-change, lid-change, pkey-change,
 *   client-reregister, handed to the provider before that round.
 * Prints one line per request and a summary:
 *   requests=R sa_queries=Q cache_hits=H flagged=F unflagged=U failed=E
 */
#include <endian.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <infiniband/acm_prov.h>

#include "sa/pathrec.h"

#define SA_QKEY 0x80010000
#define MAX_EVENTS 8

static struct {
	int fd, agent;
	umad_port_t port;
	struct acm_sa_mad *pending; /* one query at a time */
	void (*handler)(struct acm_sa_mad *);
	unsigned sa_queries, cache_hits, answers;
	struct acm_msg answer;
} host;

/* ------------------------------------------------ ibacm's core, ours */

void acm_write(int level, const char *format, ...)
{
	va_list ap;

	if (level > 1)
		return;
	va_start(ap, format);
	vfprintf(stderr, format, ap);
	va_end(ap);
}

struct acm_sa_mad *acm_alloc_sa_mad(const struct acm_endpoint *endpoint,
				    void *context,
				    void (*handler)(struct acm_sa_mad *))
{
	struct acm_sa_mad *mad = calloc(1, sizeof(*mad));

	if (!mad || host.pending) {
		free(mad);
		return NULL;
	}
	mad->context = context;
	host.pending = mad;
	host.handler = handler;
	return mad;
}

void acm_free_sa_mad(struct acm_sa_mad *mad)
{
	if (mad == host.pending)
		host.pending = NULL;
	free(mad);
}

int acm_send_sa_mad(struct acm_sa_mad *mad)
{
	umad_set_addr(&mad->umad, host.port.sm_lid, 1, host.port.sm_sl,
		      SA_QKEY);
	if (umad_send(host.fd, host.agent, &mad->umad, sizeof(mad->sa_mad),
		      1000, 3) < 0) {
		fprintf(stderr, "acm_host: umad_send to SM LID %u: %s\n",
			host.port.sm_lid, strerror(errno));
		return -1;
	}
	host.sa_queries++;
	return 0;
}

static int response(uint64_t id, struct acm_msg *msg)
{
	host.answer = *msg;
	host.answers++;
	return 0;
}

int acm_query_response(uint64_t id, struct acm_msg *msg)
{
	return response(id, msg);
}

int acm_resolve_response(uint64_t id, struct acm_msg *msg)
{
	return response(id, msg);
}

void acm_increment_counter(int type)
{
	if (type == ACM_CNTR_ROUTE_CACHE)
		host.cache_hits++;
}

const char *acm_get_opts_file(void)
{
	const char *f = getenv("ACM_HOST_OPTS");

	return f ? f : "/nonexistent/ibacm_opts.cfg";
}

/* ------------------------------------------------ the SA's answer */

/* Waits for the answer to the pending query and hands it to the
 * provider's handler (ibacm's SA thread). */
static int await_answer(void)
{
	struct {
		struct ib_user_mad umad;
		struct umad_sa_packet sa;
	} in;
	int len;

	while (host.pending) {
		len = sizeof(in.sa);
		if (umad_recv(host.fd, &in.umad, &len, 10000) < 0) {
			fprintf(stderr, "acm_host: no SA answer in 10 s\n");
			return -1;
		}
		if ((in.sa.mad_hdr.tid ^ host.pending->sa_mad.mad_hdr.tid) &
		    htobe64(0xffffffff))
			continue; /* not ours */
		memcpy(&host.pending->umad, &in.umad, sizeof(in.umad) + len);
		host.handler(host.pending);
	}
	return 0;
}

/* ------------------------------------------------ the requests */

static int parse_dest(const char *s, struct ibv_path_record *p)
{
	char *end;
	unsigned long long v;

	memset(p, 0, sizeof(*p));
	p->pkey = htobe16(0xffff);
	p->reversible_numpath = 0x81;
	if (!strncmp(s, "lid:", 4)) {
		v = strtoull(s + 4, &end, 0);
		if (*end || !v || v > 0xbfff)
			return -1;
		p->dlid = htobe16(v);
		p->slid = htobe16(host.port.base_lid);
		return 0;
	}
	if (!strncmp(s, "guid:", 5)) {
		v = strtoull(s + 5, &end, 16);
		if (*end || !v)
			return -1;
		p->dgid.global.subnet_prefix = host.port.gid_prefix;
		p->dgid.global.interface_id = htobe64(v);
		p->sgid.global.subnet_prefix = host.port.gid_prefix;
		p->sgid.global.interface_id = host.port.port_guid;
		return 0;
	}
	return -1;
}

struct counts {
	unsigned requests, flagged, unflagged, failed;
};

/* One request for dest through the provider; prints what happened. */
static int ask(struct acm_provider *prov, void *addr_ctx, unsigned round,
	       const char *dest, struct counts *n)
{
	struct acm_msg m;
	struct acm_ep_addr_data *d = (struct acm_ep_addr_data *)m.data;
	unsigned sa = host.sa_queries, answers = host.answers;
	const uint8_t *rec;

	memset(&m, 0, sizeof(m));
	m.hdr.version = ACM_VERSION;
	m.hdr.opcode = ACM_OP_RESOLVE;
	m.hdr.length = ACM_MSG_HDR_LENGTH + ACM_MSG_EP_LENGTH;
	d->type = ACM_EP_INFO_PATH;
	d->flags = 0x80000000u; /* ACM_FLAGS_QUERY_SA */
	if (parse_dest(dest, &d->info.path)) {
		fprintf(stderr, "acm_host: bad destination \"%s\"\n", dest);
		return -1;
	}
	n->requests++;
	if (prov->query(addr_ctx, &m, n->requests) || await_answer() ||
	    host.answers != answers + 1)
		return -1;
	d = (struct acm_ep_addr_data *)host.answer.data;
	rec = (const uint8_t *)&d->info.path;
	if (host.answer.hdr.status) {
		n->failed++;
		printf("round %u %s: status %u (%s)\n", round, dest,
		       host.answer.hdr.status,
		       host.sa_queries != sa ? "sa" : "no query");
		return 0;
	}
	if (host.sa_queries != sa)
		oc_pathrec_cache_flag(rec) ? n->flagged++ : n->unflagged++;
	printf("round %u %s: %s dlid %u flag %d\n", round, dest,
	       host.sa_queries != sa ? "sa" : "cache", oc_pathrec_dlid(rec),
	       oc_pathrec_cache_flag(rec));
	return 0;
}

/* ------------------------------------------------ main */

struct event_at {
	enum ibv_event_type type;
	unsigned round;
};

static int parse_event(const char *s, struct event_at *e)
{
	static const struct {
		const char *name;
		enum ibv_event_type type;
	} names[] = {{"sm-change", IBV_EVENT_SM_CHANGE},
		     {"lid-change", IBV_EVENT_LID_CHANGE},
		     {"pkey-change", IBV_EVENT_PKEY_CHANGE},
		     {"client-reregister", IBV_EVENT_CLIENT_REREGISTER}};
	const char *at = strchr(s, '@');
	unsigned i;

	if (!at)
		return -1;
	for (i = 0; i < 4; i++)
		if (strlen(names[i].name) == (size_t)(at - s) &&
		    !strncmp(s, names[i].name, at - s)) {
			e->type = names[i].type;
			e->round = strtoul(at + 1, NULL, 10);
			return e->round ? 0 : -1;
		}
	return -1;
}

static int open_sa_port(void)
{
	if (umad_init() < 0 || umad_get_port(NULL, 0, &host.port) < 0) {
		fprintf(stderr, "acm_host: no port (libibumad)\n");
		return -1;
	}
	host.fd = umad_open_port(host.port.ca_name, host.port.portnum);
	host.agent = host.fd < 0
			     ? -1
			     : umad_register(host.fd, UMAD_CLASS_SUBN_ADM,
					     UMAD_SA_CLASS_VERSION, 0, NULL);
	if (host.agent < 0 || !host.port.sm_lid) {
		fprintf(stderr, "acm_host: cannot send SA MADs from %s/%d\n",
			host.port.ca_name, host.port.portnum);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct event_at ev[MAX_EVENTS];
	unsigned nev = 0, rounds = 1, r, i;
	struct counts n = {0};
	struct acm_provider *prov;
	struct acm_device dev = {0};
	struct acm_port port = {.dev = &dev};
	struct acm_endpoint ep = {.port = &port, .pkey = 0xffff};
	struct acm_address addr = {.endpoint = &ep};
	void *dev_ctx, *port_ctx, *ep_ctx, *addr_ctx;
	uint32_t version;
	int a = 1;

	for (; a < argc && !strncmp(argv[a], "--", 2); a += 2) {
		if (a + 1 >= argc)
			break;
		if (!strcmp(argv[a], "--rounds"))
			rounds = strtoul(argv[a + 1], NULL, 10);
		else if (!strcmp(argv[a], "--event") && nev < MAX_EVENTS &&
			 !parse_event(argv[a + 1], &ev[nev]))
			nev++;
		else
			break;
	}
	if (a >= argc || !rounds || argv[a][0] == '-') {
		fprintf(stderr, "usage: acm_host [--rounds N] "
				"[--event NAME@ROUND]... lid:N|guid:0xG...\n");
		return 2;
	}
	if (open_sa_port() || provider_query(&prov, &version))
		return 1;
	dev.dev_guid = host.port.port_guid;
	port.port_num = host.port.portnum;
	if (prov->open_device(&dev, &dev_ctx) ||
	    prov->open_port(&port, dev_ctx, &port_ctx) ||
	    prov->open_endpoint(&ep, port_ctx, &ep_ctx) ||
	    prov->add_address(&addr, ep_ctx, &addr_ctx))
		return 1;
	for (r = 1; r <= rounds; r++) {
		for (i = 0; i < nev; i++)
			if (ev[i].round == r)
				prov->handle_event(port_ctx, ev[i].type);
		for (i = a; i < (unsigned)argc; i++)
			if (ask(prov, addr_ctx, r, argv[i], &n))
				return 1;
	}
	printf("requests=%u sa_queries=%u cache_hits=%u flagged=%u "
	       "unflagged=%u failed=%u\n",
	       n.requests, host.sa_queries, host.cache_hits, n.flagged,
	       n.unflagged, n.failed);
	prov->remove_address(addr_ctx);
	prov->close_endpoint(ep_ctx);
	prov->close_port(port_ctx);
	prov->close_device(dev_ctx);
	umad_close_port(host.fd);
	return 0;
}
