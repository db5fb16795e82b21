/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verify.c - reachability, credit loops, minimality and link load of LFTs
 * (verify.h): the set-up every destination needs, the parts, the graphs.
 *
 * The destinations are split into parts of whole 64-LID blocks, checked
 * by one thread each (verify_part.c) with their own findings; the
 * findings are then merged in LID order (counts added, the first
 * failures kept in order, the turn bits ORed), so the report does not
 * depend on the number of parts.  After the last destination the turns
 * become the channel dependency graphs (verify_cdg.c).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/ftree_optional.h"
#include "model/hops.h"
#include "verify/verify_int.h"

/* Below this many (switch, LID) entries one thread does it all. */
#define PARALLEL_ENTRIES (4u << 20)
#define MAX_PARTS 4

/* Both ends of a switch-to-switch link are up. */
static int switch_link(const struct oc_fabric *f, uint32_t node, unsigned port)
{
	const struct oc_port *p = oc_port(f, node, port);

	return p->peer_node != OC_NONE && oc_is_switch(f, p->peer_node) &&
	       p->active && oc_port(f, p->peer_node, p->peer_port)->active;
}

/* ---- set-up ------------------------------------------------------------ */

static int count_cas(struct verify_shared *sh, struct oc_verify_report *r)
{
	const struct oc_fabric *f = sh->f;
	uint32_t node, s;
	unsigned p;

	sh->cas = calloc(sh->n ? sh->n : 1, sizeof(*sh->cas));
	sh->with_cas = malloc(sizeof(*sh->with_cas) * (sh->n ? sh->n : 1));
	if (sh->lid_weight)
		sh->cas_weight =
			calloc(sh->n ? sh->n : 1, sizeof(*sh->cas_weight));
	if (!sh->cas || !sh->with_cas || (sh->lid_weight && !sh->cas_weight))
		return -1;
	for (node = 0; node < f->num_nodes; node++) {
		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			uint32_t peer = oc_port(f, node, p)->peer_node;

			if (!verify_active_ca_port(f, node, p) ||
			    !oc_is_switch(f, peer))
				continue;
			sh->cas[f->nodes[peer].sw_index]++;
			if (sh->cas_weight)
				sh->cas_weight[f->nodes[peer].sw_index] +=
					sh->lid_weight[oc_port(f, node, p)->lid];
			r->ca_ports++;
		}
	}
	for (s = 0; s < sh->n; s++)
		if (sh->cas[s])
			sh->with_cas[sh->num_with_cas++] = s;
	return 0;
}

static int index_channels(struct verify_shared *sh, struct oc_verify_report *r)
{
	const struct oc_fabric *f = sh->f;
	uint32_t s, c = 0;
	unsigned p;

	sh->chan =
		malloc(sizeof(*sh->chan) * (f->num_ports ? f->num_ports : 1));
	if (!sh->chan)
		return -1;
	memset(sh->chan, 0xff, sizeof(*sh->chan) * f->num_ports);
	for (s = 0; s < sh->n; s++)
		for (p = 1; p <= f->nodes[f->switches[s]].num_ports; p++)
			if (switch_link(f, f->switches[s], p))
				sh->chan[oc_port_slot(f, f->switches[s], p)] =
					c++;
	sh->channels = r->channels = c;
	r->links = calloc(c ? c : 1, sizeof(*r->links));
	if (!r->links)
		return -1;
	for (s = 0; s < sh->n; s++) {
		uint32_t node = f->switches[s];

		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			c = sh->chan[oc_port_slot(f, node, p)];
			if (c == OC_NONE)
				continue;
			r->links[c].ch.node = node;
			r->links[c].ch.port = p;
		}
	}
	return 0;
}

/* Every switch port's code (VERIFY_ASK_EXACT for port 0 and the ports
 * that lead to no switch over a working link). */
static int index_links(struct verify_shared *sh)
{
	const struct oc_fabric *f = sh->f;
	uint32_t s, total = 0;
	unsigned p;

	sh->first = malloc(sizeof(*sh->first) * (sh->n ? sh->n : 1));
	sh->num_ports = malloc(sh->n ? sh->n : 1);
	if (!sh->first || !sh->num_ports)
		return -1;
	for (s = 0; s < sh->n; s++) {
		sh->first[s] = total;
		sh->num_ports[s] = f->nodes[f->switches[s]].num_ports;
		total += sh->num_ports[s] + 1u;
	}
	sh->link = malloc(sizeof(*sh->link) * (total ? total : 1));
	if (!sh->link)
		return -1;
	for (s = 0; s < sh->n; s++) {
		uint32_t node = f->switches[s], *code = sh->link + sh->first[s];

		code[0] = VERIFY_ASK_EXACT;
		for (p = 1; p <= sh->num_ports[s]; p++) {
			const struct oc_port *o = oc_port(f, node, p);

			code[p] = VERIFY_ASK_EXACT;
			if (switch_link(f, node, p))
				code[p] = VERIFY_HOP(
					f->nodes[o->peer_node].sw_index,
					o->peer_port, p);
		}
	}
	return 0;
}

/* The distances, and the switches no switch is too far from. */
static int index_distances(struct verify_shared *sh)
{
	uint32_t s, i;

	sh->dist = oc_switch_distances(sh->f);
	sh->short_rows = malloc(sh->n ? sh->n : 1);
	if (!sh->dist || !sh->short_rows)
		return -1;
	for (s = 0; s < sh->n; s++) {
		const uint8_t *row = sh->dist + (size_t)s * sh->n;

		sh->short_rows[s] = 1;
		for (i = 0; i < sh->n; i++)
			if (row[i] > OC_VERIFY_MAX_HOPS)
				sh->short_rows[s] = 0;
	}
	return 0;
}

/* The fat-tree levels, when minimality or link directions need them and
 * the fabric is a fat-tree. */
static int index_levels(struct verify_shared *sh)
{
	struct oc_ftree *ft;
	struct oc_err err;

	if (!(sh->what & (OC_VERIFY_CA_PAIRS | OC_VERIFY_LOAD)))
		return 0;
	if (oc_ftree_analyze_optional(sh->f, &ft, &err))
		return -1;
	if (!ft)
		return 0;
	sh->level = oc_updown_levels(ft);
	oc_ftree_free(ft);
	return sh->level ? 0 : -1;
}

/* The shortest up/down paths towards the switches with CAs, for
 * minimality on a fat-tree. */
static int index_updown(struct verify_shared *sh)
{
	uint32_t i;

	if (!(sh->what & OC_VERIFY_CA_PAIRS) || !sh->level)
		return 0;
	sh->ud_row = malloc(sizeof(*sh->ud_row) * (sh->n ? sh->n : 1));
	sh->ud = oc_updown_distances(sh->f, sh->level, sh->with_cas,
				     sh->num_with_cas);
	if (!sh->ud_row || !sh->ud)
		return -1;
	memset(sh->ud_row, 0xff, sizeof(*sh->ud_row) * sh->n);
	for (i = 0; i < sh->num_with_cas; i++)
		sh->ud_row[sh->with_cas[i]] = i;
	return 0;
}

static int setup(struct verify_shared *sh, struct oc_verify_report *r,
		 struct oc_err *err)
{
	sh->n = sh->f->num_switches;
	r->switches = sh->n;
	if (sh->n > VERIFY_MAX_SWITCHES)
		return oc_err_set(err,
				  "%u switches: the verifier takes at most %u",
				  sh->n, VERIFY_MAX_SWITCHES);
	if (index_distances(sh) || count_cas(sh, r) || index_channels(sh, r) ||
	    index_links(sh) || index_levels(sh) || index_updown(sh))
		return oc_err_set(err, "out of memory");
	r->has_updown = sh->ud != NULL;
	return 0;
}

static void teardown(struct verify_shared *sh)
{
	free(sh->dist);
	free(sh->short_rows);
	free(sh->cas);
	free(sh->cas_weight);
	free(sh->with_cas);
	free(sh->chan);
	free(sh->link);
	free(sh->first);
	free(sh->num_ports);
	free(sh->level);
	free(sh->ud);
	free(sh->ud_row);
}

/* ---- the parts ---------------------------------------------------------- */

/* One part per processor, up to MAX_PARTS, when the tables are big. */
static unsigned choose_parts(const struct verify_shared *sh)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	uint64_t entries = (uint64_t)sh->n * sh->f->max_lid;

	if (entries < PARALLEL_ENTRIES || cpus < 2)
		return 1;
	return cpus < MAX_PARTS ? (unsigned)cpus : MAX_PARTS;
}

/* Part i of parts: whole blocks, the same number each (about). */
static void part_range(struct verify_part *p, unsigned i, unsigned parts,
		       unsigned max_lid)
{
	unsigned blocks = max_lid / OC_LFT_BLOCK + 1;
	unsigned from = blocks * i / parts, to = blocks * (i + 1) / parts;

	p->first_lid = from ? from * OC_LFT_BLOCK : 1;
	p->last_lid = to ? to * OC_LFT_BLOCK - 1 : 0; /* 0: none */
	if (p->last_lid > max_lid)
		p->last_lid = max_lid;
}

static void *run_part(void *arg)
{
	verify_part_run(arg);
	return NULL;
}

/* Runs parts 1.. on threads of their own and part 0 here; a part whose
 * thread cannot start runs here too. */
static void run_parts(struct verify_part *parts, unsigned num)
{
	pthread_t tid[MAX_PARTS];
	int started[MAX_PARTS] = {0};
	unsigned i;

	for (i = 1; i < num; i++)
		started[i] =
			!pthread_create(&tid[i], NULL, run_part, &parts[i]);
	verify_part_run(&parts[0]);
	for (i = 1; i < num; i++) {
		if (started[i])
			pthread_join(tid[i], NULL);
		else
			verify_part_run(&parts[i]);
	}
}

/* ---- merging, in LID order ------------------------------------------------ */

static void merge_reach(struct oc_verify_reach *to,
			const struct oc_verify_reach *from)
{
	uint32_t i;

	to->lids += from->lids;
	to->lids_unreachable += from->lids_unreachable;
	to->pairs += from->pairs;
	to->holes += from->holes;
	to->loops += from->loops;
	to->wrong += from->wrong;
	for (i = 0;
	     i < from->num_examples && to->num_examples < OC_VERIFY_EXAMPLES;
	     i++)
		to->examples[to->num_examples++] = from->examples[i];
}

static void merge(struct verify_part *parts, unsigned num,
		  struct oc_verify_report *r)
{
	const struct verify_shared *sh = parts[0].sh;
	unsigned i;
	uint32_t c;

	for (i = 0; i < num; i++) {
		const struct verify_part *p = &parts[i];

		merge_reach(&r->ca, &p->ca);
		merge_reach(&r->sw, &p->sw);
		r->ca_pairs += p->ca_pairs;
		r->ca_pairs_unreachable += p->ca_pairs_unreachable;
		r->ca_pairs_nonminimal += p->ca_pairs_nonminimal;
		r->ca_pairs_nonminimal_graph += p->ca_pairs_nonminimal_graph;
		r->ca_pairs_no_updown += p->ca_pairs_no_updown;
		if (p->ca_max_hops > r->ca_max_hops)
			r->ca_max_hops = p->ca_max_hops;
		for (c = 0; p->load && c < sh->channels; c++)
			r->links[c].load += p->load[c];
		for (c = 0; p->weighted && c < sh->channels; c++)
			r->links[c].weighted += p->weighted[c];
		if (i) {
			oc_turns_merge(&parts[0].ca_turns, &p->ca_turns);
			oc_turns_merge(&parts[0].all_turns, &p->all_turns);
		}
	}
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

static void weighted_stats(struct oc_verify_report *r)
{
	double total = 0;
	uint32_t c;

	for (c = 0; c < r->channels; c++) {
		total += r->links[c].weighted;
		if (r->links[c].weighted > r->weighted_max)
			r->weighted_max = r->links[c].weighted;
	}
	r->weighted_mean = r->channels ? total / r->channels : 0.0;
	r->has_weighted = 1;
}

/* Up/down by fat-tree level, when the fabric is a fat-tree. */
static void classify_links(const struct verify_shared *sh,
			   struct oc_verify_report *r)
{
	const struct oc_fabric *f = sh->f;
	uint32_t c;

	if (!sh->level)
		return;
	for (c = 0; c < r->channels; c++) {
		const struct oc_channel *ch = &r->links[c].ch;
		uint32_t peer = oc_peer(f, ch->node, ch->port);

		r->links[c].dir =
			oc_updown_dir(sh->level[f->nodes[ch->node].sw_index],
				      sh->level[f->nodes[peer].sw_index]);
	}
	r->has_dirs = 1;
}

static int finish(const struct verify_shared *sh, struct verify_part *p0,
		  struct oc_verify_report *r)
{
	struct oc_cdg_input in = {
		.f = sh->f,
		.chan = sh->chan,
		.links = r->links,
		.channels = r->channels,
	};

	if (sh->what & OC_VERIFY_LOAD) {
		classify_links(sh, r);
		load_stats(r);
	}
	if ((sh->what & OC_VERIFY_LOAD) && sh->lid_weight)
		weighted_stats(r);
	if ((sh->what & OC_VERIFY_CDG_CA) &&
	    oc_cdg_check(&in, &p0->ca_turns, &r->cdg_ca_deps, &r->cdg_ca_cycle))
		return -1;
	if ((sh->what & OC_VERIFY_CDG_ALL) &&
	    oc_cdg_check(&in, &p0->all_turns, &r->cdg_all_deps,
			 &r->cdg_all_cycle))
		return -1;
	return 0;
}

/* Checks with the parts set up (num of them). */
static int check_parts(const struct verify_shared *sh,
		       struct verify_part *parts, unsigned num,
		       struct oc_verify_report *r, struct oc_err *err)
{
	unsigned i;

	for (i = 0; i < num; i++) {
		if (verify_part_init(&parts[i], sh))
			return oc_err_set(err, "out of memory");
		part_range(&parts[i], i, num, sh->f->max_lid);
	}
	run_parts(parts, num);
	merge(parts, num, r);
	if (finish(sh, &parts[0], r))
		return oc_err_set(err, "out of memory");
	return 0;
}

int verify_in_parts(const struct oc_fabric *f, const struct oc_lfts *t,
		    unsigned what, unsigned num, struct oc_verify_report *r,
		    struct oc_err *err)
{
	return verify_weighted_in_parts(f, t, what, NULL, num, r, err);
}

int verify_weighted_in_parts(const struct oc_fabric *f, const struct oc_lfts *t,
			     unsigned what, const double *lid_weight,
			     unsigned num, struct oc_verify_report *r,
			     struct oc_err *err)
{
	struct verify_shared sh = {
		.f = f, .t = t, .what = what, .lid_weight = lid_weight};
	struct verify_part parts[MAX_PARTS];
	unsigned i;
	int ret;

	memset(r, 0, sizeof(*r));
	memset(parts, 0, sizeof(parts));
	if (t->num_switches != f->num_switches)
		return oc_err_set(err,
				  "LFTs of %u switches for a fabric of %u "
				  "switches",
				  t->num_switches, f->num_switches);
	ret = setup(&sh, r, err);
	if (!ret) {
		if (!num)
			num = choose_parts(&sh);
		if (num > MAX_PARTS)
			num = MAX_PARTS;
		ret = check_parts(&sh, parts, num, r, err);
	}
	for (i = 0; i < MAX_PARTS; i++)
		verify_part_free(&parts[i]);
	teardown(&sh);
	if (ret)
		oc_verify_report_free(r);
	return ret;
}

int oc_verify_some(const struct oc_fabric *f, const struct oc_lfts *t,
		   unsigned what, struct oc_verify_report *r,
		   struct oc_err *err)
{
	return verify_in_parts(f, t, what, 0, r, err);
}

int oc_verify(const struct oc_fabric *f, const struct oc_lfts *t,
	      struct oc_verify_report *r, struct oc_err *err)
{
	return oc_verify_some(f, t, OC_VERIFY_ALL, r, err);
}

int oc_verify_weighted(const struct oc_fabric *f, const struct oc_lfts *t,
		       const double *lid_weight, struct oc_verify_report *r,
		       struct oc_err *err)
{
	return verify_weighted_in_parts(f, t, OC_VERIFY_LOAD, lid_weight, 0, r,
					err);
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
