/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_sa_peer.c - osmcloud sa-peer: a peer of the migration story of the
 * SA path-record caching paper (Fig. 5-7), as RDS behaves.
 *
 * The peer holds a connection to one VM: it finds the VM's GID in an
 * address book (NAME GID lines, what ARP over IPoIB gives RDS), resolves
 * the path to that GID (one SubnAdmGet(PathRecord), or through the local
 * path-record cache daemon with --socket), and "connects": a LID-routed
 * NodeInfo to the path's DLID must be answered by a CA port.  While
 * connected it probes the port every interval; when a probe fails the
 * connection has dropped and the peer reconnects as RDS does: resolve
 * the path again and connect, at once, then after a delay that doubles
 * from the interval up to the backoff limit (RDS's reconnect delay grows
 * the same way up to a second).  When the address book gives the name a
 * new GID, IPoIB (which answered the ARP) asks the SA for its own path to
 * it first: one more query, never through a cache (section V-B1 of the
 * paper).
 *
 * SIGUSR1 marks the end of the migration: from then on the peer counts
 * its path resolutions and SA queries apart as well.  SIGTERM ends the
 * run; the peer prints one line of counts on standard output.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <infiniband/mad.h>

#include "commands.h"
#include "stop_signal.h"
#include "opt_uint.h"
#include "ibports.h"
#include "pathcache_client.h"
#include "json_report.h"
#include "sa_umad.h"
#include "sa/pathrec.h"
#include "base/regular_file.h"

#define NAME_MAX_LEN 64
#define WHO "osmcloud sa-peer"

struct peer_opts {
	const char *ca, *name, *hosts, *socket;
	int port;
	unsigned interval_ms, backoff_max_ms, timeout_ms;
	int json;
};

/* What the peer counts, over the whole run and since the mark. */
enum peer_count {
	RESOLVES,   /* path resolutions */
	SA_QUERIES, /* queries sent to the SA (IPoIB's included) */
	DROPS,	    /* connections found dropped */
	CONNECTS,   /* connections made */
	COUNTS
};

struct peer {
	const struct peer_opts *o;
	struct oc_mad mad;	  /* the probes (SMPs, libibmad) */
	struct oc_sa_port sa;	  /* PathRecord queries to the SA */
	struct oc_pcclient cache; /* or to the cache daemon (fd -1: none) */
	unsigned long all[COUNTS], after[COUNTS];
	uint16_t dlid;
	int connected;
	unsigned backoff_ms; /* the last wait between reconnection attempts */
	uint8_t gid[16];     /* the VM's GID the address book gave last */
	int gid_known;
};

static volatile sig_atomic_t marked;

static void on_mark(int sig)
{
	(void)sig;
	marked = 1;
}

static void count(struct peer *p, enum peer_count what)
{
	p->all[what]++;
	if (marked)
		p->after[what]++;
}

/* The GID the address book gives name (re-read at every resolution: the
 * orchestrator rewrites it when a VM's address changes). */
static int book_gid(const struct peer_opts *o, uint8_t gid[16])
{
	char line[256], name[NAME_MAX_LEN + 1], addr[64];
	FILE *f = oc_fopen_regular(o->hosts, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES,
				   NULL);
	int found = -1;

	if (!f)
		return -1;
	while (found && fgets(line, sizeof(line), f))
		if (sscanf(line, "%64s %63s", name, addr) == 2 &&
		    !strcmp(name, o->name))
			found = inet_pton(AF_INET6, addr, gid) == 1 ? 0 : -1;
	fclose(f);
	return found;
}

/* The query RDS's rdma_resolve_route makes: the path to dgid from this
 * port (OpenSM takes the requester's port when no source is named). */
static void path_query(const uint8_t dgid[16], uint8_t q[OC_PATHREC_SIZE])
{
	memset(q, 0, OC_PATHREC_SIZE);
	memcpy(q + 8, dgid, 16);
	q[49] = 1; /* NumbPath */
}

#define PATH_MASK (OC_PR_CM_DGID | OC_PR_CM_NUMBPATH)

static int sa_path(struct peer *p, const uint8_t q[OC_PATHREC_SIZE],
		   uint8_t rec[OC_PATHREC_SIZE])
{
	uint16_t status;

	count(p, SA_QUERIES);
	if (oc_sa_get_path(&p->sa, PATH_MASK, q, (int)p->o->timeout_ms, &status,
			   rec))
		return -1;
	return status ? -1 : 0;
}

/* Through the local cache daemon, which asks the SA on a miss. */
static int cached_path(struct peer *p, const uint8_t q[OC_PATHREC_SIZE],
		       uint8_t rec[OC_PATHREC_SIZE])
{
	struct oc_err err;
	int from_cache;

	if (p->cache.fd < 0 &&
	    oc_pcclient_connect(&p->cache, p->o->socket,
				(int)p->o->timeout_ms * 4, &err))
		return -1;
	if (oc_pcclient_query(&p->cache, PATH_MASK, q, rec, &from_cache,
			      &err)) {
		oc_pcclient_close(&p->cache);
		return -1;
	}
	if (!from_cache)
		count(p, SA_QUERIES);
	return 0;
}

/* A new GID for the name: IPoIB, which answered the ARP, asks the SA
 * for its own path to it (the kernel's, never through a cache). */
static void ipoib_new_gid(struct peer *p, const uint8_t gid[16])
{
	uint8_t q[OC_PATHREC_SIZE], rec[OC_PATHREC_SIZE];

	if (p->gid_known && memcmp(p->gid, gid, 16)) {
		path_query(gid, q);
		sa_path(p, q, rec);
	}
	memcpy(p->gid, gid, 16);
	p->gid_known = 1;
}

static int resolve(struct peer *p)
{
	uint8_t gid[16], q[OC_PATHREC_SIZE], rec[OC_PATHREC_SIZE];
	int ret;

	if (book_gid(p->o, gid))
		return -1;
	ipoib_new_gid(p, gid);
	path_query(gid, q);
	count(p, RESOLVES);
	ret = p->o->socket ? cached_path(p, q, rec) : sa_path(p, q, rec);
	if (!ret)
		p->dlid = oc_pathrec_dlid(rec);
	return ret;
}

/* The connection is up while a CA port answers at the DLID. */
static int probe(struct peer *p)
{
	struct oc_ibport port;
	struct oc_err err;

	return p->dlid ? oc_ibport_by_lid(&p->mad, p->dlid, &port, &err) : -1;
}

static void wait_ms(unsigned ms)
{
	if (!ms)
		return;
	struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};

	nanosleep(&ts, NULL); /* a signal ends it early: checked by the loop */
}

/* One round; returns how long to wait before the next.  As RDS: a
 * dropped connection is retried at once, then after a delay that starts
 * at the interval and doubles up to the backoff limit. */
static unsigned step(struct peer *p)
{
	if (p->connected) {
		if (!probe(p))
			return p->o->interval_ms;
		p->connected = 0;
		p->backoff_ms = 0;
		count(p, DROPS);
		fprintf(stderr, WHO ": %s: dropped (LID %u)\n", p->o->name,
			p->dlid);
		return 0;
	}
	if (resolve(p) || probe(p)) {
		fprintf(stderr, WHO ": %s: reconnection failed\n", p->o->name);
		p->backoff_ms = p->backoff_ms ? 2 * p->backoff_ms
					      : p->o->interval_ms;
		if (p->backoff_ms > p->o->backoff_max_ms)
			p->backoff_ms = p->o->backoff_max_ms;
		return p->backoff_ms;
	}
	p->connected = 1;
	count(p, CONNECTS);
	fprintf(stderr, WHO ": %s: connected (LID %u)\n", p->o->name, p->dlid);
	return p->o->interval_ms;
}

static void run(struct peer *p)
{
	while (!oc_stop_asked())
		wait_ms(step(p));
}

/* The output line's figures as one JSON object: 0, or 2 (said). */
static int report_json(const struct peer *p)
{
	return json_report_print(
		"sa-peer",
		json_pack("{s:o, s:I, s:I, s:I, s:I, s:I, s:I, s:b}", "name",
			  oc_json_text(p->o->name), "resolves",
			  (json_int_t)p->all[RESOLVES], "sa_queries",
			  (json_int_t)p->all[SA_QUERIES], "resolves_after",
			  (json_int_t)p->after[RESOLVES], "sa_queries_after",
			  (json_int_t)p->after[SA_QUERIES], "drops",
			  (json_int_t)p->all[DROPS], "connects",
			  (json_int_t)p->all[CONNECTS], "connected",
			  p->connected));
}

static int report(const struct peer *p)
{
	if (p->o->json)
		return report_json(p);
	printf("sa-peer name=%s resolves=%lu sa_queries=%lu "
	       "resolves_after=%lu sa_queries_after=%lu drops=%lu "
	       "connects=%lu connected=%d\n",
	       p->o->name, p->all[RESOLVES], p->all[SA_QUERIES],
	       p->after[RESOLVES], p->after[SA_QUERIES], p->all[DROPS],
	       p->all[CONNECTS], p->connected);
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud sa-peer --name VM --hosts FILE [--socket PATH]\n"
		"         [--ca CA] [--port N] [--interval-ms MS] "
		"[--backoff-max-ms MS]\n         [--timeout-ms MS]\n"
		"  --name VM        the VM this peer holds a connection to\n"
		"  --hosts FILE     the address book: NAME GID lines\n"
		"  --socket PATH    resolve through the path-record cache "
		"daemon\n"
		"                   (osmcloud pathcache serve) instead of the "
		"SA\n"
		"  --interval-ms MS probe period, first retry delay "
		"(default 100)\n"
		"  --backoff-max-ms MS  longest retry delay (default 1000)\n"
		"  --timeout-ms MS  each MAD's time-out (default 100)\n"
		"  --json           the final line's figures as one JSON "
		"object\n"
		"SIGUSR1 marks the end of the migration, SIGTERM ends the run.\n");
}

static int parse(int argc, char **argv, struct peer_opts *o)
{
	static const struct option longs[] = {{"name", 1, 0, 'n'},
					      {"hosts", 1, 0, 'H'},
					      {"socket", 1, 0, 's'},
					      {"ca", 1, 0, 'C'},
					      {"port", 1, 0, 'P'},
					      {"interval-ms", 1, 0, 'i'},
					      {"backoff-max-ms", 1, 0, 'b'},
					      {"timeout-ms", 1, 0, 't'},
					      {"help", 0, 0, 'h'},
					      {"json", 0, 0, 'j'},
					      {0, 0, 0, 0}};
	unsigned port;
	int c;

	*o = (struct peer_opts){
		.interval_ms = 100, .backoff_max_ms = 1000, .timeout_ms = 100};
	while ((c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
		switch (c) {
		case 'n':
			o->name = optarg;
			break;
		case 'H':
			o->hosts = optarg;
			break;
		case 's':
			o->socket = optarg;
			break;
		case 'C':
			o->ca = optarg;
			break;
		case 'P':
			if (oc_opt_uint(WHO, "--port", optarg, 1, 254, &port))
				return -1;
			o->port = (int)port;
			break;
		case 'i':
			if (oc_opt_uint(WHO, "--interval-ms", optarg, 1, 60000,
					&o->interval_ms))
				return -1;
			break;
		case 'b':
			if (oc_opt_uint(WHO, "--backoff-max-ms", optarg, 1,
					60000, &o->backoff_max_ms))
				return -1;
			break;
		case 't':
			if (oc_opt_uint(WHO, "--timeout-ms", optarg, 1, 60000,
					&o->timeout_ms))
				return -1;
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
	if (!o->name || !o->hosts || optind != argc) {
		usage(stderr);
		return -1;
	}
	if (strlen(o->name) > NAME_MAX_LEN) {
		fprintf(stderr, WHO ": --name: longer than %d\n", NAME_MAX_LEN);
		return -1;
	}
	return 0;
}

static int open_peer(struct peer *p)
{
	struct oc_err err;

	if (oc_mad_open(&p->mad, p->o->ca, p->o->port, p->o->timeout_ms,
			&err)) {
		fprintf(stderr, WHO ": %s\n", err.msg);
		return -1;
	}
	p->cache.fd = -1;
	return oc_sa_open(&p->sa, p->o->ca, p->o->port, WHO);
}

int cmd_sa_peer(int argc, char **argv)
{
	struct peer_opts o;
	struct peer p = {0};
	struct sigaction mark = {.sa_handler = on_mark};
	int ret;

	if (parse(argc, argv, &o))
		return 2;
	p.o = &o;
	if (open_peer(&p))
		return 1;
	oc_stop_on_signals();
	sigaction(SIGUSR1, &mark, NULL);
	fprintf(stderr, WHO ": %s: started\n", o.name);
	run(&p);
	ret = report(&p) ? 1 : 0;
	oc_pcclient_close(&p.cache);
	oc_sa_close(&p.sa);
	oc_mad_close(&p.mad);
	return ret;
}
