/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pathcache_serve.c - the path-record cache daemon (see
 * pathcache_serve.h).
 *
 * One thread, one poll loop: the listening socket, up to MAX_CLIENTS
 * connections, and the poll period, at which the local port's PortInfo
 * and P_Key table and the SM's SMInfo are read and told to the cache.
 * A miss asks the SA synchronously (one SubnAdmGet, --timeout), so the
 * other clients wait that long at most.
 */
#include <endian.h>
#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/path_check.h"
#include "base/unix_listen.h"
#include "pathcache_serve.h"
#include "sa/pathcache.h"
#include "sa/pathcache_proto.h"
#include "sa_umad.h"
#include "stop_signal.h"

#define WHO "osmcloud pathcache serve"
#define MAX_CLIENTS 32
#define SEND_TIMEOUT_S 2 /* a client that takes no reply for this long goes */

struct pc_client {
	int fd;
	int broken; /* a reply could not be sent: dropped after this read */
	size_t len;
	char buf[OC_PCPROTO_MAX_LINE];
};

struct pc_daemon {
	const struct oc_pcserve_opts *o;
	struct oc_sa_port sa;
	struct oc_pathcache *cache;
	struct oc_sa_port_state st;
	int listen_fd;
	struct pc_client cl[MAX_CLIENTS];
	uint64_t sa_queries, sa_errors, sa_timeouts, polls, poll_errors;
	uint64_t seen_flushes[OC_PC_FLUSH_COUNT];
};

/* Logs the flushes since the last call, with their reasons. */
static void log_flushes(struct pc_daemon *d)
{
	const struct oc_pathcache_stats *s = oc_pathcache_stats(d->cache);
	unsigned w;

	for (w = 0; w < OC_PC_FLUSH_COUNT; w++)
		if (s->flushes[w] != d->seen_flushes[w]) {
			fprintf(stderr,
				WHO ": cache flushed: %s (LID %u LMC %u, SM "
				    "LID %u GUID 0x%016" PRIx64
				    ", %u P_Keys)\n",
				oc_pathcache_flush_why_name(w), d->st.lid,
				d->st.lmc, d->st.sm_lid, d->st.sm_guid,
				d->st.n_pkeys);
			d->seen_flushes[w] = s->flushes[w];
		}
}

/* Reads the port and the SM and tells the cache what it saw. */
static void poll_subnet(struct pc_daemon *d)
{
	d->polls++;
	if (oc_sa_read_state(&d->sa, (int)d->o->timeout_ms, &d->st)) {
		d->poll_errors++;
		return;
	}
	oc_pathcache_note_port(d->cache, d->st.lid, d->st.lmc);
	oc_pathcache_note_sm(d->cache, d->st.sm_lid, d->st.sm_guid);
	oc_pathcache_note_pkeys(d->cache, d->st.pkeys, d->st.n_pkeys);
	log_flushes(d);
}

static void reply(struct pc_client *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void reply(struct pc_client *c, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	size_t off = 0;
	int n;

	if (c->broken)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	while (off < (size_t)n) {
		ssize_t k =
			send(c->fd, line + off, (size_t)n - off, MSG_NOSIGNAL);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			/* gone, or no room for SEND_TIMEOUT_S seconds */
			c->broken = 1;
			return;
		}
		off += (size_t)k;
	}
}

/* The record the SA is asked: the client's, with the local port's GID as
 * source when the client named none (one cache per local port). */
static uint64_t sa_question(const struct pc_daemon *d, const struct oc_pcreq *r,
			    uint8_t q[64])
{
	memcpy(q, r->rec, OC_PATHREC_SIZE);
	if (r->comp_mask & (OC_PR_CM_SGID | OC_PR_CM_SLID))
		return r->comp_mask;
	oc_sa_port_gid(&d->sa, q + 24);
	return r->comp_mask | OC_PR_CM_SGID;
}

/* What an SA MAD status means (IBA 13.4.7 and 15.2.1.2). */
static const char *sa_status_text(uint16_t status)
{
	static const char *const sa_err[] = {"",
					     "no resources",
					     "request invalid",
					     "no such record",
					     "too many records",
					     "invalid GID",
					     "insufficient components"};
	unsigned code = status >> 8 & 0x7f;

	if (code && code < sizeof(sa_err) / sizeof(sa_err[0]))
		return sa_err[code];
	if (status & 0x1c)
		return "method or attribute not supported, or bad value";
	return "SM busy or redirect";
}

/* One SubnAdmGet; when the SM does not answer, the port is read again
 * (a failover moves the SA) and, if the SM LID changed, asked once more.
 * 0 with the answer's status, -1 when no SM answered. */
static int ask_sa(struct pc_daemon *d, uint64_t mask,
		  const uint8_t q[OC_PATHREC_SIZE], uint16_t *status,
		  uint8_t rec[OC_PATHREC_SIZE])
{
	unsigned tries, sm_lid;

	for (tries = 0; tries < 2; tries++) {
		d->sa_queries++;
		sm_lid = d->sa.u.port.sm_lid;
		if (!oc_sa_get_path(&d->sa, mask, q, (int)d->o->timeout_ms,
				    status, rec) &&
		    *status != 0xffff)
			return 0;
		d->sa_timeouts++;
		poll_subnet(d);
		if (d->sa.u.port.sm_lid == sm_lid)
			break;
	}
	return -1;
}

static void serve_query(struct pc_daemon *d, struct pc_client *c,
			const struct oc_pcreq *r)
{
	uint8_t q[OC_PATHREC_SIZE], rec[OC_PATHREC_SIZE];
	char line[OC_PCPROTO_ANSWER_LEN];
	uint16_t status;
	uint64_t mask;

	if (oc_pathcache_lookup(d->cache, r->comp_mask, r->rec, rec)) {
		oc_pcreply_format(line, sizeof(line), rec, "cache");
		reply(c, "%s", line);
		return;
	}
	mask = sa_question(d, r, q);
	if (ask_sa(d, mask, q, &status, rec)) {
		reply(c,
		      "error sa: no answer from the SM (LID %u) within %u ms",
		      d->sa.u.port.sm_lid, d->o->timeout_ms);
		return;
	}
	if (status) {
		d->sa_errors++;
		reply(c, "error sa: MAD status 0x%04x (%s)", status,
		      sa_status_text(status));
		return;
	}
	oc_pathcache_answer(d->cache, r->comp_mask, r->rec, rec);
	log_flushes(d);
	oc_pcreply_format(line, sizeof(line), rec, "sa");
	reply(c, "%s", line);
}

static int show_entry(uint64_t mask, const uint8_t key[OC_PATHREC_SIZE],
		      const uint8_t rec[OC_PATHREC_SIZE], void *arg)
{
	struct pc_client *c = arg;
	char q[OC_PCPROTO_MAX_LINE], a[OC_PCPROTO_ANSWER_LEN];

	oc_pcreq_format_query(q, sizeof(q), mask, key);
	oc_pcreply_format(a, sizeof(a), rec, "cache");
	/* "query k=v ... | ok dlid=..." without the two verbs */
	reply(c, "entry %s | %s", q[5] ? q + 6 : "", a + 3);
	return c->broken; /* stops at a client that takes no more */
}

static void serve_stats(struct pc_daemon *d, struct pc_client *c)
{
	const struct oc_pathcache_stats *s = oc_pathcache_stats(d->cache);

	reply(c,
	      "ok enabled=%d entries=%u capacity=%u hits=%" PRIu64
	      " misses=%" PRIu64 " bypassed=%" PRIu64 " stored=%" PRIu64
	      " unflagged=%" PRIu64 " evictions=%" PRIu64 " sa_queries=%" PRIu64
	      " sa_errors=%" PRIu64 " sa_timeouts=%" PRIu64
	      " flush_flag_down=%" PRIu64 " flush_sm=%" PRIu64
	      " flush_rereg=%" PRIu64 " flush_lid=%" PRIu64
	      " flush_pkey=%" PRIu64 " flush_user=%" PRIu64 " polls=%" PRIu64
	      " poll_errors=%" PRIu64 " guid=0x%016" PRIx64
	      " lid=%u lmc=%u sm_lid=%u"
	      " sm_guid=0x%016" PRIx64 " pkeys=%u",
	      oc_pathcache_enabled(d->cache) ? 1 : 0,
	      oc_pathcache_count(d->cache), oc_pathcache_capacity(d->cache),
	      s->hits, s->misses, s->bypassed, s->stored, s->unflagged,
	      s->evictions, d->sa_queries, d->sa_errors, d->sa_timeouts,
	      s->flushes[OC_PC_FLUSH_FLAG_DOWN], s->flushes[OC_PC_FLUSH_SM],
	      s->flushes[OC_PC_FLUSH_REREG], s->flushes[OC_PC_FLUSH_LID],
	      s->flushes[OC_PC_FLUSH_PKEY], s->flushes[OC_PC_FLUSH_USER],
	      d->polls, d->poll_errors, be64toh(d->sa.u.port.port_guid),
	      d->st.lid, d->st.lmc, d->st.sm_lid, d->st.sm_guid, d->st.n_pkeys);
}

static void serve_line(struct pc_daemon *d, struct pc_client *c,
		       const char *line)
{
	struct oc_pcreq r;
	struct oc_err err;
	unsigned n;

	if (oc_pcreq_parse(line, &r, &err)) {
		reply(c, "error %s", err.msg);
		return;
	}
	switch (r.verb) {
	case OC_PCREQ_QUERY:
		serve_query(d, c, &r);
		break;
	case OC_PCREQ_SHOW:
		oc_pathcache_each(d->cache, show_entry, c);
		reply(c, "ok entries=%u enabled=%d",
		      oc_pathcache_count(d->cache),
		      oc_pathcache_enabled(d->cache) ? 1 : 0);
		break;
	case OC_PCREQ_STATS:
		serve_stats(d, c);
		break;
	case OC_PCREQ_FLUSH:
		n = oc_pathcache_count(d->cache);
		oc_pathcache_flush(d->cache, OC_PC_FLUSH_USER);
		log_flushes(d);
		reply(c, "ok flushed=%u", n);
		break;
	}
}

static void drop_client(struct pc_client *c)
{
	char sink[4096];
	int n = 16;

	/* what the client sent and nobody read would turn the close into a
	 * reset that loses the last reply (an error) on the client's side */
	shutdown(c->fd, SHUT_WR);
	while (n-- && recv(c->fd, sink, sizeof(sink), MSG_DONTWAIT) > 0)
		;
	close(c->fd);
	c->fd = -1;
	c->len = 0;
	c->broken = 0;
}

/* Reads what c sent and serves each complete line. */
static void read_client(struct pc_daemon *d, struct pc_client *c)
{
	ssize_t k = recv(c->fd, c->buf + c->len, sizeof(c->buf) - c->len, 0);
	char *nl;

	if (k < 0 && errno == EINTR)
		return;
	if (k <= 0) {
		drop_client(c);
		return;
	}
	c->len += (size_t)k;
	while (!c->broken && (nl = memchr(c->buf, '\n', c->len))) {
		*nl = 0;
		if (nl > c->buf && nl[-1] == '\r')
			nl[-1] = 0;
		serve_line(d, c, c->buf);
		c->len -= (size_t)(nl + 1 - c->buf);
		memmove(c->buf, nl + 1, c->len);
	}
	if (!c->broken && c->len == sizeof(c->buf)) {
		reply(c, "error request longer than %zu characters",
		      sizeof(c->buf) - 1);
		c->broken = 1;
	}
	if (c->broken)
		drop_client(c);
}

static void accept_client(struct pc_daemon *d)
{
	int fd = accept4(d->listen_fd, NULL, NULL, SOCK_CLOEXEC);
	struct timeval tv = {.tv_sec = SEND_TIMEOUT_S};
	unsigned i;

	if (fd < 0)
		return;
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	for (i = 0; i < MAX_CLIENTS; i++)
		if (d->cl[i].fd < 0) {
			d->cl[i].fd = fd;
			return;
		}
	fprintf(stderr, WHO ": %d clients already, one refused\n", MAX_CLIENTS);
	close(fd);
}

static void loop(struct pc_daemon *d)
{
	long next_poll = (long)oc_now_ms() + d->o->poll_ms;
	struct pollfd pfd[1 + MAX_CLIENTS];
	unsigned i;

	while (!oc_stop_asked()) {
		long wait = next_poll - (long)oc_now_ms();

		pfd[0].fd = d->listen_fd, pfd[0].events = POLLIN;
		for (i = 0; i < MAX_CLIENTS; i++)
			pfd[1 + i].fd = d->cl[i].fd, pfd[1 + i].events = POLLIN;
		if (poll(pfd, 1 + MAX_CLIENTS, wait > 0 ? (int)wait : 0) < 0) {
			if (errno != EINTR)
				break;
			continue; /* revents are not set: read nothing */
		}
		if ((long)oc_now_ms() >= next_poll) {
			poll_subnet(d);
			next_poll = (long)oc_now_ms() + d->o->poll_ms;
		}
		for (i = 0; i < MAX_CLIENTS; i++)
			if (d->cl[i].fd >= 0 && pfd[1 + i].revents)
				read_client(d, &d->cl[i]);
		if (pfd[0].revents & POLLIN)
			accept_client(d);
	}
}

/* The socket first (its folder, path and group checked and taken), then
 * the port: nothing is sent to the fabric before the options held. */
static int open_socket(struct pc_daemon *d)
{
	struct oc_err err;

	if (oc_path_check_socket("--socket", d->o->socket, &err))
		goto fail;
	d->listen_fd =
		oc_unix_listen("--socket", d->o->socket, MAX_CLIENTS, &err);
	if (d->listen_fd < 0)
		goto fail;
	if (d->o->group &&
	    oc_unix_give_group("--group", d->o->socket, d->o->group, &err))
		goto fail;
	return 0;
fail:
	fprintf(stderr, WHO ": %s\n", err.msg);
	return -1;
}

static int start(struct pc_daemon *d)
{
	unsigned i;

	for (i = 0; i < MAX_CLIENTS; i++)
		d->cl[i].fd = -1;
	d->cache = oc_pathcache_new(d->o->capacity);
	if (!d->cache) {
		fprintf(stderr, WHO ": out of memory\n");
		return -1;
	}
	if (open_socket(d) || oc_sa_open(&d->sa, d->o->ca, d->o->port, WHO) ||
	    oc_sa_read_state(&d->sa, (int)d->o->timeout_ms, &d->st))
		return -1;
	poll_subnet(d);
	fprintf(stderr,
		WHO ": serving %s for %s/%d (LID %u, SM LID %u), capacity "
		    "%u, polling every %u ms\n",
		d->o->socket, d->sa.u.port.ca_name, d->sa.u.port.portnum,
		d->st.lid, d->st.sm_lid, d->o->capacity, d->o->poll_ms);
	return 0;
}

int oc_pcserve_run(const struct oc_pcserve_opts *o)
{
	struct pc_daemon d = {.o = o, .listen_fd = -1, .sa.u.fd = -1};
	unsigned i;
	int rc = 0;

	oc_stop_on_signals();
	signal(SIGPIPE, SIG_IGN);
	if (start(&d))
		rc = 1;
	else
		loop(&d);
	for (i = 0; i < MAX_CLIENTS; i++)
		if (d.cl[i].fd >= 0)
			drop_client(&d.cl[i]);
	if (d.listen_fd >= 0) {
		close(d.listen_fd);
		unlink(o->socket);
		fprintf(stderr, WHO ": %s, %s removed\n",
			rc ? "not started" : "stopped", o->socket);
	}
	if (d.sa.u.fd >= 0)
		oc_sa_close(&d.sa);
	oc_pathcache_free(d.cache);
	return rc;
}
