/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ctl_json.h - the JSON of the control socket's machine protocol
 * (docs/protocol.md): one request is one JSON object on one line, one
 * reply is one JSON object on one line.
 *
 * The parser is jansson, strict (RFC 8259), with the protocol's rules on
 * top: a request is a flat object whose member values are strings,
 * numbers, true, false or null.  Nested objects and arrays, duplicate
 * member names, member names that are not printable ASCII, invalid
 * UTF-8, "\u0000", raw control characters in strings and anything after
 * the closing brace are errors naming the column (1-based byte offset)
 * and the problem; the message never echoes the request's bytes (but a
 * printable member name).
 *
 * Replies and requests are written with jansson too (io/json_out.h).
 */
#ifndef OC_CTL_JSON_H
#define OC_CTL_JSON_H

#include <stddef.h>

#include <jansson.h>

#include "base/error.h"

#define OC_JSON_MAX_MEMBERS 32
#define OC_JSON_MAX_DEPTH 16

enum oc_json_type {
	OC_JSON_STRING,
	OC_JSON_NUMBER,
	OC_JSON_TRUE,
	OC_JSON_FALSE,
	OC_JSON_NULL,
	OC_JSON_NESTED, /* in a reply only: an array or object, as JSON */
};

struct oc_json_member {
	const char *key;
	enum oc_json_type type;
	const char *text; /* a string's decoded value (UTF-8, no NUL
			     inside), a number as text (an integer as
			     written, a real in its shortest exact form),
			     a nested value's compact JSON; NULL
			     otherwise */
	double num;	  /* a number's value */
};

struct oc_json_obj {
	struct oc_json_member m[OC_JSON_MAX_MEMBERS]; /* in the text's order */
	unsigned n;
	json_t *root; /* jansson's object: the keys and strings */
	char **kept;  /* the texts of numbers and nested values */
	size_t num_kept;
};

/* Parses the object in text (NUL-terminated; blanks around it allowed).
 * 0 with obj filled (free it with oc_json_obj_free), or -1 with err and
 * nothing to free. */
int oc_json_parse(const char *text, struct oc_json_obj *obj,
		  struct oc_err *err);
/* The same for a reply, whose members may also be arrays and objects
 * (nested at most OC_JSON_MAX_DEPTH deep): checked as strictly, and
 * kept as OC_JSON_NESTED members whose text is their JSON. */
int oc_json_parse_reply(const char *text, struct oc_json_obj *obj,
			struct oc_err *err);
void oc_json_obj_free(struct oc_json_obj *obj);

/* The member named key, NULL when absent. */
const struct oc_json_member *oc_json_find(const struct oc_json_obj *obj,
					  const char *key);

/* "string", "number", "true", "false", "null", "nested". */
const char *oc_json_type_name(enum oc_json_type type);

#endif
