/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ctl_json.c - strict JSON for the control socket (see ctl_json.h).
 */
#include <stdlib.h>
#include <string.h>

#include "io/ctl_json.h"

struct parser {
	const unsigned char *s; /* the text */
	size_t pos;
	char *out; /* next free byte of the decoded buffer */
	struct oc_err *err;
	int reply; /* arrays and objects allowed as member values */
};

static int fail(struct parser *p, const char *what)
{
	return oc_err_set(p->err, "column %zu: %s", p->pos + 1, what);
}

static void skip_blanks(struct parser *p)
{
	while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
	       p->s[p->pos] == '\n' || p->s[p->pos] == '\r')
		p->pos++;
}

unsigned oc_utf8_len(const unsigned char *s)
{
	unsigned len, i;
	unsigned long cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

static void put_utf8(struct parser *p, unsigned long cp)
{
	if (cp < 0x80) {
		*p->out++ = (char)cp;
	} else if (cp < 0x800) {
		*p->out++ = (char)(0xc0 | cp >> 6);
		*p->out++ = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*p->out++ = (char)(0xe0 | cp >> 12);
		*p->out++ = (char)(0x80 | (cp >> 6 & 0x3f));
		*p->out++ = (char)(0x80 | (cp & 0x3f));
	} else {
		*p->out++ = (char)(0xf0 | cp >> 18);
		*p->out++ = (char)(0x80 | (cp >> 12 & 0x3f));
		*p->out++ = (char)(0x80 | (cp >> 6 & 0x3f));
		*p->out++ = (char)(0x80 | (cp & 0x3f));
	}
}

/* Four hex digits after "\u". */
static int hex4(struct parser *p, unsigned long *v)
{
	unsigned i;

	*v = 0;
	for (i = 0; i < 4; i++) {
		unsigned char c = p->s[p->pos + i];
		int d = c >= '0' && c <= '9'   ? c - '0'
			: c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10
					       : -1;

		if (d < 0)
			return fail(p, "\\u wants four hex digits");
		*v = *v << 4 | (unsigned)d;
	}
	p->pos += 4;
	return 0;
}

/* "\uXXXX", or a surrogate pair "\uD8xx\uDCxx"; p->pos after the 'u'. */
static int unicode_escape(struct parser *p)
{
	unsigned long cp, lo;

	if (hex4(p, &cp))
		return -1;
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return fail(p, "a low surrogate without a high one");
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (p->s[p->pos] != '\\' || p->s[p->pos + 1] != 'u')
			return fail(p, "a high surrogate without a low one");
		p->pos += 2;
		if (hex4(p, &lo))
			return -1;
		if (lo < 0xdc00 || lo > 0xdfff)
			return fail(p, "a high surrogate without a low one");
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	if (!cp)
		return fail(p, "\\u0000 is not allowed in a string");
	put_utf8(p, cp);
	return 0;
}

static int escape(struct parser *p)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *e;
	unsigned char c = p->s[p->pos];

	if (c == 'u') {
		p->pos++;
		return unicode_escape(p);
	}
	e = c ? strchr(from, c) : NULL;
	if (!e)
		return fail(p, "unknown escape in a string");
	*p->out++ = to[e - from];
	p->pos++;
	return 0;
}

/* A string; p->pos on its opening quote.  Its decoded value goes to
 * p->out, NUL-terminated, and *value points at it. */
static int string(struct parser *p, const char **value)
{
	unsigned len;

	*value = p->out;
	p->pos++;
	for (;;) {
		unsigned char c = p->s[p->pos];

		if (c == '"')
			break;
		if (!c)
			return fail(p, "unterminated string");
		if (c < 0x20)
			return fail(p, "a control character in a string "
				       "(escape it)");
		if (c == '\\') {
			p->pos++;
			if (escape(p))
				return -1;
			continue;
		}
		len = oc_utf8_len(p->s + p->pos);
		if (!len)
			return fail(p, "invalid UTF-8 in a string");
		memcpy(p->out, p->s + p->pos, len);
		p->out += len;
		p->pos += len;
	}
	p->pos++;
	*p->out++ = '\0';
	return 0;
}

static int digits(struct parser *p)
{
	size_t start = p->pos;

	while (p->s[p->pos] >= '0' && p->s[p->pos] <= '9')
		p->pos++;
	return p->pos > start ? 0 : fail(p, "a digit expected in a number");
}

/* A number as RFC 8259 writes it; its literal is copied to p->out. */
static int number(struct parser *p, struct oc_json_member *m)
{
	size_t start = p->pos;

	if (p->s[p->pos] == '-')
		p->pos++;
	if (p->s[p->pos] == '0')
		p->pos++;
	else if (digits(p))
		return -1;
	if (p->s[p->pos] == '.') {
		p->pos++;
		if (digits(p))
			return -1;
	}
	if (p->s[p->pos] == 'e' || p->s[p->pos] == 'E') {
		p->pos++;
		if (p->s[p->pos] == '+' || p->s[p->pos] == '-')
			p->pos++;
		if (digits(p))
			return -1;
	}
	memcpy(p->out, p->s + start, p->pos - start);
	m->text = p->out;
	p->out += p->pos - start;
	*p->out++ = '\0';
	m->num = strtod(m->text, NULL);
	m->type = OC_JSON_NUMBER;
	return 0;
}

static int literal(struct parser *p, const char *word, enum oc_json_type type,
		   struct oc_json_member *m)
{
	size_t len = strlen(word);

	if (strncmp((const char *)p->s + p->pos, word, len))
		return fail(p, "a value expected (string, number, true, "
			       "false or null)");
	p->pos += len;
	m->type = type;
	return 0;
}

static int nested(struct parser *p, struct oc_json_member *m);

static int value(struct parser *p, struct oc_json_member *m)
{
	unsigned char c = p->s[p->pos];

	m->text = NULL;
	m->num = 0;
	switch (c) {
	case '"':
		m->type = OC_JSON_STRING;
		return string(p, &m->text);
	case '{':
	case '[':
		if (p->reply)
			return nested(p, m);
		return fail(p, "nested objects and arrays are not part of "
			       "the protocol");
	case 't':
		return literal(p, "true", OC_JSON_TRUE, m);
	case 'f':
		return literal(p, "false", OC_JSON_FALSE, m);
	case 'n':
		return literal(p, "null", OC_JSON_NULL, m);
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return number(p, m);
		return fail(p, "a value expected (string, number, true, "
			       "false or null)");
	}
}

static int any_value(struct parser *p, unsigned depth);

/* The items of an array or the members of an object (keyed), after the
 * opening bracket, up to and past close. */
static int items(struct parser *p, unsigned depth, char close, int keyed)
{
	const char *key;

	skip_blanks(p);
	if (p->s[p->pos] == close) {
		p->pos++;
		return 0;
	}
	for (;;) {
		if (keyed && p->s[p->pos] != '"')
			return fail(p, "a member name (a string) expected");
		if (keyed && string(p, &key))
			return -1;
		skip_blanks(p);
		if (keyed && p->s[p->pos] != ':')
			return fail(p, "':' expected after a member name");
		p->pos += keyed;
		skip_blanks(p);
		if (any_value(p, depth))
			return -1;
		skip_blanks(p);
		if (p->s[p->pos] == close) {
			p->pos++;
			return 0;
		}
		if (p->s[p->pos] != ',')
			return fail(p, close == '}' ? "',' or '}' expected"
						    : "',' or ']' expected");
		p->pos++;
		skip_blanks(p);
	}
}

static int any_value(struct parser *p, unsigned depth)
{
	struct oc_json_member m;
	unsigned char c = p->s[p->pos];

	if (c != '{' && c != '[')
		return value(p, &m);
	if (depth == OC_JSON_MAX_DEPTH)
		return fail(p, "arrays and objects nested too deep");
	p->pos++;
	return items(p, depth + 1, c == '{' ? '}' : ']', c == '{');
}

/* An array or object of a reply: checked, then kept as its JSON text
 * (what it decoded on the way is dropped). */
static int nested(struct parser *p, struct oc_json_member *m)
{
	size_t at = p->pos, len;
	char *out = p->out;

	if (any_value(p, 0))
		return -1;
	len = p->pos - at;
	memcpy(out, p->s + at, len);
	out[len] = '\0';
	p->out = out + len + 1;
	m->type = OC_JSON_NESTED;
	m->text = out;
	return 0;
}

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

static int member(struct parser *p, struct oc_json_obj *obj)
{
	struct oc_json_member *m = &obj->m[obj->n];
	size_t at = p->pos;
	unsigned i;

	if (p->s[p->pos] != '"')
		return fail(p, "a member name (a string) expected");
	if (obj->n == OC_JSON_MAX_MEMBERS)
		return fail(p, "too many members");
	if (string(p, &m->key))
		return -1;
	if (!key_ok(m->key)) {
		p->pos = at;
		return fail(p, "a member name must be printable ASCII");
	}
	for (i = 0; i < obj->n; i++)
		if (!strcmp(obj->m[i].key, m->key)) {
			p->pos = at;
			return oc_err_set(p->err,
					  "column %zu: member \"%s\" given "
					  "twice",
					  at + 1, m->key);
		}
	skip_blanks(p);
	if (p->s[p->pos] != ':')
		return fail(p, "':' expected after a member name");
	p->pos++;
	skip_blanks(p);
	if (value(p, m))
		return -1;
	obj->n++;
	return 0;
}

static int members(struct parser *p, struct oc_json_obj *obj)
{
	skip_blanks(p);
	if (p->s[p->pos] == '}')
		return 0;
	for (;;) {
		if (member(p, obj))
			return -1;
		skip_blanks(p);
		if (p->s[p->pos] == '}')
			return 0;
		if (p->s[p->pos] != ',')
			return fail(p, "',' or '}' expected");
		p->pos++;
		skip_blanks(p);
	}
}

static int parse(const char *text, struct oc_json_obj *obj, int reply,
		 struct oc_err *err)
{
	struct parser p = {(const unsigned char *)text, 0, NULL, err, reply};

	memset(obj, 0, sizeof(*obj));
	/* decoding never grows a string; a number's literal gains a NUL */
	obj->buf = malloc(2 * strlen(text) + 2);
	if (!obj->buf)
		return oc_err_set(err, "out of memory");
	p.out = obj->buf;
	skip_blanks(&p);
	if (p.s[p.pos] != '{') {
		fail(&p, reply ? "a reply is one JSON object: '{' expected"
			       : "a request is one JSON object: '{' expected");
		goto bad;
	}
	p.pos++;
	if (members(&p, obj))
		goto bad;
	p.pos++;
	skip_blanks(&p);
	if (p.s[p.pos]) {
		fail(&p, "text after the object");
		goto bad;
	}
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
	free(obj->buf);
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

void oc_json_quote(FILE *out, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned len;

	fputc('"', out);
	while (*u) {
		if (*u == '"' || *u == '\\') {
			fprintf(out, "\\%c", *u++);
			continue;
		}
		if (*u < 0x20 || *u == 0x7f) {
			fprintf(out, "\\u%04x", *u++);
			continue;
		}
		len = oc_utf8_len(u);
		if (!len) {
			fputs("\\ufffd", out);
			u++;
			continue;
		}
		fwrite(u, 1, len, out);
		u += len;
	}
	fputc('"', out);
}
