/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verify_part.c - checking the destinations of one range of LIDs (see
 * verify_int.h).
 *
 * Destinations are taken in LID order, 64 LIDs (one block of every
 * switch's row) decoded at once into codes, so the checks below jump
 * within small arrays instead of across every switch's row.
 *
 * Reachability, two ways with the same outcome:
 *   - most tables route a destination along shortest paths; when every
 *     switch's entry leads one hop closer to the switch that must deliver
 *     it, and that switch does, every switch reaches it in its distance,
 *     which one pass over the codes proves (shortest_forest());
 *   - else resolve() gives every switch its fault and hop count,
 *     memoised along the LFT chains: a walk stops at the first switch
 *     already settled, so each switch is stepped once per destination.
 * Then, each only when asked for (OC_VERIFY_*):
 *   - minimality compares the hops with the distances, and on a fat-tree
 *     with the shortest up/down paths (updown.h);
 *   - the load pushes the number of CA sources down the chains, switches
 *     taken in decreasing hop order;
 *   - the turns of the channel dependency graphs: every turn a route
 *     takes inside a switch sets one bit (verify_cdg.h), one set of bits
 *     for CA-sourced traffic and one for all traffic.
 */
#include <stdlib.h>
#include <string.h>

#include "model/hops.h"
#include "model/lft_hop.h"
#include "verify/verify_int.h"

enum { UNSEEN = 0, ON_PATH = 1, SETTLED = 2 };

/* Switches ahead whose block decode() asks the memory for: the rows lie
 * a page or more apart, which no hardware prefetcher follows. */
#define PREFETCH_AHEAD 16

/* ---- set-up ------------------------------------------------------------ */

static int alloc_findings(struct verify_part *p)
{
	const struct verify_shared *sh = p->sh;

	if ((sh->what & OC_VERIFY_LOAD) &&
	    !(p->load = calloc(sh->channels + 1, sizeof(*p->load))))
		return -1;
	if ((sh->what & OC_VERIFY_LOAD) && sh->lid_weight &&
	    (!(p->weighted = calloc(sh->channels + 1, sizeof(*p->weighted))) ||
	     !(p->wflow = malloc(sizeof(*p->wflow) * (sh->n + 1)))))
		return -1;
	if ((sh->what & OC_VERIFY_CDG_CA) && oc_turns_init(&p->ca_turns, sh->f))
		return -1;
	if ((sh->what & OC_VERIFY_CDG_ALL) &&
	    oc_turns_init(&p->all_turns, sh->f))
		return -1;
	return 0;
}

int verify_part_init(struct verify_part *p, const struct verify_shared *sh)
{
	size_t n = sh->n ? sh->n : 1, i;

	memset(p, 0, sizeof(*p));
	p->sh = sh;
	p->block = OC_NONE;
	p->codes = malloc(n * (OC_LFT_BLOCK + 1) * sizeof(*p->codes));
	p->potential = malloc(VERIFY_MAX_SWITCHES + 1);
	p->state = malloc(n);
	p->fault = malloc(n);
	p->hops = malloc(n);
	p->carry = malloc(n);
	p->stack = malloc(n * sizeof(*p->stack));
	p->order = malloc(n * sizeof(*p->order));
	p->flow = malloc(n * sizeof(*p->flow));
	if (!p->codes || !p->potential || !p->state || !p->fault || !p->hops ||
	    !p->carry || !p->stack || !p->order || !p->flow ||
	    alloc_findings(p))
		return -1;
	for (i = 0; i < n; i++)
		p->codes[n * OC_LFT_BLOCK + i] = VERIFY_ASK_EXACT;
	memset(p->potential, 0xff, VERIFY_MAX_SWITCHES + 1);
	return 0;
}

void verify_part_free(struct verify_part *p)
{
	free(p->load);
	free(p->weighted);
	free(p->wflow);
	p->weighted = NULL;
	p->wflow = NULL;
	oc_turns_free(&p->ca_turns);
	oc_turns_free(&p->all_turns);
	free(p->codes);
	free(p->potential);
	free(p->state);
	free(p->fault);
	free(p->hops);
	free(p->carry);
	free(p->stack);
	free(p->order);
	free(p->flow);
	p->load = NULL;
	p->codes = NULL;
	p->potential = NULL;
	p->state = p->fault = p->hops = p->carry = NULL;
	p->stack = p->order = NULL;
	p->flow = NULL;
}

/* ---- the destination's entries ----------------------------------------- */

/* Decodes the entries of one 64-LID block, switch by switch. */
static void decode(struct verify_part *p, uint32_t block)
{
	const struct verify_shared *sh = p->sh;
	size_t at = (size_t)block * OC_LFT_BLOCK;
	uint32_t s, i;

	for (s = 0; s < sh->n; s++) {
		const uint8_t *row = oc_lft_row(sh->t, s) + at;
		const uint32_t *link = sh->link + sh->first[s];
		unsigned ports = sh->num_ports[s];

		if (s + PREFETCH_AHEAD < sh->n)
			__builtin_prefetch(
				oc_lft_row(sh->t, s + PREFETCH_AHEAD) + at);
		for (i = 0; i < OC_LFT_BLOCK; i++)
			p->codes[(size_t)i * sh->n + s] =
				row[i] <= ports ? link[row[i]]
						: VERIFY_ASK_EXACT;
	}
	p->block = block;
}

/* Points code at the destination's codes. */
static void select_lid(struct verify_part *p, uint16_t lid)
{
	const struct verify_shared *sh = p->sh;

	p->lid = lid;
	p->beyond = lid > sh->t->max_lid;
	if (p->beyond) {
		p->code = p->codes + (size_t)OC_LFT_BLOCK * sh->n;
		return;
	}
	if (lid / OC_LFT_BLOCK != p->block)
		decode(p, lid / OC_LFT_BLOCK);
	p->code = p->codes + (size_t)(lid % OC_LFT_BLOCK) * sh->n;
}

/* The next switch from s towards the destination, OC_NONE at an end. */
static uint32_t next_switch(const struct verify_part *p, uint32_t s)
{
	return VERIFY_IS_HOP(p->code[s]) ? VERIFY_NEXT(p->code[s]) : OC_NONE;
}

/* ---- reachability ------------------------------------------------------ */

/* How the route from switch s ends when its entry is no hop to a switch:
 * OC_FAULT_NONE when it delivers to the port owning the LID.  A hop over
 * a link that is down at either end is a hole. */
static uint8_t end_fault(const struct verify_part *p, uint32_t s)
{
	const struct oc_fabric *f = p->sh->f;
	struct oc_lft_hop h;
	enum oc_hop_kind kind;

	if (p->beyond)
		return OC_FAULT_HOLE;
	kind = oc_lft_hop(f, p->sh->t, s, p->lid, &h);
	if (kind == OC_HOP_DROP ||
	    (kind != OC_HOP_HERE &&
	     (!h.out->active || !oc_port(f, h.peer, h.peer_port)->active)))
		return OC_FAULT_HOLE;
	/* HERE or CA: a working switch link has a hop code */
	return oc_lft_hop_delivers(f, p->lid, kind, &h) ? OC_FAULT_NONE
							: OC_FAULT_WRONG;
}

/* Gives the switches on the walk stack their outcome, top first. */
static void settle(struct verify_part *p, uint32_t depth, uint8_t fault,
		   unsigned hops)
{
	while (depth--) {
		uint32_t s = p->stack[depth];

		if (!fault && hops > OC_VERIFY_MAX_HOPS)
			fault = OC_FAULT_LOOP;
		p->fault[s] = fault;
		p->hops[s] = fault ? 0 : hops;
		p->state[s] = SETTLED;
		p->failed += fault != OC_FAULT_NONE;
		hops++;
	}
}

/* Follows the LFTs from s until a settled switch or an end. */
static void walk(struct verify_part *p, uint32_t s)
{
	uint32_t depth = 0, code, nx;

	for (;;) {
		p->state[s] = ON_PATH;
		p->stack[depth++] = s;
		code = p->code[s];
		if (!VERIFY_IS_HOP(code)) {
			settle(p, depth, end_fault(p, s), 0);
			return;
		}
		nx = VERIFY_NEXT(code);
		if (p->state[nx] == SETTLED) {
			settle(p, depth, p->fault[nx], p->hops[nx] + 1u);
			return;
		}
		if (p->state[nx] == ON_PATH) {
			settle(p, depth, OC_FAULT_LOOP, 0);
			return;
		}
		s = nx;
	}
}

static void resolve(struct verify_part *p)
{
	uint32_t s;

	memset(p->state, UNSEEN, p->sh->n);
	for (s = 0; s < p->sh->n; s++)
		if (p->state[s] == UNSEEN)
			walk(p, s);
}

/* Does every switch but the target step one hop closer to it (a switch
 * without a hop points at potential 0xff)? */
static int steps_closer(struct verify_part *p, const uint8_t *row)
{
	const uint8_t *pot = p->potential;
	uint32_t s, bad = 0;

	memcpy(p->potential, row, p->sh->n);
	for (s = 0; s < p->target; s++)
		bad |= (pot[VERIFY_NEXT(p->code[s])] + 1u) ^ pot[s];
	for (s = p->target + 1; s < p->sh->n; s++)
		bad |= (pot[VERIFY_NEXT(p->code[s])] + 1u) ^ pot[s];
	memset(p->potential, 0xff, p->sh->n);
	return !bad;
}

/* The fast way: when every switch steps closer to the target and the
 * target delivers, every switch reaches the destination in its
 * distance. */
static int shortest_forest(struct verify_part *p)
{
	const struct verify_shared *sh = p->sh;
	const uint8_t *row;

	if (p->target == OC_NONE || !sh->short_rows[p->target])
		return 0;
	row = sh->dist + (size_t)p->target * sh->n;
	if (!steps_closer(p, row) || VERIFY_IS_HOP(p->code[p->target]) ||
	    end_fault(p, p->target))
		return 0;
	if (sh->what & (OC_VERIFY_CA_PAIRS | OC_VERIFY_LOAD)) {
		memcpy(p->hops, row, sh->n);
		memset(p->fault, OC_FAULT_NONE, sh->n);
	}
	return 1;
}

/* ---- per-destination checks -------------------------------------------- */

/* CA ports on switch s sending to the destination (not to themselves). */
static uint32_t sources(const struct verify_part *p, uint32_t s)
{
	return p->sh->cas[s] - (s == p->home);
}

static void add_example(struct verify_part *p, struct oc_verify_reach *reach,
			uint32_t s)
{
	struct oc_verify_failure *e;

	if (reach->num_examples == OC_VERIFY_EXAMPLES)
		return;
	e = &reach->examples[reach->num_examples++];
	e->sw = s;
	e->lid = p->lid;
	e->fault = p->fault[s];
}

static void count_reach(struct verify_part *p, struct oc_verify_reach *reach)
{
	uint32_t s;

	reach->lids++;
	reach->pairs += p->sh->n;
	if (!p->failed)
		return;
	for (s = 0; s < p->sh->n; s++) {
		switch (p->fault[s]) {
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
		add_example(p, reach, s);
	}
	reach->lids_unreachable++;
}

/* The shortest up/down paths towards the destination's switch, [switch],
 * or NULL (no fat-tree, or no such switch). */
static const uint8_t *updown_row(const struct verify_part *p)
{
	const struct verify_shared *sh = p->sh;

	if (!sh->ud || p->home == OC_NONE || sh->ud_row[p->home] == OC_NONE)
		return NULL;
	return sh->ud + (size_t)sh->ud_row[p->home] * sh->n;
}

/* Counts src pairs from switch s, whose route takes hops: longer than
 * the shortest path (dist) or up/down path (ud, when known). */
static void count_minimality(struct verify_part *p, const uint8_t *dist,
			     const uint8_t *ud, uint32_t s, uint32_t src)
{
	unsigned hops = p->hops[s];
	int graph = dist && hops > dist[s];

	p->ca_pairs_nonminimal_graph += graph ? src : 0;
	if (!ud) {
		p->ca_pairs_nonminimal += graph ? src : 0;
		return;
	}
	if (ud[s] == OC_HOPS_UNREACHABLE)
		p->ca_pairs_no_updown += src;
	else if (hops > ud[s])
		p->ca_pairs_nonminimal += src;
}

static void check_ca_pairs(struct verify_part *p)
{
	const struct verify_shared *sh = p->sh;
	const uint8_t *dist = NULL, *ud = updown_row(p);
	uint32_t i, s, src;

	if (p->home != OC_NONE)
		dist = sh->dist + (size_t)p->home * sh->n;
	for (i = 0; i < sh->num_with_cas; i++) {
		s = sh->with_cas[i];
		src = sources(p, s);
		if (!src)
			continue;
		p->ca_pairs += src;
		if (p->fault[s]) {
			p->ca_pairs_unreachable += src;
			continue;
		}
		count_minimality(p, dist, ud, s, src);
		if (p->hops[s] > p->ca_max_hops)
			p->ca_max_hops = p->hops[s];
	}
}

/* Reachable switches, farthest from the destination first. */
static void order_by_hops(struct verify_part *p)
{
	uint32_t start[OC_VERIFY_MAX_HOPS + 1] = {0}, pos = 0, s;
	int h;

	for (s = 0; s < p->sh->n; s++)
		if (!p->fault[s])
			start[p->hops[s]]++;
	for (h = OC_VERIFY_MAX_HOPS; h >= 0; h--) {
		uint32_t count = start[h];

		start[h] = pos;
		pos += count;
	}
	for (s = 0; s < p->sh->n; s++)
		if (!p->fault[s])
			p->order[start[p->hops[s]]++] = s;
}

static uint32_t out_channel(const struct verify_part *p, uint32_t s)
{
	const struct oc_fabric *f = p->sh->f;

	return p->sh
		->chan[oc_port_slot(f, f->switches[s], VERIFY_OUT(p->code[s]))];
}

/* The sources' weights at switch s, the destination's own port left
 * out (all LIDs of a port weigh the same). */
static double weighted_sources(const struct verify_part *p, uint32_t s)
{
	const struct verify_shared *sh = p->sh;

	return sh->cas_weight[s] - (s == p->home ? sh->lid_weight[p->lid] : 0);
}

/* Routes from every CA source: each pushes its count down its chain
 * (and, with weights, its weight times the destination's). */
static void add_load(struct verify_part *p)
{
	uint32_t i, s, c, next, reachable = 0;
	double weight = p->wflow ? p->sh->lid_weight[p->lid] : 0;

	for (s = 0; s < p->sh->n; s++) {
		p->flow[s] = p->fault[s] ? 0 : sources(p, s);
		if (p->wflow)
			p->wflow[s] = p->fault[s] ? 0 : weighted_sources(p, s);
		reachable += !p->fault[s];
	}
	order_by_hops(p);
	for (i = 0; i < reachable; i++) {
		s = p->order[i];
		if (!p->hops[s] || !p->flow[s])
			continue;
		c = out_channel(p, s);
		next = next_switch(p, s);
		p->load[c] += p->flow[s];
		p->flow[next] += p->flow[s];
		if (!p->wflow)
			continue;
		p->weighted[c] += weight * p->wflow[s];
		p->wflow[next] += p->wflow[s];
	}
}

/* Switches that carry CA-sourced traffic to the destination: carry[]
 * set, listed in order[0..returned). */
static uint32_t mark_carriers(struct verify_part *p)
{
	const struct verify_shared *sh = p->sh;
	uint32_t i, s, x, count = 0;

	memset(p->carry, 0, sh->n);
	for (i = 0; i < sh->num_with_cas; i++) {
		s = sh->with_cas[i];
		if (!sources(p, s))
			continue;
		for (x = s; x != OC_NONE && !p->carry[x];
		     x = next_switch(p, x)) {
			p->carry[x] = 1;
			p->order[count++] = x;
		}
	}
	return count;
}

/* The route from s turns at the next switch: adds the turn to tu. */
static void add_turn(const struct verify_part *p, struct oc_turns *tu,
		     uint32_t s)
{
	uint32_t c = p->code[s], t, ct;

	if (!VERIFY_IS_HOP(c))
		return;
	t = VERIFY_NEXT(c);
	ct = p->code[t];
	if (VERIFY_IS_HOP(ct))
		oc_turns_set(tu, t, VERIFY_IN(c), VERIFY_OUT(ct));
}

/* s -> t -> u: the route turns at t; CA-sourced traffic only from the
 * carriers. */
static void add_turns(struct verify_part *p)
{
	uint32_t s, i, carriers;

	if (p->sh->what & OC_VERIFY_CDG_ALL)
		for (s = 0; s < p->sh->n; s++)
			add_turn(p, &p->all_turns, s);
	if (!(p->sh->what & OC_VERIFY_CDG_CA))
		return;
	carriers = mark_carriers(p);
	for (i = 0; i < carriers; i++)
		add_turn(p, &p->ca_turns, p->order[i]);
}

/* ---- one destination ---------------------------------------------------- */

/* Is lid a destination: an active CA port's or a switch's LID? */
static int destination(const struct oc_fabric *f, uint16_t lid, int *is_ca)
{
	const struct oc_lid_owner *o = &f->lid_owner[lid];

	if (o->node == OC_NONE)
		return 0;
	*is_ca = !oc_is_switch(f, o->node);
	if (*is_ca)
		return verify_active_ca_port(f, o->node, o->port);
	return o->port == 0 && oc_port(f, o->node, 0)->active;
}

static uint32_t home_switch(const struct oc_fabric *f, uint16_t lid)
{
	const struct oc_lid_owner *o = &f->lid_owner[lid];
	uint32_t peer = oc_port(f, o->node, o->port)->peer_node;

	return oc_is_switch(f, peer) ? f->nodes[peer].sw_index : OC_NONE;
}

static void check_lid(struct verify_part *p, uint16_t lid)
{
	const struct oc_fabric *f = p->sh->f;
	unsigned what = p->sh->what;
	int is_ca;

	if (!destination(f, lid, &is_ca))
		return;
	select_lid(p, lid);
	p->home = is_ca ? home_switch(f, lid) : OC_NONE;
	p->target = is_ca ? p->home : f->nodes[f->lid_owner[lid].node].sw_index;
	p->failed = 0;
	if (!shortest_forest(p))
		resolve(p);
	count_reach(p, is_ca ? &p->ca : &p->sw);
	if (is_ca && (what & OC_VERIFY_CA_PAIRS))
		check_ca_pairs(p);
	if (is_ca && (what & OC_VERIFY_LOAD))
		add_load(p);
	if (what & (OC_VERIFY_CDG_CA | OC_VERIFY_CDG_ALL))
		add_turns(p);
}

void verify_part_run(struct verify_part *p)
{
	unsigned lid;

	if (!p->sh->f->lid_owner)
		return;
	for (lid = p->first_lid; lid <= p->last_lid; lid++)
		check_lid(p, lid);
}
