/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ctl_request.c - libosmcloudctl's JSON: a request built from key/value
 * strings with jansson (io/json_out.h: invalid UTF-8 as U+FFFD), a reply
 * read with the project's strict parser (oc_json_parse_reply, jansson
 * too), its members by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/ctl_json.h"
#include "io/json_out.h"
#include "ctl_conn.h"

struct oc_ctl_reply {
	char *line;
	struct oc_json_obj obj;
	int code;
	const char *result, *message;
};

void oc_ctl_reply_free(struct oc_ctl_reply *r)
{
	if (!r)
		return;
	oc_json_obj_free(&r->obj);
	free(r->line);
	free(r);
}

/* The members every reply has, of the right types. */
static int check_reply(struct oc_ctl_reply *r, struct oc_err *err)
{
	const struct oc_json_member *code = oc_json_find(&r->obj, "code");
	const struct oc_json_member *res = oc_json_find(&r->obj, "result");
	const struct oc_json_member *msg = oc_json_find(&r->obj, "message");

	if (!code || code->type != OC_JSON_NUMBER || code->num < 0 ||
	    code->num >= OC_RES_COUNT || code->num != (int)code->num)
		return oc_err_set(err, "reply without a result code 0..%d",
				  OC_RES_COUNT - 1);
	if (!res || res->type != OC_JSON_STRING || !msg ||
	    msg->type != OC_JSON_STRING)
		return oc_err_set(err, "reply without \"result\" and "
				       "\"message\" strings");
	r->code = (int)code->num;
	r->result = res->text;
	r->message = msg->text;
	return 0;
}

static struct oc_ctl_reply *parse(const char *line, struct oc_err *err)
{
	struct oc_ctl_reply *r = calloc(1, sizeof(*r));

	if (!r || !(r->line = strdup(line))) {
		free(r);
		oc_err_set(err, "out of memory for a reply");
		return NULL;
	}
	if (oc_json_parse_reply(line, &r->obj, err)) {
		free(r->line);
		free(r);
		return NULL;
	}
	if (check_reply(r, err)) {
		oc_ctl_reply_free(r);
		return NULL;
	}
	return r;
}

struct oc_ctl_reply *oc_ctl_reply_parse(const char *line, char *err,
					size_t err_len)
{
	struct oc_err e;
	struct oc_ctl_reply *r = parse(line, &e);

	if (!r && err_len)
		snprintf(err, err_len, "%s", e.msg);
	return r;
}

/* {"op":op,"key":"value",...} on one line, NULL-terminated text; NULL
 * when out of memory.  A key given twice keeps its last value. */
static char *request_line(const char *op, const char *const *args)
{
	json_t *req = json_object();
	char *line = NULL;
	unsigned i;
	int bad;

	if (!req)
		return NULL;
	bad = json_object_set_new(req, "op", oc_json_text(op));
	for (i = 0; args && args[i] && args[i + 1]; i += 2) {
		json_t *key = oc_json_text(args[i]); /* valid UTF-8 */

		bad |= !key || json_object_set_new(req, json_string_value(key),
						   oc_json_text(args[i + 1]));
		json_decref(key);
	}
	if (!bad)
		line = json_dumps(req, OC_JSON_FLAGS);
	json_decref(req);
	return line;
}

/* args pairs up and names each key once: the caller's mistakes, said
 * plainly. */
static int check_args(struct oc_ctl *c, const char *const *args)
{
	unsigned n = 0, i;

	while (args && args[n])
		n++;
	if (n % 2)
		return ctl_conn_fail(c,
				     "request arguments: key \"%s\" has no "
				     "value",
				     args[n - 1]);
	for (n = 0; args && args[n]; n += 2) {
		int twice = !strcmp(args[n], "op");

		for (i = 0; i < n && !twice; i += 2)
			twice = !strcmp(args[i], args[n]);
		if (twice)
			return ctl_conn_fail(c,
					     "request arguments: key \"%s\" "
					     "given twice",
					     args[n]);
	}
	return 0;
}

struct oc_ctl_reply *oc_ctl_request(struct oc_ctl *c, const char *op,
				    const char *const *args)
{
	struct oc_ctl_reply *r;
	const char *reply;
	struct oc_err err;
	char *line;
	int sent;

	if (check_args(c, args))
		return NULL;
	line = request_line(op, args);
	if (!line) {
		ctl_conn_fail(c, "out of memory for the request");
		return NULL;
	}
	sent = oc_ctl_send_line(c, line);
	free(line);
	if (sent || !(reply = oc_ctl_read_line(c)))
		return NULL;
	r = parse(reply, &err);
	if (!r)
		ctl_conn_fail(c, "bad reply: %s", err.msg);
	return r;
}

int oc_ctl_reply_code(const struct oc_ctl_reply *r)
{
	return r->code;
}

const char *oc_ctl_reply_result(const struct oc_ctl_reply *r)
{
	return r->result;
}

const char *oc_ctl_reply_message(const struct oc_ctl_reply *r)
{
	return r->message;
}

const char *oc_ctl_reply_get(const struct oc_ctl_reply *r, const char *name)
{
	const struct oc_json_member *m = oc_json_find(&r->obj, name);

	if (!m)
		return NULL;
	return m->text ? m->text : oc_json_type_name(m->type);
}

const char *oc_ctl_reply_line(const struct oc_ctl_reply *r)
{
	return r->line;
}
