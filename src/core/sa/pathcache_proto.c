/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pathcache_proto.c - the cache daemon's line protocol (see
 * pathcache_proto.h).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "sa/pathcache_proto.h"

#define SELECTOR_EXACTLY 2 /* MTU and rate selectors (IBA 15.2.5.16) */

/* One KEY=VALUE of a query: its component-mask bits and where it goes. */
struct pc_key {
	const char *name;
	uint64_t bits;
	unsigned max; /* 0: a GID */
	int (*put)(uint8_t *rec, unsigned v);
};

static int put_dlid(uint8_t *r, unsigned v)
{
	oc_put_be16(r + 40, v);
	return 0;
}

static int put_slid(uint8_t *r, unsigned v)
{
	oc_put_be16(r + 42, v);
	return 0;
}

static int put_pkey(uint8_t *r, unsigned v)
{
	oc_put_be16(r + 50, v);
	return 0;
}

static int put_sl(uint8_t *r, unsigned v)
{
	r[53] = (uint8_t)((r[53] & 0xf0) | v);
	return 0;
}

static int put_mtu(uint8_t *r, unsigned v)
{
	r[54] = (uint8_t)(SELECTOR_EXACTLY << 6 | v);
	return 0;
}

static int put_rate(uint8_t *r, unsigned v)
{
	r[55] = (uint8_t)(SELECTOR_EXACTLY << 6 | v);
	return 0;
}

static int put_reversible(uint8_t *r, unsigned v)
{
	r[49] = (uint8_t)((r[49] & 0x7f) | (v ? 0x80 : 0));
	return 0;
}

static const struct pc_key pc_keys[] = {
	{"dgid", OC_PR_CM_DGID, 0, NULL},
	{"sgid", OC_PR_CM_SGID, 0, NULL},
	{"dlid", OC_PR_CM_DLID, 0xffff, put_dlid},
	{"slid", OC_PR_CM_SLID, 0xffff, put_slid},
	{"pkey", OC_PR_CM_PKEY, 0xffff, put_pkey},
	{"sl", OC_PR_CM_SL, 15, put_sl},
	{"mtu", OC_PR_CM_MTUSELEC | OC_PR_CM_MTU, 63, put_mtu},
	{"rate", OC_PR_CM_RATESELEC | OC_PR_CM_RATE, 63, put_rate},
	{"reversible", OC_PR_CM_REVERSIBLE, 1, put_reversible},
};

#define N_KEYS (sizeof(pc_keys) / sizeof(pc_keys[0]))

static const struct pc_key *find_key(const char *name, size_t len)
{
	unsigned i;

	for (i = 0; i < N_KEYS; i++)
		if (strlen(pc_keys[i].name) == len &&
		    !strncmp(pc_keys[i].name, name, len))
			return &pc_keys[i];
	return NULL;
}

static int parse_uint(const char *s, unsigned max, unsigned *out)
{
	unsigned long v;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || *end || v > max)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* One KEY=VALUE word of a query into req. */
static int parse_word(const char *w, struct oc_pcreq *req, struct oc_err *err)
{
	const char *eq = strchr(w, '=');
	const struct pc_key *k = eq ? find_key(w, (size_t)(eq - w)) : NULL;
	unsigned v;

	if (!k)
		return oc_err_set(err,
				  "query: unknown word \"%.64s\" (want dgid=, "
				  "dlid=, sgid=, slid=, pkey=, sl=, mtu=, "
				  "rate=, reversible=)",
				  w);
	if (req->comp_mask & k->bits)
		return oc_err_set(err, "query: %s given twice", k->name);
	if (!k->max) {
		uint8_t *gid = req->rec + (k->bits == OC_PR_CM_DGID ? 8 : 24);

		if (inet_pton(AF_INET6, eq + 1, gid) != 1)
			return oc_err_set(err,
					  "query: %s \"%.64s\" is not a GID "
					  "(IPv6 form, e.g. fe80::2)",
					  k->name, eq + 1);
	} else if (parse_uint(eq + 1, k->max, &v)) {
		return oc_err_set(err, "query: %s \"%.64s\": want 0..%u",
				  k->name, eq + 1, k->max);
	} else {
		k->put(req->rec, v);
	}
	req->comp_mask |= k->bits;
	return 0;
}

static int parse_query(char *args, struct oc_pcreq *req, struct oc_err *err)
{
	char *save = NULL, *w;

	for (w = strtok_r(args, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save))
		if (parse_word(w, req, err))
			return -1;
	if (!(req->comp_mask & (OC_PR_CM_DGID | OC_PR_CM_DLID)))
		return oc_err_set(err, "query: names no destination (want "
				       "dgid= or dlid=)");
	req->comp_mask |= OC_PR_CM_NUMBPATH;
	req->rec[49] = (uint8_t)((req->rec[49] & 0x80) | 1);
	return 0;
}

int oc_pcreq_parse(const char *line, struct oc_pcreq *req, struct oc_err *err)
{
	static const char *const verbs[] = {"query", "show", "stats", "flush"};
	char buf[OC_PCPROTO_MAX_LINE];
	size_t len = strlen(line), n;
	unsigned i;

	memset(req, 0, sizeof(*req));
	if (len >= sizeof(buf))
		return oc_err_set(err, "request longer than %zu characters",
				  sizeof(buf) - 1);
	memcpy(buf, line, len + 1);
	n = strcspn(buf, " \t");
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (strlen(verbs[i]) == n && !strncmp(buf, verbs[i], n))
			break;
	if (i == sizeof(verbs) / sizeof(verbs[0]))
		return oc_err_set(err,
				  "unknown request \"%.*s\" (want query, "
				  "show, stats or flush)",
				  (int)(n > 32 ? 32 : n), buf);
	req->verb = (enum oc_pcreq_verb)i;
	if (req->verb == OC_PCREQ_QUERY)
		return parse_query(buf + n, req, err);
	if (buf[n + strspn(buf + n, " \t")])
		return oc_err_set(err, "%s takes no arguments", verbs[i]);
	return 0;
}

static void gid_text(const uint8_t *gid, char out[INET6_ADDRSTRLEN])
{
	if (!inet_ntop(AF_INET6, gid, out, INET6_ADDRSTRLEN))
		strcpy(out, "?");
}

/* Appends to buf at *off, as snprintf, keeping the would-be length. */
static void __attribute__((format(printf, 4, 5)))
append(char *buf, size_t size, size_t *off, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf + *off, *off < size ? size - *off : 0, fmt, ap);
	va_end(ap);
	*off += (size_t)(n > 0 ? n : 0);
}

int oc_pcreq_format_query(char *buf, size_t size, uint64_t comp_mask,
			  const uint8_t rec[OC_PATHREC_SIZE])
{
	char g[INET6_ADDRSTRLEN];
	size_t off = 0;

	append(buf, size, &off, "query");
	if (comp_mask & OC_PR_CM_DGID) {
		gid_text(rec + 8, g);
		append(buf, size, &off, " dgid=%s", g);
	}
	if (comp_mask & OC_PR_CM_SGID) {
		gid_text(rec + 24, g);
		append(buf, size, &off, " sgid=%s", g);
	}
	if (comp_mask & OC_PR_CM_DLID)
		append(buf, size, &off, " dlid=%u", oc_get_be16(rec + 40));
	if (comp_mask & OC_PR_CM_SLID)
		append(buf, size, &off, " slid=%u", oc_get_be16(rec + 42));
	if (comp_mask & OC_PR_CM_PKEY)
		append(buf, size, &off, " pkey=0x%04x", oc_get_be16(rec + 50));
	if (comp_mask & OC_PR_CM_SL)
		append(buf, size, &off, " sl=%u", rec[53] & 0xf);
	if (comp_mask & OC_PR_CM_MTU)
		append(buf, size, &off, " mtu=%u", rec[54] & 0x3f);
	if (comp_mask & OC_PR_CM_RATE)
		append(buf, size, &off, " rate=%u", rec[55] & 0x3f);
	if (comp_mask & OC_PR_CM_REVERSIBLE)
		append(buf, size, &off, " reversible=%u", rec[49] >> 7);
	return (int)off;
}

int oc_pcreply_format(char *buf, size_t size,
		      const uint8_t rec[OC_PATHREC_SIZE], const char *source)
{
	char dg[INET6_ADDRSTRLEN], sg[INET6_ADDRSTRLEN];
	char hex[2 * OC_PATHREC_SIZE + 1];
	unsigned i;

	gid_text(oc_pathrec_dgid(rec), dg);
	gid_text(oc_pathrec_sgid(rec), sg);
	for (i = 0; i < OC_PATHREC_SIZE; i++)
		sprintf(hex + 2 * i, "%02x", rec[i]);
	return snprintf(buf, size,
			"ok dlid=%u slid=%u sl=%u mtu=%u rate=%u pkey=0x%04x "
			"flag=%d source=%s dgid=%s sgid=%s rec=%s",
			oc_pathrec_dlid(rec), oc_pathrec_slid(rec),
			rec[53] & 0xf, rec[54] & 0x3f, rec[55] & 0x3f,
			oc_pathrec_pkey(rec),
			oc_pathrec_cache_flag(rec) ? 1 : 0, source, dg, sg,
			hex);
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int oc_pcreply_parse(const char *line, uint8_t rec[OC_PATHREC_SIZE],
		     int *from_cache, struct oc_err *err)
{
	const char *src = strstr(line, " source="),
		   *hex = strstr(line, " rec=");
	unsigned i;

	if (!strncmp(line, "error", 5))
		return oc_err_set(err, "%s", line[5] ? line + 6 : "error");
	if (strncmp(line, "ok ", 3) || !src || !hex)
		return oc_err_set(err, "not an answer to a query: \"%.64s\"",
				  line);
	hex += 5;
	for (i = 0; i < OC_PATHREC_SIZE; i++) {
		int hi = hex_digit(hex[2 * i]);
		int lo = hi < 0 ? -1 : hex_digit(hex[2 * i + 1]);

		if (lo < 0)
			return oc_err_set(err, "answer's rec= is not 128 hex "
					       "digits");
		rec[i] = (uint8_t)(hi << 4 | lo);
	}
	*from_cache = !strncmp(src + 8, "cache", 5);
	return 0;
}
