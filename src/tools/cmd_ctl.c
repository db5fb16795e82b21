/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_ctl.c - "osmcloud ctl": send a request to a running plugin's
 * control socket (plugin option ctl=PATH) and print its answer.
 *
 * Three ways: a command for people (the words, answered in prose), one
 * JSON request (--json, answered by one JSON line), or a relay of JSON
 * lines between standard input and output (--stdio: the forced command
 * of an ssh key, docs/protocol.md).  The exit status is the result code
 * (0 done, 1 refused, 2 partial, 3 not master, 4 bad request, 5
 * unreconciled), or 64 when the client could not ask (usage, no connection, no answer in time).
 * --timeout bounds each wait: connecting, sending, each answer line.
 * The socket and its lines are libosmcloudctl's (osmcloud/ctl_client.h),
 * the one client implementation.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/textscan.h"
#include "commands.h"
#include "io/json_out.h"
#include "osmcloud/ctl_client.h"

#define STATUS_PREFIX OC_CTL_STATUS " "
#define CLIENT_ERR OC_CTL_EXIT_CLIENT
#define MAX_MEMBERS 31 /* of a request, "op" aside (io/ctl_json.h) */

static void ctl_usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud ctl --socket PATH [--timeout SECONDS] "
		"COMMAND [ARGS...]\n"
		"       osmcloud ctl --socket PATH [--timeout SECONDS] "
		"--json 'JSON-REQUEST'\n"
		"       osmcloud ctl --socket PATH [--timeout SECONDS] "
		"--json OP [KEY=VALUE...]\n"
		"       osmcloud ctl --socket PATH [--timeout SECONDS] "
		"--stdio\n"
		"Sends a request to the osmcloud plugin of a running opensm\n"
		"(event_plugin_options ctl=PATH) and prints the answer: a\n"
		"command's words (an argument with blanks is sent quoted),\n"
		"one JSON request (--json: as given, or built from OP and its\n"
		"KEY=VALUE members; the reply line printed as it came), or "
		"JSON\n"
		"lines from standard input (--stdio, one reply line each).\n"
		"Protocol: docs/protocol.md.\n"
		"'osmcloud ctl --socket PATH help' lists the commands.\n"
		"--timeout (default 60) bounds connecting, sending and each "
		"answer.\n"
		"Exit status: the result code: 0 done, 1 refused (nothing "
		"changed),\n"
		"2 partial (applied, SMPs unacknowledged: a heavy sweep "
		"finishes it),\n"
		"3 not master, 4 bad request, 5 unreconciled (the SM's\n"
		"registry is not reconciled with the fabric, or the VM is "
		"held);\n"
		"64 usage error, no connection or no answer in time.\n");
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
	line[len] = '\0';
	return 0;
}

static int no_answer(const struct oc_ctl *c)
{
	fprintf(stderr, "osmcloud ctl: %s\n", oc_ctl_error(c));
	return CLIENT_ERR;
}

/* Prints the answer up to the status line; returns the status. */
static int text_answer(struct oc_ctl *c)
{
	const char *line;

	while ((line = oc_ctl_read_line(c))) {
		if (!strncmp(line, STATUS_PREFIX, strlen(STATUS_PREFIX))) {
			int code = atoi(line + strlen(STATUS_PREFIX));

			return code >= 0 && code < OC_RES_COUNT ? code : 1;
		}
		puts(line);
	}
	return no_answer(c);
}

/* The code of a JSON reply line; CLIENT_ERR when it is not a reply. */
static int reply_code(const char *line)
{
	struct oc_ctl_reply *r = oc_ctl_reply_parse(line, NULL, 0);
	int code = r ? oc_ctl_reply_code(r) : CLIENT_ERR;

	oc_ctl_reply_free(r);
	return code;
}

/* A JSON request, as opposed to OP KEY=VALUE... words. */
static int is_json(const char *arg)
{
	return arg[strspn(arg, " \t")] == '{';
}

/* A reply of the client's own: the request was not sent. */
static int own_reply(enum oc_result res, const char *message)
{
	if (oc_json_print(stdout, json_pack("{s:n, s:s, s:i, s:s}", "id",
					    "result", oc_result_name(res),
					    "code", res, "message", message))) {
		fprintf(stderr, "osmcloud ctl: stdout not writable\n");
		return CLIENT_ERR;
	}
	return res;
}

/* One JSON request (one line, no '\n'), one reply line on standard
 * output. */
static int json_exchange(struct oc_ctl *c, const char *req)
{
	const char *line;

	if (!is_json(req) || strchr(req, '\n'))
		return own_reply(OC_RES_BAD_REQUEST,
				 "a request is one JSON object on one line");
	if (oc_ctl_send_line(c, req) || !(line = oc_ctl_read_line(c)))
		return no_answer(c);
	puts(line);
	fflush(stdout);
	return reply_code(line);
}

/* --json OP KEY=VALUE...: every member word KEY=VALUE, at most
 * MAX_MEMBERS; 0, or -1 said on stderr (nothing is sent). */
static int check_words(int argc, char **argv)
{
	int i;

	if (argc - 1 > MAX_MEMBERS) {
		fprintf(stderr, "osmcloud ctl: --json: more than %d members\n",
			MAX_MEMBERS);
		return -1;
	}
	for (i = 1; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');

		if (!eq || eq == argv[i]) {
			fprintf(stderr,
				"osmcloud ctl: --json %s: word %d \"%s\" is "
				"not KEY=VALUE\n",
				argv[0], i + 1, argv[i]);
			return -1;
		}
	}
	return 0;
}

/* The request of check_words()'s words built by libosmcloudctl, its
 * reply line printed as it came. */
static int json_words(struct oc_ctl *c, int argc, char **argv)
{
	const char *args[2 * MAX_MEMBERS + 1];
	struct oc_ctl_reply *r;
	int i, n = 0, code;

	for (i = 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		*eq = '\0';
		args[n++] = argv[i];
		args[n++] = eq + 1;
	}
	args[n] = NULL;
	r = oc_ctl_request(c, argv[0], args);
	if (!r)
		return no_answer(c);
	puts(oc_ctl_reply_line(r));
	fflush(stdout);
	code = oc_ctl_reply_code(r);
	oc_ctl_reply_free(r);
	return code;
}

/* --stdio: every line of standard input is a JSON request (the server
 * answers one longer than its limit; a line longer than OC_LINE_MAX
 * ends the relay, so that no client grows the SM host's memory). */
static int relay(struct oc_ctl *c)
{
	char *req = NULL;
	size_t cap = 0;
	ssize_t n;
	int code = 0;

	while ((n = oc_getline(&req, &cap, stdin)) > 0) {
		if (req[n - 1] == '\n')
			req[n - 1] = '\0';
		code = json_exchange(c, req);
		if (code == CLIENT_ERR)
			break;
	}
	if (n < 0 && errno == EMSGSIZE) {
		fprintf(stderr,
			"osmcloud ctl: --stdio: a line longer than %zu "
			"bytes: the relay ends\n",
			OC_LINE_MAX);
		code = CLIENT_ERR;
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
	char line[OC_CTL_LINE_MAX + 1], why[600];
	const char *path = NULL;
	int timeout_s = 60, c, json = 0, stdio = 0, ret;
	struct oc_ctl *ctl;

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
	if (!path || (stdio ? optind != argc || json : optind == argc) ||
	    (json && !stdio && is_json(argv[optind]) && optind + 1 != argc)) {
		ctl_usage(stderr);
		return CLIENT_ERR;
	}
	if (!stdio && !json &&
	    command_line(argc - optind, argv + optind, line, sizeof(line)))
		return CLIENT_ERR;
	if (json && !is_json(argv[optind]) &&
	    check_words(argc - optind, argv + optind))
		return CLIENT_ERR;
	ctl = oc_ctl_open(path, timeout_s * 1000, why, sizeof(why));
	if (!ctl) {
		fprintf(stderr, "osmcloud ctl: %s\n", why);
		return CLIENT_ERR;
	}
	if (stdio)
		ret = relay(ctl);
	else if (json && is_json(argv[optind]))
		ret = json_exchange(ctl, argv[optind]);
	else if (json)
		ret = json_words(ctl, argc - optind, argv + optind);
	else
		ret = oc_ctl_send_line(ctl, line) ? no_answer(ctl)
						  : text_answer(ctl);
	oc_ctl_close(ctl);
	return ret;
}
