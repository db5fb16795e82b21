/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ctl.c - the plugin's control socket (see ctl.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/unix_listen.h"
#include "vmops/ctl.h"
#include "plugin.h"

#define OC_STR_(x) #x
#define OC_STR(x) OC_STR_(x)

/* ---- the listening socket -------------------------------------------- */

static int open_listener(const char *path, const char *group,
			 struct oc_err *err)
{
	int fd = oc_unix_listen("ctl", path, OC_CTL_MAX_CLIENTS, err);

	if (fd >= 0 && group &&
	    oc_unix_give_group("ctl_group", path, group, err)) {
		close(fd);
		unlink(path);
		return -1;
	}
	return fd;
}

/* ---- one connection -------------------------------------------------- */

static void conn_close(struct oc_osm_ctl *c, struct oc_ctl_conn *k,
		       const char *why)
{
	if (why)
		oc_osm_info(&c->plugin->log,
			    "osmcloud: ctl #%lu (uid %u pid %d) closed: %s",
			    k->peer.conn, (unsigned)k->peer.uid,
			    (int)k->peer.pid, why);
	close(k->fd);
	free(k->out);
	memset(k, 0, sizeof(*k));
	k->fd = -1;
}

/* Sends what the socket takes now; -1 when the client is gone. */
static int conn_flush(struct oc_ctl_conn *k, double now)
{
	while (k->out_off < k->out_len) {
		ssize_t n = send(k->fd, k->out + k->out_off,
				 k->out_len - k->out_off,
				 MSG_NOSIGNAL | MSG_DONTWAIT);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n <= 0)
			return -1;
		k->out_off += n;
	}
	free(k->out);
	k->out = NULL;
	k->out_len = k->out_off = 0;
	k->write_ms = 0;
	k->last_ms = now;
	return 0;
}

/* Runs one request line; its reply waits in k->out. */
static void conn_request(struct oc_osm_ctl *c, struct oc_ctl_conn *k,
			 char *line)
{
	FILE *reply = open_memstream(&k->out, &k->out_len);

	if (!reply) {
		k->closing = 1;
		return;
	}
	oc_osm_request(c->plugin, &k->peer, line, reply);
	k->served++;
	/* glibc: a failed last realloc leaves out NULL, fclose 0 */
	if (fclose(reply) || !k->out) {
		free(k->out); /* no answer rather than a truncated one */
		k->out = NULL;
		k->out_len = 0;
		k->closing = 1;
	}
	k->out_off = 0;
	k->write_ms = oc_now_ms();
}

/* A line longer than the protocol allows: one reply, then closed. */
static void conn_too_long(struct oc_ctl_conn *k)
{
	char msg[256];
	int n;

	if (k->in[0] == '{')
		n = snprintf(msg, sizeof(msg),
			     "{\"id\":null,\"result\":\"bad-request\",\"code\":"
			     "%d,\"message\":\"request: longer than %d "
			     "bytes\"}\n",
			     OC_RES_BAD_REQUEST, OC_CTL_LINE_MAX - 1);
	else
		n = snprintf(
			msg, sizeof(msg),
			"osmcloud: line longer than %d bytes\n" OC_CTL_STATUS
			" %d\n",
			OC_CTL_LINE_MAX - 1, OC_RES_BAD_REQUEST);
	k->out = strndup(msg, n);
	k->out_len = k->out ? (size_t)n : 0;
	k->out_off = 0;
	k->write_ms = oc_now_ms();
	k->closing = 1;
}

/* Answers the next complete line, if any: 1 when one was answered. */
static int conn_next_line(struct oc_osm_ctl *c, struct oc_ctl_conn *k)
{
	char *nl = memchr(k->in, '\n', k->in_len);
	size_t used;

	if (!nl) {
		if (k->in_len == OC_CTL_LINE_MAX)
			conn_too_long(k);
		return 0;
	}
	*nl = '\0';
	if (nl > k->in && nl[-1] == '\r')
		nl[-1] = '\0';
	conn_request(c, k, k->in);
	used = nl + 1 - k->in;
	memmove(k->in, nl + 1, k->in_len - used);
	k->in_len -= used;
	k->line_ms = k->in_len ? oc_now_ms() : 0;
	return 1;
}

static void conn_read(struct oc_osm_ctl *c, struct oc_ctl_conn *k, double now)
{
	ssize_t n = recv(k->fd, k->in + k->in_len, OC_CTL_LINE_MAX - k->in_len,
			 MSG_DONTWAIT);

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		k->eof = 1;
		return;
	}
	if (!k->in_len)
		k->line_ms = now;
	k->in_len += n;
}

/* Serves what can be served now: replies out first, then the next
 * request (one reply waits at most: a client that does not read stops
 * being read). */
static void conn_serve(struct oc_osm_ctl *c, struct oc_ctl_conn *k)
{
	double now = oc_now_ms();

	for (;;) {
		if (conn_flush(k, now)) {
			conn_close(c, k, "the client went away");
			return;
		}
		if (k->out)
			return;
		if (k->closing || (k->eof && !memchr(k->in, '\n', k->in_len))) {
			conn_close(c, k, NULL);
			return;
		}
		if (!conn_next_line(c, k) && !k->out)
			return;
	}
}

/* The time-outs: when the connection must close, why. */
static const char *conn_expired(const struct oc_ctl_conn *k, double now)
{
	if (k->write_ms && now - k->write_ms > OC_CTL_WRITE_S * 1e3)
		return "a reply was not taken within " OC_STR(
			OC_CTL_WRITE_S) " s";
	if (k->line_ms && now - k->line_ms > OC_CTL_LINE_S * 1e3)
		return "a request line did not end within " OC_STR(
			OC_CTL_LINE_S) " s";
	if (k->write_ms || k->line_ms)
		return NULL;
	if (!k->served && now - k->last_ms > OC_CTL_FIRST_S * 1e3)
		return "no request within " OC_STR(OC_CTL_FIRST_S) " s";
	if (now - k->last_ms > OC_CTL_IDLE_S * 1e3)
		return "no request for " OC_STR(OC_CTL_IDLE_S) " s";
	return NULL;
}

/* ---- the server ------------------------------------------------------ */

static struct oc_ctl_conn *free_slot(struct oc_osm_ctl *c)
{
	unsigned i;

	for (i = 0; i < OC_CTL_MAX_CLIENTS; i++)
		if (c->conns[i].fd < 0)
			return &c->conns[i];
	return NULL;
}

static unsigned conns_of(const struct oc_osm_ctl *c, uid_t uid)
{
	unsigned i, n = 0;

	for (i = 0; i < OC_CTL_MAX_CLIENTS; i++)
		n += c->conns[i].fd >= 0 && c->conns[i].peer.uid == uid;
	return n;
}

/* A request in progress: a line begun, a reply to take, or bytes the
 * thread has not read yet (sent before this accept). */
static int conn_busy(const struct oc_ctl_conn *k)
{
	char byte;

	return k->in_len || k->out ||
	       recv(k->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
}

/* The connection idle longest without a request in progress, of uid
 * only when one_uid; NULL when every one is busy. */
static struct oc_ctl_conn *idle_longest(struct oc_osm_ctl *c, int one_uid,
					uid_t uid)
{
	struct oc_ctl_conn *best = NULL;
	unsigned i;

	for (i = 0; i < OC_CTL_MAX_CLIENTS; i++) {
		struct oc_ctl_conn *k = &c->conns[i];

		if (k->fd < 0 || (one_uid && k->peer.uid != uid) ||
		    conn_busy(k))
			continue;
		if (!best || k->last_ms < best->last_ms)
			best = k;
	}
	return best;
}

#define PER_UID OC_STR(OC_CTL_MAX_PER_UID)
#define ALL OC_STR(OC_CTL_MAX_CLIENTS)

/* The slot of a new connection of uid: a free one, else the place of
 * the connection idle longest (the user's own when it is at its limit);
 * NULL, and why, when every candidate is busy. */
static struct oc_ctl_conn *slot_for(struct oc_osm_ctl *c, uid_t uid,
				    const char **why)
{
	int at_limit = uid != 0 && conns_of(c, uid) >= OC_CTL_MAX_PER_UID;
	struct oc_ctl_conn *k = at_limit ? NULL : free_slot(c);

	if (k)
		return k;
	k = idle_longest(c, at_limit, uid);
	if (!k) {
		*why = at_limit ? "its user has " PER_UID " busy connections"
				: "all " ALL " connections are busy";
		return NULL;
	}
	conn_close(c, k,
		   at_limit ? "idle longest of its user's " PER_UID
			    : "idle longest of " ALL " when one more came");
	return k;
}

static void accept_one(struct oc_osm_ctl *c, int fd)
{
	struct ucred cred = {0, (uid_t)-1, (gid_t)-1};
	socklen_t len = sizeof(cred);
	struct oc_ctl_conn *k;
	const char *why = NULL;

	getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len);
	c->num_accepted++;
	k = slot_for(c, cred.uid, &why);
	if (!k) {
		oc_osm_info(&c->plugin->log,
			    "osmcloud: ctl #%lu (uid %u pid %d) refused: %s",
			    c->num_accepted, (unsigned)cred.uid, (int)cred.pid,
			    why);
		close(fd);
		return;
	}
	memset(k, 0, sizeof(*k));
	k->fd = fd;
	k->peer.conn = c->num_accepted;
	k->peer.pid = cred.pid;
	k->peer.uid = cred.uid;
	k->peer.gid = cred.gid;
	k->last_ms = oc_now_ms();
	oc_osm_verbose(
		&c->plugin->log,
		"osmcloud: ctl #%lu: connection from uid %u gid %u pid %d",
		k->peer.conn, (unsigned)cred.uid, (unsigned)cred.gid,
		(int)cred.pid);
}

static void accept_all(struct oc_osm_ctl *c)
{
	int fd;

	while ((fd = accept4(c->listen_fd, NULL, NULL,
			     SOCK_CLOEXEC | SOCK_NONBLOCK)) >= 0)
		accept_one(c, fd);
}

/* The poll set: the wake pipe, the listener, then one entry per slot
 * (fd -1 is ignored by poll); the time-out until the nearest deadline. */
static int poll_set(struct oc_osm_ctl *c, struct pollfd *pfd)
{
	double now = oc_now_ms(), next = now + 1000;
	unsigned i;

	pfd[0] = (struct pollfd){c->wake[0], POLLIN, 0};
	pfd[1] = (struct pollfd){c->listen_fd, POLLIN, 0};
	for (i = 0; i < OC_CTL_MAX_CLIENTS; i++) {
		const struct oc_ctl_conn *k = &c->conns[i];

		pfd[2 + i] = (struct pollfd){k->fd, 0, 0};
		if (k->fd < 0)
			continue;
		pfd[2 + i].events = k->out ? POLLOUT : k->eof ? 0 : POLLIN;
	}
	return next > now ? (int)(next - now) : 0;
}

static void check_deadlines(struct oc_osm_ctl *c)
{
	double now = oc_now_ms();
	unsigned i;

	for (i = 0; i < OC_CTL_MAX_CLIENTS; i++) {
		struct oc_ctl_conn *k = &c->conns[i];
		const char *why;

		if (k->fd >= 0 && (why = conn_expired(k, now)))
			conn_close(c, k, why);
	}
}

static void *ctl_thread(void *arg)
{
	struct oc_osm_ctl *c = arg;
	struct pollfd pfd[2 + OC_CTL_MAX_CLIENTS];
	unsigned i;

	for (;;) {
		int wait_ms = poll_set(c, pfd);

		if (poll(pfd, 2 + OC_CTL_MAX_CLIENTS, wait_ms) < 0 &&
		    errno != EINTR)
			break;
		if (pfd[0].revents)
			break;
		if (pfd[1].revents & POLLIN)
			accept_all(c);
		for (i = 0; i < OC_CTL_MAX_CLIENTS; i++)
			if (c->conns[i].fd >= 0 && pfd[2 + i].fd >= 0 &&
			    pfd[2 + i].revents) {
				if (pfd[2 + i].revents &
					    (POLLIN | POLLHUP | POLLERR) &&
				    !c->conns[i].out)
					conn_read(c, &c->conns[i], oc_now_ms());
				conn_serve(c, &c->conns[i]);
			}
		check_deadlines(c);
	}
	for (i = 0; i < OC_CTL_MAX_CLIENTS; i++)
		if (c->conns[i].fd >= 0)
			conn_close(c, &c->conns[i], NULL);
	return NULL;
}

/* The wake-up pipe and the thread; on failure neither is left behind.
 * pthread_create() returns its error rather than setting errno. */
static int start_thread(struct oc_osm_ctl *c, const char *path,
			struct oc_err *err)
{
	int e;

	if (pipe2(c->wake, O_CLOEXEC))
		return oc_err_set(err,
				  "option ctl: %s: cannot make its wake-up "
				  "pipe: %s",
				  path, strerror(errno));
	e = pthread_create(&c->thread, NULL, ctl_thread, c);
	if (!e)
		return 0;
	close(c->wake[0]);
	close(c->wake[1]);
	return oc_err_set(err, "option ctl: %s: cannot start its thread: %s",
			  path, strerror(e));
}

int oc_osm_ctl_start(struct oc_osm_ctl *c, struct oc_osm_plugin *p,
		     const char *path, struct oc_err *err)
{
	unsigned i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < OC_CTL_MAX_CLIENTS; i++)
		c->conns[i].fd = -1;
	c->listen_fd = open_listener(path, p->opts.ctl_group, err);
	if (c->listen_fd < 0)
		return -1;
	c->plugin = p;
	c->path = strdup(path);
	if (!c->path)
		oc_err_set(err, "option ctl: %s: out of memory", path);
	if (!c->path || start_thread(c, path, err)) {
		close(c->listen_fd);
		c->listen_fd = -1;
		unlink(path);
		free(c->path);
		c->path = NULL;
		return -1;
	}
	c->running = 1;
	return 0;
}

void oc_osm_ctl_stop(struct oc_osm_ctl *c)
{
	ssize_t n;

	if (!c->running)
		return;
	n = write(c->wake[1], "x", 1); /* one byte: cannot block */

	(void)n;
	pthread_join(c->thread, NULL);
	close(c->wake[0]);
	close(c->wake[1]);
	close(c->listen_fd);
	unlink(c->path);
	free(c->path);
	c->running = 0;
}
