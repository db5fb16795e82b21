/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_weights.c - "osmcloud weights": node weights for pftree_wt from the
 * traffic the CA ports receive.
 *
 * Reads PortRcvData of every CA port (or of the listed ones) twice,
 * --interval seconds apart, through libibmad as perfquery does, maps the
 * data each port received linearly into --range (Equation 1 of the
 * pFTree-Wt paper, weights_map.h) and writes a weights file
 * (weights_file.h) that the plugin's weights= option reads.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "ibports.h"
#include "rcv_counters.h"
#include "io/weights_file.h"
#include "weights_map.h"
#include "json_report.h"

#define CMD "osmcloud weights"
#define MAX_INTERVAL 86400.0
#define STR_(x) #x
#define STR(x) STR_(x) /* a macro's value as a string */

struct weights_args {
	const char *out;
	const char *ports; /* NULL: every CA port */
	const char *ca;
	int port;
	double interval, lo, hi;
	unsigned timeout_ms;
	enum oc_counter_width width;
	int verbose, quiet, json;
};

/* What was measured for one port. */
struct sample {
	struct oc_rcv_reader reader;
	uint64_t first, second;
};

static void weights_usage(FILE *out)
{
	fprintf(out,
		"usage: " CMD " -o FILE [options]\n"
		"  -o, --output FILE   weights file to write ('-': stdout)\n"
		"  --interval S        seconds between the two counter reads "
		"(default 10)\n"
		"  --range MIN:MAX     weights from MIN (least data received) "
		"to MAX\n"
		"                      (most), 1e-6 <= MIN < MAX <= 1e6 "
		"(default 1:100)\n"
		"  --ports LIST        only these CA ports: LIDs (decimal) or "
		"port GUIDs\n"
		"                      (0x...), comma-separated (default: "
		"every CA port)\n"
		"  --counters WIDTH    auto (extended when supported, "
		"default), basic\n"
		"                      (PortCounters, 32 bits) or extended "
		"(64 bits)\n"
		"  -C, --ca NAME       local CA to send from (default: the "
		"first)\n"
		"  -P, --port N        its port (default: the first active)\n"
		"  --timeout MS        time-out of each MAD (default 1000)\n"
		"  -v, --verbose       one line per port: GUID, LID, octets "
		"received, weight\n"
		"  -q, --quiet         no progress or summary on stderr\n"
		"  --json              the summary and every port's weight as "
		"one JSON\n"
		"                      object on stdout (needs -o FILE, not "
		"'-')\n");
}

static int bad_arg(const char *what, const char *value, const char *why)
{
	fprintf(stderr, CMD ": %s \"%s\": %s\n", what, value, why);
	return 2;
}

static int parse_number(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return end == s || *end || errno || !isfinite(*v) ? -1 : 0;
}

static int parse_interval(struct weights_args *a, const char *s)
{
	if (parse_number(s, &a->interval) || a->interval <= 0 ||
	    a->interval > MAX_INTERVAL)
		return bad_arg("--interval", s,
			       "want seconds, more than 0 and at most 86400");
	return 0;
}

static int parse_range(struct weights_args *a, const char *s)
{
	const char *colon = strchr(s, ':');
	char lo[64];

	if (!colon || (size_t)(colon - s) >= sizeof(lo))
		return bad_arg("--range", s, "want MIN:MAX, e.g. 1:100");
	memcpy(lo, s, colon - s);
	lo[colon - s] = '\0';
	if (parse_number(lo, &a->lo) || parse_number(colon + 1, &a->hi))
		return bad_arg("--range", s, "MIN and MAX must be numbers");
	if (a->lo <= 0 || a->hi <= a->lo)
		return bad_arg("--range", s, "want 0 < MIN < MAX");
	if (a->lo < OC_WEIGHT_MIN || a->hi > OC_WEIGHT_MAX)
		return bad_arg(
			"--range", s,
			"want " STR(OC_WEIGHT_MIN) " <= MIN and MAX <= " STR(
				OC_WEIGHT_MAX) " (a weights file's limits)");
	return 0;
}

static int parse_width(struct weights_args *a, const char *s)
{
	if (!strcmp(s, "auto"))
		a->width = OC_COUNTERS_AUTO;
	else if (!strcmp(s, "basic"))
		a->width = OC_COUNTERS_BASIC;
	else if (!strcmp(s, "extended"))
		a->width = OC_COUNTERS_EXTENDED;
	else
		return bad_arg("--counters", s, "want auto, basic or extended");
	return 0;
}

static int parse_uint(const char *what, const char *s, unsigned long max,
		      unsigned long *v)
{
	char *end;

	errno = 0;
	*v = strtoul(s, &end, 10);
	if (end == s || *end || errno || *v > max || s[0] == '-')
		return bad_arg(what, s, "not a number in range");
	return 0;
}

static int parse_option(struct weights_args *a, int c)
{
	unsigned long v;

	switch (c) {
	case 'o':
		a->out = optarg;
		return 0;
	case 'i':
		return parse_interval(a, optarg);
	case 'r':
		return parse_range(a, optarg);
	case 'p':
		a->ports = optarg;
		return 0;
	case 'w':
		return parse_width(a, optarg);
	case 'C':
		a->ca = optarg;
		return 0;
	case 'P':
		if (parse_uint("--port", optarg, 254, &v))
			return 2;
		a->port = v;
		return 0;
	case 't':
		if (parse_uint("--timeout", optarg, 600000, &v) || !v)
			return bad_arg("--timeout", optarg,
				       "want milliseconds, 1 to 600000");
		a->timeout_ms = v;
		return 0;
	case 'v':
		a->verbose = 1;
		return 0;
	case 'q':
		a->quiet = 1;
		return 0;
	case 'j':
		a->json = 1;
		return 0;
	case 'h':
		weights_usage(stdout);
		return 1;
	default:
		weights_usage(stderr);
		return 2;
	}
}

/* 0: go on; 1: --help done; 2: bad arguments (reported). */
static int parse_weights_args(int argc, char **argv, struct weights_args *a)
{
	static const struct option opts[] = {
		{"output", required_argument, NULL, 'o'},
		{"interval", required_argument, NULL, 'i'},
		{"range", required_argument, NULL, 'r'},
		{"ports", required_argument, NULL, 'p'},
		{"counters", required_argument, NULL, 'w'},
		{"ca", required_argument, NULL, 'C'},
		{"port", required_argument, NULL, 'P'},
		{"timeout", required_argument, NULL, 't'},
		{"verbose", no_argument, NULL, 'v'},
		{"quiet", no_argument, NULL, 'q'},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int c, ret;

	*a = (struct weights_args){
		.interval = 10, .lo = 1, .hi = 100, .timeout_ms = 1000};
	while ((c = getopt_long(argc, argv, "o:C:P:vqh", opts, NULL)) != -1)
		if ((ret = parse_option(a, c)))
			return ret;
	if (optind < argc)
		return bad_arg("argument", argv[optind], "unexpected");
	if (!a->out) {
		fprintf(stderr, CMD ": -o FILE is required\n");
		weights_usage(stderr);
		return 2;
	}
	if (a->json && !strcmp(a->out, "-")) {
		fprintf(stderr, CMD ": --json needs -o FILE: the weights "
				    "file would share stdout\n");
		return 2;
	}
	return 0;
}

/* One element of --ports: a port GUID (0x...) or a LID (decimal). */
static int resolve_one(const struct oc_mad *m, const struct oc_ibports *all,
		       const char *item, struct oc_ibport *p,
		       struct oc_err *err)
{
	char *end;
	unsigned long long v;
	size_t i;

	errno = 0;
	v = strtoull(item, &end, 0);
	if (!*item || *end || errno || item[0] == '-')
		return oc_err_set(err,
				  "--ports: \"%s\" is neither a LID nor "
				  "a port GUID (0x...)",
				  item);
	if (strncmp(item, "0x", 2) && strncmp(item, "0X", 2)) {
		if (!v || v > 0xbfff)
			return oc_err_set(err,
					  "--ports: LID %s out of range "
					  "1..49151",
					  item);
		return oc_ibport_by_lid(m, (uint16_t)v, p, err);
	}
	for (i = 0; i < all->n; i++)
		if (all->v[i].guid == v) {
			*p = all->v[i];
			return 0;
		}
	return oc_err_set(err, "--ports: no CA port with GUID %s in the fabric",
			  item);
}

static int already_listed(const struct oc_ibports *ps, uint64_t guid)
{
	size_t i;

	for (i = 0; i < ps->n; i++)
		if (ps->v[i].guid == guid)
			return 1;
	return 0;
}

/* The ports named in list, in its order; the fabric is walked only when
 * a GUID is given. */
static int resolve_list(const struct oc_mad *m, const char *list,
			struct oc_ibports *out, struct oc_err *err)
{
	struct oc_ibports all = {0};
	char *copy = strdup(list), *item, *save = NULL;
	int ret = copy ? 0 : oc_err_set(err, "out of memory");

	if (!ret && (strstr(list, "0x") || strstr(list, "0X")))
		ret = oc_ibports_discover(m, &all, err);
	for (item = strtok_r(copy, ",", &save); item && !ret;
	     item = strtok_r(NULL, ",", &save)) {
		struct oc_ibport p;

		ret = resolve_one(m, &all, item, &p, err);
		if (!ret && already_listed(out, p.guid))
			ret = oc_err_set(err,
					 "--ports: port 0x%016" PRIx64
					 " (\"%s\") listed twice",
					 p.guid, item);
		if (!ret)
			ret = oc_ibports_add(out, &p, err);
	}
	if (!ret && !out->n)
		ret = oc_err_set(err, "--ports: empty list");
	free(copy);
	oc_ibports_free(&all);
	return ret;
}

/* Drops the ports without a LID (their counters cannot be reached). */
static void drop_unaddressed(struct oc_ibports *ps, int quiet)
{
	size_t i, n = 0;

	for (i = 0; i < ps->n; i++) {
		if (ps->v[i].lid) {
			ps->v[n++] = ps->v[i];
			continue;
		}
		if (!quiet)
			fprintf(stderr,
				CMD ": skipping port 0x%016" PRIx64
				    " (%s): it has no LID\n",
				ps->v[i].guid, ps->v[i].desc);
	}
	ps->n = n;
}

static int find_ports(const struct weights_args *a, const struct oc_mad *m,
		      struct oc_ibports *ps, struct oc_err *err)
{
	if (a->ports ? resolve_list(m, a->ports, ps, err)
		     : oc_ibports_discover(m, ps, err))
		return -1;
	drop_unaddressed(ps, a->quiet);
	if (!ps->n)
		return oc_err_set(err, "no CA port with a LID (is an SM "
				       "running?)");
	return 0;
}

static void sleep_seconds(double s)
{
	struct timespec ts = {.tv_sec = (time_t)s,
			      .tv_nsec = (long)((s - (time_t)s) * 1e9)};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* Reads every port once into first (pass 1) or second (pass 2). */
static int read_all(const struct oc_mad *m, const struct oc_ibports *ps,
		    struct sample *s, int pass, struct oc_err *err)
{
	size_t i;

	for (i = 0; i < ps->n; i++) {
		const struct oc_ibport *p = &ps->v[i];
		uint64_t *v = pass == 1 ? &s[i].first : &s[i].second;
		int saturated;

		if (oc_rcv_read(m, p, &s[i].reader, v, &saturated, err))
			return -1;
		if (saturated)
			return oc_err_set(err,
					  "port 0x%016" PRIx64 " (LID %u): "
					  "its 32-bit PortRcvData is stuck at "
					  "0xffffffff; reset it (perfquery -R) "
					  "or use extended counters",
					  p->guid, p->lid);
	}
	return 0;
}

static int init_readers(const struct weights_args *a, const struct oc_mad *m,
			const struct oc_ibports *ps, struct sample *s,
			struct oc_err *err)
{
	size_t i;

	for (i = 0; i < ps->n; i++)
		if (oc_rcv_reader_init(m, &ps->v[i], a->width, &s[i].reader,
				       err))
			return -1;
	return 0;
}

/* Octets each port received between the reads. */
static int received(const struct oc_ibports *ps, const struct sample *s,
		    uint64_t *octets, struct oc_err *err)
{
	size_t i;

	for (i = 0; i < ps->n; i++) {
		if (s[i].second < s[i].first)
			return oc_err_set(err,
					  "port 0x%016" PRIx64 " (LID %u): "
					  "PortRcvData went back from %" PRIu64
					  " to %" PRIu64 " (counters reset "
					  "meanwhile?)",
					  ps->v[i].guid, ps->v[i].lid,
					  s[i].first, s[i].second);
		octets[i] = 4 * (s[i].second - s[i].first);
	}
	return 0;
}

static int measure(const struct weights_args *a, const struct oc_mad *m,
		   const struct oc_ibports *ps, uint64_t *octets,
		   struct oc_err *err)
{
	struct sample *s = calloc(ps->n, sizeof(*s));
	int ret;

	if (!s)
		return oc_err_set(err, "out of memory");
	ret = init_readers(a, m, ps, s, err) || read_all(m, ps, s, 1, err);
	if (!ret) {
		if (!a->quiet)
			fprintf(stderr,
				CMD ": first read of %zu CA ports done; "
				    "reading again in %g s\n",
				ps->n, a->interval);
		sleep_seconds(a->interval);
		ret = read_all(m, ps, s, 2, err) ||
		      received(ps, s, octets, err);
	}
	free(s);
	return ret ? -1 : 0;
}

static struct oc_weights *to_weights(const struct oc_ibports *ps,
				     const double *w, struct oc_err *err)
{
	struct oc_weights *t = oc_weights_new();
	size_t i;

	if (!t) {
		oc_err_set(err, "out of memory");
		return NULL;
	}
	for (i = 0; i < ps->n; i++)
		if (oc_weights_set(t, ps->v[i].guid, w[i], err)) {
			oc_weights_free(t);
			return NULL;
		}
	return t;
}

/* Writes FILE.tmp and renames it, so that a reader never sees half a
 * file; "-" writes to stdout. */
static int write_file(const char *path, const struct oc_weights *t,
		      struct oc_err *err)
{
	char *tmp;
	FILE *f;
	int ret;

	if (!strcmp(path, "-"))
		return oc_weights_write(t, stdout, err) || fflush(stdout)
			       ? oc_err_set(err, "cannot write stdout")
			       : 0;
	if (asprintf(&tmp, "%s.tmp", path) < 0)
		return oc_err_set(err, "out of memory");
	f = fopen(tmp, "w");
	ret = f ? oc_weights_write(t, f, err)
		: oc_err_set(err, "%s: %s", tmp, strerror(errno));
	if (f && (fclose(f) || ret))
		ret = ret ? ret
			  : oc_err_set(err, "%s: %s", tmp, strerror(errno));
	if (!ret && rename(tmp, path))
		ret = oc_err_set(err, "%s: %s", path, strerror(errno));
	if (ret && f)
		unlink(tmp);
	free(tmp);
	return ret;
}

/* --json: what was measured and written */
static json_t *report_json(const struct weights_args *a,
			   const struct oc_ibports *ps, const uint64_t *octets,
			   const double *w)
{
	json_t *ports = json_array();
	char guid[24];
	size_t i;

	for (i = 0; ports && i < ps->n; i++) {
		snprintf(guid, sizeof(guid), "0x%016" PRIx64, ps->v[i].guid);
		if (json_array_append_new(
			    ports,
			    json_pack("{s:s, s:I, s:I, s:o, s:o}", "guid", guid,
				      "lid", (json_int_t)ps->v[i].lid, "octets",
				      (json_int_t)octets[i], "weight",
				      oc_json_fixed(w[i], 9), "desc",
				      oc_json_text(ps->v[i].desc)))) {
			json_decref(ports);
			ports = NULL;
		}
	}
	return json_pack("{s:o, s:o, s:[o, o], s:I, s:o}", "output",
			 oc_json_text(a->out), "interval_s",
			 oc_json_fixed(a->interval, 6), "range",
			 oc_json_fixed(a->lo, 9), oc_json_fixed(a->hi, 9),
			 "num_ports", (json_int_t)ps->n, "ports", ports);
}

static void report(const struct weights_args *a, const struct oc_ibports *ps,
		   const uint64_t *octets, const double *w)
{
	uint64_t lo = UINT64_MAX, hi = 0;
	size_t i;

	for (i = 0; i < ps->n; i++) {
		if (a->verbose)
			fprintf(stderr,
				"0x%016" PRIx64 " LID %u %" PRIu64
				" octets weight %.9g  %s\n",
				ps->v[i].guid, ps->v[i].lid, octets[i], w[i],
				ps->v[i].desc);
		lo = octets[i] < lo ? octets[i] : lo;
		hi = octets[i] > hi ? octets[i] : hi;
	}
	if (!a->quiet)
		fprintf(stderr,
			CMD ": %zu CA ports received %" PRIu64 " to %" PRIu64
			    " octets in %g s; weights %g to %g written to %s\n",
			ps->n, lo, hi, a->interval, a->lo,
			lo == hi ? a->lo : a->hi, a->out);
}

static int compute_and_write(const struct weights_args *a,
			     const struct oc_ibports *ps,
			     const uint64_t *octets, struct oc_err *err)
{
	double *w = calloc(ps->n, sizeof(*w));
	struct oc_weights *t = NULL;
	int ret = -1;

	if (!w)
		return oc_err_set(err, "out of memory");
	oc_weights_linear(octets, ps->n, a->lo, a->hi, w);
	t = to_weights(ps, w, err);
	if (t && !write_file(a->out, t, err)) {
		ret = 0;
		if (!a->json)
			report(a, ps, octets, w);
		else if (json_report_print("weights",
					   report_json(a, ps, octets, w)))
			ret = oc_err_set(err, "--json: the report was not "
					      "printed (the weights file "
					      "was written)");
	}
	oc_weights_free(t);
	free(w);
	return ret;
}

static int run_weights(const struct weights_args *a, struct oc_err *err)
{
	struct oc_ibports ps = {0};
	struct oc_mad m = {0};
	uint64_t *octets = NULL;
	int ret;

	ret = oc_mad_open(&m, a->ca, a->port, a->timeout_ms, err) ||
	      find_ports(a, &m, &ps, err);
	if (!ret) {
		octets = calloc(ps.n, sizeof(*octets));
		ret = !octets ? oc_err_set(err, "out of memory")
			      : measure(a, &m, &ps, octets, err) ||
					compute_and_write(a, &ps, octets, err);
	}
	free(octets);
	oc_ibports_free(&ps);
	oc_mad_close(&m);
	return ret ? -1 : 0;
}

int cmd_weights(int argc, char **argv)
{
	struct weights_args a;
	struct oc_err err;
	int ret = parse_weights_args(argc, argv, &a);

	if (ret)
		return ret == 1 ? 0 : 2;
	if (run_weights(&a, &err)) {
		fprintf(stderr, CMD ": %s\n", err.msg);
		return 1;
	}
	return 0;
}
