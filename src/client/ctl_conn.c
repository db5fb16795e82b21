/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ctl_conn.c - libosmcloudctl's connection: a UNIX stream socket, a
 * non-blocking connect retried while the server's queue is full, lines
 * sent and received, each wait bounded by the connection's time-out.
 */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/clock.h"
#include "ctl_conn.h"

int ctl_conn_fail(struct oc_ctl *c, const char *fmt, ...)
{
	int n = snprintf(c->error, sizeof(c->error), "%s: ", c->path);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->error + n, sizeof(c->error) - n, fmt, ap);
	va_end(ap);
	return -1;
}

const char *oc_ctl_error(const struct oc_ctl *c)
{
	return c->error;
}

/* Milliseconds left until deadline, 0 when passed. */
static int left_ms(double deadline)
{
	double left = deadline - oc_now_ms();

	return left > 0 ? (int)left + 1 : 0;
}

/* Waits until fd is ready for events; 0 ready, -1 timed out or error. */
static int wait_fd(int fd, short events, double deadline)
{
	struct pollfd pfd = {fd, events, 0};
	int n;

	do
		n = poll(&pfd, 1, left_ms(deadline));
	while (n < 0 && errno == EINTR);
	return n > 0 ? 0 : -1;
}

/* A non-blocking connect, retried while the listener's queue is full. */
static int connect_to(struct oc_ctl *c, double deadline)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	int ret;

	if (strlen(c->path) >= sizeof(addr.sun_path))
		return ctl_conn_fail(c, "socket path longer than %zu bytes",
				     sizeof(addr.sun_path) - 1);
	strcpy(addr.sun_path, c->path);
	c->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (c->fd < 0)
		return ctl_conn_fail(c, "socket: %s", strerror(errno));
	while ((ret = connect(c->fd, (struct sockaddr *)&addr, sizeof(addr))) &&
	       (errno == EAGAIN || errno == EINTR) && left_ms(deadline))
		usleep(10000);
	if (ret && errno == EINPROGRESS && !wait_fd(c->fd, POLLOUT, deadline))
		ret = 0;
	if (!ret)
		return 0;
	return ctl_conn_fail(c,
			     "%s (is opensm running with "
			     "event_plugin_options ctl=%s?)",
			     errno == EAGAIN
				     ? "no connection within the time-out"
				     : strerror(errno),
			     c->path);
}

struct oc_ctl *oc_ctl_open(const char *path, int timeout_ms, char *err,
			   size_t err_len)
{
	struct oc_ctl *c = calloc(1, sizeof(*c));

	if (!c || !(c->path = strdup(path))) {
		if (err_len)
			snprintf(err, err_len, "%s: out of memory", path);
		free(c);
		return NULL;
	}
	c->fd = -1;
	c->timeout_ms = timeout_ms > 0 ? timeout_ms : 1;
	if (!connect_to(c, oc_now_ms() + c->timeout_ms))
		return c;
	if (err_len)
		snprintf(err, err_len, "%s", c->error);
	oc_ctl_close(c);
	return NULL;
}

void oc_ctl_close(struct oc_ctl *c)
{
	if (!c)
		return;
	if (c->fd >= 0)
		close(c->fd);
	free(c->buf);
	free(c->path);
	free(c);
}

static int send_all(struct oc_ctl *c, const char *buf, size_t len,
		    double deadline)
{
	while (len) {
		ssize_t n = send(c->fd, buf, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN &&
		    !wait_fd(c->fd, POLLOUT, deadline))
			continue;
		if (n <= 0)
			return ctl_conn_fail(c, "send: %s",
					     n < 0 && errno != EAGAIN
						     ? strerror(errno)
						     : "timed out");
		buf += n;
		len -= n;
	}
	return 0;
}

int oc_ctl_send_line(struct oc_ctl *c, const char *line)
{
	double deadline = oc_now_ms() + c->timeout_ms;

	if (strchr(line, '\n'))
		return ctl_conn_fail(c, "a request is one line: it holds a "
					"line break");
	if (strlen(line) + 1 > OC_CTL_LINE_MAX)
		return ctl_conn_fail(c,
				     "request of %zu bytes (at most %d with "
				     "its line break)",
				     strlen(line) + 1, OC_CTL_LINE_MAX);
	return send_all(c, line, strlen(line), deadline) ||
			       send_all(c, "\n", 1, deadline)
		       ? -1
		       : 0;
}

/* Room for at least 4096 more bytes; -1 when out of memory. */
static int make_room(struct oc_ctl *c)
{
	size_t cap = c->cap ? 2 * c->cap : 65536;
	char *b;

	if (c->cap - c->len >= 4096)
		return 0;
	if (cap > 2 * (size_t)OC_CTL_REPLY_MAX)
		return ctl_conn_fail(c, "a reply line longer than %d bytes",
				     2 * OC_CTL_REPLY_MAX);
	b = realloc(c->buf, cap);
	if (!b)
		return ctl_conn_fail(c, "out of memory for a reply");
	c->buf = b;
	c->cap = cap;
	return 0;
}

/* Receives what is there; 0, or -1 at the end, on error or time-out. */
static int receive(struct oc_ctl *c, double deadline)
{
	ssize_t got;

	if (make_room(c))
		return -1;
	if (wait_fd(c->fd, POLLIN, deadline))
		return ctl_conn_fail(c, "no answer within the time-out");
	got = recv(c->fd, c->buf + c->len, c->cap - c->len, 0);
	if (got < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (got <= 0)
		return ctl_conn_fail(c, "%s",
				     got ? strerror(errno)
					 : "the server closed the "
					   "connection");
	c->len += got;
	return 0;
}

const char *oc_ctl_read_line(struct oc_ctl *c)
{
	double deadline = oc_now_ms() + c->timeout_ms;
	char *nl;

	if (c->used) {
		memmove(c->buf, c->buf + c->used, c->len - c->used);
		c->len -= c->used;
		c->used = 0;
	}
	while (!(nl = c->len ? memchr(c->buf, '\n', c->len) : NULL))
		if (receive(c, deadline))
			return NULL;
	*nl = '\0';
	c->used = nl + 1 - c->buf;
	return c->buf;
}
