/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pathcache_client.c - a client of the cache daemon (see
 * pathcache_client.h).
 */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "pathcache_client.h"

int oc_pcclient_connect(struct oc_pcclient *c, const char *path, int timeout_ms,
			struct oc_err *err)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};

	memset(c, 0, sizeof(*c));
	c->fd = -1;
	c->timeout_ms = timeout_ms;
	if (strlen(path) >= sizeof(addr.sun_path))
		return oc_err_set(err, "socket path too long: %s", path);
	strcpy(addr.sun_path, path);
	c->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c->fd < 0 ||
	    connect(c->fd, (struct sockaddr *)&addr, sizeof(addr))) {
		oc_err_set(err, "%s: %s (is osmcloud pathcache serve running?)",
			   path, strerror(errno));
		oc_pcclient_close(c);
		return -1;
	}
	return 0;
}

void oc_pcclient_close(struct oc_pcclient *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
}

static int send_line(struct oc_pcclient *c, const char *line,
		     struct oc_err *err)
{
	size_t len = strlen(line), off = 0;

	while (off <= len) {
		/* the newline is sent as the last byte */
		const char *p = off < len ? line + off : "\n";
		size_t n = off < len ? len - off : 1;
		ssize_t k = send(c->fd, p, n, MSG_NOSIGNAL);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return oc_err_set(err, "sending to the daemon: %s",
					  strerror(errno));
		off += (size_t)k;
	}
	return 0;
}

/* The next line of the reply into line (its newline dropped). */
static int read_line(struct oc_pcclient *c, char *line, size_t size,
		     struct oc_err *err)
{
	for (;;) {
		char *nl = memchr(c->buf, '\n', c->len);
		struct pollfd pfd = {.fd = c->fd, .events = POLLIN};
		ssize_t k;

		if (nl) {
			size_t n = (size_t)(nl - c->buf);

			if (n >= size)
				return oc_err_set(err, "reply line too long");
			memcpy(line, c->buf, n);
			line[n] = 0;
			c->len -= n + 1;
			memmove(c->buf, nl + 1, c->len);
			return 0;
		}
		if (c->len == sizeof(c->buf))
			return oc_err_set(err, "reply line too long");
		if (poll(&pfd, 1, c->timeout_ms) == 0)
			return oc_err_set(err, "no reply within %d ms",
					  c->timeout_ms);
		k = recv(c->fd, c->buf + c->len, sizeof(c->buf) - c->len, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return oc_err_set(err, "the daemon closed the "
					       "connection");
		c->len += (size_t)k;
	}
}

int oc_pcclient_request(struct oc_pcclient *c, const char *line,
			void (*fn)(const char *line, void *arg), void *arg,
			struct oc_err *err)
{
	char reply[sizeof(c->buf)];

	if (send_line(c, line, err))
		return -1;
	for (;;) {
		if (read_line(c, reply, sizeof(reply), err))
			return -1;
		if (fn)
			fn(reply, arg);
		if (!strncmp(reply, "ok", 2) && (!reply[2] || reply[2] == ' '))
			return 0;
		if (!strncmp(reply, "error", 5))
			return 1;
	}
}

/* The reply's last line, for the query. */
static void keep_line(const char *line, void *arg)
{
	char *last = arg;

	strncpy(last, line, OC_PCPROTO_ANSWER_LEN - 1);
	last[OC_PCPROTO_ANSWER_LEN - 1] = 0;
}

int oc_pcclient_query(struct oc_pcclient *c, uint64_t comp_mask,
		      const uint8_t query[OC_PATHREC_SIZE],
		      uint8_t rec[OC_PATHREC_SIZE], int *from_cache,
		      struct oc_err *err)
{
	char line[OC_PCPROTO_MAX_LINE], last[OC_PCPROTO_ANSWER_LEN] = "";

	if (oc_pcreq_format_query(line, sizeof(line), comp_mask, query) >=
	    (int)sizeof(line))
		return oc_err_set(err, "query too long");
	if (oc_pcclient_request(c, line, keep_line, last, err) < 0)
		return -1;
	return oc_pcreply_parse(last, rec, from_cache, err);
}
