/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_ctl_client.c - libosmcloudctl against a fake server: a temporary
 * UNIX socket served by a thread that records each request line and
 * answers as the test scripts it (a reply, silence, a close).  Checks
 * the JSON quoting of requests, the members of replies (arrays kept as
 * JSON), the time-out, the errors of a missing server, of a closed
 * connection and of a reply that is not one, and the lines of the
 * commands for people.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "osmcloud/ctl_client.h"

#define SILENT \
	NULL	       /* read the request, answer nothing until the
			* client closes */
#define HANG_UP "\x04" /* read the request, close */

struct server {
	char path[108];
	int listen_fd;
	pthread_t thread;
	const char *const *answers; /* one per request, then the end */
	char got[4][1024];	    /* the request lines received */
	unsigned served;
};

/* One line of fd into buf (without '\n'); -1 at the end. */
static int read_req(int fd, char *buf, size_t cap)
{
	size_t len = 0;
	char ch;

	while (len + 1 < cap && read(fd, &ch, 1) == 1) {
		if (ch == '\n') {
			buf[len] = '\0';
			return 0;
		}
		buf[len++] = ch;
	}
	return -1;
}

static void *serve(void *arg)
{
	struct server *s = arg;
	int fd = accept(s->listen_fd, NULL, NULL);
	const char *a;

	while (fd >= 0 && s->served < 4 &&
	       !read_req(fd, s->got[s->served], sizeof(s->got[0]))) {
		a = s->answers[s->served++];
		if (a == SILENT) { /* until the client gives up and closes */
			while (read(fd, s->got[s->served], 1) > 0)
				;
			break;
		}
		if (!strcmp(a, HANG_UP))
			break;
		if (write(fd, a, strlen(a)) != (ssize_t)strlen(a))
			break;
	}
	if (fd >= 0)
		close(fd);
	return NULL;
}

static void start(struct server *s, const char *const *answers)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};

	memset(s, 0, sizeof(*s));
	snprintf(s->path, sizeof(s->path), "/tmp/oc-ctl-client-%d.sock",
		 (int)getpid());
	unlink(s->path);
	strcpy(addr.sun_path, s->path);
	s->answers = answers;
	s->listen_fd = socket(AF_UNIX, SOCK_STREAM, 0);
	assert_true(s->listen_fd >= 0);
	assert_int_equal(
		bind(s->listen_fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	assert_int_equal(listen(s->listen_fd, 1), 0);
	assert_int_equal(pthread_create(&s->thread, NULL, serve, s), 0);
}

static void stop(struct server *s)
{
	pthread_join(s->thread, NULL);
	close(s->listen_fd);
	unlink(s->path);
}

static void request_and_reply(void **state)
{
	static const char *const answers[] = {
		"{\"id\":null,\"result\":\"refused\",\"code\":1,\"message\":"
		"\"hypervisor \\\"hv11\\\" has no idle VF\\nsecond line\","
		"\"vms\":[{\"name\":\"vm-a\",\"lid\":3},[]],\"already\":false,"
		"\"lid\":12,\"vguid\":\"0x0002c90500005011\",\"x\":null}\n",
	};
	const char *args[] = {"vm",   "a\"b\\c",
			      "dest", "hv5 mlx5_0",
			      "note", "tab\there, line\nbreak, \xc3\xa9",
			      NULL};
	struct oc_ctl_reply *r;
	char err[256], line[512];
	struct server s;
	struct oc_ctl *c;

	start(&s, answers);
	c = oc_ctl_open(s.path, 2000, err, sizeof(err));
	assert_non_null(c);
	r = oc_ctl_request(c, "migrate", args);
	if (!r)
		fail_msg("%s", oc_ctl_error(c));
	assert_string_equal(s.got[0],
			    "{\"op\":\"migrate\",\"vm\":\"a\\\"b\\\\c\","
			    "\"dest\":\"hv5 mlx5_0\",\"note\":\"tab\\there,"
			    " line\\nbreak, \xc3\xa9\"}");
	assert_int_equal(oc_ctl_reply_code(r), OC_RES_REFUSED);
	assert_string_equal(oc_ctl_reply_result(r), "refused");
	assert_string_equal(oc_ctl_reply_message(r),
			    "hypervisor \"hv11\" has no idle VF\nsecond line");
	assert_string_equal(oc_ctl_reply_get(r, "vms"),
			    "[{\"name\":\"vm-a\",\"lid\":3},[]]");
	assert_string_equal(oc_ctl_reply_get(r, "already"), "false");
	assert_string_equal(oc_ctl_reply_get(r, "lid"), "12");
	assert_string_equal(oc_ctl_reply_get(r, "vguid"), "0x0002c90500005011");
	assert_string_equal(oc_ctl_reply_get(r, "x"), "null");
	assert_null(oc_ctl_reply_get(r, "remains"));
	snprintf(line, sizeof(line), "%.*s", (int)strlen(answers[0]) - 1,
		 answers[0]);
	assert_string_equal(oc_ctl_reply_line(r), line);
	oc_ctl_reply_free(r);
	oc_ctl_close(c);
	stop(&s);
}

static void times_out(void **state)
{
	static const char *const answers[] = {SILENT};
	struct timespec t0, t1;
	struct server s;
	struct oc_ctl *c;
	double ms;

	start(&s, answers);
	c = oc_ctl_open(s.path, 300, NULL, 0);
	assert_non_null(c);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_null(oc_ctl_request(c, "vms", NULL));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
	/* not before the time-out, and not stuck: no tighter bound, the
	 * machine may be loaded (ASan, CI) */
	assert_true(ms >= 250 && ms < 10000);
	assert_non_null(strstr(oc_ctl_error(c), "no answer within the "
						"time-out"));
	assert_non_null(strstr(oc_ctl_error(c), s.path));
	oc_ctl_close(c);
	stop(&s);
}

static void transport_errors(void **state)
{
	static const char *const bad[] = {"hello\n", HANG_UP};
	static const char *const no_code[] = {
		"{\"id\":null,\"result\":\"done\",\"message\":\"\"}\n"};
	const char *odd[] = {"vm", NULL};
	const char *twice[] = {"vm", "a", "vm", "b", NULL};
	struct server s;
	struct oc_ctl *c;
	char err[256];

	assert_null(oc_ctl_open("/nonexistent/oc.sock", 200, err, sizeof(err)));
	assert_string_equal(err, "/nonexistent/oc.sock: No such file or "
				 "directory (is opensm running with "
				 "event_plugin_options "
				 "ctl=/nonexistent/oc.sock?)");
	start(&s, bad);
	c = oc_ctl_open(s.path, 2000, err, sizeof(err));
	assert_non_null(c);
	assert_null(oc_ctl_request(c, "stop", odd));
	assert_non_null(strstr(oc_ctl_error(c), "key \"vm\" has no value"));
	assert_null(oc_ctl_request(c, "stop", twice));
	assert_non_null(strstr(oc_ctl_error(c), "key \"vm\" given twice"));
	assert_int_equal(s.served, 0); /* nothing was sent */
	assert_null(oc_ctl_request(c, "vms", NULL));
	assert_non_null(strstr(oc_ctl_error(c),
			       "bad reply: column 1: a reply is one JSON "
			       "object"));
	assert_null(oc_ctl_request(c, "vms", NULL));
	assert_non_null(
		strstr(oc_ctl_error(c), "the server closed the connection"));
	oc_ctl_close(c);
	stop(&s);
	assert_null(oc_ctl_reply_parse(no_code[0], err, sizeof(err)));
	assert_string_equal(err, "reply without a result code 0..5");
}

/* The commands for people: prose lines, then the status line. */
static void lines(void **state)
{
	static const char *const answers[] = {
		"migrated vm-a\nline two\n" OC_CTL_STATUS " 0\n"};
	struct server s;
	struct oc_ctl *c;

	start(&s, answers);
	c = oc_ctl_open(s.path, 2000, NULL, 0);
	assert_non_null(c);
	assert_int_equal(oc_ctl_send_line(c, "two\nlines"), -1);
	assert_non_null(strstr(oc_ctl_error(c), "line break"));
	assert_int_equal(oc_ctl_send_line(c, "migrate vm-a \"hv5 mlx5_0\""), 0);
	assert_string_equal(oc_ctl_read_line(c), "migrated vm-a");
	assert_string_equal(oc_ctl_read_line(c), "line two");
	assert_string_equal(oc_ctl_read_line(c), OC_CTL_STATUS " 0");
	assert_string_equal(s.got[0], "migrate vm-a \"hv5 mlx5_0\"");
	assert_null(oc_ctl_read_line(c));
	oc_ctl_close(c);
	stop(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(request_and_reply),
		cmocka_unit_test(times_out),
		cmocka_unit_test(transport_errors),
		cmocka_unit_test(lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
