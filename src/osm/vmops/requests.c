/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * requests.c - one request line of the control socket (see requests.h).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "vmops/commands.h"
#include "io/ctl_json.h"
#include "io/json_out.h"
#include "osmcloud/ctl.h"
#include "plugin.h"
#include "vmops/requests.h"

#define WORD_MAX (OC_CTL_LINE_MAX + 16)

/* A JSON request turned into the words of its command. */
struct json_req {
	struct oc_json_obj obj;
	const struct oc_json_member *id;
	char *argv[OC_CMD_MAX_ARGS];
	int argc;
	char keyed[4][WORD_MAX]; /* "name=value" words */
	unsigned num_keyed;
};

/* The outcome of one request, whichever door it came through. */
struct outcome {
	enum oc_result res;
	struct oc_cmd_out out;
	char *text;
	size_t text_len;
};

static int outcome_open(struct outcome *o, int want_json)
{
	memset(o, 0, sizeof(*o));
	o->out.text = open_memstream(&o->text, &o->text_len);
	if (want_json)
		o->out.json = json_object();
	return o->out.text && (!want_json || o->out.json) ? 0 : -1;
}

/* Closes the text's stream (the JSON members stay for the reply); -1
 * when the answer could not be kept whole. */
static int outcome_close(struct outcome *o)
{
	int bad = 0;

	if (o->out.text && (fclose(o->out.text) || !o->text))
		bad = 1;
	o->out.text = NULL;
	return bad ? -1 : 0;
}

static void outcome_free(struct outcome *o)
{
	free(o->text);
	json_decref(o->out.json);
}

/* ---- the JSON request -------------------------------------------------- */

/* A member's value as a word: strings and numbers only. */
static int member_word(const struct oc_json_member *m, FILE *text,
		       const char **word)
{
	if (m->type != OC_JSON_STRING && m->type != OC_JSON_NUMBER) {
		fprintf(text,
			"request: member \"%s\": a string or a number "
			"expected, not %s\n",
			m->key, oc_json_type_name(m->type));
		return -1;
	}
	*word = m->text;
	return 0;
}

/* The spec's member name: without its "=" or "?". */
static const char *spec_name(const char *spec)
{
	return *spec == '=' || *spec == '?' ? spec + 1 : spec;
}

static int is_member(const struct oc_cmd *cmd, const char *key)
{
	const char *const *s;

	if (!strcmp(key, "id") || !strcmp(key, "op"))
		return 1;
	for (s = cmd->members; *s; s++)
		if (!strcmp(key, spec_name(*s)))
			return 1;
	return 0;
}

static void add_word(struct json_req *r, const char *spec, const char *word)
{
	char *k;

	if (*spec != '=') {
		r->argv[r->argc++] = (char *)word;
		return;
	}
	k = r->keyed[r->num_keyed++];
	snprintf(k, WORD_MAX, "%s=%s", spec + 1, word);
	r->argv[r->argc++] = k;
}

/* The command's words from its members, in the order of cmd->members. */
static int json_words(struct json_req *r, const struct oc_cmd *cmd, FILE *text)
{
	const char *const *s;
	unsigned i;

	for (i = 0; i < r->obj.n; i++)
		if (!is_member(cmd, r->obj.m[i].key)) {
			fprintf(text,
				"request: unknown member \"%s\" for op \"%s\" "
				"(docs/protocol.md lists them)\n",
				r->obj.m[i].key, cmd->name);
			return -1;
		}
	r->argv[r->argc++] = (char *)cmd->name;
	for (s = cmd->members; *s; s++) {
		const struct oc_json_member *m =
			oc_json_find(&r->obj, spec_name(*s));
		const char *word;

		if (!m && (**s == '=' || **s == '?'))
			continue;
		if (!m) {
			fprintf(text,
				"request: member \"%s\" missing for op "
				"\"%s\"\n",
				spec_name(*s), cmd->name);
			return -1;
		}
		if (member_word(m, text, &word))
			return -1;
		add_word(r, *s, word);
	}
	return 0;
}

/* Parses the request; on error the message is in text. */
static int json_request(struct json_req *r, const char *line, FILE *text)
{
	const struct oc_json_member *op;
	const struct oc_cmd *cmd;
	struct oc_err err;

	memset(r, 0, sizeof(*r));
	if (oc_json_parse(line, &r->obj, &err)) {
		fprintf(text, "request: %s\n", err.msg);
		return -1;
	}
	r->id = oc_json_find(&r->obj, "id");
	if (r->id && r->id->type != OC_JSON_STRING &&
	    r->id->type != OC_JSON_NUMBER) {
		r->id = NULL;
		fprintf(text, "request: member \"id\": a string or a number "
			      "expected\n");
		return -1;
	}
	op = oc_json_find(&r->obj, "op");
	if (!op || op->type != OC_JSON_STRING) {
		fprintf(text, "request: member \"op\" (a string) missing\n");
		return -1;
	}
	cmd = oc_osm_command_find(op->text);
	if (!cmd) {
		fprintf(text, "request: unknown op (\"help\" lists them)\n");
		return -1;
	}
	return json_words(r, cmd, text);
}

/* The figures of a VM operation (docs/protocol.md), in the reply's
 * order: what happened to which VM, then oc_osm_op_json()'s. */
static json_t *op_json(const struct oc_cmd_out *o)
{
	const struct oc_osm_op *op = &o->op;
	char vguid[24], vf_guid[24];
	json_t *obj;

	snprintf(vguid, sizeof(vguid), "0x%016" PRIx64, o->vguid);
	snprintf(vf_guid, sizeof(vf_guid), "0x%016" PRIx64, o->vf_guid);
	obj = json_pack("{s:b, s:o, s:o, s:I, s:s, s:s, s:o}", "already",
			o->already, "vm", oc_json_text(op->vm), "how",
			oc_json_text(o->how ? o->how : ""), "lid",
			(json_int_t)op->lid, "vguid", vguid, "vf_guid", vf_guid,
			"vf", oc_json_text(o->vf));
	if (obj &&
	    (json_object_update_new(obj, oc_osm_op_json(op)) ||
	     (o->remains[0] &&
	      json_object_set_new(obj, "remains", oc_json_text(o->remains))))) {
		json_decref(obj);
		return NULL;
	}
	return obj;
}

/* The message: the answer for people without its last newline. */
static const char *message(struct outcome *o)
{
	if (!o->text)
		return "(no memory for the answer)";
	if (o->text_len && o->text[o->text_len - 1] == '\n')
		o->text[--o->text_len] = '\0';
	return o->text;
}

/* The reply object: id, result, code, message, then the operation's
 * figures and (done only) the command's own members. */
static json_t *reply_json(const struct json_req *r, struct outcome *o)
{
	json_t *id = r->id ? json_object_get(r->obj.root, "id") : NULL;
	json_t *reply = json_pack("{s:O, s:s, s:i, s:o}", "id",
				  id ? id : json_null(), "result",
				  oc_result_name(o->res), "code", o->res,
				  "message", oc_json_text(message(o)));

	if (reply && o->out.has_op &&
	    json_object_update_new(reply, op_json(&o->out))) {
		json_decref(reply);
		return NULL;
	}
	if (reply && o->out.json && o->res == OC_RES_DONE &&
	    json_object_update(reply, o->out.json)) {
		json_decref(reply);
		return NULL;
	}
	return reply;
}

static void json_reply(const struct json_req *r, struct outcome *o, FILE *reply)
{
	if (oc_json_print(reply, reply_json(r, o)))
		fprintf(reply,
			"{\"id\":null,\"result\":\"refused\",\"code\":%d,"
			"\"message\":\"out of memory for the "
			"reply\"}\n",
			OC_RES_REFUSED);
}

static enum oc_result run_json(struct oc_osm_plugin *p, char *line,
			       struct outcome *o, FILE *reply)
{
	struct json_req r;

	if (outcome_open(o, 1)) {
		outcome_close(o);
		o->res = OC_RES_REFUSED;
		fprintf(reply, "{\"id\":null,\"result\":\"refused\",\"code\":1,"
			       "\"message\":\"out of memory\"}\n");
		return o->res;
	}
	if (json_request(&r, line, o->out.text))
		o->res = OC_RES_BAD_REQUEST;
	else
		o->res = oc_osm_command(p, r.argc, r.argv, &o->out);
	outcome_close(o);
	json_reply(&r, o, reply);
	oc_json_obj_free(&r.obj);
	return o->res;
}

/* ---- the line for people ----------------------------------------------- */

static enum oc_result run_text(struct oc_osm_plugin *p, char *line,
			       struct outcome *o, FILE *reply)
{
	char *argv[OC_CMD_MAX_ARGS];
	int argc;

	if (outcome_open(o, 0)) {
		outcome_close(o);
		o->res = OC_RES_REFUSED;
		fprintf(reply,
			"osmcloud: out of memory\n" OC_CTL_STATUS " %d\n",
			o->res);
		return o->res;
	}
	argc = oc_osm_command_split(line, argv);
	if (argc == -1)
		fprintf(o->out.text, "osmcloud: more than %d words\n",
			OC_CMD_MAX_ARGS);
	else if (argc == -2)
		fprintf(o->out.text, "osmcloud: a quote (\") is not closed\n");
	else if (!argc)
		fprintf(o->out.text, "osmcloud: empty command\n");
	o->res = argc > 0 ? oc_osm_command(p, argc, argv, &o->out)
			  : OC_RES_BAD_REQUEST;
	outcome_close(o);
	if (o->text)
		fwrite(o->text, 1, o->text_len, reply);
	fprintf(reply, OC_CTL_STATUS " %d\n", o->res);
	return o->res;
}

/* ---- the log line ------------------------------------------------------ */

/* Who asked what and what came of it: the request and the first line of
 * the answer, each JSON-quoted (no byte of them reaches the log
 * unescaped) in OC_LOG_ECHO_MAX bytes at most. */
static void log_request(struct oc_osm_plugin *p, const struct oc_ctl_peer *peer,
			const char *request, struct outcome *o)
{
	const char *msg = message(o);
	/* one line of the answer is enough in the log */
	char *line = strndup(msg, strcspn(msg, "\n"));
	char *q = oc_json_quoted_clipped(request, OC_LOG_ECHO_MAX);
	char *first = line ? oc_json_quoted_clipped(line, OC_LOG_ECHO_MAX)
			   : NULL;

	free(line);
	oc_osm_info(&p->log,
		    "osmcloud: ctl #%lu (uid %u gid %u pid %d): %s -> %s: %s",
		    peer->conn, (unsigned)peer->uid, (unsigned)peer->gid,
		    (int)peer->pid, q ? q : "?", oc_result_name(o->res),
		    first ? first : "?");
	free(q);
	free(first);
}

enum oc_result oc_osm_request(struct oc_osm_plugin *p,
			      const struct oc_ctl_peer *peer, char *line,
			      FILE *reply)
{
	char *request = strdup(line); /* the words are split in place */
	struct outcome o;
	enum oc_result res;

	if (line[strspn(line, " \t")] == '{')
		res = run_json(p, line, &o, reply);
	else
		res = run_text(p, line, &o, reply);
	log_request(p, peer, request ? request : "?", &o);
	free(request);
	outcome_free(&o);
	return res;
}
