/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pftree.c - the partition-aware fat-tree engines pftree, pftree_ext and
 * pftree_wt (pFTree paper, sections 5 to 7) over the shared router.
 *
 * Tenants: every partition of in->parts except the default one (0x7fff)
 * whose members hang off two leaves or more (single-leaf partitions need
 * no link and are filtered out, section 5).  A CA port's routing
 * partition is the strictest of its tenant partitions (pftree_ext), the
 * first one given on a tie; ports in no tenant are routed like ftree's
 * compute nodes.
 *
 * Order of routing:
 *   1. compute nodes, leaf by leaf in GUID order, each leaf in the order
 *      of pftree_order.c, every leaf padded to the largest count;
 *   2. other CAs (I/O nodes), then switch LIDs without load;
 * the main path's up port is chosen by pft_choose_up() (pftree_mark.c,
 * Algorithm 3).  Loads are node counts, or sums of weights for
 * pftree_wt.  Routes are
 * tagged with the node's partition, so among equally loaded parallel
 * links a partition keeps to its own (Algorithm 4).
 *   3. lanes (lane_assign.c) and, for pftree_ext, the policy check
 *      (pftree_validate.c), both on the links the LFTs really share.
 */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "route/engine_run.h"
#include "route/pftree/pftree_int.h"

/* Routes a CA LID; degraded trees get detours (as vswitch_ftree). */
static void route_ca(struct pft_run *run, uint16_t lid, uint32_t sw,
		     uint8_t port, double weight)
{
	oc_router_route(run->r, lid, sw, port, weight);
	run->stats->detours += oc_router_fill_holes(run->r, lid);
}

/* A CA port of a leaf's port that has a LID and a working link. */
static int ca_at(const struct pft_run *run, uint32_t sw, unsigned port,
		 uint32_t *ca, unsigned *ca_port)
{
	uint32_t node = run->f->switches[sw];
	const struct oc_port *p;

	*ca = oc_peer(run->f, node, port);
	if (*ca == OC_NONE || oc_is_switch(run->f, *ca))
		return 0;
	*ca_port = oc_port(run->f, node, port)->peer_port;
	p = oc_port(run->f, *ca, *ca_port);
	return p->lid && p->active;
}

/* The compute nodes of a leaf, in port order; returns how many. */
static uint32_t leaf_nodes(struct pft_run *run, uint32_t leaf)
{
	uint32_t node = run->f->switches[leaf], n = 0, ca;
	unsigned p, cp;

	for (p = 1; p <= run->f->nodes[node].num_ports; p++) {
		struct pft_node *x = &run->nodes[n];
		uint64_t guid;

		if (!ca_at(run, leaf, p, &ca, &cp))
			continue;
		guid = oc_port(run->f, ca, cp)->guid;
		x->lid = oc_port(run->f, ca, cp)->lid;
		x->port = (uint8_t)p;
		x->part = run->part_of ? oc_hash_get64(run->part_of, guid)
				       : OC_PART_NONE;
		x->weight = run->kind == PFT_WT
				    ? oc_weights_get(run->in->weights, guid)
				    : 1;
		n++;
	}
	return n;
}

static uint32_t up_ports(const struct pft_run *run, uint32_t sw)
{
	const struct oc_ft_switch *s = &run->ft->sw[sw];
	uint32_t g, n = 0;

	for (g = 0; g < s->up_count; g++)
		n += oc_up_group(run->ft, sw, g)->count;
	return n;
}

static int cmp_order(const void *a, const void *b)
{
	const struct pft_node *x = a, *y = b;

	return x->order < y->order ? -1 : x->order > y->order;
}

static int route_leaf(struct pft_run *run, uint32_t leaf, uint32_t max)
{
	uint32_t n = leaf_nodes(run, leaf), i;

	if (pft_order_nodes(run, run->nodes, n, up_ports(run, leaf)))
		return -1;
	qsort(run->nodes, n, sizeof(*run->nodes), cmp_order);
	for (i = 0; i < n; i++) {
		const struct pft_node *x = &run->nodes[i];

		run->cur = x->part;
		if (oc_router_set_tag(
			    run->r, x->part == OC_PART_NONE ? 0 : x->part + 1))
			return -1;
		route_ca(run, x->lid, leaf, x->port, x->weight);
		if (run->up_marks && x->part != OC_PART_NONE)
			pft_mark_up_paths(run, x->lid, x->part, leaf);
		run->stats->compute_nodes++;
	}
	run->cur = OC_PART_NONE;
	oc_router_set_tag(run->r, 0);
	for (; i < max; i++)
		oc_router_pad(run->r, leaf, 1);
	return 0;
}

static int route_compute_nodes(struct pft_run *run)
{
	uint32_t i, max = 0;

	for (i = 0; i < run->ft->num_leaves; i++) {
		uint32_t n = leaf_nodes(run, run->ft->leaves[i]);

		if (n > max)
			max = n;
	}
	for (i = 0; i < run->ft->num_leaves; i++)
		if (route_leaf(run, run->ft->leaves[i], max))
			return -1;
	return 0;
}

/* CAs on switches that are not leaves, weight 1, no partition. */
static void route_io_nodes(struct pft_run *run)
{
	unsigned p, cp;
	uint32_t sw, ca;

	for (sw = 0; sw < run->f->num_switches; sw++) {
		if (run->ft->sw[sw].rank == run->ft->leaf_rank)
			continue;
		for (p = 1; p <= run->f->nodes[run->f->switches[sw]].num_ports;
		     p++) {
			if (!ca_at(run, sw, p, &ca, &cp) ||
			    oc_port(run->f, ca, cp)->peer_node == OC_NONE)
				continue;
			route_ca(run, oc_port(run->f, ca, cp)->lid, sw, p, 1);
			run->stats->io_nodes++;
		}
	}
}

static void route_switch_lids(struct pft_run *run)
{
	uint32_t sw;

	for (sw = 0; sw < run->f->num_switches; sw++) {
		uint16_t lid = oc_switch_lid(run->f, run->f->switches[sw]);

		if (!lid)
			continue;
		oc_router_route(run->r, lid, sw, 0, 0);
		run->stats->switch_lids++;
	}
}

/* The leaves holding members of partition i, appended to leaf_list. */
static uint32_t list_leaves(struct pft_run *run, uint32_t i, uint32_t n)
{
	const struct oc_partition *p = &run->in->parts->parts[i];
	uint32_t k, sw;
	uint16_t lid;

	for (k = 0; k < p->num_members; k++) {
		if (oc_tenant_port(run->f, p->members[k], &lid, &sw) ||
		    run->ft->sw[sw].rank != run->ft->leaf_rank ||
		    run->scratch[sw] == i + 1)
			continue;
		run->scratch[sw] = i + 1;
		run->leaf_list[n++] = sw;
	}
	return n;
}

/* UP marks matter when a partition has a stricter policy than another
 * or one is phy-isolation (it avoids every other partition's switches). */
static int need_up_marks(const struct pft_run *run)
{
	uint32_t i;
	int lo = OC_ISO_PHY, hi = OC_ISO_DEFAULT;

	for (i = 0; i < run->nparts; i++) {
		if (!run->tenant[i])
			continue;
		lo = run->iso[i] < lo ? run->iso[i] : lo;
		hi = run->iso[i] > hi ? run->iso[i] : hi;
	}
	return run->kind == PFT_EXT && (hi == OC_ISO_PHY || hi > lo);
}

/* Marks tenants: not the default partition, members on two leaves. */
static int find_tenants(struct pft_run *run)
{
	const struct oc_partitions *ps = run->in->parts;
	uint32_t i, n = 0, total = 0;

	for (i = 0; i < run->nparts; i++)
		total += ps->parts[i].num_members;
	run->leaf_first = malloc(sizeof(uint32_t) * (run->nparts + 1));
	run->leaf_list = malloc(sizeof(uint32_t) * (total + 1));
	if (!run->leaf_first || !run->leaf_list)
		return -1;
	for (i = 0; i < run->nparts; i++) {
		const struct oc_partition *p = &ps->parts[i];

		run->iso[i] = run->kind == PFT_EXT
				      ? oc_policies_get(run->in->policies, p)
				      : OC_ISO_DEFAULT;
		run->leaf_first[i] = n;
		if (p->pkey != OC_DEFAULT_PKEY)
			n = list_leaves(run, i, n);
		run->tenant[i] = n - run->leaf_first[i] >= 2;
		run->stats->tenants += run->tenant[i];
	}
	run->leaf_first[run->nparts] = n;
	run->up_marks = need_up_marks(run);
	return 0;
}

/* CA port GUID -> its routing partition (strictest tenant, then first). */
static int map_ports(struct pft_run *run)
{
	const struct oc_partitions *ps = run->in->parts;
	uint32_t i, k;

	run->part_of = oc_hash_new();
	if (!run->part_of)
		return -1;
	for (i = 0; i < run->nparts; i++) {
		const struct oc_partition *p = &ps->parts[i];

		if (!run->tenant[i])
			continue;
		for (k = 0; k < p->num_members; k++) {
			uint32_t old =
				oc_hash_get64(run->part_of, p->members[k]);

			if (old != OC_NONE && run->iso[old] >= run->iso[i])
				continue;
			if (oc_hash_set64(run->part_of, p->members[k], i))
				return -1;
		}
	}
	return 0;
}

static int alloc_run(struct pft_run *run)
{
	size_t nsw = run->f->num_switches + 1, np = run->nparts + 1;

	run->iso = calloc(np, 1);
	run->tenant = calloc(np, 1);
	run->marks = calloc(nsw * np, sizeof(uint32_t));
	run->mark_iso = calloc(nsw, 1);
	run->mark_first = malloc(nsw * sizeof(uint32_t));
	run->mark_multi = calloc(nsw, 1);
	run->scratch = calloc(nsw, sizeof(uint32_t));
	run->nodes = malloc(sizeof(*run->nodes) * (OC_MAX_PORTS + 1));
	if (!run->iso || !run->tenant || !run->marks || !run->mark_iso ||
	    !run->mark_first || !run->mark_multi || !run->scratch ||
	    !run->nodes)
		return -1;
	memset(run->mark_first, 0xff, nsw * sizeof(uint32_t));
	return 0;
}

static void free_run(struct pft_run *run)
{
	free(run->iso);
	free(run->tenant);
	free(run->marks);
	free(run->mark_iso);
	free(run->mark_first);
	free(run->mark_multi);
	free(run->scratch);
	free(run->nodes);
	free(run->leaf_first);
	free(run->leaf_list);
	oc_hash_free(run->part_of);
	oc_router_free(run->r);
}

/* Lanes and policies, on the links the routing really shares. */
static int check_sharing(struct pft_run *run, struct oc_err *err)
{
	struct oc_link_users u = {0};
	struct oc_lane_plan own = {0}, *plan = run->in->lanes;
	uint32_t slot;
	int ret;

	if (!plan)
		plan = &own;
	ret = oc_link_users_build(&u, run->f, run->lfts, run->in->parts, err);
	for (slot = 0; !ret && slot < u.num_slots; slot++)
		run->stats->shared_links += u.users[slot] > 1;
	if (!ret)
		ret = pft_assign_lanes(run, &u, plan, err);
	if (!ret) {
		run->stats->lanes = plan->num_vls;
		if (run->kind == PFT_EXT)
			ret = pft_validate(run, &u, plan, err);
	}
	oc_lane_plan_clear(&own);
	oc_link_users_free(&u);
	return ret;
}

/* ---- the policy over the engine skeleton (engine_run.h) ------------ */

static int pft_accept(void *p, const struct oc_ftree *ft, struct oc_err *err)
{
	struct pft_run *run = p;

	run->ft = ft;
	if (ft->num_vswitches)
		return oc_err_set(err,
				  "the pftree engines route plain fat-trees; "
				  "this fabric has %u vSwitches (use "
				  "vswitch_ftree)",
				  ft->num_vswitches);
	return 0;
}

/* The marks, the tenants and the router with pft_choose_up() over it. */
static int pft_setup(void *p, struct oc_err *err)
{
	struct pft_run *run = p;

	if (alloc_run(run))
		return oc_err_set(err, "out of memory");
	run->cur = OC_PART_NONE;
	if (run->nparts) {
		if (find_tenants(run) || map_ports(run))
			return oc_err_set(err, "out of memory");
		/* scratch is pft_mark_up_paths()'s from here on */
		memset(run->scratch, 0,
		       sizeof(uint32_t) * (run->f->num_switches + 1));
	}
	run->r = oc_router_new(run->ft, run->lfts);
	if (!run->r || oc_router_set_chooser(run->r, pft_choose_up, run))
		return oc_err_set(err, "out of memory");
	return 0;
}

static int pft_route_end_nodes(void *p, struct oc_err *err)
{
	return route_compute_nodes(p) ? oc_err_set(err, "out of memory") : 0;
}

static void pft_route_io_nodes(void *p)
{
	route_io_nodes(p);
}

static void pft_route_switch_lids(void *p)
{
	route_switch_lids(p);
}

/* The lanes, and the policies on the links the routing shares. */
static int pft_complete(void *p, struct oc_err *err)
{
	struct pft_run *run = p;

	if (run->in->lanes && !run->nparts &&
	    oc_lane_plan_reset(run->in->lanes, 0, err))
		return -1;
	return run->nparts ? check_sharing(run, err) : 0;
}

static void pft_teardown(void *p)
{
	free_run(p);
}

static const struct oc_engine_policy pft_policy = {
	.accept = pft_accept,
	.setup = pft_setup,
	.route_end_nodes = pft_route_end_nodes,
	.route_io_nodes = pft_route_io_nodes,
	.route_switch_lids = pft_route_switch_lids,
	.complete = pft_complete,
	.teardown = pft_teardown,
};

static int pftree_route_kind(enum pft_kind kind,
			     const struct oc_engine_input *in,
			     struct oc_lfts *lfts, struct oc_route_stats *stats,
			     struct oc_err *err)
{
	struct pft_run run = {.in = in,
			      .f = in->f,
			      .lfts = lfts,
			      .stats = stats,
			      .kind = kind,
			      .nparts = in->parts ? in->parts->count : 0};

	return oc_engine_run(&pft_policy, &run, in, stats, err);
}

static int pftree_route(const struct oc_engine_input *in, struct oc_lfts *lfts,
			struct oc_route_stats *stats, struct oc_err *err)
{
	return pftree_route_kind(PFT_BASE, in, lfts, stats, err);
}

static int pftree_ext_route(const struct oc_engine_input *in,
			    struct oc_lfts *lfts, struct oc_route_stats *stats,
			    struct oc_err *err)
{
	return pftree_route_kind(PFT_EXT, in, lfts, stats, err);
}

static int pftree_wt_route(const struct oc_engine_input *in,
			   struct oc_lfts *lfts, struct oc_route_stats *stats,
			   struct oc_err *err)
{
	return pftree_route_kind(PFT_WT, in, lfts, stats, err);
}

const struct oc_engine oc_pftree_engine = {
	.name = "pftree",
	.summary = "partition-aware fat-tree routing (pFTree)",
	.flags = OC_ENGINE_PARTITIONS,
	.route = pftree_route,
};

const struct oc_engine oc_pftree_ext_engine = {
	.name = "pftree_ext",
	.summary = "pFTree with isolation policies per partition",
	.flags = OC_ENGINE_PARTITIONS,
	.route = pftree_ext_route,
};

const struct oc_engine oc_pftree_wt_engine = {
	.name = "pftree_wt",
	.summary = "pFTree with node weights",
	.flags = OC_ENGINE_PARTITIONS,
	.route = pftree_wt_route,
};
