/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vswitch_ftree.c - the vswitch_ftree engine (vSwitch paper, Algorithm 1).
 *
 * Order of routing, each phase over the shared fat-tree router:
 *   1. VMs: leaves in GUID order; on each leaf its vSwitches by increasing
 *      VM count; every VM's VF LID with weight 1/num_vms of its vSwitch (or
 *      the VM file's weight).  Leaves with less weight are padded so that
 *      every leaf advances the up-port loads alike.  On a fabric without
 *      vSwitches the CAs of each leaf are compute nodes of weight 1.
 *   2. PFs: every hypervisor's PF LID with weight 1.
 *   3. I/O nodes: CAs on physical switches that are not compute nodes
 *      (with OpenSM's cn_guid_file/io_guid_file: the CAs they keep out,
 *      analysis/ca_role.h), weight 1, up/down like every CA.
 *   4. Switch LIDs, without load (reaches what OpenSM's ftree reaches).
 *   5. VF LIDs without a VM copy their PF's entries (a pre-determined path
 *      that a VM booted there can use without re-routing).
 *   6. vSwitch tables: local ports for their own CAs, the uplink otherwise.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "route/engine.h"
#include "route/engine_run.h"
#include "analysis/ftree.h"
#include "analysis/ftree_optional.h"
#include "model/tolerance.h"
#include "route/cross_core.h"
#include "route/router.h"
#include "route/subtree_fill.h"
#include "route/subtree_root.h"
#include "verify/verify.h"
#include "route/vswitch_ftree.h"

struct vsw_run {
	const struct oc_engine_input *in;
	const struct oc_fabric *f;
	const struct oc_ftree *ft;
	struct oc_router *r;
	struct oc_lfts *lfts;
	struct oc_route_stats *stats;
	/* scratch, allocated before routing so that no phase can fail */
	uint32_t *hv;	     /* the vSwitches of one leaf */
	unsigned *hv_vms;    /* their VM counts */
	double *leaf_weight; /* per leaf: the weight of its VMs, or PFs */
	/* holes through the subtree root instead of nearest detours: the
	 * CA LIDs up/down routing left holes for, filled after phase 5 */
	int holes_via_root;
	int leave_holes; /* OC_HOLES_LEAVE: after() fills them */
	oc_vswitch_ftree_after_fn after; /* the engine on top, or NULL */
	uint8_t *is_hole_lid;		 /* [lid] */
	uint16_t *hole_lids;
	uint32_t num_hole_lids;
};

/* A CA port that has a LID and a working link. */
static int routable(const struct oc_fabric *f, uint32_t node, unsigned port)
{
	const struct oc_port *p = oc_port(f, node, port);

	return p->lid && p->active && p->peer_node != OC_NONE;
}

static int holds_vm(const struct vsw_run *run, uint32_t ca, unsigned port)
{
	if (!routable(run->f, ca, port))
		return 0;
	return !run->in->vms ||
	       oc_vm_table_find(run->in->vms, oc_port(run->f, ca, port)->guid);
}

static double vm_weight(const struct vsw_run *run, uint32_t ca, unsigned port,
			unsigned num_vms)
{
	const struct oc_vm *vm = NULL;

	if (run->in->vms)
		vm = oc_vm_table_find(run->in->vms,
				      oc_port(run->f, ca, port)->guid);
	return vm && vm->weight > 0 ? vm->weight : 1.0 / num_vms;
}

static void mark_hole_lid(struct vsw_run *run, uint16_t lid)
{
	if (run->is_hole_lid[lid])
		return;
	run->is_hole_lid[lid] = 1;
	run->hole_lids[run->num_hole_lids++] = lid;
}

/* Routes a CA LID; switches that up/down routing cannot give an entry
 * (degraded trees) get a detour, so every switch reaches every CA: the
 * nearest one now, or later through the subtree root. */
static void route_ca(struct vsw_run *run, uint16_t lid, uint32_t sw,
		     uint8_t port, double weight)
{
	oc_router_route(run->r, lid, sw, port, weight);
	if (run->leave_holes)
		return;
	if (!run->holes_via_root)
		run->stats->detours += oc_router_fill_holes(run->r, lid);
	else if (oc_router_left_holes(run->r))
		mark_hole_lid(run, lid);
}

static uint32_t hv_node(const struct vsw_run *run, uint32_t hv)
{
	return run->f->switches[hv];
}

/* Advances *port to the next VF port of vSwitch hv (start with 0) and
 * gives the VF's CA node and port; returns 0 when there is none. */
static int next_vf(const struct vsw_run *run, uint32_t hv, unsigned *port,
		   uint32_t *ca, unsigned *ca_port)
{
	const struct oc_ft_switch *s = &run->ft->sw[hv];
	uint32_t node = hv_node(run, hv);

	while (++*port <= run->f->nodes[node].num_ports) {
		if (*port == s->uplink_port || *port == s->pf_port)
			continue;
		*ca = oc_peer(run->f, node, *port);
		if (*ca == OC_NONE || oc_is_switch(run->f, *ca))
			continue;
		*ca_port = oc_port(run->f, node, *port)->peer_port;
		return 1;
	}
	return 0;
}

static unsigned count_vms(const struct vsw_run *run, uint32_t hv)
{
	unsigned p = 0, cp, n = 0;
	uint32_t ca;

	while (next_vf(run, hv, &p, &ca, &cp))
		n += holds_vm(run, ca, cp);
	return n;
}

/* The leaf's port towards vSwitch hv. */
static uint8_t leaf_port_to(const struct vsw_run *run, uint32_t hv)
{
	return oc_port(run->f, hv_node(run, hv), run->ft->sw[hv].uplink_port)
		->peer_port;
}

/* Collects the vSwitches under leaf, in port order; returns how many. */
static uint32_t leaf_hypervisors(const struct vsw_run *run, uint32_t leaf)
{
	uint32_t node = run->f->switches[leaf], n = 0;
	unsigned p;

	for (p = 1; p <= run->f->nodes[node].num_ports; p++) {
		uint32_t peer = oc_peer(run->f, node, p), sw;

		if (peer == OC_NONE || !oc_is_switch(run->f, peer))
			continue;
		sw = run->f->nodes[peer].sw_index;
		if (run->ft->sw[sw].role == OC_SW_VSWITCH &&
		    run->ft->sw[sw].parent == leaf)
			run->hv[n++] = sw;
	}
	return n;
}

/* Stable insertion sort by VM count (leaves hold few hypervisors). */
static void sort_by_vms(const struct vsw_run *run, uint32_t *hv, uint32_t n,
			unsigned *vms)
{
	uint32_t i, j;

	for (i = 1; i < n; i++) {
		uint32_t h = hv[i];
		unsigned v = vms[i];

		for (j = i; j > 0 && vms[j - 1] > v; j--) {
			hv[j] = hv[j - 1];
			vms[j] = vms[j - 1];
		}
		hv[j] = h;
		vms[j] = v;
	}
}

static double route_leaf_vms(struct vsw_run *run, uint32_t leaf, int route)
{
	uint32_t n = leaf_hypervisors(run, leaf), i;
	unsigned *vms = run->hv_vms;
	double leaf_weight = 0;

	for (i = 0; i < n; i++)
		vms[i] = count_vms(run, run->hv[i]);
	sort_by_vms(run, run->hv, n, vms);
	for (i = 0; i < n; i++) {
		unsigned p = 0, cp;
		uint32_t ca;

		while (next_vf(run, run->hv[i], &p, &ca, &cp)) {
			double w;

			if (!holds_vm(run, ca, cp))
				continue;
			w = vm_weight(run, ca, cp, vms[i]);
			leaf_weight += w;
			if (!route)
				continue;
			route_ca(run, oc_port(run->f, ca, cp)->lid, leaf,
				 leaf_port_to(run, run->hv[i]), w);
			run->stats->vms++;
		}
	}
	return leaf_weight;
}

/* Pads a leaf in steps of one node's weight, as OpenSM's dummy nodes do. */
static void pad_leaf(struct vsw_run *run, uint32_t leaf, double deficit)
{
	while (deficit > OC_LOAD_EPSILON) {
		double step = deficit < 1 ? deficit : 1;

		oc_router_pad(run->r, leaf, step);
		deficit -= step;
	}
}

/* Phase 1 with vSwitches: two passes, the first finds the heaviest leaf. */
static void route_vms(struct vsw_run *run)
{
	double *weight = run->leaf_weight;
	double max = 0;
	uint32_t i;

	for (i = 0; i < run->ft->num_leaves; i++) {
		weight[i] = route_leaf_vms(run, run->ft->leaves[i], 0);
		if (weight[i] > max)
			max = weight[i];
	}
	for (i = 0; i < run->ft->num_leaves; i++) {
		route_leaf_vms(run, run->ft->leaves[i], 1);
		pad_leaf(run, run->ft->leaves[i], max - weight[i]);
	}
}

/* CA ports of a physical switch's port that are routable. */
static int ca_behind(const struct vsw_run *run, uint32_t sw, unsigned port,
		     uint32_t *ca, unsigned *ca_port)
{
	uint32_t node = run->f->switches[sw];

	*ca = oc_peer(run->f, node, port);
	if (*ca == OC_NONE || oc_is_switch(run->f, *ca))
		return 0;
	*ca_port = oc_port(run->f, node, port)->peer_port;
	return routable(run->f, *ca, *ca_port);
}

static unsigned route_leaf_cas(struct vsw_run *run, uint32_t leaf, int route)
{
	unsigned p, cp, n = 0;
	uint32_t ca;

	for (p = 1; p <= run->f->nodes[run->f->switches[leaf]].num_ports; p++) {
		if (!ca_behind(run, leaf, p, &ca, &cp) ||
		    !oc_ftree_ca_computes(run->ft, ca))
			continue;
		n++;
		if (route)
			route_ca(run, oc_port(run->f, ca, cp)->lid, leaf, p, 1);
	}
	return n;
}

/* Phase 1 without vSwitches: every CA on a leaf is a compute node. */
static void route_compute_nodes(struct vsw_run *run)
{
	unsigned max = 0, n;
	uint32_t i;

	for (i = 0; i < run->ft->num_leaves; i++) {
		n = route_leaf_cas(run, run->ft->leaves[i], 0);
		if (n > max)
			max = n;
	}
	for (i = 0; i < run->ft->num_leaves; i++) {
		n = route_leaf_cas(run, run->ft->leaves[i], 1);
		run->stats->compute_nodes += n;
		pad_leaf(run, run->ft->leaves[i], max - n);
	}
}

static int pf_routable(const struct vsw_run *run, uint32_t hv, uint32_t *pf,
		       unsigned *pf_port)
{
	const struct oc_ft_switch *s = &run->ft->sw[hv];

	if (!s->pf_port)
		return 0;
	*pf = oc_peer(run->f, hv_node(run, hv), s->pf_port);
	*pf_port = oc_port(run->f, hv_node(run, hv), s->pf_port)->peer_port;
	return routable(run->f, *pf, *pf_port);
}

/* Phase 2: PF LIDs with equal weights, leaves padded to the same count. */
static void route_pfs(struct vsw_run *run)
{
	double *count = run->leaf_weight, max = 0; /* PFs weigh 1 */
	uint32_t i, k, n, pf;
	unsigned pp;

	for (i = 0; i < run->ft->num_leaves; i++) {
		count[i] = 0;
		n = leaf_hypervisors(run, run->ft->leaves[i]);
		for (k = 0; k < n; k++)
			count[i] += pf_routable(run, run->hv[k], &pf, &pp);
		if (count[i] > max)
			max = count[i];
	}
	for (i = 0; i < run->ft->num_leaves; i++) {
		uint32_t leaf = run->ft->leaves[i];

		n = leaf_hypervisors(run, leaf);
		for (k = 0; k < n; k++) {
			if (!pf_routable(run, run->hv[k], &pf, &pp))
				continue;
			route_ca(run, oc_port(run->f, pf, pp)->lid, leaf,
				 leaf_port_to(run, run->hv[k]), 1);
			run->stats->pfs++;
		}
		pad_leaf(run, leaf, max - count[i]);
	}
}

/* Phase 3: CAs on physical switches that are not compute nodes (on a
 * plain fat-tree, the leaves' CAs the CN/I-O lists keep out too). */
static void route_io_nodes(struct vsw_run *run)
{
	int plain = run->ft->num_vswitches == 0;
	unsigned p, cp;
	uint32_t sw, ca;

	for (sw = 0; sw < run->f->num_switches; sw++) {
		const struct oc_ft_switch *s = &run->ft->sw[sw];

		if (s->role != OC_SW_FABRIC)
			continue;
		for (p = 1; p <= run->f->nodes[run->f->switches[sw]].num_ports;
		     p++) {
			if (!ca_behind(run, sw, p, &ca, &cp) ||
			    (plain && s->rank == run->ft->leaf_rank &&
			     oc_ftree_ca_computes(run->ft, ca)))
				continue;
			route_ca(run, oc_port(run->f, ca, cp)->lid, sw, p, 1);
			run->stats->io_nodes++;
		}
	}
}

/* Phase 4: switch LIDs without load. */
static void route_switch_lids(struct vsw_run *run)
{
	uint32_t sw;

	for (sw = 0; sw < run->f->num_switches; sw++) {
		const struct oc_ft_switch *s = &run->ft->sw[sw];
		uint16_t lid = oc_switch_lid(run->f, run->f->switches[sw]);

		if (!lid)
			continue;
		if (s->role == OC_SW_FABRIC)
			oc_router_route(run->r, lid, sw, 0, 0);
		else
			oc_router_route(run->r, lid, s->parent,
					leaf_port_to(run, sw), 0);
		run->stats->switch_lids++;
	}
}

/* Physical switches route lid as they route from (its holes too). */
static void copy_column(struct vsw_run *run, uint16_t lid, uint16_t from)
{
	uint32_t sw;

	for (sw = 0; sw < run->f->num_switches; sw++) {
		uint8_t *row = oc_lft_row(run->lfts, sw);

		if (run->ft->sw[sw].role == OC_SW_FABRIC)
			row[lid] = row[from];
	}
	if (run->holes_via_root && run->is_hole_lid[from])
		mark_hole_lid(run, lid);
}

/* Phase 5: VFs without a VM follow their PF (or get a path of their own
 * when the hypervisor has no routable PF). */
static void route_idle_vfs(struct vsw_run *run)
{
	uint32_t hv, ca, pf;
	unsigned p, cp, pp;

	for (hv = 0; hv < run->f->num_switches; hv++) {
		int has_pf;

		if (run->ft->sw[hv].role != OC_SW_VSWITCH)
			continue;
		has_pf = pf_routable(run, hv, &pf, &pp);
		for (p = 0; next_vf(run, hv, &p, &ca, &cp);) {
			uint16_t lid = oc_port(run->f, ca, cp)->lid;

			if (!routable(run->f, ca, cp) || holds_vm(run, ca, cp))
				continue;
			run->stats->idle_vfs++;
			if (!has_pf) {
				route_ca(run, lid, run->ft->sw[hv].parent,
					 leaf_port_to(run, hv), 0);
				continue;
			}
			copy_column(run, lid, oc_port(run->f, pf, pp)->lid);
		}
	}
}

/* Phase 6: a vSwitch delivers its own CAs and sends the rest up. */
static void fill_vswitch_tables(struct vsw_run *run)
{
	const struct oc_fabric *f = run->f;
	uint32_t hv, lid;

	for (hv = 0; hv < f->num_switches; hv++) {
		const struct oc_ft_switch *s = &run->ft->sw[hv];
		uint32_t node = f->switches[hv];
		uint8_t *row = oc_lft_row(run->lfts, hv);
		unsigned p;

		if (s->role != OC_SW_VSWITCH)
			continue;
		for (lid = 1; lid <= f->max_lid; lid++)
			if (f->lid_owner[lid].node != OC_NONE)
				row[lid] = s->uplink_port;
		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			uint32_t ca = oc_peer(f, node, p);
			unsigned cp;

			if (p == s->uplink_port || ca == OC_NONE)
				continue;
			cp = oc_port(f, node, p)->peer_port;
			if (routable(f, ca, cp))
				row[oc_port(f, ca, cp)->lid] = p;
		}
		if (oc_switch_lid(f, node))
			row[oc_switch_lid(f, node)] = 0;
	}
}

/* A subtree root for the holes; where none serves and the cores are
 * joined at their roots, after routes up, across and down between the
 * cores (cross_core.h), as sftree does for switch LIDs.  Returns as
 * oc_subtree_choose_for(). */
static int choose_hole_root(struct vsw_run *run, struct oc_subtree *st,
			    struct oc_err *err)
{
	int ret = oc_subtree_choose_for(run->ft, run->lfts, run->hole_lids,
					run->num_hole_lids,
					run->in->sm_port_guid, 0, st, err);
	long n;

	if (ret <= 0)
		return ret;
	oc_subtree_free(st);
	n = oc_cross_core_fill_lids(run->ft, run->lfts, run->hole_lids,
				    run->num_hole_lids);
	if (n < 0) {
		memset(st, 0, sizeof(*st));
		return oc_err_set(err, "out of memory");
	}
	run->stats->detours += (uint32_t)n;
	return oc_subtree_choose_for(run->ft, run->lfts, run->hole_lids,
				     run->num_hole_lids, run->in->sm_port_guid,
				     1, st, err);
}

/* The holes of CA LIDs through a subtree root (Algorithm 2 of sftree,
 * subtree_fill.h): 0 done, 1 when no leaf serves them all (nothing
 * filled), -1 out of memory. */
static int fill_holes_via_root(struct vsw_run *run, struct oc_err *err)
{
	struct oc_subtree st;
	struct oc_subtree_fill sf = {0};
	uint32_t i;
	int ret;

	ret = choose_hole_root(run, &st, err);
	if (!ret && st.root != OC_NONE &&
	    oc_subtree_fill_init(&sf, &st, run->lfts))
		ret = oc_err_set(err, "out of memory");
	for (i = 0; !ret && st.root != OC_NONE && i < run->num_hole_lids; i++) {
		long n;

		uint64_t left = 0;

		oc_subtree_fill_keep_present(&sf, run->hole_lids[i]);
		n = oc_subtree_fill_lid(&sf, run->hole_lids[i], NULL, &left);
		run->stats->detours += (uint32_t)n;
		if (left) /* what the root does not serve: nearest */
			run->stats->detours += oc_router_fill_column(
				run->r, run->hole_lids[i]);
	}
	if (!ret && st.root != OC_NONE)
		run->stats->detour_root_guid =
			run->f->nodes[run->f->switches[st.root]].guid;
	oc_subtree_fill_free(&sf);
	oc_subtree_free(&st);
	return ret;
}

/* ---- the policy over the engine skeleton (engine_run.h) ------------ */

static int vsw_accept(void *p, const struct oc_ftree *ft, struct oc_err *err)
{
	((struct vsw_run *)p)->ft = ft;
	return 0;
}

/* Phase 1 of the paper: VMs and PFs, or the compute nodes of a fabric
 * without vSwitches (OpenSM's ftree). */
static int vsw_route_end_nodes(void *p, struct oc_err *err)
{
	struct vsw_run *run = p;

	if (run->ft->num_vswitches) {
		route_vms(run);
		route_pfs(run);
	} else {
		route_compute_nodes(run);
	}
	return 0;
}

static void vsw_route_io_nodes(void *p)
{
	route_io_nodes(p);
}

static void vsw_route_switch_lids(void *p)
{
	route_switch_lids(p);
}

/* Idle VFs, the holes through the subtree root when asked, the vSwitches'
 * tables; fails (1: no subtree root, -1: out of memory) only when the
 * holes go through the subtree root. */
static int vsw_complete(void *p, struct oc_err *err)
{
	struct vsw_run *run = p;
	int ret = 0;

	route_idle_vfs(run);
	if (run->holes_via_root && run->num_hole_lids)
		ret = fill_holes_via_root(run, err);
	fill_vswitch_tables(run);
	return ret;
}

/* The router and the scratch, allocated before routing so that no phase
 * can fail. */
static int vsw_setup(void *p, struct oc_err *err)
{
	struct vsw_run *run = p;
	uint32_t nsw = run->f->num_switches + 1;

	run->r = oc_router_new(run->ft, run->lfts);
	if (!run->r)
		return oc_err_set(err, "out of memory");
	run->hv = malloc(sizeof(*run->hv) * nsw);
	run->hv_vms = malloc(sizeof(*run->hv_vms) * nsw);
	run->leaf_weight =
		malloc(sizeof(*run->leaf_weight) * (run->ft->num_leaves + 1));
	if (!run->hv || !run->hv_vms || !run->leaf_weight)
		return oc_err_set(err, "out of memory");
	return 0;
}

static void vsw_teardown(void *p)
{
	struct vsw_run *run = p;

	free(run->hv);
	free(run->hv_vms);
	free(run->leaf_weight);
	free(run->is_hole_lid);
	free(run->hole_lids);
	oc_router_free(run->r);
}

static int vsw_check(void *p, struct oc_err *err);

static const struct oc_engine_policy vsw_policy = {
	.accept = vsw_accept,
	.setup = vsw_setup,
	.route_end_nodes = vsw_route_end_nodes,
	.route_io_nodes = vsw_route_io_nodes,
	.route_switch_lids = vsw_route_switch_lids,
	.complete = vsw_complete,
	.check = vsw_check,
	.teardown = vsw_teardown,
};

/* Whether CA-sourced traffic has a credit loop in the tables. */
static int ca_credit_loop(struct vsw_run *run, struct oc_err *err)
{
	struct oc_verify_report rep;
	int loop;

	if (oc_verify_some(run->f, run->lfts, OC_VERIFY_CDG_CA, &rep, err))
		return -1;
	loop = rep.cdg_ca_cycle.len > 0;
	oc_verify_report_free(&rep);
	return loop;
}

/* Routes from scratch: a new router (no loads), empty tables. */
static int route_again(struct vsw_run *run, struct oc_err *err)
{
	oc_router_free(run->r);
	memset(run->lfts->ports, OC_NO_PATH,
	       (size_t)run->lfts->num_switches * run->lfts->stride);
	memset(run->stats, 0, offsetof(struct oc_route_stats, analyze_ms));
	run->stats->leaves = run->ft->num_leaves;
	run->stats->vswitches = run->ft->num_vswitches;
	run->r = oc_router_new(run->ft, run->lfts);
	if (!run->r)
		return oc_err_set(err, "out of memory");
	return oc_engine_route_phases(&vsw_policy, run, err);
}

/* Where the nearest-neighbour detours of a degraded tree close a credit
 * loop for CA traffic, the holes go through a subtree root instead
 * (docs/design.md: every down-to-up turn then lies in the tree of down
 * links converging to the root).  When no leaf serves every hole, the
 * detours stay and the promise check reports the loop. */
static int route_holes_safely(struct vsw_run *run, struct oc_err *err)
{
	size_t n = (size_t)run->f->max_lid + 1;
	int ret = ca_credit_loop(run, err);

	if (ret <= 0)
		return ret;
	run->is_hole_lid = calloc(n, 1);
	run->hole_lids = malloc(sizeof(*run->hole_lids) * n);
	if (!run->is_hole_lid || !run->hole_lids)
		return oc_err_set(err, "out of memory");
	run->holes_via_root = 1;
	ret = route_again(run, err);
	if (ret <= 0)
		return ret;
	run->holes_via_root = 0;
	return route_again(run, err);
}

/* Detours that close a credit loop go through a subtree root instead,
 * then the engine built on top (sftree) runs on the same analysis. */
static int vsw_check(void *p, struct oc_err *err)
{
	struct vsw_run *run = p;
	int ret = 0;

	if (run->stats->detours && !run->leave_holes)
		ret = route_holes_safely(run, err);
	if (!ret && run->after)
		ret = run->after(run->in, run->ft, run->lfts, run->stats, err);
	return ret;
}

int oc_vswitch_ftree_route_then(const struct oc_engine_input *in,
				struct oc_lfts *lfts,
				struct oc_route_stats *stats,
				enum oc_vswitch_holes holes,
				oc_vswitch_ftree_after_fn after,
				struct oc_err *err)
{
	struct vsw_run run = {.in = in,
			      .f = in->f,
			      .lfts = lfts,
			      .stats = stats,
			      .leave_holes = holes == OC_HOLES_LEAVE,
			      .after = after};

	return oc_engine_run(&vsw_policy, &run, in, stats, err);
}

static int vswitch_ftree_route(const struct oc_engine_input *in,
			       struct oc_lfts *lfts,
			       struct oc_route_stats *stats, struct oc_err *err)
{
	return oc_vswitch_ftree_route_then(in, lfts, stats, OC_HOLES_DETOUR,
					   NULL, err);
}

const struct oc_engine oc_vswitch_ftree_engine = {
	.name = "vswitch_ftree",
	.summary = "weighted fat-tree routing for vSwitch (SR-IOV) fabrics",
	.route = vswitch_ftree_route,
};

/* The VF ports of vSwitch hv: their weights, per port slot. */
static void vf_weights(const struct vsw_run *run, uint32_t hv, double *slot)
{
	unsigned p = 0, cp, n = count_vms(run, hv);
	uint32_t ca;

	while (next_vf(run, hv, &p, &ca, &cp))
		slot[oc_port_slot(run->f, ca, cp)] =
			holds_vm(run, ca, cp) ? vm_weight(run, ca, cp, n) : 0;
}

int oc_vswitch_ftree_lid_weights(const struct oc_fabric *f,
				 const struct oc_vm_table *vms, double *weight,
				 struct oc_err *err)
{
	struct oc_engine_input in = {.f = f, .vms = vms};
	struct vsw_run run = {.in = &in, .f = f};
	struct oc_ftree *ft;
	double *slot;
	uint32_t i;

	for (i = 0; i <= f->max_lid; i++)
		weight[i] = 1;
	if (oc_ftree_analyze_optional(f, &ft, err))
		return -1;
	if (!ft)
		return 0;
	slot = malloc(sizeof(*slot) * (f->num_ports + 1));
	if (!slot) {
		oc_ftree_free(ft);
		return oc_err_set(err, "out of memory");
	}
	for (i = 0; i < f->num_ports; i++)
		slot[i] = 1;
	run.ft = ft;
	for (i = 0; i < f->num_switches; i++)
		if (ft->sw[i].role == OC_SW_VSWITCH)
			vf_weights(&run, i, slot);
	for (i = 1; i <= f->max_lid; i++)
		if (f->lid_owner[i].node != OC_NONE)
			weight[i] = slot[oc_port_slot(f, f->lid_owner[i].node,
						      f->lid_owner[i].port)];
	free(slot);
	oc_ftree_free(ft);
	return 0;
}
