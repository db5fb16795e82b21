/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ctl_json.c - the control socket's JSON (see ctl_json.h), decoded by
 * jansson.  jansson checks the syntax, UTF-8, escapes, "\u0000" and
 * duplicate member names; this file adds the protocol's own rules (one
 * object, flat in a request, at most OC_JSON_MAX_DEPTH deep in a reply,
 * member names printable ASCII, at most OC_JSON_MAX_MEMBERS members) and
 * words every error as "column N: problem", N the 1-based byte offset,
 * without jansson's "near '...'", which would quote the request.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "io/ctl_json.h"

#define NEAR " near '"

/* jansson's phrase (a prefix of its error text) in the protocol's words */
static const struct {
	const char *jansson, *ours;
} phrases[] = {
	{"string or '}' expected", "a member name (a string) expected"},
	{"'}' expected", "',' or '}' expected"},
	{"']' expected", "',' or ']' expected"},
	{"':' expected", "':' expected after a member name"},
	{"unexpected token", "a value expected (string, number, true, "
			     "false or null)"},
	{"end of file expected", "text after the object"},
	{"premature end of input", "unterminated string"},
	{"invalid escape", "an invalid escape in a string"},
	{"\\u0000 is not allowed", "\\u0000 is not allowed in a string"},
	{"invalid Unicode", "an unpaired surrogate (\\uD800-\\uDFFF) in a "
			    "string"},
	{"control character", "a control character in a string (escape it)"},
	{"unable to decode byte", "invalid UTF-8"},
	{"too big integer", "a number too big"},
	{"real number overflow", "a number too big"},
	{"maximum parsing depth reached", "arrays and objects nested too deep"},
	{"NUL byte in object key", "a member name must be printable ASCII"},
	{"duplicate object key", "a member name given twice"},
};

/* ---- columns, from the text itself ------------------------------------- */

/* Past the string whose opening quote is at s[at]. */
static size_t skip_string(const char *s, size_t at)
{
	for (at++; s[at] && s[at] != '"'; at++)
		if (s[at] == '\\' && s[at + 1])
			at++;
	return s[at] ? at + 1 : at;
}

/* The 1-based column of the first '[' or '{' that opens a level deeper
 * than max (the object itself is level 1), 0 when none does. */
static size_t too_deep(const char *s, unsigned max)
{
	unsigned depth = 0;
	size_t at = 0;

	while (s[at]) {
		if (s[at] == '"') {
			at = skip_string(s, at);
			continue;
		}
		if ((s[at] == '[' || s[at] == '{') && ++depth > max)
			return at + 1;
		if (s[at] == ']' || s[at] == '}')
			depth--;
		at++;
	}
	return 0;
}

/* The 1-based column of the name of the object's member index (the text
 * parsed: valid JSON), or of its value. */
static size_t member_column(const char *s, size_t index, int of_value)
{
	unsigned depth = 0;
	size_t at = 0, n = 0;
	int want_key = 0;

	while (s[at]) {
		if (s[at] == '"' && depth == 1 && want_key && n++ == index) {
			if (!of_value)
				return at + 1;
			at = skip_string(s, at);
			at += strspn(s + at, " \t\r\n:");
			return at + 1;
		}
		if (s[at] == '"') {
			at = skip_string(s, at);
			continue;
		}
		if (s[at] == '[' || s[at] == '{')
			depth++;
		else if (s[at] == ']' || s[at] == '}')
			depth--;
		want_key = depth == 1 && (s[at] == '{' || s[at] == ',');
		at++;
	}
	return 1;
}

/* ---- jansson's errors in the protocol's words --------------------------- */

/* jansson's text without its context; *token and *token_len the input
 * it quoted (NULL: none, at the end of the input or too long). */
static void split_error(char *text, const char **token, size_t *token_len)
{
	char *near = strstr(text, NEAR);
	size_t len;

	*token = NULL;
	*token_len = 0;
	if (!near)
		return;
	*near = '\0';
	near += strlen(NEAR);
	len = strlen(near);
	if (len && near[len - 1] == '\'') {
		*token = near;
		*token_len = len - 1;
	}
}

static const char *our_phrase(const char *text, const char *token)
{
	size_t i;

	if (!strncmp(text, "invalid token", 13))
		return token && (*token == '-' ||
				 (*token >= '0' && *token <= '9'))
			       ? "a malformed number"
			       : "a value expected (string, number, true, "
				 "false or null)";
	for (i = 0; i < sizeof(phrases) / sizeof(phrases[0]); i++)
		if (!strncmp(text, phrases[i].jansson,
			     strlen(phrases[i].jansson)))
			return phrases[i].ours;
	return text;
}

/* A duplicate's name, when it is short printable ASCII (a key token of
 * jansson's context, quotes included). */
static int printable_key(const char *token, size_t len)
{
	size_t i;

	if (!token || len < 3 || token[0] != '"' || token[len - 1] != '"')
		return 0;
	for (i = 1; i + 1 < len; i++)
		if (token[i] < 0x20 || token[i] > 0x7e || token[i] == '\\' ||
		    token[i] == '"')
			return 0;
	return 1;
}

static int decode_error(json_error_t *je, struct oc_err *err)
{
	size_t pos = je->position > 0 ? (size_t)je->position : 0, col, len;
	const char *token, *phrase;

	split_error(je->text, &token, &len);
	phrase = our_phrase(je->text, token);
	/* (by the text: json_error_code() is jansson 2.11's, configure
	 * asks for 2.7) */
	if (!strncmp(je->text, "unable to decode byte", 21) ||
	    !strncmp(je->text, "control character", 17))
		col = pos + 1; /* the byte itself */
	else if (token && len <= pos)
		col = pos - len + 1; /* the token's first byte */
	else
		col = strstr(je->text, "near end of file") || !pos ? pos + 1
								   : pos;
	if (!strncmp(je->text, "duplicate object key", 20) &&
	    printable_key(token, len))
		return oc_err_set(err, "column %zu: member %.*s given twice",
				  col, (int)len, token);
	return oc_err_set(err, "column %zu: %s", col, phrase);
}

/* ---- the members --------------------------------------------------------- */

/* Member names are printable ASCII: error messages may quote them. */
static int key_ok(const char *key)
{
	if (!*key)
		return 0;
	for (; *key; key++)
		if (*key < 0x20 || *key > 0x7e)
			return 0;
	return 1;
}

/* A number as a word: an integer as written, a real in its shortest
 * form that reads back the same. */
static int number_text(json_t *v, char *buf, size_t cap)
{
	double d = json_number_value(v);

	if (json_is_integer(v))
		return snprintf(buf, cap, "%" JSON_INTEGER_FORMAT,
				json_integer_value(v));
	snprintf(buf, cap, "%.15g", d);
	if (strtod(buf, NULL) != d)
		snprintf(buf, cap, "%.17g", d);
	return 0;
}

/* Keeps text (a number's literal, a nested value's JSON) in obj->buf's
 * list of strings; NULL when out of memory. */
static const char *keep(struct oc_json_obj *obj, char *text)
{
	char **list;

	if (!text)
		return NULL;
	list = realloc(obj->kept, (obj->num_kept + 1) * sizeof(*list));
	if (!list) {
		free(text);
		return NULL;
	}
	obj->kept = list;
	list[obj->num_kept++] = text;
	return text;
}

static int member_value(struct oc_json_obj *obj, struct oc_json_member *m,
			json_t *v)
{
	char num[40];

	m->text = NULL;
	m->num = 0;
	switch (json_typeof(v)) {
	case JSON_STRING:
		m->type = OC_JSON_STRING;
		m->text = json_string_value(v);
		return 0;
	case JSON_INTEGER:
	case JSON_REAL:
		m->type = OC_JSON_NUMBER;
		m->num = json_number_value(v);
		number_text(v, num, sizeof(num));
		m->text = keep(obj, strdup(num));
		return m->text ? 0 : -1;
	case JSON_TRUE:
		m->type = OC_JSON_TRUE;
		return 0;
	case JSON_FALSE:
		m->type = OC_JSON_FALSE;
		return 0;
	case JSON_NULL:
		m->type = OC_JSON_NULL;
		return 0;
	default: /* arrays and objects: a reply's, depth checked */
		m->type = OC_JSON_NESTED;
		m->text = keep(obj,
			       json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY |
						     JSON_REAL_PRECISION(17)));
		return m->text ? 0 : -1;
	}
}

static int members(const char *text, struct oc_json_obj *obj,
		   struct oc_err *err)
{
	const char *key;
	json_t *v;

	json_object_foreach(obj->root, key, v)
	{
		size_t i = obj->n;

		if (!key_ok(key))
			return oc_err_set(err,
					  "column %zu: a member name must be "
					  "printable ASCII",
					  member_column(text, i, 0));
		if (i == OC_JSON_MAX_MEMBERS)
			return oc_err_set(err, "column %zu: too many members",
					  member_column(text, i, 0));
		obj->m[i].key = key;
		if (member_value(obj, &obj->m[i], v))
			return oc_err_set(err, "out of memory");
		obj->n++;
	}
	return 0;
}

static int parse(const char *text, struct oc_json_obj *obj, int reply,
		 struct oc_err *err)
{
	/* a request is flat; in a reply a member may nest arrays and
	 * objects OC_JSON_MAX_DEPTH deep */
	size_t deep = too_deep(text, reply ? OC_JSON_MAX_DEPTH + 1 : 1);
	json_error_t je;

	size_t first = strspn(text, " \t\r\n");

	memset(obj, 0, sizeof(*obj));
	if (text[first] != '{')
		return oc_err_set(err,
				  "column %zu: a %s is one JSON object: '{' "
				  "expected",
				  first + 1, reply ? "reply" : "request");
	obj->root = json_loads(text, JSON_REJECT_DUPLICATES, &je);
	/* the first problem in the text is the one named */
	if (deep && (obj->root || (size_t)je.position + 1 >= deep)) {
		oc_err_set(err, "column %zu: %s", deep,
			   reply ? "arrays and objects nested too deep"
				 : "nested objects and arrays are not part "
				   "of the protocol");
		goto bad;
	}
	if (!obj->root) {
		decode_error(&je, err);
		goto bad;
	}
	if (members(text, obj, err))
		goto bad;
	return 0;
bad:
	oc_json_obj_free(obj);
	return -1;
}

int oc_json_parse(const char *text, struct oc_json_obj *obj, struct oc_err *err)
{
	return parse(text, obj, 0, err);
}

int oc_json_parse_reply(const char *text, struct oc_json_obj *obj,
			struct oc_err *err)
{
	return parse(text, obj, 1, err);
}

void oc_json_obj_free(struct oc_json_obj *obj)
{
	size_t i;

	for (i = 0; i < obj->num_kept; i++)
		free(obj->kept[i]);
	free(obj->kept);
	json_decref(obj->root);
	memset(obj, 0, sizeof(*obj));
}

const struct oc_json_member *oc_json_find(const struct oc_json_obj *obj,
					  const char *key)
{
	unsigned i;

	for (i = 0; i < obj->n; i++)
		if (!strcmp(obj->m[i].key, key))
			return &obj->m[i];
	return NULL;
}

const char *oc_json_type_name(enum oc_json_type type)
{
	static const char *const names[] = {
		[OC_JSON_STRING] = "string", [OC_JSON_NUMBER] = "number",
		[OC_JSON_TRUE] = "true",     [OC_JSON_FALSE] = "false",
		[OC_JSON_NULL] = "null",     [OC_JSON_NESTED] = "nested",
	};

	return type <= OC_JSON_NESTED ? names[type] : "?";
}
