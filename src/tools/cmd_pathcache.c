/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_pathcache.c - osmcloud pathcache: the path-record cache daemon
 * (serve) and its client commands (query, show, stats, flush); the
 * protocol and the rules: docs/pathcache.md.
 *
 * Exit status of the client commands: 0 the daemon answered ok, 1 it
 * answered an error (printed on stderr), 2 bad usage, 5 the socket could
 * not be reached or the reply not read.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "json_report.h"
#include "opt_uint.h"
#include "pathcache_client.h"
#include "pathcache_serve.h"

#define WHO "osmcloud pathcache"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud pathcache serve --socket PATH [--ca CA] "
		"[--port N]\n"
		"                 [--capacity N] [--poll-ms MS] "
		"[--timeout MS] [--group GROUP]\n"
		"       osmcloud pathcache query --socket PATH dgid=GID|dlid=LID "
		"[sgid=GID]\n"
		"                 [slid=LID] [pkey=P] [sl=N] [mtu=N] [rate=N] "
		"[reversible=0|1]\n"
		"       osmcloud pathcache show|stats|flush --socket PATH\n"
		"  query, show, stats, flush --json: the reply as one JSON "
		"object (the\n"
		"  KEY=VALUE words as members; show's entries as \"records\"); "
		"serve is a\n"
		"  daemon and has no --json.\n"
		"  serve: cache the SA PathRecords of one local port that the "
		"SM flags\n"
		"  cacheable and serve them to local processes on PATH "
		"(mode 0600);\n"
		"  a miss asks the SA.  Defaults: capacity 1024, poll-ms "
		"1000, timeout 1000.\n"
		"  --group GROUP: mode 0660 and that group instead.\n"
		"  Under ibsim, run serve with LD_PRELOAD=libumad2sim.so "
		"SIM_HOST=<CA name>.\n");
}

static int parse_serve(int argc, char **argv, struct oc_pcserve_opts *o)
{
	static const struct option lo[] = {{"socket", 1, 0, 'S'},
					   {"ca", 1, 0, 'C'},
					   {"port", 1, 0, 'P'},
					   {"capacity", 1, 0, 'n'},
					   {"poll-ms", 1, 0, 'p'},
					   {"timeout", 1, 0, 't'},
					   {"group", 1, 0, 'g'},
					   {"help", 0, 0, 'h'},
					   {0, 0, 0, 0}};
	unsigned port = 0;
	int ch, rc = 0;

	while (!rc && (ch = getopt_long(argc, argv, "S:C:P:n:p:t:g:h", lo,
					NULL)) != -1) {
		switch (ch) {
		case 'S':
			o->socket = optarg;
			break;
		case 'C':
			o->ca = optarg;
			break;
		case 'g':
			o->group = optarg;
			break;
		case 'P':
			rc = oc_opt_uint(WHO, "--port", optarg, 1, 254, &port);
			break;
		case 'n':
			rc = oc_opt_uint(WHO, "--capacity", optarg, 1, 1000000,
					 &o->capacity);
			break;
		case 'p':
			rc = oc_opt_uint(WHO, "--poll-ms", optarg, 10, 3600000,
					 &o->poll_ms);
			break;
		case 't':
			rc = oc_opt_uint(WHO, "--timeout", optarg, 1, 60000,
					 &o->timeout_ms);
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return -1;
		}
	}
	o->port = (int)port;
	if (!rc && optind < argc) {
		fprintf(stderr, WHO " serve: unexpected '%s'\n", argv[optind]);
		return -1;
	}
	if (!rc && !o->socket) {
		fprintf(stderr, WHO " serve: --socket PATH is required\n");
		return -1;
	}
	return rc;
}

static int serve(int argc, char **argv)
{
	struct oc_pcserve_opts o = {
		.capacity = 1024, .poll_ms = 1000, .timeout_ms = 1000};

	if (parse_serve(argc, argv, &o))
		return 2;
	return oc_pcserve_run(&o);
}

/* --json: the reply's lines gathered into one object */
struct reply_json {
	json_t *obj, *entries;
	int bad;
};

/* A word's value: a decimal number as a number, anything else as text */
static json_t *word_value(const char *v)
{
	char *end;
	long long n = strtoll(v, &end, 10);

	if (*v && !*end && (*v != '0' || !v[1]))
		return json_integer(n);
	return oc_json_text(v);
}

/* The KEY=VALUE words of text (up to '|' or its end) as members of a
 * new object; *rest after the '|', NULL when none. */
static json_t *words(char *text, char **rest)
{
	json_t *obj = json_object();
	char *w, *save = NULL, *bar = strchr(text, '|');

	*rest = bar ? bar + 1 : NULL;
	if (bar)
		*bar = '\0';
	for (w = strtok_r(text, " ", &save); obj && w;
	     w = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(w, '=');

		if (eq)
			*eq = '\0';
		if (json_put(obj, w, eq ? word_value(eq + 1) : json_true())) {
			json_decref(obj);
			obj = NULL;
		}
	}
	return obj;
}

static void json_line(const char *line, void *arg)
{
	struct reply_json *r = arg;
	char *copy = strdup(line), *rest;
	json_t *key;

	if (!copy) {
		r->bad = 1;
		return;
	}
	if (!strncmp(copy, "entry ", 6)) {
		key = words(copy + 6, &rest);
		r->bad |= json_array_append_new(
			r->entries,
			json_pack("{s:o, s:o}", "key", key, "record",
				  rest ? words(rest, &rest) : json_object()));
	} else if (!strncmp(copy, "ok", 2)) {
		r->bad |=
			json_put(r->obj, "ok", json_true()) ||
			json_object_update_new(r->obj, words(copy + 2, &rest));
	} else if (!strncmp(copy, "error", 5)) {
		fprintf(stderr, WHO ": %s\n", line[5] ? line + 6 : line);
		r->bad |= json_put(r->obj, "ok", json_false()) ||
			  json_put(r->obj, "error",
				   oc_json_text(line[5] ? line + 6 : ""));
	}
	free(copy);
}

/* The reply of verb on line as one JSON object: the status as
 * client(). */
static int json_request(struct oc_pcclient *c, const char *verb,
			const char *line, struct oc_err *err)
{
	struct reply_json r = {json_pack("{s:s}", "command", verb),
			       json_array(), 0};
	int rc = oc_pcclient_request(c, line, json_line, &r, err);

	if (rc < 0) {
		json_decref(r.obj);
		json_decref(r.entries);
		return rc;
	}
	if (!strcmp(verb, "show"))
		r.bad |= json_put(r.obj, "records", json_incref(r.entries));
	json_decref(r.entries);
	if (r.bad) {
		json_decref(r.obj);
		r.obj = NULL;
	}
	return json_report_print("pathcache", r.obj) ? 2 : rc;
}

static void print_line(const char *line, void *arg)
{
	FILE *err = arg;

	if (!strncmp(line, "error", 5))
		fprintf(err, WHO ": %s\n", line[5] ? line + 6 : line);
	else
		printf("%s\n", line);
}

/* The request line of a client command: the verb and, for query, its
 * KEY=VALUE words (checked by the daemon, the one parser). */
static int request_line(const char *verb, int argc, char **argv, char *line,
			size_t size)
{
	size_t off = (size_t)snprintf(line, size, "%s", verb);
	int i;

	if (strcmp(verb, "query") && optind < argc) {
		fprintf(stderr, WHO " %s: unexpected '%s'\n", verb,
			argv[optind]);
		return -1;
	}
	for (i = optind; i < argc && off < size; i++)
		off += (size_t)snprintf(line + off, size - off, " %s", argv[i]);
	if (off >= size) {
		fprintf(stderr, WHO " %s: request longer than %zu characters\n",
			verb, size - 1);
		return -1;
	}
	return 0;
}

static int client(const char *verb, int argc, char **argv)
{
	static const struct option lo[] = {{"socket", 1, 0, 'S'},
					   {"timeout", 1, 0, 't'},
					   {"json", 0, 0, 'j'},
					   {"help", 0, 0, 'h'},
					   {0, 0, 0, 0}};
	char line[OC_PCPROTO_MAX_LINE];
	struct oc_pcclient c;
	struct oc_err err;
	const char *path = NULL;
	unsigned timeout = 5000;
	int ch, rc, json = 0;

	while ((ch = getopt_long(argc, argv, "+S:t:h", lo, NULL)) != -1) {
		if (ch == 'S')
			path = optarg;
		else if (ch == 'j')
			json = 1;
		else if (ch == 't') {
			if (oc_opt_uint(WHO, "--timeout", optarg, 1, 600000,
					&timeout))
				return 2;
		} else {
			usage(ch == 'h' ? stdout : stderr);
			return ch == 'h' ? 0 : 2;
		}
	}
	if (!path) {
		fprintf(stderr, WHO " %s: --socket PATH is required\n", verb);
		return 2;
	}
	if (request_line(verb, argc, argv, line, sizeof(line)))
		return 2;
	if (oc_pcclient_connect(&c, path, (int)timeout, &err)) {
		fprintf(stderr, WHO " %s: %s\n", verb, err.msg);
		return 5;
	}
	rc = json ? json_request(&c, verb, line, &err)
		  : oc_pcclient_request(&c, line, print_line, stderr, &err);
	oc_pcclient_close(&c);
	if (rc < 0) {
		fprintf(stderr, WHO " %s: %s: %s\n", verb, path, err.msg);
		return 5;
	}
	return rc;
}

int cmd_pathcache(int argc, char **argv)
{
	static const char *const verbs[] = {"query", "show", "stats", "flush"};
	unsigned i;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (!strcmp(argv[1], "serve"))
		return serve(argc - 1, argv + 1);
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (!strcmp(argv[1], verbs[i]))
			return client(verbs[i], argc - 1, argv + 1);
	fprintf(stderr,
		WHO ": unknown command '%s' (want serve, query, show, stats "
		    "or flush)\n",
		argv[1]);
	return 2;
}
