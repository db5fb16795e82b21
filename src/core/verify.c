/*
 * verify.c - reachability, credit loops, minimality and link load of LFTs.
 *
 * Destinations are taken one at a time.  resolve() gives every switch its
 * fault and hop count towards the destination, memoised along the LFT
 * chains: a walk stops at the first switch already settled, so each switch
 * is stepped once per destination.  The other checks run over the next
 * hops that resolve() recorded:
 *   - minimality compares the hops with oc_switch_distances();
 *   - the load pushes the number of CA sources down the chains, switches
 *     taken in decreasing hop order;
 *   - the channel dependency graphs: every turn (in port, out port) a
 *     route takes inside a switch sets one bit of that switch's turn
 *     matrix, one matrix set for CA-sourced traffic and one for all
 *     traffic.  After the last destination, the matrices become channel
 *     graphs that Kahn's algorithm checks for cycles.
 */
#include <stdlib.h>
#include <string.h>

#include "ftree_optional.h"
#include "hops.h"
#include "lft_hop.h"
#include "verify.h"

enum { UNSEEN = 0, ON_PATH = 1, SETTLED = 2 };
enum { STEP_NEXT, STEP_DELIVERED, STEP_HOLE, STEP_WRONG };

/* Turns taken at each switch: bit (in port, out port), all destinations. */
struct turns {
	uint64_t *bits;
	size_t *first;	/* [switch] first word of its matrix */
	uint8_t *words; /* [switch] words per in-port row */
};

/* A channel graph with its reverse (to walk back along a cycle). */
struct graph {
	uint32_t n;
	uint32_t *start, *to;	/* successors of c: to[start[c]..start[c+1]] */
	uint32_t *rstart, *rto; /* predecessors */
};

struct verifier {
	const struct oc_fabric *f;
	const struct oc_lfts *t;
	struct oc_verify_report *r;
	uint32_t n;	/* switches */
	uint8_t *dist;	/* oc_switch_distances() */
	uint32_t *cas;	/* [switch] active CA ports linked to it */
	uint32_t *chan; /* [port slot] channel index, OC_NONE */
	struct turns ca_turns, all_turns;
	/* the destination being checked */
	uint16_t lid;
	uint32_t home; /* switch the CA hangs off, OC_NONE */
	/* per switch, for that destination */
	uint8_t *state, *fault, *hops, *out_port, *in_port, *carry;
	uint32_t *next, *stack, *order;
	uint64_t *flow;
};

const char *oc_verify_fault_name(enum oc_verify_fault fault)
{
	switch (fault) {
	case OC_FAULT_HOLE:
		return "hole";
	case OC_FAULT_LOOP:
		return "loop";
	case OC_FAULT_WRONG:
		return "wrong delivery";
	default:
		return "none";
	}
}

static uint32_t slot(const struct oc_fabric *f, uint32_t node, unsigned port)
{
	return f->nodes[node].first_port + port;
}

/* A CA port that has a LID and a working link. */
static int active_ca_port(const struct oc_fabric *f, uint32_t node,
			  unsigned port)
{
	const struct oc_port *p = oc_port(f, node, port);

	return !oc_is_switch(f, node) && port > 0 && p->lid && p->active &&
	       p->peer_node != OC_NONE;
}

/* Both ends of a switch-to-switch link are up. */
static int switch_link(const struct oc_fabric *f, uint32_t node, unsigned port)
{
	const struct oc_port *p = oc_port(f, node, port);

	return p->peer_node != OC_NONE && oc_is_switch(f, p->peer_node) &&
	       p->active && oc_port(f, p->peer_node, p->peer_port)->active;
}

/* ---- set-up ---------------------------------------------------------- */

static int count_cas(struct verifier *v)
{
	const struct oc_fabric *f = v->f;
	uint32_t node;
	unsigned p;

	v->cas = calloc(v->n ? v->n : 1, sizeof(*v->cas));
	if (!v->cas)
		return -1;
	for (node = 0; node < f->num_nodes; node++) {
		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			uint32_t peer = oc_port(f, node, p)->peer_node;

			if (!active_ca_port(f, node, p) ||
			    !oc_is_switch(f, peer))
				continue;
			v->cas[f->nodes[peer].sw_index]++;
			v->r->ca_ports++;
		}
	}
	return 0;
}

static int index_channels(struct verifier *v)
{
	const struct oc_fabric *f = v->f;
	uint32_t s, c = 0;
	unsigned p;

	v->chan = malloc(sizeof(*v->chan) * (f->num_ports ? f->num_ports : 1));
	if (!v->chan)
		return -1;
	memset(v->chan, 0xff, sizeof(*v->chan) * f->num_ports);
	for (s = 0; s < v->n; s++)
		for (p = 1; p <= f->nodes[f->switches[s]].num_ports; p++)
			if (switch_link(f, f->switches[s], p))
				v->chan[slot(f, f->switches[s], p)] = c++;
	v->r->channels = c;
	v->r->links = calloc(c ? c : 1, sizeof(*v->r->links));
	if (!v->r->links)
		return -1;
	for (s = 0; s < v->n; s++) {
		uint32_t node = f->switches[s];

		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			c = v->chan[slot(f, node, p)];
			if (c == OC_NONE)
				continue;
			v->r->links[c].ch.node = node;
			v->r->links[c].ch.port = p;
		}
	}
	return 0;
}

static int turns_init(struct turns *tu, const struct oc_fabric *f)
{
	uint32_t n = f->num_switches, s;
	size_t total = 0;

	tu->first = malloc(sizeof(*tu->first) * (n ? n : 1));
	tu->words = malloc(n ? n : 1);
	if (!tu->first || !tu->words)
		return -1;
	for (s = 0; s < n; s++) {
		unsigned rows = f->nodes[f->switches[s]].num_ports + 1u;

		tu->words[s] = (rows + 63) / 64;
		tu->first[s] = total;
		total += (size_t)rows * tu->words[s];
	}
	tu->bits = calloc(total ? total : 1, sizeof(*tu->bits));
	return tu->bits ? 0 : -1;
}

static void turns_free(struct turns *tu)
{
	free(tu->bits);
	free(tu->first);
	free(tu->words);
}

static int alloc_scratch(struct verifier *v)
{
	size_t n = v->n ? v->n : 1;

	v->state = malloc(n);
	v->fault = malloc(n);
	v->hops = malloc(n);
	v->out_port = malloc(n);
	v->in_port = malloc(n);
	v->carry = malloc(n);
	v->next = malloc(n * sizeof(*v->next));
	v->stack = malloc(n * sizeof(*v->stack));
	v->order = malloc(n * sizeof(*v->order));
	v->flow = malloc(n * sizeof(*v->flow));
	if (!v->state || !v->fault || !v->hops || !v->out_port || !v->in_port ||
	    !v->carry || !v->next || !v->stack || !v->order || !v->flow)
		return -1;
	return 0;
}

static int setup(struct verifier *v)
{
	v->n = v->f->num_switches;
	v->r->switches = v->n;
	v->dist = oc_switch_distances(v->f);
	if (!v->dist || count_cas(v) || index_channels(v) ||
	    turns_init(&v->ca_turns, v->f) || turns_init(&v->all_turns, v->f))
		return -1;
	return alloc_scratch(v);
}

static void teardown(struct verifier *v)
{
	free(v->dist);
	free(v->cas);
	free(v->chan);
	turns_free(&v->ca_turns);
	turns_free(&v->all_turns);
	free(v->state);
	free(v->fault);
	free(v->hops);
	free(v->out_port);
	free(v->in_port);
	free(v->carry);
	free(v->next);
	free(v->stack);
	free(v->order);
	free(v->flow);
}

/* ---- following the LFTs towards one destination ---------------------- */

/* One hop from switch s: where its LFT entry leads.  A hop over a link
 * that is down at either end is a hole. */
static int step(struct verifier *v, uint32_t s)
{
	const struct oc_fabric *f = v->f;
	struct oc_lft_hop h;
	enum oc_hop_kind kind;

	v->next[s] = OC_NONE;
	if (v->lid > v->t->max_lid)
		return STEP_HOLE;
	kind = oc_lft_hop(f, v->t, s, v->lid, &h);
	if (kind == OC_HOP_HERE)
		return oc_lft_hop_delivers(f, v->lid, kind, &h) ? STEP_DELIVERED
								: STEP_WRONG;
	if (kind == OC_HOP_DROP || !h.out->active ||
	    !oc_port(f, h.peer, h.peer_port)->active)
		return STEP_HOLE;
	if (kind == OC_HOP_CA)
		return oc_lft_hop_delivers(f, v->lid, kind, &h) ? STEP_DELIVERED
								: STEP_WRONG;
	v->next[s] = h.next_sw;
	v->out_port[s] = h.port;
	v->in_port[s] = h.peer_port;
	return STEP_NEXT;
}

/* Gives the switches on the walk stack their outcome, top first. */
static void settle(struct verifier *v, uint32_t depth, uint8_t fault,
		   unsigned hops)
{
	while (depth--) {
		uint32_t s = v->stack[depth];

		if (!fault && hops > OC_VERIFY_MAX_HOPS)
			fault = OC_FAULT_LOOP;
		v->fault[s] = fault;
		v->hops[s] = fault ? 0 : hops;
		v->state[s] = SETTLED;
		hops++;
	}
}

static uint8_t step_fault(int res)
{
	if (res == STEP_HOLE)
		return OC_FAULT_HOLE;
	if (res == STEP_WRONG)
		return OC_FAULT_WRONG;
	return OC_FAULT_NONE;
}

/* Follows the LFTs from s until a settled switch or an end. */
static void walk(struct verifier *v, uint32_t s)
{
	uint32_t depth = 0, nx;
	int res;

	for (;;) {
		v->state[s] = ON_PATH;
		v->stack[depth++] = s;
		res = step(v, s);
		if (res != STEP_NEXT) {
			settle(v, depth, step_fault(res), 0);
			return;
		}
		nx = v->next[s];
		if (v->state[nx] == SETTLED) {
			settle(v, depth, v->fault[nx], v->hops[nx] + 1u);
			return;
		}
		if (v->state[nx] == ON_PATH) {
			settle(v, depth, OC_FAULT_LOOP, 0);
			return;
		}
		s = nx;
	}
}

static void resolve(struct verifier *v)
{
	uint32_t s;

	memset(v->state, UNSEEN, v->n);
	for (s = 0; s < v->n; s++)
		if (v->state[s] == UNSEEN)
			walk(v, s);
}

/* ---- per-destination checks ------------------------------------------ */

/* CA ports on switch s sending to the destination (not to themselves). */
static uint32_t sources(const struct verifier *v, uint32_t s)
{
	return v->cas[s] - (s == v->home);
}

static void add_example(struct verifier *v, struct oc_verify_reach *reach,
			uint32_t s)
{
	struct oc_verify_failure *e;

	if (reach->num_examples == OC_VERIFY_EXAMPLES)
		return;
	e = &reach->examples[reach->num_examples++];
	e->sw = s;
	e->lid = v->lid;
	e->fault = v->fault[s];
}

static void count_reach(struct verifier *v, struct oc_verify_reach *reach)
{
	int failed = 0;
	uint32_t s;

	reach->lids++;
	reach->pairs += v->n;
	for (s = 0; s < v->n; s++) {
		switch (v->fault[s]) {
		case OC_FAULT_NONE:
			continue;
		case OC_FAULT_HOLE:
			reach->holes++;
			break;
		case OC_FAULT_LOOP:
			reach->loops++;
			break;
		default:
			reach->wrong++;
			break;
		}
		failed = 1;
		add_example(v, reach, s);
	}
	reach->lids_unreachable += failed;
}

static void check_ca_pairs(struct verifier *v)
{
	struct oc_verify_report *r = v->r;
	const uint8_t *dist = NULL;
	uint32_t s, src;

	if (v->home != OC_NONE)
		dist = v->dist + (size_t)v->home * v->n;
	for (s = 0; s < v->n; s++) {
		src = sources(v, s);
		if (!src)
			continue;
		r->ca_pairs += src;
		if (v->fault[s]) {
			r->ca_pairs_unreachable += src;
			continue;
		}
		if (dist && v->hops[s] > dist[s])
			r->ca_pairs_nonminimal += src;
		if (v->hops[s] > r->ca_max_hops)
			r->ca_max_hops = v->hops[s];
	}
}

/* Reachable switches, farthest from the destination first. */
static void order_by_hops(struct verifier *v)
{
	uint32_t start[OC_VERIFY_MAX_HOPS + 1] = {0}, pos = 0, s;
	int h;

	for (s = 0; s < v->n; s++)
		if (!v->fault[s])
			start[v->hops[s]]++;
	for (h = OC_VERIFY_MAX_HOPS; h >= 0; h--) {
		uint32_t count = start[h];

		start[h] = pos;
		pos += count;
	}
	for (s = 0; s < v->n; s++)
		if (!v->fault[s])
			v->order[start[v->hops[s]]++] = s;
}

static uint32_t out_channel(const struct verifier *v, uint32_t s)
{
	return v->chan[slot(v->f, v->f->switches[s], v->out_port[s])];
}

/* Routes from every CA source: each pushes its count down its chain. */
static void add_load(struct verifier *v)
{
	uint32_t i, s, reachable = 0;

	for (s = 0; s < v->n; s++) {
		v->flow[s] = v->fault[s] ? 0 : sources(v, s);
		reachable += !v->fault[s];
	}
	order_by_hops(v);
	for (i = 0; i < reachable; i++) {
		s = v->order[i];
		if (!v->hops[s] || !v->flow[s])
			continue;
		v->r->links[out_channel(v, s)].load += v->flow[s];
		v->flow[v->next[s]] += v->flow[s];
	}
}

/* Switches that carry CA-sourced traffic to the destination. */
static void mark_carriers(struct verifier *v)
{
	uint32_t s, x;

	memset(v->carry, 0, v->n);
	for (s = 0; s < v->n; s++) {
		if (!sources(v, s))
			continue;
		for (x = s; x != OC_NONE && !v->carry[x]; x = v->next[x])
			v->carry[x] = 1;
	}
}

static void turn_set(struct turns *tu, uint32_t s, unsigned in, unsigned out)
{
	uint64_t *row = tu->bits + tu->first[s] + (size_t)in * tu->words[s];

	row[out / 64] |= 1ULL << (out % 64);
}

static int turn_get(const struct turns *tu, uint32_t s, unsigned in,
		    unsigned out)
{
	const uint64_t *row =
		tu->bits + tu->first[s] + (size_t)in * tu->words[s];

	return (row[out / 64] >> (out % 64)) & 1;
}

/* s -> t -> u, all switches: the route turns at t. */
static void add_turns(struct verifier *v)
{
	uint32_t s, t;

	mark_carriers(v);
	for (s = 0; s < v->n; s++) {
		t = v->next[s];
		if (t == OC_NONE || v->next[t] == OC_NONE)
			continue;
		turn_set(&v->all_turns, t, v->in_port[s], v->out_port[t]);
		if (v->carry[s])
			turn_set(&v->ca_turns, t, v->in_port[s],
				 v->out_port[t]);
	}
}

/* Is lid a destination: an active CA port's or a switch's LID? */
static int destination(const struct verifier *v, uint16_t lid, int *is_ca)
{
	const struct oc_lid_owner *o = &v->f->lid_owner[lid];

	if (o->node == OC_NONE)
		return 0;
	*is_ca = !oc_is_switch(v->f, o->node);
	if (*is_ca)
		return active_ca_port(v->f, o->node, o->port);
	return o->port == 0 && oc_port(v->f, o->node, 0)->active;
}

static uint32_t home_switch(const struct oc_fabric *f, uint16_t lid)
{
	const struct oc_lid_owner *o = &f->lid_owner[lid];
	uint32_t peer = oc_port(f, o->node, o->port)->peer_node;

	return oc_is_switch(f, peer) ? f->nodes[peer].sw_index : OC_NONE;
}

static void check_lid(struct verifier *v, uint16_t lid)
{
	int is_ca;

	if (!destination(v, lid, &is_ca))
		return;
	v->lid = lid;
	v->home = is_ca ? home_switch(v->f, lid) : OC_NONE;
	resolve(v);
	count_reach(v, is_ca ? &v->r->ca : &v->r->sw);
	if (is_ca) {
		check_ca_pairs(v);
		add_load(v);
	}
	add_turns(v);
}

/* ---- after the last destination --------------------------------------- */

static void load_stats(struct oc_verify_report *r)
{
	uint64_t total = 0;
	uint32_t c;

	for (c = 0; c < r->channels; c++) {
		const struct oc_verify_link *l = &r->links[c];

		total += l->load;
		if (l->load > r->load_max)
			r->load_max = l->load;
		if (!c || l->load < r->load_min)
			r->load_min = l->load;
		if (l->dir == OC_LINK_UP && l->load > r->load_up_max)
			r->load_up_max = l->load;
		if (l->dir == OC_LINK_DOWN && l->load > r->load_down_max)
			r->load_down_max = l->load;
	}
	r->load_mean = r->channels ? (double)total / r->channels : 0.0;
}

/* 0 = root; vSwitches one below the leaves. */
static int level(const struct oc_ftree *ft, uint32_t s)
{
	if (ft->sw[s].role == OC_SW_VSWITCH)
		return ft->leaf_rank + 1;
	return ft->sw[s].rank;
}

static uint8_t link_dir(int from_level, int to_level)
{
	if (to_level < from_level)
		return OC_LINK_UP;
	if (to_level > from_level)
		return OC_LINK_DOWN;
	return OC_LINK_LATERAL;
}

/* Up/down by fat-tree rank, when the fabric is a fat-tree; -1 when out
 * of memory. */
static int classify_links(struct verifier *v)
{
	const struct oc_fabric *f = v->f;
	struct oc_verify_report *r = v->r;
	struct oc_ftree *ft;
	struct oc_err err;
	uint32_t c;

	if (oc_ftree_analyze_optional(f, &ft, &err))
		return -1;
	if (!ft)
		return 0;
	for (c = 0; c < r->channels; c++) {
		const struct oc_channel *ch = &r->links[c].ch;
		uint32_t peer = oc_peer(f, ch->node, ch->port);
		int from = level(ft, f->nodes[ch->node].sw_index);
		int to = level(ft, f->nodes[peer].sw_index);

		r->links[c].dir = link_dir(from, to);
	}
	r->has_dirs = 1;
	oc_ftree_free(ft);
	return 0;
}

/* The channel entering switch node through port (from its peer). */
static uint32_t in_channel(const struct verifier *v, uint32_t node,
			   unsigned port)
{
	const struct oc_port *p = oc_port(v->f, node, port);

	if (p->peer_node == OC_NONE)
		return OC_NONE;
	return v->chan[slot(v->f, p->peer_node, p->peer_port)];
}

/* Calls add(g, from, to) for every dependency; returns their number. */
static uint64_t each_dependency(const struct verifier *v,
				const struct turns *tu, struct graph *g,
				void (*add)(struct graph *, uint32_t, uint32_t))
{
	const struct oc_fabric *f = v->f;
	uint64_t deps = 0;
	uint32_t s;
	unsigned in, out;

	for (s = 0; s < v->n; s++) {
		uint32_t node = f->switches[s];
		unsigned np = f->nodes[node].num_ports;

		for (in = 1; in <= np; in++) {
			uint32_t from = in_channel(v, node, in);

			if (from == OC_NONE)
				continue;
			for (out = 1; out <= np; out++) {
				uint32_t to = v->chan[slot(f, node, out)];

				if (to == OC_NONE || !turn_get(tu, s, in, out))
					continue;
				deps++;
				if (add)
					add(g, from, to);
			}
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

static int build_graph(const struct verifier *v, const struct turns *tu,
		       struct graph *g, uint64_t *deps)
{
	uint32_t n = v->r->channels;

	memset(g, 0, sizeof(*g));
	g->n = n;
	g->start = calloc(n + 1, sizeof(*g->start));
	g->rstart = calloc(n + 1, sizeof(*g->rstart));
	if (!g->start || !g->rstart)
		return -1;
	*deps = each_dependency(v, tu, g, count_edge);
	g->to = malloc(sizeof(*g->to) * (*deps ? *deps : 1));
	g->rto = malloc(sizeof(*g->rto) * (*deps ? *deps : 1));
	if (!g->to || !g->rto)
		return -1;
	prefix_sums(g->start, n);
	prefix_sums(g->rstart, n);
	each_dependency(v, tu, g, fill_edge);
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
static int extract_cycle(const struct verifier *v, const struct graph *g,
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
		cyc->ch[i] = v->r->links[path[len - 1 - i]].ch;
	free(pos);
	return cyc->ch ? 0 : -1;
}

static int find_cycle(const struct verifier *v, const struct graph *g,
		      struct oc_verify_cycle *cyc)
{
	uint32_t *indeg = malloc(sizeof(*indeg) * (g->n ? g->n : 1));
	uint32_t *queue = malloc(sizeof(*queue) * (g->n ? g->n : 1));
	int ret = -1;

	if (indeg && queue) {
		ret = 0;
		if (kahn(g, indeg, queue) < g->n)
			ret = extract_cycle(v, g, indeg, queue, cyc);
	}
	free(indeg);
	free(queue);
	return ret;
}

static int check_cdg(const struct verifier *v, const struct turns *tu,
		     uint64_t *deps, struct oc_verify_cycle *cyc)
{
	struct graph g;
	int ret = build_graph(v, tu, &g, deps);

	if (!ret)
		ret = find_cycle(v, &g, cyc);
	graph_free(&g);
	return ret;
}

static int finish(struct verifier *v)
{
	struct oc_verify_report *r = v->r;

	if (classify_links(v))
		return -1;
	load_stats(r);
	if (check_cdg(v, &v->ca_turns, &r->cdg_ca_deps, &r->cdg_ca_cycle))
		return -1;
	return check_cdg(v, &v->all_turns, &r->cdg_all_deps, &r->cdg_all_cycle);
}

int oc_verify(const struct oc_fabric *f, const struct oc_lfts *t,
	      struct oc_verify_report *r, struct oc_err *err)
{
	struct verifier v = {.f = f, .t = t, .r = r};
	unsigned lid;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	if (t->num_switches != f->num_switches)
		return oc_err_set(err,
				  "LFTs of %u switches for a fabric of %u "
				  "switches",
				  t->num_switches, f->num_switches);
	if (setup(&v)) {
		ret = oc_err_set(err, "out of memory");
	} else {
		for (lid = 1; lid <= f->max_lid && f->lid_owner; lid++)
			check_lid(&v, lid);
		if (finish(&v))
			ret = oc_err_set(err, "out of memory");
	}
	teardown(&v);
	if (ret)
		oc_verify_report_free(r);
	return ret;
}

void oc_verify_report_free(struct oc_verify_report *r)
{
	free(r->links);
	free(r->cdg_ca_cycle.ch);
	free(r->cdg_all_cycle.ch);
	r->links = NULL;
	r->cdg_ca_cycle.ch = NULL;
	r->cdg_all_cycle.ch = NULL;
	r->cdg_ca_cycle.len = 0;
	r->cdg_all_cycle.len = 0;
}
