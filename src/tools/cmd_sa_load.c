/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_sa_load.c - osmcloud sa-load: one client of the SA load benchmark
 * (the SA flooder of the caching paper, section III), on libibumad so it
 * runs on real HCAs as under ibsim (umad2sim).
 *
 * The process keeps `window` SubnAdmGet(PathRecord) queries outstanding
 * towards the SM (window 1: the paper's synchronous client), times each
 * answer, and at the end prints one line: queries answered, errors,
 * queries/s, and the mean, median, standard deviation and 99th
 * percentile of the response time.  bench/sa_load.sh runs one
 * synchronous client beside flooders with growing windows.
 */
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "base/clock.h"
#include "commands.h"
#include "stop_signal.h"
#include "opt_uint.h"
#include "json_report.h"
#include "latency_stats.h"
#include "sa_umad.h"

#define MAX_WINDOW 200 /* ibsim deadlocks near 500 outstanding in all */

struct sa_opts {
	const char *ca;
	int port;
	unsigned window, seconds, timeout_ms, dlid;
	const char *role;
	int json;
};

struct slot {
	uint32_t tid;
	double t0;
};

struct sa_client {
	struct oc_sa_port sa;
	uint8_t mad[OC_MAD_SIZE]; /* the query, TID filled in per send */
	struct slot slot[MAX_WINDOW];
	double *rtt;
	size_t n, cap, errors;
};

/* SubnAdmGet(PathRecord) from this port's LID to dlid, one path, as
 * rdma_cm asks by LIDs (SLID, DLID, NumbPath). */
static void build_query(struct sa_client *c, unsigned dlid)
{
	uint8_t pr[OC_PATHREC_SIZE] = {0};

	oc_put_be16(pr + 40, (uint16_t)dlid);
	oc_put_be16(pr + 42, (uint16_t)c->sa.u.port.base_lid);
	pr[49] = 1; /* NumbPath */
	oc_sa_build_pr_get(
		c->mad, OC_PR_CM_SLID | OC_PR_CM_DLID | OC_PR_CM_NUMBPATH, pr);
}

static int send_query(struct sa_client *c, struct slot *s,
		      const struct sa_opts *o)
{
	s->t0 = oc_now_us();
	return oc_sa_send(&c->sa, c->mad, (int)o->timeout_ms, &s->tid);
}

static void record(struct sa_client *c, double us)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 65536;
		double *v = realloc(c->rtt, cap * sizeof(*v));

		if (!v)
			return; /* keeps the figures so far */
		c->rtt = v, c->cap = cap;
	}
	c->rtt[c->n++] = us;
}

/* Waits for one answer; returns its slot (NULL: nothing or not ours).
 * A time-out or an SA error status counts as an error. */
static struct slot *receive(struct sa_client *c, unsigned window)
{
	uint8_t rec[OC_PATHREC_SIZE];
	uint16_t status;
	uint32_t tid;
	unsigned i;

	if (oc_sa_recv(&c->sa, 1000, &tid, &status, rec))
		return NULL;
	for (i = 0; i < window; i++)
		if (c->slot[i].tid == tid)
			break;
	if (i == window)
		return NULL;
	if (status)
		c->errors++;
	else
		record(c, oc_now_us() - c->slot[i].t0);
	return &c->slot[i];
}

/* Keeps o->window queries outstanding until the time is up or SIGTERM. */
static int flood(struct sa_client *c, const struct sa_opts *o, double *secs)
{
	double start = oc_now_us(), end = start + o->seconds * 1e6;
	unsigned i, outstanding = o->window;
	struct slot *s;

	for (i = 0; i < o->window; i++)
		if (send_query(c, &c->slot[i], o))
			return -1;
	fprintf(stderr, "osmcloud sa-load: started\n");
	while (outstanding) {
		s = receive(c, o->window);
		if (!s)
			continue;
		if (!oc_stop_asked() && (!o->seconds || oc_now_us() < end)) {
			if (send_query(c, s, o))
				return -1;
		} else {
			s->tid = 0;
			outstanding--;
		}
	}
	*secs = (oc_now_us() - start) / 1e6;
	return 0;
}

static int open_client(struct sa_client *c, const struct sa_opts *o)
{
	if (oc_sa_open(&c->sa, o->ca, o->port, "osmcloud sa-load"))
		return -1;
	if (!c->sa.u.port.sm_lid) {
		fprintf(stderr, "osmcloud sa-load: port %s/%d knows no SM\n",
			c->sa.u.port.ca_name, c->sa.u.port.portnum);
		return -1;
	}
	return 0;
}

/* The figures of the output line, as one JSON object. */
static int report_json(const struct sa_client *c, const struct sa_opts *o,
		       double secs, const struct oc_latency *l)
{
	return json_report_print(
		"sa-load",
		json_pack("{s:o, s:I, s:I, s:I, s:o, s:o, s:o, s:o, s:o, s:o}",
			  "role", oc_json_text(o->role), "window",
			  (json_int_t)o->window, "queries", (json_int_t)c->n,
			  "errors", (json_int_t)c->errors, "seconds",
			  oc_json_fixed(secs, 2), "qps",
			  oc_json_fixed(secs > 0 ? c->n / secs : 0, 0),
			  "mean_us", oc_json_fixed(l->mean, 1), "median_us",
			  oc_json_fixed(l->median, 1), "sd_us",
			  oc_json_fixed(l->sd, 1), "p99_us",
			  oc_json_fixed(l->p99, 1)));
}

static int report(struct sa_client *c, const struct sa_opts *o, double secs)
{
	struct oc_latency l = oc_latency_of(c->rtt, c->n);

	if (o->json)
		return report_json(c, o, secs, &l);
	printf("sa-load role=%s window=%u queries=%zu errors=%zu "
	       "seconds=%.2f qps=%.0f mean_us=%.1f median_us=%.1f "
	       "sd_us=%.1f p99_us=%.1f\n",
	       o->role, o->window, c->n, c->errors, secs,
	       secs > 0 ? c->n / secs : 0, l.mean, l.median, l.sd, l.p99);
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud sa-load [options]\n"
		"  one client of the SA load benchmark: keeps WINDOW "
		"SubnAdmGet(PathRecord)\n"
		"  queries outstanding towards the SM and prints queries/s "
		"and the mean,\n"
		"  median, standard deviation and 99th percentile of the "
		"response time\n"
		"  -C, --ca NAME       CA (default: the first with an active "
		"port)\n"
		"  -P, --port N        port number (default: the first "
		"active)\n"
		"  -w, --window K      outstanding queries, 1..%d (default 1: "
		"synchronous)\n"
		"  -s, --seconds S     run time; 0: until SIGTERM (default "
		"5)\n"
		"  -d, --dlid LID      destination LID (default: the SM's)\n"
		"  -t, --timeout MS    per-query time-out (default 1000)\n"
		"  -r, --role NAME     label of the output line (default "
		"client)\n"
		"  --json              the output line's figures as one JSON "
		"object\n"
		"Under ibsim, run it with LD_PRELOAD=libumad2sim.so and "
		"SIM_HOST=<CA name>.\n",
		MAX_WINDOW);
}

static int parse(int argc, char **argv, struct sa_opts *o)
{
	static const struct option lo[] = {
		{"ca", 1, 0, 'C'},     {"port", 1, 0, 'P'},
		{"window", 1, 0, 'w'}, {"seconds", 1, 0, 's'},
		{"dlid", 1, 0, 'd'},   {"timeout", 1, 0, 't'},
		{"role", 1, 0, 'r'},   {"help", 0, 0, 'h'},
		{"json", 0, 0, 'j'},   {0, 0, 0, 0}};
	unsigned port = 0;
	int ch, rc = 0;

	while (!rc && (ch = getopt_long(argc, argv, "C:P:w:s:d:t:r:h", lo,
					NULL)) != -1) {
		switch (ch) {
		case 'C':
			o->ca = optarg;
			break;
		case 'P':
			rc = oc_opt_uint("osmcloud sa-load", "--port", optarg,
					 1, 254, &port);
			break;
		case 'w':
			rc = oc_opt_uint("osmcloud sa-load", "--window", optarg,
					 1, MAX_WINDOW, &o->window);
			break;
		case 's':
			rc = oc_opt_uint("osmcloud sa-load", "--seconds",
					 optarg, 0, 86400, &o->seconds);
			break;
		case 'd':
			rc = oc_opt_uint("osmcloud sa-load", "--dlid", optarg,
					 1, 0xbfff, &o->dlid);
			break;
		case 't':
			rc = oc_opt_uint("osmcloud sa-load", "--timeout",
					 optarg, 1, 60000, &o->timeout_ms);
			break;
		case 'r':
			o->role = optarg;
			break;
		case 'j':
			o->json = 1;
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
		fprintf(stderr, "osmcloud sa-load: unexpected '%s'\n",
			argv[optind]);
		rc = -1;
	}
	return rc;
}

int cmd_sa_load(int argc, char **argv)
{
	struct sa_opts o = {.window = 1,
			    .seconds = 5,
			    .timeout_ms = 1000,
			    .role = "client"};
	struct sa_client c = {.sa.u.fd = -1};
	double secs = 0;
	int rc;

	if (parse(argc, argv, &o) || open_client(&c, &o))
		return 2;
	oc_stop_on_signals();
	build_query(&c, o.dlid ? o.dlid : c.sa.u.port.sm_lid);
	rc = flood(&c, &o, &secs);
	if (!rc && report(&c, &o, secs))
		rc = -1;
	free(c.rtt);
	oc_sa_close(&c.sa);
	return rc ? 1 : 0;
}
