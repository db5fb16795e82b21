/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_ctl.c - "osmcloud ctl": send a request to a running plugin's
 * control socket (plugin option ctl=PATH) and print its answer.
 *
 * Three ways: a command for people (the words, answered in prose), one
 * JSON request (--json, answered by one JSON line), or a relay of JSON
 * lines between standard input and output (--stdio: the forced command
 * of an ssh key, docs/protocol.md).  The exit status is the result code
 * (0 done, 1 refused, 2 partial, 3 not master, 4 bad request), or 5 when
 * the client could not ask (usage, no connection, no answer in time).
 * --timeout bounds the whole exchange, connect() included.
 */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "osmcloud/ctl.h"

#define STATUS_PREFIX OC_CTL_STATUS " "
#define CLIENT_ERR OC_CTL_EXIT_CLIENT

static void ctl_usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud ctl --socket PATH [--timeout SECONDS] "
		"COMMAND [ARGS...]\n"
		"       osmcloud ctl --socket PATH [--timeout SECONDS] "
		"--json 'JSON-REQUEST'\n"
		"       osmcloud ctl --socket PATH [--timeout SECONDS] "
		"--stdio\n"
		"Sends a request to the osmcloud plugin of a running opensm\n"
		"(event_plugin_options ctl=PATH) and prints the answer: a\n"
		"command's words (an argument with blanks is sent quoted),\n"
		"one JSON request (--json), or JSON lines from standard input\n"
		"(--stdio, one reply line each).  Protocol: docs/protocol.md.\n"
		"'osmcloud ctl --socket PATH help' lists the commands.\n"
		"--timeout (default 60) bounds connecting, sending and each "
		"answer.\n"
		"Exit status: the result code: 0 done, 1 refused (nothing "
		"changed),\n"
		"2 partial (applied, SMPs unacknowledged: a heavy sweep "
		"finishes it),\n"
		"3 not master, 4 bad request; 5 usage error, no connection "
		"or no\n"
		"answer in time.\n");
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Milliseconds left until deadline, 0 when passed. */
static int left_ms(double deadline)
{
	double left = deadline - now_s();

	return left > 0 ? (int)(left * 1e3) + 1 : 0;
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

/* A non-blocking connect, retried while the listener's queue is full,
 * until deadline. */
static int connect_to(const char *path, double deadline)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	int fd, ret;

	if (strlen(path) >= sizeof(addr.sun_path)) {
		fprintf(stderr, "osmcloud ctl: socket path too long: %s\n",
			path);
		return -1;
	}
	strcpy(addr.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		fprintf(stderr, "osmcloud ctl: socket: %s\n", strerror(errno));
		return -1;
	}
	while ((ret = connect(fd, (struct sockaddr *)&addr, sizeof(addr))) &&
	       (errno == EAGAIN || errno == EINTR) && left_ms(deadline))
		usleep(10000);
	if (ret && errno == EINPROGRESS && !wait_fd(fd, POLLOUT, deadline))
		ret = 0;
	if (ret) {
		fprintf(stderr,
			"osmcloud ctl: %s: %s (is opensm running "
			"with event_plugin_options ctl=%s?)\n",
			path,
			errno == EAGAIN ? "no connection within --timeout"
					: strerror(errno),
			path);
		close(fd);
		return -1;
	}
	return fd;
}

static int send_all(int fd, const char *buf, size_t len, double deadline)
{
	while (len) {
		ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN && !wait_fd(fd, POLLOUT, deadline))
			continue;
		if (n <= 0) {
			fprintf(stderr, "osmcloud ctl: send: %s\n",
				n < 0 && errno != EAGAIN
					? strerror(errno)
					: "timed out (--timeout)");
			return -1;
		}
		buf += n;
		len -= n;
	}
	return 0;
}

/* The answer's bytes: a buffer that grows to hold a whole line. */
struct reader {
	int fd;
	char *buf;
	size_t len, cap;
	size_t used; /* the last line returned, dropped at the next call */
};

/* The next line, '\n' replaced by NUL, inside r->buf (valid until the
 * next call); NULL at the end, on time-out or out of memory. */
static char *read_line(struct reader *r, double deadline)
{
	char *nl;
	ssize_t got;

	if (r->used)
		memmove(r->buf, r->buf + r->used, r->len - r->used);
	r->len -= r->used;
	r->used = 0;
	while (!(nl = r->len ? memchr(r->buf, '\n', r->len) : NULL)) {
		if (r->cap - r->len < 4096) {
			char *b = realloc(r->buf, r->cap ? 2 * r->cap : 65536);

			if (!b)
				return NULL;
			r->buf = b;
			r->cap = r->cap ? 2 * r->cap : 65536;
		}
		if (wait_fd(r->fd, POLLIN, deadline)) {
			errno = ETIMEDOUT;
			return NULL;
		}
		got = recv(r->fd, r->buf + r->len, r->cap - r->len, 0);
		if (got < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (got <= 0) {
			errno = got ? errno : ECONNRESET;
			return NULL;
		}
		r->len += got;
	}
	*nl = '\0';
	r->used = nl + 1 - r->buf;
	return r->buf;
}

static void no_answer(void)
{
	fprintf(stderr, "osmcloud ctl: no answer (%s)\n",
		errno == ETIMEDOUT ? "timed out (--timeout)"
				   : "connection closed");
}

/* The command's words on one line; a word with blanks in quotes. */
static int command_line(int argc, char **argv, char *line, size_t cap)
{
	size_t len = 0;
	int i, n;

	for (i = 0; i < argc; i++) {
		int quote = strpbrk(argv[i], " \t") != NULL;

		if (strpbrk(argv[i], "\"\n\r")) {
			fprintf(stderr,
				"osmcloud ctl: argument %d holds a quote or "
				"a line break\n",
				i + 1);
			return -1;
		}
		n = snprintf(line + len, cap - len, "%s%s%s%s", i ? " " : "",
			     quote ? "\"" : "", argv[i], quote ? "\"" : "");
		if (n < 0 || (size_t)n >= cap - len - 1) {
			fprintf(stderr, "osmcloud ctl: command too long\n");
			return -1;
		}
		len += n;
	}
	line[len++] = '\n';
	line[len] = '\0';
	return 0;
}

/* Prints the answer up to the status line; returns the status. */
static int text_answer(struct reader *r, double deadline)
{
	char *line;

	while ((line = read_line(r, deadline))) {
		if (!strncmp(line, STATUS_PREFIX, strlen(STATUS_PREFIX))) {
			int code = atoi(line + strlen(STATUS_PREFIX));

			return code >= 0 && code < OC_RES_COUNT ? code : 1;
		}
		puts(line);
	}
	no_answer();
	return CLIENT_ERR;
}

/* The "code" of a JSON reply (a string never holds '"' unescaped, so
 * the first ,"code": is the reply's own). */
static int reply_code(const char *reply)
{
	const char *c = strstr(reply, ",\"code\":");
	int code;

	if (!c || sscanf(c + 8, "%d", &code) != 1 || code < 0 ||
	    code >= OC_RES_COUNT)
		return CLIENT_ERR;
	return code;
}

/* One JSON request, one reply line on standard output. */
static int json_exchange(struct reader *r, const char *req, int timeout_s)
{
	double deadline = now_s() + timeout_s;
	size_t len = strlen(req);
	char *line;

	if (req[strspn(req, " \t")] != '{' ||
	    strchr(req, '\n') != req + len - 1) {
		printf("{\"id\":null,\"result\":\"bad-request\",\"code\":%d,"
		       "\"message\":\"a request is one JSON object on one "
		       "line\"}\n",
		       OC_RES_BAD_REQUEST);
		return OC_RES_BAD_REQUEST;
	}
	if (send_all(r->fd, req, len, deadline))
		return CLIENT_ERR;
	line = read_line(r, deadline);
	if (!line) {
		no_answer();
		return CLIENT_ERR;
	}
	puts(line);
	fflush(stdout);
	return reply_code(line);
}

/* --stdio: every line of standard input is a JSON request. */
static int relay(struct reader *r, int timeout_s)
{
	char *req = NULL;
	size_t cap = 0;
	ssize_t n;
	int code = 0;

	while ((n = getline(&req, &cap, stdin)) > 0) {
		if (req[n - 1] != '\n') {
			req = realloc(req, n + 2);
			if (!req)
				return CLIENT_ERR;
			strcpy(req + n, "\n");
		}
		code = json_exchange(r, req, timeout_s);
		if (code == CLIENT_ERR)
			break;
	}
	free(req);
	return code == CLIENT_ERR ? CLIENT_ERR : 0;
}

static int parse_timeout(const char *s, int *timeout_s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || *end || v <= 0 || v > 86400) {
		fprintf(stderr, "osmcloud ctl: --timeout wants seconds "
				"from 1 to 86400\n");
		return -1;
	}
	*timeout_s = (int)v;
	return 0;
}

int cmd_ctl(int argc, char **argv)
{
	static const struct option opts[] = {
		{"socket", required_argument, NULL, 's'},
		{"timeout", required_argument, NULL, 't'},
		{"json", no_argument, NULL, 'j'},
		{"stdio", no_argument, NULL, 'i'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	static struct reader r;
	char line[OC_CTL_LINE_MAX + 1];
	const char *path = NULL;
	int timeout_s = 60, c, json = 0, stdio = 0, ret;
	double deadline;

	while ((c = getopt_long(argc, argv, "+s:t:h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			path = optarg;
			break;
		case 't':
			if (parse_timeout(optarg, &timeout_s))
				return CLIENT_ERR;
			break;
		case 'j':
			json = 1;
			break;
		case 'i':
			stdio = 1;
			break;
		case 'h':
			ctl_usage(stdout);
			return 0;
		default:
			ctl_usage(stderr);
			return CLIENT_ERR;
		}
	}
	if (!path || (stdio  ? optind != argc || json
		      : json ? optind + 1 != argc
			     : optind == argc)) {
		ctl_usage(stderr);
		return CLIENT_ERR;
	}
	if (!stdio && !json &&
	    command_line(argc - optind, argv + optind, line, sizeof(line)))
		return CLIENT_ERR;
	deadline = now_s() + timeout_s;
	r.fd = connect_to(path, deadline);
	if (r.fd < 0)
		return CLIENT_ERR;
	if (stdio) {
		ret = relay(&r, timeout_s);
	} else if (json) {
		snprintf(line, sizeof(line), "%s\n", argv[optind]);
		ret = json_exchange(&r, line, timeout_s);
	} else {
		ret = send_all(r.fd, line, strlen(line), deadline)
			      ? CLIENT_ERR
			      : text_answer(&r, deadline);
	}
	close(r.fd);
	free(r.buf);
	return ret;
}
