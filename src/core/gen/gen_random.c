/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gen_random.c - the generator's random defects (gen.h): hosts left out
 * (--hostless-leaves, --missing-hosts), I/O CAs on random free ports of
 * random switches (--random-io) and cables between switches left out
 * (--cut-links).  Every kind of choice draws from a stream of the seed of
 * its own (rand.h), and logs what it chose when the builder has a log.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "gen/gen_build.h"
#include "base/rand.h"

enum stream {
	STREAM_HOSTLESS = 1,
	STREAM_MISSING,
	STREAM_IO_SWITCHES,
	STREAM_IO_PORTS,
	STREAM_CUTS,
};

/* Moves a random one of items[i..n-1] to items[i]: one step of a
 * Fisher-Yates shuffle, so items[0..i] are i+1 distinct draws. */
static void draw(uint32_t *items, uint32_t i, uint32_t n, uint64_t *rng)
{
	uint32_t j = i + (uint32_t)oc_rand_below(rng, n - i), t = items[i];

	items[i] = items[j];
	items[j] = t;
}

/* "what (seed S[, note]):" */
static void log_start(const struct builder *b, const char *what,
		      const char *note)
{
	if (b->log)
		fprintf(b->log, "%s (seed %" PRIu64 "%s):", what, b->p->seed,
			note);
}

static void log_end(const struct builder *b)
{
	if (b->log)
		fprintf(b->log, "\n");
}

static int out_of_memory(const struct builder *b)
{
	return oc_err_set(b->err, "out of memory");
}

static void drop_host(struct builder *b, uint64_t host)
{
	b->host_dropped[host] = 1;
	b->dropped[host / b->s.m[1]]++;
}

/* A kind of things drawn and left without hosts. */
struct drawn {
	const char *option; /* "hostless-leaves" */
	enum stream stream;
	const char *what; /* its log line: "hostless leaves" */
	const char *have; /* "leaves have hosts" */
	const char *keep; /* "keep them": one of the n must */
	void (*take)(struct builder *b, uint32_t item);
};

/* Draws 'want' of the n items, fewer than n, and hands each to the kind's
 * 'take', on one log line "what (seed S): ...". */
static int draw_some(struct builder *b, const struct drawn *d, uint32_t *items,
		     uint32_t n, unsigned want)
{
	uint64_t rng = oc_rand_stream(b->p->seed, d->stream);
	unsigned i;

	if (want >= n)
		return oc_err_set(b->err,
				  "--%s %u: only %u %s, and one must %s",
				  d->option, want, n, d->have, d->keep);
	log_start(b, d->what, "");
	for (i = 0; i < want; i++) {
		draw(items, i, n, &rng);
		d->take(b, items[i]);
	}
	log_end(b);
	return 0;
}

/* Leaf groups that still have a host, into groups; returns how many. */
static uint32_t groups_with_hosts(const struct builder *b, uint32_t *groups)
{
	uint64_t g, num = b->s.count[1] / b->s.w[1];
	uint32_t n = 0;

	for (g = 0; g < num; g++)
		if (b->dropped[g] < b->s.m[1])
			groups[n++] = (uint32_t)g;
	return n;
}

/* Every host of leaf group g left out; logs the group's leaves. */
static void empty_group(struct builder *b, uint32_t g)
{
	unsigned m1 = b->s.m[1], w1 = b->s.w[1], t;

	for (t = 0; t < m1; t++)
		if (!b->host_dropped[(uint64_t)g * m1 + t])
			drop_host(b, (uint64_t)g * m1 + t);
	for (t = 0; b->log && t < w1; t++)
		fprintf(b->log, " sw-L1-%" PRIu64, (uint64_t)g * w1 + t);
}

static int hostless_leaves(struct builder *b)
{
	static const struct drawn leaves = {
		.option = "hostless-leaves",
		.stream = STREAM_HOSTLESS,
		.what = "hostless leaves",
		.have = "leaves have hosts",
		.keep = "keep them",
		.take = empty_group,
	};
	uint32_t *groups, n;
	int ret;

	if (!b->p->hostless_leaves)
		return 0;
	groups = malloc(sizeof(*groups) * (b->s.count[1] / b->s.w[1]));
	if (!groups)
		return out_of_memory(b);
	n = groups_with_hosts(b, groups);
	ret = draw_some(b, &leaves, groups, n, b->p->hostless_leaves);
	free(groups);
	return ret;
}

/* Host 'host' left out, logged by name. */
static void miss_host(struct builder *b, uint32_t host)
{
	drop_host(b, host);
	if (b->log)
		fprintf(b->log, " %s%" PRIu32, b->p->vswitch ? "hv" : "ca-",
			host);
}

static int missing_hosts(struct builder *b)
{
	static const struct drawn missing = {
		.option = "missing-hosts",
		.stream = STREAM_MISSING,
		.what = "missing hosts",
		.have = "hosts are left",
		.keep = "stay",
		.take = miss_host,
	};
	uint32_t *hosts, n = 0;
	uint64_t host;
	int ret;

	if (!b->p->missing_hosts)
		return 0;
	hosts = malloc(sizeof(*hosts) * b->s.count[0]);
	if (!hosts)
		return out_of_memory(b);
	for (host = 0; host < b->s.count[0]; host++)
		if (!b->host_dropped[host])
			hosts[n++] = (uint32_t)host;
	ret = draw_some(b, &missing, hosts, n, b->p->missing_hosts);
	free(hosts);
	return ret;
}

int gen_random_hosts(struct builder *b)
{
	return hostless_leaves(b) || missing_hosts(b) ? -1 : 0;
}

/* Free ports physical switch node n has left for --random-io CAs. */
static unsigned io_free_ports(const struct builder *b, uint32_t n)
{
	uint64_t i;
	unsigned l = gen_switch_level(b, n, &i);

	return gen_switch_ports(b, l, i) - gen_ports_in_use(b, l, i) -
	       b->io_taken[n];
}

/* Whether switch node n may get the next --random-io CA: on a level the
 * option allows, with a free port or (without --radix) room for one. */
static int io_eligible(const struct builder *b, uint32_t n)
{
	unsigned where = b->p->random_io_where, l;
	uint64_t i;

	l = gen_switch_level(b, n, &i);
	if ((where == OC_GEN_IO_LEAVES && l != 1) ||
	    (where == OC_GEN_IO_UPPER && l == 1))
		return 0;
	return io_free_ports(b, n) > 0 ||
	       (!b->p->radix && gen_switch_ports(b, l, i) < OC_MAX_PORTS);
}

/* "no switch", "no leaf", "no switch above the leaves" */
static const char *io_where_none(unsigned where)
{
	if (where == OC_GEN_IO_LEAVES)
		return "no leaf";
	if (where == OC_GEN_IO_UPPER)
		return "no switch above the leaves";
	return "no switch";
}

/* A random eligible switch for I/O CA k of --random-io. */
static int pick_io_switch(struct builder *b, unsigned k, uint64_t *rng)
{
	uint32_t n, count = 0, r;

	for (n = 0; n < b->num_physical; n++)
		count += io_eligible(b, n);
	if (!count)
		return oc_err_set(b->err,
				  "--random-io %u: %s has a free port left "
				  "for I/O CA %u%s",
				  b->p->random_io,
				  io_where_none(b->p->random_io_where), k + 1,
				  b->p->radix ? " (--radix)" : "");
	r = (uint32_t)oc_rand_below(rng, count);
	for (n = 0; !io_eligible(b, n) || r--; n++)
		;
	if (!io_free_ports(b, n))
		b->extra_ports[n]++;
	b->io_taken[n]++;
	b->io_switch[k] = n;
	return 0;
}

int gen_random_io_pick(struct builder *b)
{
	uint64_t rng = oc_rand_stream(b->p->seed, STREAM_IO_SWITCHES);
	unsigned k;

	for (k = 0; k < b->p->random_io; k++)
		if (pick_io_switch(b, k, &rng))
			return -1;
	b->st.io_cas += b->p->random_io;
	return 0;
}

/* A random unlinked port of node n (it has one: gen_random_io_pick). */
static unsigned random_free_port(const struct builder *b, uint32_t n,
				 uint64_t *rng)
{
	unsigned port, count = 0, r;

	for (port = 1; port <= b->f->nodes[n].num_ports; port++)
		count += oc_peer(b->f, n, port) == OC_NONE;
	r = (unsigned)oc_rand_below(rng, count);
	for (port = 1; oc_peer(b->f, n, port) != OC_NONE || r--; port++)
		;
	return port;
}

int gen_random_io_attach(struct builder *b)
{
	uint64_t rng = oc_rand_stream(b->p->seed, STREAM_IO_PORTS);
	unsigned k;

	if (!b->p->random_io)
		return 0;
	log_start(b, "random I/O CAs", "");
	for (k = 0; k < b->p->random_io; k++) {
		uint32_t sw = b->io_switch[k];
		unsigned port = random_free_port(b, sw, &rng);

		if (b->log)
			fprintf(b->log, "%s io-%u on %s[%u]", k ? "," : "",
				b->io_next, b->f->nodes[sw].name, port);
		if (gen_add_io_ca(b, sw, port))
			return -1;
	}
	log_end(b);
	return 0;
}

/* Cables between two physical switches, each once from its lower end,
 * as node << 8 | port; returns how many. */
static uint32_t list_cables(const struct builder *b, uint32_t *cables)
{
	uint32_t n, count = 0;
	unsigned port;

	for (n = 0; n < b->num_physical; n++)
		for (port = 1; port <= b->f->nodes[n].num_ports; port++) {
			const struct oc_port *p = oc_port(b->f, n, port);

			if (p->peer_node >= b->num_physical ||
			    p->peer_node < n ||
			    (p->peer_node == n && p->peer_port < port))
				continue;
			cables[count++] = n << 8 | port;
		}
	return count;
}

struct walk {
	uint32_t *queue;
	uint8_t *seen;
};

/* Whether a cable other than 'cable' is the link on (n, port). */
static int other_link(const struct builder *b, uint32_t cable, uint32_t n,
		      unsigned port)
{
	const struct oc_port *p = oc_port(b->f, n, port);
	uint32_t here = n << 8 | port, there = p->peer_node << 8 | p->peer_port;

	return p->peer_node != OC_NONE && here != cable && there != cable;
}

/* Whether the two ends of 'cable' are still joined through switches
 * without it. */
static int has_detour(const struct builder *b, uint32_t cable, struct walk *w)
{
	uint32_t from = cable >> 8, head = 0, tail = 0, n;
	uint32_t to = oc_peer(b->f, from, cable & 0xff);
	unsigned port;

	for (n = 0; n < b->f->num_nodes; n++)
		w->seen[n] = 0;
	w->seen[from] = 1;
	w->queue[tail++] = from;
	while (head < tail) {
		n = w->queue[head++];
		if (n == to)
			return 1;
		for (port = 1; port <= b->f->nodes[n].num_ports; port++) {
			uint32_t peer = oc_peer(b->f, n, port);

			if (!other_link(b, cable, n, port) || w->seen[peer] ||
			    !oc_is_switch(b->f, peer))
				continue;
			w->seen[peer] = 1;
			w->queue[tail++] = peer;
		}
	}
	return 0;
}

/* Draws cables until cut_links are cut or none is left; returns how
 * many were cut. */
static unsigned cut_cables(struct builder *b, uint32_t *cables, uint32_t n,
			   struct walk *w)
{
	uint64_t rng = oc_rand_stream(b->p->seed, STREAM_CUTS);
	unsigned cut = 0;
	uint32_t i;

	log_start(b, "cut cables", ", as --drop-link");
	for (i = 0; i < n && cut < b->p->cut_links; i++) {
		draw(cables, i, n, &rng);
		if (!has_detour(b, cables[i], w))
			continue;
		if (b->log)
			fprintf(b->log, " %s:%u",
				b->f->nodes[cables[i] >> 8].name,
				cables[i] & 0xff);
		gen_unlink(b, cables[i] >> 8, cables[i] & 0xff);
		cut++;
	}
	log_end(b);
	return cut;
}

int gen_random_cuts(struct builder *b)
{
	struct walk w;
	uint32_t *cables, n;
	int ret = 0;

	if (!b->p->cut_links)
		return 0;
	cables = malloc(sizeof(*cables) * (b->f->num_ports + 1));
	w.queue = malloc(sizeof(*w.queue) * b->f->num_nodes);
	w.seen = malloc(b->f->num_nodes);
	if (!cables || !w.queue || !w.seen) {
		ret = out_of_memory(b);
	} else {
		n = list_cables(b, cables);
		b->st.cut_links = cut_cables(b, cables, n, &w);
		if (b->st.cut_links < b->p->cut_links)
			ret = oc_err_set(b->err,
					 "--cut-links %u: only %u of the %u "
					 "cables between switches can be left "
					 "out without splitting the switches",
					 b->p->cut_links, b->st.cut_links, n);
	}
	free(cables);
	free(w.queue);
	free(w.seen);
	return ret;
}
