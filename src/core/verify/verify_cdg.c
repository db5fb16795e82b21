/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verify_cdg.c - channel dependency graphs and their cycles (see
 * verify_cdg.h).
 *
 * The graph is stored twice, as successor and as predecessor lists (CSR),
 * built in two passes over the set turn bits: one counts, one fills.  The
 * bits are read word by word, so a switch costs its set turns, not its
 * ports squared.
 */
#include <stdlib.h>
#include <string.h>

#include "verify/verify_cdg.h"

/* A channel graph with its reverse (to walk back along a cycle). */
struct graph {
	uint32_t n;
	uint32_t *start, *to;	/* successors of c: to[start[c]..start[c+1]] */
	uint32_t *rstart, *rto; /* predecessors */
};

int oc_turns_init(struct oc_turns *tu, const struct oc_fabric *f)
{
	uint32_t n = f->num_switches, s;
	size_t total = 0;

	tu->first = malloc(sizeof(*tu->first) * (n ? n : 1));
	tu->words = malloc(n ? n : 1);
	tu->bits = NULL;
	if (!tu->first || !tu->words)
		return -1;
	for (s = 0; s < n; s++) {
		unsigned rows = f->nodes[f->switches[s]].num_ports + 1u;

		tu->words[s] = (rows + 63) / 64;
		tu->first[s] = total;
		total += (size_t)rows * tu->words[s];
	}
	tu->total = total;
	tu->bits = calloc(total ? total : 1, sizeof(*tu->bits));
	return tu->bits ? 0 : -1;
}

void oc_turns_merge(struct oc_turns *to, const struct oc_turns *from)
{
	size_t i;

	for (i = 0; to->bits && i < to->total; i++)
		to->bits[i] |= from->bits[i];
}

void oc_turns_free(struct oc_turns *tu)
{
	free(tu->bits);
	free(tu->first);
	free(tu->words);
	memset(tu, 0, sizeof(*tu));
}

/* The channel entering switch node through port (from its peer). */
static uint32_t in_channel(const struct oc_cdg_input *in, uint32_t node,
			   unsigned port)
{
	const struct oc_port *p = oc_port(in->f, node, port);

	if (p->peer_node == OC_NONE)
		return OC_NONE;
	return in->chan[oc_port_slot(in->f, p->peer_node, p->peer_port)];
}

typedef void (*add_fn)(struct graph *g, uint32_t from, uint32_t to);

/* The dependencies of one turn row: from enters, every set out leaves. */
static uint64_t row_dependencies(const struct oc_cdg_input *in, uint32_t node,
				 const uint64_t *row, unsigned words,
				 uint32_t from, struct graph *g, add_fn add)
{
	unsigned np = in->f->nodes[node].num_ports, w, out;
	uint64_t deps = 0, bits;
	uint32_t to;

	for (w = 0; w < words; w++) {
		for (bits = row[w]; bits; bits &= bits - 1) {
			out = w * 64 + (unsigned)__builtin_ctzll(bits);
			if (out < 1 || out > np)
				continue;
			to = in->chan[oc_port_slot(in->f, node, out)];
			if (to == OC_NONE)
				continue;
			deps++;
			if (add)
				add(g, from, to);
		}
	}
	return deps;
}

/* Calls add(g, from, to) for every dependency, switch by switch, in port
 * then out port ascending; returns their number. */
static uint64_t each_dependency(const struct oc_cdg_input *in,
				const struct oc_turns *tu, struct graph *g,
				add_fn add)
{
	const struct oc_fabric *f = in->f;
	uint64_t deps = 0;
	uint32_t s, from;
	unsigned port;

	for (s = 0; s < f->num_switches; s++) {
		uint32_t node = f->switches[s];
		unsigned words = tu->words[s];

		for (port = 1; port <= f->nodes[node].num_ports; port++) {
			from = in_channel(in, node, port);
			if (from != OC_NONE)
				deps += row_dependencies(
					in, node,
					tu->bits + tu->first[s] +
						(size_t)port * words,
					words, from, g, add);
		}
	}
	return deps;
}

static void count_edge(struct graph *g, uint32_t from, uint32_t to)
{
	g->start[from + 1]++;
	g->rstart[to + 1]++;
}

/* Fills with start[]/rstart[] used as insertion cursors. */
static void fill_edge(struct graph *g, uint32_t from, uint32_t to)
{
	g->to[g->start[from]++] = to;
	g->rto[g->rstart[to]++] = from;
}

static void prefix_sums(uint32_t *a, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		a[i + 1] += a[i];
}

/* Undoes the cursor moves of fill_edge: start[c] = old start[c + 1]. */
static void unshift_cursors(uint32_t *a, uint32_t n)
{
	uint32_t i;

	for (i = n; i > 0; i--)
		a[i] = a[i - 1];
	a[0] = 0;
}

static void graph_free(struct graph *g)
{
	free(g->start);
	free(g->to);
	free(g->rstart);
	free(g->rto);
}

static int build_graph(const struct oc_cdg_input *in, const struct oc_turns *tu,
		       struct graph *g, uint64_t *deps)
{
	uint32_t n = in->channels;

	memset(g, 0, sizeof(*g));
	g->n = n;
	g->start = calloc(n + 1, sizeof(*g->start));
	g->rstart = calloc(n + 1, sizeof(*g->rstart));
	if (!g->start || !g->rstart)
		return -1;
	*deps = each_dependency(in, tu, g, count_edge);
	g->to = malloc(sizeof(*g->to) * (*deps ? *deps : 1));
	g->rto = malloc(sizeof(*g->rto) * (*deps ? *deps : 1));
	if (!g->to || !g->rto)
		return -1;
	prefix_sums(g->start, n);
	prefix_sums(g->rstart, n);
	each_dependency(in, tu, g, fill_edge);
	unshift_cursors(g->start, n);
	unshift_cursors(g->rstart, n);
	return 0;
}

/* Kahn's algorithm; on return indeg[c] > 0 exactly for the channels that
 * lie on, or downstream of, a cycle.  Returns how many were removed. */
static uint32_t kahn(const struct graph *g, uint32_t *indeg, uint32_t *queue)
{
	uint32_t head = 0, tail = 0, c, i;

	for (c = 0; c < g->n; c++)
		indeg[c] = g->rstart[c + 1] - g->rstart[c];
	for (c = 0; c < g->n; c++)
		if (!indeg[c])
			queue[tail++] = c;
	while (head < tail) {
		c = queue[head++];
		for (i = g->start[c]; i < g->start[c + 1]; i++)
			if (!--indeg[g->to[i]])
				queue[tail++] = g->to[i];
	}
	return tail;
}

/* A channel left by Kahn has a predecessor that was left too. */
static uint32_t left_pred(const struct graph *g, const uint32_t *indeg,
			  uint32_t c)
{
	uint32_t i;

	for (i = g->rstart[c]; i < g->rstart[c + 1]; i++)
		if (indeg[g->rto[i]])
			return g->rto[i];
	return OC_NONE;
}

/* Walks back from a left channel until one repeats: that is a cycle. */
static int extract_cycle(const struct oc_cdg_input *in, const struct graph *g,
			 const uint32_t *indeg, uint32_t *path,
			 struct oc_verify_cycle *cyc)
{
	uint32_t *pos = malloc(sizeof(*pos) * g->n);
	uint32_t c = 0, len = 0, i;

	if (!pos)
		return -1;
	memset(pos, 0xff, sizeof(*pos) * g->n);
	while (!indeg[c])
		c++;
	while (pos[c] == OC_NONE) {
		pos[c] = len;
		path[len++] = c;
		c = left_pred(g, indeg, c);
		if (c == OC_NONE) {
			free(pos); /* cannot happen: see left_pred */
			return 0;
		}
	}
	/* path[i + 1] -> path[i]; the cycle is path[pos[c]..len - 1] */
	cyc->len = len - pos[c];
	cyc->ch = malloc(sizeof(*cyc->ch) * cyc->len);
	for (i = 0; cyc->ch && i < cyc->len; i++)
		cyc->ch[i] = in->links[path[len - 1 - i]].ch;
	free(pos);
	return cyc->ch ? 0 : -1;
}

static int find_cycle(const struct oc_cdg_input *in, const struct graph *g,
		      struct oc_verify_cycle *cyc)
{
	uint32_t *indeg = malloc(sizeof(*indeg) * (g->n ? g->n : 1));
	uint32_t *queue = malloc(sizeof(*queue) * (g->n ? g->n : 1));
	int ret = -1;

	if (indeg && queue) {
		ret = 0;
		if (kahn(g, indeg, queue) < g->n)
			ret = extract_cycle(in, g, indeg, queue, cyc);
	}
	free(indeg);
	free(queue);
	return ret;
}

int oc_cdg_check(const struct oc_cdg_input *in, const struct oc_turns *tu,
		 uint64_t *deps, struct oc_verify_cycle *cyc)
{
	struct graph g;
	int ret = build_graph(in, tu, &g, deps);

	if (!ret)
		ret = find_cycle(in, &g, cyc);
	graph_free(&g);
	return ret;
}
