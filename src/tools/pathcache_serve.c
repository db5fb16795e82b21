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
 *
 * Clients never block the daemon: their sockets are non-blocking, the
 * replies of a request wait in the client's own buffer (OUT_MAX bytes at
 * most) and its next line is served once they are taken.  A client that
 * does not take them within WRITE_S, does not end a line within LINE_S,
 * sends no request within FIRST_S of connecting or none for IDLE_S, is
 * closed.  A silent client costs only its slot: a new connection that
 * finds no free slot, or a user's beyond MAX_PER_UID (root: no limit),
 * takes the place of the connection idle longest (of that user) without
 * a request in progress; only when each is busy is it refused.
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
#include <unistd.h>

#include "base/clip.h"
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
#define MAX_PER_UID 16	   /* of them, one user's (root: no limit) */
#define WRITE_S 2	   /* replies not taken for this long: closed */
#define LINE_S 10	   /* a started line must end within */
#define FIRST_S 10	   /* no request yet after that long: closed */
#define IDLE_S 120	   /* no request for that long: closed */
#define OUT_MAX (1u << 20) /* a client's replies not yet taken */
#define STR_(x) #x
#define STR(x) STR_(x)
#define EVICT_OWN "idle longest of its user's " STR(MAX_PER_UID)
#define EVICT_ANY "idle longest of " STR(MAX_CLIENTS) " when one more came"

struct pc_client {
	int fd;		      /* -1: free slot */
	uid_t uid;	      /* SO_PEERCRED */
	int closing;	      /* close once the replies are taken */
	int eof;	      /* the client sends no more */
	int full;	      /* a reply did not fit OUT_MAX */
	unsigned long served; /* requests answered */
	double last_ms;	      /* connected, or last replies taken */
	double line_ms;	      /* first byte of an unfinished line (0: none) */
	double write_ms;      /* replies wait since (0: none) */
	char *out;	      /* replies not yet taken */
	size_t out_len, out_off;
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

/* Appends one line to c's replies; a line that does not fit OUT_MAX is
 * left out and c->full set. */
static void reply(struct pc_client *c, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	size_t n;
	char *grown;

	va_start(ap, fmt);
	n = oc_vformat_clipped(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	line[n++] = '\n';
	if (c->full || c->out_len + n > OUT_MAX) {
		c->full = 1;
		return;
	}
	grown = realloc(c->out, c->out_len + n);
	if (!grown) {
		c->full = 1;
		return;
	}
	c->out = grown;
	memcpy(c->out + c->out_len, line, n);
	c->out_len += n;
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
	/* "query k=v ... | ok dlid=..." without the two verbs; room is
	 * left for the last line */
	if (c->out_len + strlen(q) + strlen(a) + 2 * OC_PCPROTO_ANSWER_LEN >
	    OUT_MAX)
		return 1;
	reply(c, "entry %s | %s", q[5] ? q + 6 : "", a + 3);
	return 0;
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
		if (oc_pathcache_each(d->cache, show_entry, c))
			reply(c,
			      "error show: the listing is longer than a reply "
			      "(%u bytes): %u entries",
			      OUT_MAX, oc_pathcache_count(d->cache));
		else
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

static void drop_client(struct pc_client *c, const char *why)
{
	char sink[4096];
	int n = 16;

	if (why)
		fprintf(stderr, WHO ": a client (uid %u) closed: %s\n",
			(unsigned)c->uid, why);
	/* what the client sent and nobody read would turn the close into a
	 * reset that loses the last reply (an error) on the client's side */
	shutdown(c->fd, SHUT_WR);
	while (n-- && recv(c->fd, sink, sizeof(sink), MSG_DONTWAIT) > 0)
		;
	close(c->fd);
	free(c->out);
	memset(c, 0, sizeof(*c));
	c->fd = -1;
}

/* Sends what the socket takes now; -1 when the client is gone. */
static int flush_client(struct pc_client *c)
{
	while (c->out_off < c->out_len) {
		ssize_t k = send(c->fd, c->out + c->out_off,
				 c->out_len - c->out_off,
				 MSG_NOSIGNAL | MSG_DONTWAIT);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (k <= 0)
			return -1;
		c->out_off += (size_t)k;
	}
	free(c->out);
	c->out = NULL;
	c->out_len = c->out_off = 0;
	if (c->write_ms)
		c->last_ms = oc_now_ms();
	c->write_ms = 0;
	return 0;
}

/* Serves the next complete line, if any: 1 when one was served. */
static int next_line(struct pc_daemon *d, struct pc_client *c)
{
	char *nl = memchr(c->buf, '\n', c->len);

	if (!nl) {
		if (c->len == sizeof(c->buf)) {
			reply(c, "error request longer than %zu characters",
			      sizeof(c->buf) - 1);
			c->closing = 1;
			c->write_ms = oc_now_ms();
		}
		return 0;
	}
	*nl = 0;
	if (nl > c->buf && nl[-1] == '\r')
		nl[-1] = 0;
	c->full = 0;
	serve_line(d, c, c->buf);
	c->closing = c->full; /* out of memory: no half answer */
	c->served++;
	c->write_ms = oc_now_ms();
	c->len -= (size_t)(nl + 1 - c->buf);
	memmove(c->buf, nl + 1, c->len);
	c->line_ms = c->len ? c->write_ms : 0;
	return 1;
}

/* Replies out first, then the next line: one request's replies wait at
 * most (a client that does not read stops being read). */
static void serve_client(struct pc_daemon *d, struct pc_client *c)
{
	for (;;) {
		if (flush_client(c)) {
			drop_client(c, "it went away");
			return;
		}
		if (c->out)
			return;
		if (c->closing || (c->eof && !memchr(c->buf, '\n', c->len))) {
			drop_client(c, NULL);
			return;
		}
		if (!next_line(d, c) && !c->out)
			return;
	}
}

static void read_client(struct pc_client *c)
{
	ssize_t k = recv(c->fd, c->buf + c->len, sizeof(c->buf) - c->len,
			 MSG_DONTWAIT);

	if (k < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (k <= 0) {
		c->eof = 1;
		return;
	}
	if (!c->len)
		c->line_ms = oc_now_ms();
	c->len += (size_t)k;
}

/* When the client must close, why. */
static const char *expired(const struct pc_client *c, double now)
{
	if (c->write_ms && now - c->write_ms > WRITE_S * 1e3)
		return "its replies were not taken within " STR(WRITE_S) " s";
	if (c->line_ms && now - c->line_ms > LINE_S * 1e3)
		return "a request line did not end within " STR(LINE_S) " s";
	if (c->write_ms || c->line_ms)
		return NULL;
	if (!c->served && now - c->last_ms > FIRST_S * 1e3)
		return "no request within " STR(FIRST_S) " s";
	if (now - c->last_ms > IDLE_S * 1e3)
		return "no request for " STR(IDLE_S) " s";
	return NULL;
}

/* A request in progress: a line begun, replies to take, or bytes not
 * read yet. */
static int client_busy(const struct pc_client *c)
{
	char byte;

	return c->len || c->out ||
	       recv(c->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
}

/* The slot of a new client of uid: a free one, else the place of the
 * client idle longest without a request in progress (the user's own
 * when it is at its limit); NULL when each is busy. */
static struct pc_client *slot_for(struct pc_daemon *d, uid_t uid)
{
	struct pc_client *best = NULL;
	unsigned i, mine = 0;
	int at_limit;

	for (i = 0; i < MAX_CLIENTS; i++)
		mine += d->cl[i].fd >= 0 && d->cl[i].uid == uid;
	at_limit = uid != 0 && mine >= MAX_PER_UID;
	for (i = 0; !at_limit && i < MAX_CLIENTS; i++)
		if (d->cl[i].fd < 0)
			return &d->cl[i];
	for (i = 0; i < MAX_CLIENTS; i++) {
		struct pc_client *c = &d->cl[i];

		if ((at_limit && c->uid != uid) || client_busy(c))
			continue;
		if (!best || c->last_ms < best->last_ms)
			best = c;
	}
	if (best)
		drop_client(best, at_limit ? EVICT_OWN : EVICT_ANY);
	return best;
}

static void accept_client(struct pc_daemon *d)
{
	int fd =
		accept4(d->listen_fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
	struct ucred cred = {0, (uid_t)-1, (gid_t)-1};
	socklen_t len = sizeof(cred);
	struct pc_client *c;

	if (fd < 0)
		return;
	getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len);
	c = slot_for(d, cred.uid);
	if (!c) {
		fprintf(stderr,
			WHO ": a client (uid %u) refused: the others are "
			    "busy\n",
			(unsigned)cred.uid);
		close(fd);
		return;
	}
	c->fd = fd;
	c->uid = cred.uid;
	c->last_ms = oc_now_ms();
}

static void loop(struct pc_daemon *d)
{
	long next_poll = (long)oc_now_ms() + d->o->poll_ms;
	struct pollfd pfd[1 + MAX_CLIENTS];
	unsigned i;

	while (!oc_stop_asked()) {
		long wait = next_poll - (long)oc_now_ms();

		pfd[0].fd = d->listen_fd, pfd[0].events = POLLIN;
		for (i = 0; i < MAX_CLIENTS; i++) {
			const struct pc_client *c = &d->cl[i];

			pfd[1 + i].fd = c->fd;
			pfd[1 + i].events = c->out   ? POLLOUT
					    : c->eof ? 0
						     : POLLIN;
		}
		if (wait > 1000)
			wait = 1000; /* the clients' deadlines */
		if (poll(pfd, 1 + MAX_CLIENTS, wait > 0 ? (int)wait : 0) < 0) {
			if (errno != EINTR)
				break;
			continue; /* revents are not set: read nothing */
		}
		if ((long)oc_now_ms() >= next_poll) {
			poll_subnet(d);
			next_poll = (long)oc_now_ms() + d->o->poll_ms;
		}
		for (i = 0; i < MAX_CLIENTS; i++) {
			struct pc_client *c = &d->cl[i];
			const char *why;

			if (c->fd >= 0 && pfd[1 + i].fd >= 0 &&
			    pfd[1 + i].revents) {
				if (!c->out &&
				    pfd[1 + i].revents &
					    (POLLIN | POLLHUP | POLLERR))
					read_client(c);
				serve_client(d, c);
			}
			if (c->fd >= 0 && (why = expired(c, oc_now_ms())))
				drop_client(c, why);
		}
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
			drop_client(&d.cl[i], NULL);
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
