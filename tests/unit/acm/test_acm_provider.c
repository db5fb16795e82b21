/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_acm_provider.c - the osmcloud ibacm provider (src/acm), driven
 * through provider_query()'s operations as ibacm drives it, against fake
 * ibacm core functions (acm_alloc_sa_mad, acm_send_sa_mad,
 * acm_query_response, ... of acm_prov.h) defined here: a flagged answer
 * is cached and then served without an SA query, an unflagged one is
 * not, each port event drops the cache, answers to queries sent before a
 * drop or from another SM, the bound, path resolves, declined address
 * resolves, SA time-outs and send failures.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <infiniband/acm_prov.h>

#include "acm/path_request.h"
#include "sa/pathrec.h"

/* ------------------------------------------------ the fake ibacm core */

#define MAX_PENDING 16

static struct fake {
	struct acm_sa_mad *pending[MAX_PENDING];
	void (*handler[MAX_PENDING])(struct acm_sa_mad *);
	unsigned npending, sent, allocated, freed;
	int send_rc;
	unsigned queries, resolves, core_counters[ACM_MAX_COUNTER];
	struct acm_msg last; /* the last response, either kind */
	uint64_t last_id;
	char log[512];
} fk;

void acm_write(int level, const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	vsnprintf(fk.log, sizeof(fk.log), format, ap);
	va_end(ap);
}

struct acm_sa_mad *acm_alloc_sa_mad(const struct acm_endpoint *endpoint,
				    void *context,
				    void (*handler)(struct acm_sa_mad *))
{
	struct acm_sa_mad *mad;

	assert_non_null(endpoint);
	assert_true(fk.npending < MAX_PENDING);
	mad = aligned_alloc(8, sizeof(*mad) + 8 - sizeof(*mad) % 8);
	assert_non_null(mad);
	memset(mad, 0, sizeof(*mad));
	mad->context = context;
	fk.handler[fk.npending] = handler;
	fk.pending[fk.npending++] = mad;
	fk.allocated++;
	return mad;
}

void acm_free_sa_mad(struct acm_sa_mad *mad)
{
	unsigned i;

	for (i = 0; i < fk.npending; i++)
		if (fk.pending[i] == mad)
			break;
	assert_true(i < fk.npending);
	memmove(&fk.pending[i], &fk.pending[i + 1],
		(fk.npending - i - 1) * sizeof(fk.pending[0]));
	memmove(&fk.handler[i], &fk.handler[i + 1],
		(fk.npending - i - 1) * sizeof(fk.handler[0]));
	fk.npending--;
	fk.freed++;
	free(mad);
}

int acm_send_sa_mad(struct acm_sa_mad *mad)
{
	if (!fk.send_rc)
		fk.sent++;
	return fk.send_rc;
}

int acm_query_response(uint64_t id, struct acm_msg *msg)
{
	fk.queries++;
	fk.last = *msg;
	fk.last_id = id;
	return 0;
}

int acm_resolve_response(uint64_t id, struct acm_msg *msg)
{
	fk.resolves++;
	fk.last = *msg;
	fk.last_id = id;
	return 0;
}

void acm_increment_counter(int type)
{
	fk.core_counters[type]++;
}

/* ibacm's option file: none unless a test writes one */
static char opts_path[64] = "/nonexistent/ibacm_opts.cfg";

const char *acm_get_opts_file(void)
{
	return opts_path;
}

/* writes text as ibacm's option file */
static void write_opts(const char *text)
{
	int fd;

	strcpy(opts_path, "/tmp/oc-acm-opts.XXXXXX");
	fd = mkstemp(opts_path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (int)strlen(text));
	close(fd);
}

static void remove_opts(void)
{
	unlink(opts_path);
	strcpy(opts_path, "/nonexistent/ibacm_opts.cfg");
}

/* ------------------------------------------------ a port as ibacm opens it */

static struct acm_device dev = {.dev_guid = 0x0200c90300001234ULL};
static struct acm_port port = {.dev = &dev, .port_num = 1};
static struct acm_endpoint endpoint = {.port = &port, .pkey = 0xffff};
static struct acm_address address = {.endpoint = &endpoint};

static struct acm_provider *prov;
static void *dev_ctx, *port_ctx, *ep_ctx, *addr_ctx;

static int open_all(void **state)
{
	uint32_t version;

	memset(&fk, 0, sizeof(fk));
	assert_int_equal(provider_query(&prov, &version), 0);
	assert_int_equal(prov->open_device(&dev, &dev_ctx), 0);
	assert_int_equal(prov->open_port(&port, dev_ctx, &port_ctx), 0);
	assert_int_equal(prov->open_endpoint(&endpoint, port_ctx, &ep_ctx), 0);
	assert_int_equal(prov->add_address(&address, ep_ctx, &addr_ctx), 0);
	return 0;
}

static void close_all(void)
{
	prov->remove_address(addr_ctx);
	prov->close_endpoint(ep_ctx);
	prov->close_port(port_ctx);
	prov->close_device(dev_ctx);
}

/* every SA MAD the provider took is given back */
static int close_all_check(void **state)
{
	close_all();
	assert_int_equal(fk.npending, 0);
	assert_int_equal(fk.allocated, fk.freed);
	return 0;
}

/* ------------------------------------------------ requests and answers */

/* the message's first endpoint data (acm.h's resolve_data[0]) */
static struct acm_ep_addr_data *ep0(struct acm_msg *m)
{
	return (struct acm_ep_addr_data *)m->data;
}

enum how { QUERY, RESOLVE };

/* ACM_FLAGS_QUERY_SA; acm.h's (1<<31) overflows int (UBSan) */
#define QUERY_SA 0x80000000u

/* what rdma_cm asks: SGID, DGID ...dst, P_Key, one reversible path */
static struct ibv_path_record path_to(uint8_t dst)
{
	struct ibv_path_record p;

	memset(&p, 0, sizeof(p));
	p.sgid.raw[0] = 0xfe, p.sgid.raw[1] = 0x80, p.sgid.raw[15] = 1;
	p.dgid.raw[0] = 0xfe, p.dgid.raw[1] = 0x80, p.dgid.raw[15] = dst;
	p.pkey = htobe16(0xffff);
	p.reversible_numpath = 0x81;
	return p;
}

/* the SA's record for dst: DLID dst, flag up or down */
static struct ibv_path_record record_of(uint8_t dst, int flag)
{
	struct ibv_path_record r = path_to(dst);

	r.dlid = htobe16(dst);
	r.slid = htobe16(1);
	oc_pathrec_set_cache_flag((uint8_t *)&r, flag);
	return r;
}

static struct acm_msg request(uint8_t dst, enum how how)
{
	struct acm_msg m;

	memset(&m, 0, sizeof(m));
	m.hdr.version = ACM_VERSION;
	m.hdr.opcode = ACM_OP_RESOLVE;
	m.hdr.length = ACM_MSG_HDR_LENGTH + ACM_MSG_EP_LENGTH;
	ep0(&m)->type = ACM_EP_INFO_PATH;
	ep0(&m)->flags = how == QUERY ? QUERY_SA : 0;
	ep0(&m)->info.path = path_to(dst);
	return m;
}

static unsigned next_id = 100;

/* the client asks for dst; returns the id */
static uint64_t ask(uint8_t dst, enum how how)
{
	struct acm_msg m = request(dst, how);
	uint64_t id = next_id++;

	if (how == QUERY)
		assert_int_equal(prov->query(addr_ctx, &m, id), 0);
	else
		assert_int_equal(prov->resolve(addr_ctx, &m, id), 0);
	return id;
}

/* the SA at sa_lid answers the oldest pending query */
static void sa_answers(struct ibv_path_record rec, uint16_t sa_lid,
		       uint32_t umad_status)
{
	struct acm_sa_mad *mad = fk.pending[0];

	assert_true(fk.npending > 0);
	mad->umad.status = umad_status;
	mad->umad.addr.lid = htobe16(sa_lid);
	mad->sa_mad.mad_hdr.method = UMAD_METHOD_GET_RESP;
	memcpy(mad->sa_mad.data, &rec, sizeof(rec));
	fk.handler[0](mad);
}

/* the last response carries a record for dst, status success */
static void answered_with(uint8_t dst, uint64_t id)
{
	assert_int_equal(fk.last_id, id);
	assert_int_equal(fk.last.hdr.status, ACM_STATUS_SUCCESS);
	assert_true(fk.last.hdr.opcode & ACM_OP_ACK);
	assert_int_equal(be16toh(ep0(&fk.last)->info.path.dlid), dst);
}

/* asks for dst (a query) and returns true when it was served from the
 * cache, without an SA query */
static int served_from_cache(uint8_t dst)
{
	unsigned sent = fk.sent;
	uint64_t id = ask(dst, QUERY);

	if (fk.sent != sent) {
		sa_answers(record_of(dst, 1), 1, 0);
		return 0;
	}
	answered_with(dst, id);
	return 1;
}

/* dst is cached: asked once, flagged answer */
static void warm(uint8_t dst)
{
	uint64_t id = ask(dst, QUERY);

	sa_answers(record_of(dst, 1), 1, 0);
	answered_with(dst, id);
}

static uint64_t perf(int which)
{
	uint64_t v[ACM_MAX_COUNTER];
	uint8_t n = 0;

	prov->query_perf(ep_ctx, v, &n);
	assert_int_equal(n, ACM_MAX_COUNTER);
	return be64toh(v[which]);
}

/* ------------------------------------------------ tests */

static void provider_identity(void **state)
{
	uint32_t version;

	assert_int_equal(provider_query(&prov, &version), 0);
	assert_int_equal(version, ACM_PROV_VERSION);
	assert_int_equal(prov->version, ACM_PROV_VERSION);
	assert_int_equal(prov->size, sizeof(struct acm_provider));
	assert_string_equal(prov->name, "osmcloud");
	assert_non_null(
		prov->open_device && prov->close_device && prov->open_port &&
				prov->close_port && prov->open_endpoint &&
				prov->close_endpoint && prov->add_address &&
				prov->remove_address && prov->resolve &&
				prov->query && prov->handle_event &&
				prov->query_perf
			? prov
			: NULL);
}

static void miss_sends_one_subnadmget(void **state)
{
	struct ibv_path_record want = path_to(5);
	struct umad_sa_packet *p;

	ask(5, QUERY);
	assert_int_equal(fk.sent, 1);
	assert_int_equal(fk.queries, 0); /* the answer comes with the SA's */
	p = &fk.pending[0]->sa_mad;
	assert_int_equal(p->mad_hdr.base_version, 1);
	assert_int_equal(p->mad_hdr.mgmt_class, UMAD_CLASS_SUBN_ADM);
	assert_int_equal(p->mad_hdr.class_version, 2);
	assert_int_equal(p->mad_hdr.method, UMAD_METHOD_GET);
	assert_int_equal(be16toh(p->mad_hdr.attr_id), UMAD_SA_ATTR_PATH_REC);
	assert_true(be64toh(p->mad_hdr.tid) != 0 &&
		    be64toh(p->mad_hdr.tid) <= UINT32_MAX);
	assert_int_equal(be64toh(p->comp_mask), OC_PR_CM_DGID | OC_PR_CM_SGID |
							OC_PR_CM_PKEY |
							OC_PR_CM_REVERSIBLE);
	assert_memory_equal(p->data, &want, sizeof(want));
	sa_answers(record_of(5, 1), 1, 0);
}

static void flagged_answer_cached_then_served(void **state)
{
	uint64_t id = ask(5, QUERY);

	sa_answers(record_of(5, 1), 1, 0);
	assert_int_equal(fk.queries, 1);
	answered_with(5, id);
	assert_true(oc_pathrec_cache_flag(
		(const uint8_t *)&ep0(&fk.last)->info.path));
	assert_true(served_from_cache(5));
	assert_true(served_from_cache(5));
	assert_int_equal(fk.sent, 1);
	assert_int_equal(fk.queries, 3);
	assert_int_equal(perf(ACM_CNTR_ROUTE_QUERY), 1);
	assert_int_equal(perf(ACM_CNTR_ROUTE_CACHE), 2);
	assert_int_equal(fk.core_counters[ACM_CNTR_ROUTE_CACHE], 2);
	/* another destination is another question */
	assert_false(served_from_cache(6));
	assert_int_equal(fk.sent, 2);
}

static void unflagged_answer_not_cached(void **state)
{
	uint64_t id = ask(5, QUERY);

	sa_answers(record_of(5, 0), 1, 0);
	answered_with(5, id); /* the client still gets its path */
	assert_false(served_from_cache(5));
	assert_int_equal(fk.sent, 2);
	/* an unflagged answer turns a warm cache off */
	assert_true(served_from_cache(5));
	ask(6, QUERY);
	sa_answers(record_of(6, 0), 1, 0);
	assert_false(served_from_cache(5));
}

static void each_event_drops_the_cache(void **state)
{
	static const enum ibv_event_type drops[] = {
		IBV_EVENT_SM_CHANGE, IBV_EVENT_LID_CHANGE,
		IBV_EVENT_PKEY_CHANGE, IBV_EVENT_CLIENT_REREGISTER};
	static const char *const why[] = {"sm-change", "lid-change",
					  "pkey-change", "client-reregister"};
	unsigned i;

	warm(5);
	for (i = 0; i < 4; i++) {
		assert_true(served_from_cache(5));
		assert_int_equal(prov->handle_event(port_ctx, drops[i]), 0);
		assert_non_null(strstr(fk.log, why[i]));
		/* asked again, and cached again from the flagged answer */
		assert_false(served_from_cache(5));
	}
	/* an event that leaves paths valid keeps them */
	assert_int_equal(prov->handle_event(port_ctx, IBV_EVENT_PORT_ACTIVE),
			 0);
	assert_true(served_from_cache(5));
}

static void answer_to_query_before_drop_not_cached(void **state)
{
	uint64_t id = ask(5, QUERY);

	prov->handle_event(port_ctx, IBV_EVENT_CLIENT_REREGISTER);
	sa_answers(record_of(5, 1), 1, 0);
	answered_with(5, id);
	assert_false(served_from_cache(5));
	assert_true(served_from_cache(5));
}

static void answer_from_another_sm_drops_the_cache(void **state)
{
	uint64_t id;

	warm(5);
	id = ask(6, QUERY);
	sa_answers(record_of(6, 1), 2, 0); /* the SA now answers from LID 2 */
	answered_with(6, id);
	assert_non_null(strstr(fk.log, "another SM"));
	assert_true(served_from_cache(6)); /* the new SM's answer is kept */
	assert_false(served_from_cache(5));
}

/* osmcloud_pathcache_capacity in ibacm_opts.cfg bounds each port's cache;
 * the least recently used record goes first */
static void capacity_bounds_the_cache(void **state)
{
	unsigned sent;

	close_all();
	write_opts("# ibacm_opts.cfg\nlog_level 1\nprovider osmcloud default\n"
		   "osmcloud_pathcache_capacity 2\nroute_prot sa\n");
	open_all(state);
	remove_opts();
	warm(1);
	warm(2);
	warm(3); /* 1, the least recently used, is evicted */
	sent = fk.sent;
	assert_true(served_from_cache(3));
	assert_true(served_from_cache(2));
	assert_int_equal(fk.sent, sent);
	assert_false(served_from_cache(1)); /* now 3 goes */
	assert_true(served_from_cache(2));
	assert_false(served_from_cache(3));
}

/* a bad osmcloud_ line leaves the port unserved, logged with file:line */
static void bad_option_refuses_the_port(void **state)
{
	static const char *const bad[] = {
		"osmcloud_pathcache_capacity 0\n",
		"log_level 1\nosmcloud_pathcache_capacity\n",
		"osmcloud_pathcache_capacity 12x\n",
		"# comment\nosmcloud_pathcache_size 10\n"};
	static const unsigned line[] = {1, 2, 1, 2};
	char where[96];
	void *ctx = NULL;
	unsigned i;

	for (i = 0; i < 4; i++) {
		write_opts(bad[i]);
		snprintf(where, sizeof(where), "%s:%u: ", opts_path, line[i]);
		assert_int_equal(prov->open_port(&port, dev_ctx, &ctx), -1);
		assert_non_null(strstr(fk.log, where));
		assert_non_null(strstr(fk.log, "port 1 not served"));
		remove_opts();
	}
}

static void path_resolve_answered_as_resolve(void **state)
{
	unsigned sent;
	uint64_t id = ask(7, RESOLVE);

	sa_answers(record_of(7, 1), 1, 0);
	assert_int_equal(fk.resolves, 1);
	assert_int_equal(fk.queries, 0);
	answered_with(7, id);
	assert_int_equal(fk.last.hdr.length,
			 ACM_MSG_HDR_LENGTH + ACM_MSG_EP_LENGTH);
	assert_int_equal(ep0(&fk.last)->type, ACM_EP_INFO_PATH);
	assert_true(ep0(&fk.last)->flags & IBV_PATH_FLAG_PRIMARY);
	sent = fk.sent;
	id = ask(7, RESOLVE);
	assert_int_equal(fk.sent, sent);
	assert_int_equal(fk.resolves, 2);
	answered_with(7, id);
	assert_int_equal(perf(ACM_CNTR_RESOLVE), 2);
}

static void address_resolve_declined(void **state)
{
	struct acm_msg m = request(0, RESOLVE);

	ep0(&m)->type = ACM_EP_INFO_ADDRESS_IP;
	assert_int_equal(prov->resolve(addr_ctx, &m, 42), 0);
	assert_int_equal(fk.sent, 0);
	assert_int_equal(fk.resolves, 1);
	assert_int_equal(fk.last_id, 42);
	assert_int_equal(fk.last.hdr.status, ACM_STATUS_EDESTTYPE);
	assert_int_equal(fk.last.hdr.length, ACM_MSG_HDR_LENGTH);
}

static void sa_timeout_reported_not_cached(void **state)
{
	uint64_t id = ask(5, QUERY);

	sa_answers(record_of(5, 1), 1, 110 /* ETIMEDOUT */);
	assert_int_equal(fk.last_id, id);
	assert_int_equal(fk.last.hdr.status, ACM_STATUS_ETIMEDOUT);
	assert_false(served_from_cache(5));
	assert_int_equal(perf(ACM_CNTR_ERROR), 1);
}

static void sa_error_reported_not_cached(void **state)
{
	uint64_t id = ask(5, RESOLVE);

	fk.pending[0]->sa_mad.mad_hdr.status = htobe16(3 << 8); /* no recs */
	sa_answers(record_of(5, 1), 1, 0);
	assert_int_equal(fk.last_id, id);
	assert_int_equal(fk.last.hdr.status, ACM_STATUS_ENODATA);
	assert_false(served_from_cache(5));
}

static void send_failure_answers_at_once(void **state)
{
	uint64_t id;

	fk.send_rc = -1;
	id = ask(5, QUERY);
	assert_int_equal(fk.queries, 1);
	assert_int_equal(fk.last_id, id);
	assert_int_equal(fk.last.hdr.status, ACM_STATUS_ENODATA);
	assert_int_equal(fk.npending, 0);
	fk.send_rc = 0;
}

/* ACM_FLAGS_NODELAY: a miss is answered ENODATA at once, and the SA's
 * answer fills the cache for the next request */
static void nodelay_miss_answered_at_once(void **state)
{
	struct acm_msg m = request(5, RESOLVE);

	ep0(&m)->flags |= ACM_FLAGS_NODELAY;
	assert_int_equal(prov->resolve(addr_ctx, &m, 9), 0);
	assert_int_equal(fk.sent, 1);
	assert_int_equal(fk.resolves, 1);
	assert_int_equal(fk.last_id, 9);
	assert_int_equal(fk.last.hdr.status, ACM_STATUS_ENODATA);
	sa_answers(record_of(5, 1), 1, 0);
	assert_int_equal(fk.resolves, 1); /* no second answer */
	assert_true(served_from_cache(5));
}

/* ibacm closes the port while a query is in flight: its answer still
 * reaches the client and touches no freed memory (ASan: sanitize.sh) */
static void answer_after_close(void **state)
{
	uint64_t id = ask(5, QUERY);

	close_all();
	sa_answers(record_of(5, 1), 1, 0);
	answered_with(5, id);
	assert_int_equal(fk.allocated, fk.freed);
	open_all(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(provider_identity),
#define T(f) cmocka_unit_test_setup_teardown(f, open_all, close_all_check)
		T(miss_sends_one_subnadmget),
		T(flagged_answer_cached_then_served),
		T(unflagged_answer_not_cached),
		T(each_event_drops_the_cache),
		T(answer_to_query_before_drop_not_cached),
		T(answer_from_another_sm_drops_the_cache),
		T(capacity_bounds_the_cache),
		T(bad_option_refuses_the_port),
		T(path_resolve_answered_as_resolve),
		T(address_resolve_declined),
		T(sa_timeout_reported_not_cached),
		T(sa_error_reported_not_cached),
		T(send_failure_answers_at_once),
		T(nodelay_miss_answered_at_once),
		T(answer_after_close),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
