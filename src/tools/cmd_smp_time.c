/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_smp_time.c - osmcloud smp-time: how long X LFT-update SMPs to K
 * switches take, from the first Set sent to the last answer received
 * (the vSwitch routing paper, section 7.1 and Fig. 7).
 *
 * The first K switches in breadth-first order from the local port are
 * found by directed route (no SM, no LIDs needed).  Everything is checked
 * before any Set: K switches found, each switch's LinearFDBCap holds the
 * X/K blocks.  Each repeat then reads blocks 0..X/K-1 of every switch
 * (Get, not timed) and writes each block back with what it just read
 * (Set, timed), block after block across the switches as OpenSM's
 * ucast_mgr_pipeline_fwd_tbl does, with at most W outstanding: the
 * switches forward exactly as before.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "opt_uint.h"
#include "smp_switches.h"
#include "smp_window.h"
#include "json_report.h"

#define WHO "osmcloud smp-time"
#define LFT_MAX_BLOCKS 768 /* 49152 unicast LIDs, 64 a block */
#define LFT_BLOCK 64
#define MAX_SWITCHES 4096
#define MAX_REPEAT 1000

struct st_opts {
	const char *ca;
	int port;
	unsigned switches, smps, window, repeat, timeout_ms;
	int json;
};

struct st_state {
	struct oc_smp_port p;
	struct oc_smp_switch *sw;
	unsigned found, blocks; /* blocks per switch: X/K */
	uint8_t *lft;		/* blocks * LFT_BLOCK bytes per switch */
	struct oc_smp_req *reqs;
	double *ms;
	json_t *report; /* --json: the figures, printed at the end */
	int json_bad;
};

static void usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud smp-time [--ca NAME] [--port N] --switches K "
		"--smps X\n"
		"                         [--window W] [--repeat R] "
		"[--timeout MS]\n"
		"  times X Set(LinearForwardingTable) SMPs to the first K "
		"switches met\n"
		"  breadth-first from the local port (directed route: no SM "
		"or LIDs needed),\n"
		"  X/K blocks per switch (blocks 0..X/K-1), from the first "
		"Set sent to the\n"
		"  last answer received.  Each block is first read (Get, not "
		"timed) and\n"
		"  written back with the content just read: the fabric's "
		"forwarding never\n"
		"  changes.  Nothing is sent when K switches are not found or "
		"a switch's\n"
		"  LinearFDBCap holds fewer than X/K blocks.\n"
		"  -C, --ca NAME       CA (default: the first with an active "
		"port)\n"
		"  -P, --port N        port number (default: the first "
		"active)\n"
		"  -k, --switches K    switches, 1..%d\n"
		"  -x, --smps X        Set SMPs in all, a multiple of K, at "
		"most %d per switch\n"
		"  -w, --window W      outstanding SMPs, 1..%d (default 4, "
		"OpenSM's max_wire_smps)\n"
		"  -r, --repeat R      measurements, 1..%d (default 1)\n"
		"  -t, --timeout MS    per-SMP time-out (default 1000)\n"
		"  --json              the switches and every run as one JSON "
		"object on\n"
		"                      stdout, also after a failure\n"
		"Under ibsim, run it with ibsim-run (or LD_PRELOAD=libumad2sim.so) "
		"and\n"
		"SIM_HOST=<node>.  Exit status: 0 every SMP answered with "
		"success, 1 a fabric\n"
		"problem, an error status or a time-out, 2 bad options.\n",
		MAX_SWITCHES, LFT_MAX_BLOCKS, OC_SMP_MAX_WINDOW, MAX_REPEAT);
}

static int parse_one(int ch, struct st_opts *o, unsigned *port)
{
	switch (ch) {
	case 'C':
		o->ca = optarg;
		return 0;
	case 'P':
		return oc_opt_uint(WHO, "--port", optarg, 1, 254, port);
	case 'k':
		return oc_opt_uint(WHO, "--switches", optarg, 1, MAX_SWITCHES,
				   &o->switches);
	case 'x':
		return oc_opt_uint(WHO, "--smps", optarg, 1,
				   LFT_MAX_BLOCKS * MAX_SWITCHES, &o->smps);
	case 'w':
		return oc_opt_uint(WHO, "--window", optarg, 1,
				   OC_SMP_MAX_WINDOW, &o->window);
	case 'r':
		return oc_opt_uint(WHO, "--repeat", optarg, 1, MAX_REPEAT,
				   &o->repeat);
	case 't':
		return oc_opt_uint(WHO, "--timeout", optarg, 1, 60000,
				   &o->timeout_ms);
	case 'j':
		o->json = 1;
		return 0;
	case 'h':
		usage(stdout);
		exit(0);
	}
	usage(stderr);
	return -1;
}

/* The options that need each other: K and X given, X = K * blocks. */
static int check_opts(const struct st_opts *o)
{
	if (!o->switches || !o->smps) {
		fprintf(stderr, "%s: --switches K and --smps X are required\n",
			WHO);
		return -1;
	}
	if (o->smps % o->switches) {
		fprintf(stderr,
			"%s: --smps %u is not a multiple of --switches %u "
			"(every switch gets X/K blocks)\n",
			WHO, o->smps, o->switches);
		return -1;
	}
	if (o->smps / o->switches > LFT_MAX_BLOCKS) {
		fprintf(stderr,
			"%s: --smps %u over %u switches is %u blocks each: an "
			"LFT has at most %d (49152 LIDs)\n",
			WHO, o->smps, o->switches, o->smps / o->switches,
			LFT_MAX_BLOCKS);
		return -1;
	}
	return 0;
}

static int parse(int argc, char **argv, struct st_opts *o)
{
	static const struct option lo[] = {
		{"ca", 1, 0, 'C'},	 {"port", 1, 0, 'P'},
		{"switches", 1, 0, 'k'}, {"smps", 1, 0, 'x'},
		{"window", 1, 0, 'w'},	 {"repeat", 1, 0, 'r'},
		{"timeout", 1, 0, 't'},	 {"json", 0, 0, 'j'},
		{"help", 0, 0, 'h'},	 {0, 0, 0, 0}};
	unsigned port = 0;
	int ch, rc = 0;

	while (!rc && (ch = getopt_long(argc, argv, "C:P:k:x:w:r:t:h", lo,
					NULL)) != -1)
		rc = parse_one(ch, o, &port);
	o->port = (int)port;
	if (!rc && optind < argc) {
		fprintf(stderr, "%s: unexpected '%s'\n", WHO, argv[optind]);
		rc = -1;
	}
	return rc ? rc : check_opts(o);
}

/* Every switch holds the blocks asked: else the first that does not,
 * named, and nothing is sent. */
static int check_fabric(const struct st_state *s, const struct st_opts *o)
{
	char name[4 * OC_SMP_MAX_HOPS + 128];
	unsigned i;

	if (s->found < o->switches) {
		fprintf(stderr,
			"%s: --switches %u: only %u switch(es) reachable from "
			"%s/%d by directed route; nothing sent\n",
			WHO, o->switches, s->found, s->p.u.port.ca_name,
			s->p.u.port.portnum);
		return -1;
	}
	for (i = 0; i < s->found; i++)
		if (s->sw[i].lft_cap / LFT_BLOCK < s->blocks) {
			fprintf(stderr,
				"%s: switch %s: LinearFDBCap %u holds %u "
				"LFT blocks, --smps %u over %u switches asks "
				"%u; nothing sent\n",
				WHO,
				oc_smp_switch_name(&s->sw[i], name,
						   sizeof(name)),
				s->sw[i].lft_cap, s->sw[i].lft_cap / LFT_BLOCK,
				o->smps, o->switches, s->blocks);
			return -1;
		}
	return 0;
}

/* --json: key: value into the report; a failure spoils the report. */
static void put(struct st_state *s, const char *key, json_t *value)
{
	if (!s->report || json_put(s->report, key, value))
		s->json_bad = 1;
}

static void json_switches(struct st_state *s)
{
	char name[4 * OC_SMP_MAX_HOPS + 128];
	json_t *list = json_array();
	unsigned i;

	for (i = 0; list && i < s->found; i++)
		if (json_array_append_new(
			    list,
			    json_pack("{s:o, s:I, s:I}", "switch",
				      oc_json_text(oc_smp_switch_name(
					      &s->sw[i], name, sizeof(name))),
				      "lft_cap", (json_int_t)s->sw[i].lft_cap,
				      "lft_top",
				      (json_int_t)s->sw[i].lft_top))) {
			json_decref(list);
			list = NULL;
		}
	put(s, "switch_list", list);
	put(s, "runs", json_array());
}

static void print_switches(struct st_state *s)
{
	char name[4 * OC_SMP_MAX_HOPS + 128];
	unsigned i;

	if (s->report) {
		json_switches(s);
		return;
	}
	for (i = 0; i < s->found; i++)
		printf("# switch %u: %s LinearFDBCap %u LinearFDBTop %u\n",
		       i + 1, oc_smp_switch_name(&s->sw[i], name, sizeof(name)),
		       s->sw[i].lft_cap, s->sw[i].lft_top);
}

/* Request j: block j / K of switch j % K (block after block across the
 * switches), its data in that switch's copy of the table. */
static void build_requests(struct st_state *s, unsigned k)
{
	unsigned j, n = s->blocks * k;

	for (j = 0; j < n; j++) {
		unsigned sw = j % k, blk = j / k;

		s->reqs[j].path = &s->sw[sw].path;
		s->reqs[j].mod = blk;
		s->reqs[j].data =
			s->lft + ((size_t)sw * s->blocks + blk) * LFT_BLOCK;
	}
}

/* The first request that failed, named by switch and block. */
static void report_failure(const struct st_state *s, const char *what,
			   unsigned k)
{
	char name[4 * OC_SMP_MAX_HOPS + 128];
	unsigned j, n = s->blocks * k;

	for (j = 0; j < n; j++) {
		uint16_t st = s->reqs[j].status;

		if (!st)
			continue;
		fprintf(stderr, "%s: %s of LFT block %u of switch %s: %s", WHO,
			what, s->reqs[j].mod,
			oc_smp_switch_name(&s->sw[j % k], name, sizeof(name)),
			st == OC_SMP_NO_ANSWER ? "no answer" : "status");
		if (st != OC_SMP_NO_ANSWER)
			fprintf(stderr, " 0x%04x", st);
		fprintf(stderr, " (first of the failed)\n");
		return;
	}
}

/* Reads every block to be written (not timed): 0, or -1 after naming the
 * first that could not be read (then no Set is sent). */
static int read_blocks(struct st_state *s, const struct st_opts *o)
{
	struct oc_smp_run run;
	unsigned n = s->blocks * o->switches;

	if (oc_smp_window(&s->p, OC_SMP_GET, OC_SMP_ATTR_LFT, s->reqs, n,
			  o->window, (int)o->timeout_ms, &run))
		return -1;
	if (run.acks == n)
		return 0;
	report_failure(s, "Get", o->switches);
	fprintf(stderr, "%s: %u of %u LFT blocks read; no Set sent\n", WHO,
		run.acks, n);
	return -1;
}

static void print_run(struct st_state *s, const struct st_opts *o, unsigned rep,
		      const struct oc_smp_run *run, double ms)
{
	if (s->report) {
		if (json_array_append_new(
			    json_object_get(s->report, "runs"),
			    json_pack("{s:I, s:o, s:o, s:I, s:I, s:I, s:I}",
				      "run", (json_int_t)rep, "ms",
				      oc_json_fixed(ms, 3), "smps_per_s",
				      oc_json_fixed(
					      ms > 0 ? run->acks / (ms / 1000.0)
						     : 0.0,
					      0),
				      "acks", (json_int_t)run->acks, "errors",
				      (json_int_t)run->errors, "timeouts",
				      (json_int_t)run->timeouts, "differ",
				      (json_int_t)run->differ)))
			s->json_bad = 1;
		return;
	}
	printf("X=%u K=%u W=%u run=%u ms=%.3f smps_per_s=%.0f acks=%u "
	       "errors=%u timeouts=%u differ=%u\n",
	       o->smps, o->switches, o->window, rep, ms,
	       ms > 0 ? run->acks / (ms / 1000.0) : 0.0, run->acks, run->errors,
	       run->timeouts, run->differ);
}

/* One measurement: 0 when every Set was acknowledged. */
static int measure(struct st_state *s, const struct st_opts *o, unsigned rep)
{
	struct oc_smp_run run;
	double ms;

	if (read_blocks(s, o) ||
	    oc_smp_window(&s->p, OC_SMP_SET, OC_SMP_ATTR_LFT, s->reqs, o->smps,
			  o->window, (int)o->timeout_ms, &run))
		return -1;
	ms = run.acks || run.errors || run.differ
		     ? (run.last_us - run.first_us) / 1000.0
		     : 0;
	s->ms[rep] = ms;
	print_run(s, o, rep + 1, &run, ms);
	if (run.acks == o->smps)
		return 0;
	report_failure(s, "Set", o->switches);
	if (run.differ)
		fprintf(stderr,
			"%s: %u Set answer(s) carried other data than "
			"written\n",
			WHO, run.differ);
	return -1;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void print_median(struct st_state *s, const struct st_opts *o)
{
	double m;

	qsort(s->ms, o->repeat, sizeof(*s->ms), cmp_double);
	m = o->repeat % 2
		    ? s->ms[o->repeat / 2]
		    : (s->ms[o->repeat / 2 - 1] + s->ms[o->repeat / 2]) / 2;
	if (s->report) {
		put(s, "median",
		    json_pack("{s:o, s:o, s:o, s:o}", "ms", oc_json_fixed(m, 3),
			      "smps_per_s",
			      oc_json_fixed(
				      m > 0 ? o->smps / (m / 1000.0) : 0.0, 0),
			      "min_ms", oc_json_fixed(s->ms[0], 3), "max_ms",
			      oc_json_fixed(s->ms[o->repeat - 1], 3)));
		return;
	}
	printf("median X=%u K=%u W=%u repeats=%u ms=%.3f smps_per_s=%.0f "
	       "min_ms=%.3f max_ms=%.3f\n",
	       o->smps, o->switches, o->window, o->repeat, m,
	       m > 0 ? o->smps / (m / 1000.0) : 0.0, s->ms[0],
	       s->ms[o->repeat - 1]);
}

static int alloc_state(struct st_state *s, const struct st_opts *o)
{
	s->blocks = o->smps / o->switches;
	s->sw = calloc(o->switches, sizeof(*s->sw));
	s->lft = calloc((size_t)o->smps, LFT_BLOCK);
	s->reqs = calloc(o->smps, sizeof(*s->reqs));
	s->ms = calloc(o->repeat, sizeof(*s->ms));
	if (s->sw && s->lft && s->reqs && s->ms)
		return 0;
	fprintf(stderr, "%s: out of memory for %u SMPs\n", WHO, o->smps);
	return -1;
}

static void free_state(struct st_state *s)
{
	oc_smp_close(&s->p);
	free(s->sw);
	free(s->lft);
	free(s->reqs);
	free(s->ms);
}

static int run(struct st_state *s, const struct st_opts *o)
{
	unsigned rep;

	if (oc_smp_find_switches(&s->p, o->switches, (int)o->timeout_ms, s->sw,
				 &s->found) ||
	    check_fabric(s, o))
		return 1;
	if (o->json)
		s->report = json_pack("{s:I, s:I, s:I, s:I, s:I}", "smps",
				      (json_int_t)o->smps, "switches",
				      (json_int_t)o->switches,
				      "blocks_per_switch",
				      (json_int_t)s->blocks, "window",
				      (json_int_t)o->window, "repeat",
				      (json_int_t)o->repeat);
	if (o->json && !s->report)
		s->json_bad = 1;
	else if (!o->json)
		printf("# osmcloud smp-time: %u Set(LinearForwardingTable) "
		       "SMPs, %u switches, blocks 0..%u of each, window %u, "
		       "%u repeat(s); every block written back with the "
		       "content just read\n",
		       o->smps, o->switches, s->blocks - 1, o->window,
		       o->repeat);
	print_switches(s);
	build_requests(s, o->switches);
	for (rep = 0; rep < o->repeat; rep++)
		if (measure(s, o, rep))
			return 1;
	print_median(s, o);
	return 0;
}

int cmd_smp_time(int argc, char **argv)
{
	struct st_opts o = {.window = 4, .repeat = 1, .timeout_ms = 1000};
	struct st_state s = {.p.u.fd = -1};
	int rc;

	if (parse(argc, argv, &o))
		return 2;
	if (alloc_state(&s, &o) || oc_smp_open(&s.p, o.ca, o.port, WHO)) {
		free_state(&s);
		return 1;
	}
	rc = run(&s, &o);
	/* the figures so far, also of a failed run */
	if (o.json && (s.report || s.json_bad)) {
		put(&s, "completed", json_boolean(!rc));
		if (s.json_bad) {
			json_decref(s.report);
			s.report = NULL;
		}
		if (json_report_print("smp-time", s.report))
			rc = 1;
	}
	free_state(&s);
	return rc;
}
