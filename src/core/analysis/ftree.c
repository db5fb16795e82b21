/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ftree.c - fat-tree analysis: vSwitch detection, ranking, port groups.
 *
 * Rules a fabric must meet (each violation is reported with the rule and
 * the node):
 *   R1 no CA is linked to another CA;
 *   R2 a vSwitch's single switch link leads to a physical switch;
 *   R3 every physical switch is connected to the roots;
 *   R4 every switch that carries compute entities (vSwitches, or CAs when
 *      the fabric has no vSwitch) has the same rank: the leaf rank;
 *   R5 no physical switch lies below the leaf rank;
 *   R6 given roots are physical switches of this fabric;
 *   R7 with more than one physical switch, some switch lies above the
 *      leaves (otherwise leaves could only meet over sibling links).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/ftree.h"

#define NO_RANK (-1)
/* Ranks are int8_t; a tree deeper than this is none an SM could set up
 * (directed routes reach 64 hops), so the distances never wrap. */
#define MAX_RANK 63

struct analysis {
	const struct oc_fabric *f;
	struct oc_ftree *ft;
	struct oc_err *err;
	uint8_t *carries_compute; /* [switch index] */
	uint32_t *queue;	  /* BFS queue of switch indices */
	int has_vswitches;
};

static const char *sw_name(const struct oc_fabric *f, uint32_t sw)
{
	return f->nodes[f->switches[sw]].name;
}

/* Counts a switch's links to switches and to CAs; remembers the last
 * switch-facing port and the lowest CA-facing port. */
static void count_links(const struct oc_fabric *f, uint32_t node,
			unsigned *to_switch, unsigned *to_ca,
			uint8_t *switch_port, uint8_t *first_ca_port)
{
	unsigned p;

	*to_switch = *to_ca = 0;
	*switch_port = *first_ca_port = 0;
	for (p = 1; p <= f->nodes[node].num_ports; p++) {
		uint32_t peer = oc_peer(f, node, p);

		if (peer == OC_NONE)
			continue;
		if (oc_is_switch(f, peer)) {
			(*to_switch)++;
			*switch_port = p;
		} else {
			(*to_ca)++;
			if (!*first_ca_port)
				*first_ca_port = p;
		}
	}
}

/* A vSwitch: exactly one switch link, the hypervisor's CAs on the rest. */
static int has_vswitch_shape(unsigned to_switch, unsigned to_ca)
{
	return to_switch == 1 && to_ca >= 1;
}

/* A switch of the vSwitch shape whose one neighbour has more plain
 * leaves below it (CAs and two or more switch links) than switches of
 * the vSwitch shape is a leaf that lost all uplinks but one (cut cables),
 * not a vSwitch: vSwitches hang off leaves, next to other vSwitches. */
static int is_vswitch(const struct oc_fabric *f, uint32_t node)
{
	unsigned to_switch, to_ca, p, vswitches = 0, leaves = 0;
	uint8_t sp, cp;
	uint32_t parent;

	count_links(f, node, &to_switch, &to_ca, &sp, &cp);
	if (!has_vswitch_shape(to_switch, to_ca))
		return 0;
	parent = oc_peer(f, node, sp);
	for (p = 1; p <= f->nodes[parent].num_ports; p++) {
		uint32_t peer = oc_peer(f, parent, p);

		if (peer == OC_NONE || !oc_is_switch(f, peer))
			continue;
		count_links(f, peer, &to_switch, &to_ca, &sp, &cp);
		vswitches += has_vswitch_shape(to_switch, to_ca);
		leaves += to_ca > 0 && to_switch >= 2;
	}
	return leaves <= vswitches;
}

uint8_t oc_ftree_vswitch_pf_port(const struct oc_fabric *f, uint32_t node)
{
	unsigned to_switch, to_ca;
	uint8_t sp, cp;

	count_links(f, node, &to_switch, &to_ca, &sp, &cp);
	return is_vswitch(f, node) ? cp : 0;
}

int oc_ftree_is_physical_switch(const struct oc_fabric *f, uint32_t node)
{
	return oc_is_switch(f, node) && !is_vswitch(f, node);
}

static int check_ca_links(struct analysis *a)
{
	const struct oc_fabric *f = a->f;
	uint32_t n;

	for (n = 0; n < f->num_nodes; n++) {
		unsigned p;

		if (oc_is_switch(f, n))
			continue;
		for (p = 1; p <= f->nodes[n].num_ports; p++) {
			uint32_t peer = oc_peer(f, n, p);

			if (peer != OC_NONE && !oc_is_switch(f, peer))
				return oc_err_set(a->err,
						  "not a fat-tree (rule R1: no "
						  "CA-to-CA links): CA \"%s\" "
						  "is linked to CA \"%s\"",
						  f->nodes[n].name,
						  f->nodes[peer].name);
		}
	}
	return 0;
}

static void detect_vswitches(struct analysis *a)
{
	const struct oc_fabric *f = a->f;
	uint32_t sw;

	for (sw = 0; sw < f->num_switches; sw++) {
		struct oc_ft_switch *s = &a->ft->sw[sw];
		unsigned to_switch, to_ca;

		count_links(f, f->switches[sw], &to_switch, &to_ca,
			    &s->uplink_port, &s->pf_port);
		s->rank = NO_RANK;
		s->parent = OC_NONE;
		if (is_vswitch(f, f->switches[sw])) {
			s->role = OC_SW_VSWITCH;
			a->ft->num_vswitches++;
		} else {
			s->uplink_port = s->pf_port = 0;
		}
	}
	a->has_vswitches = a->ft->num_vswitches > 0;
}

static int link_vswitches(struct analysis *a)
{
	const struct oc_fabric *f = a->f;
	uint32_t sw;

	for (sw = 0; sw < f->num_switches; sw++) {
		struct oc_ft_switch *s = &a->ft->sw[sw];
		uint32_t peer;

		if (s->role != OC_SW_VSWITCH)
			continue;
		peer = f->nodes[oc_peer(f, f->switches[sw], s->uplink_port)]
			       .sw_index;
		if (a->ft->sw[peer].role == OC_SW_VSWITCH)
			return oc_err_set(a->err,
					  "not a fat-tree (rule R2: a vSwitch "
					  "hangs off a physical switch): "
					  "vSwitch \"%s\" is linked only to "
					  "vSwitch \"%s\"",
					  sw_name(f, sw), sw_name(f, peer));
		s->parent = peer;
		a->carries_compute[peer] = 1;
	}
	return 0;
}

/* Without vSwitches, physical switches with CAs carry compute nodes
 * (with a CN or I/O list, only the CAs it lets compute: ca_role.h). */
static void mark_ca_leaves(struct analysis *a)
{
	const struct oc_fabric *f = a->f;
	uint32_t sw, peer;
	unsigned p;

	for (sw = 0; sw < f->num_switches; sw++) {
		uint32_t node = f->switches[sw];

		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			peer = oc_peer(f, node, p);
			if (peer != OC_NONE && !oc_is_switch(f, peer) &&
			    oc_ftree_ca_computes(a->ft, peer))
				a->carries_compute[sw] = 1;
		}
	}
}

static int is_fabric_switch(const struct analysis *a, uint32_t node)
{
	return oc_is_switch(a->f, node) &&
	       a->ft->sw[a->f->nodes[node].sw_index].role == OC_SW_FABRIC;
}

/* Multi-source BFS over physical links from switches with dist == 0;
 * fills dist[] (switch hops, NO_RANK when unreached); returns the largest
 * distance, or -1 past MAX_RANK ('from' names the switches at 0 in the
 * error). */
static int bfs(struct analysis *a, int8_t *dist, const char *from)
{
	const struct oc_fabric *f = a->f;
	uint32_t head = 0, tail = 0, sw;
	int max = 0;

	for (sw = 0; sw < f->num_switches; sw++)
		if (dist[sw] == 0)
			a->queue[tail++] = sw;
	while (head < tail) {
		uint32_t cur = a->queue[head++], node = f->switches[cur];
		unsigned p;

		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			uint32_t peer = oc_peer(f, node, p), ps;

			if (peer == OC_NONE || !is_fabric_switch(a, peer))
				continue;
			ps = f->nodes[peer].sw_index;
			if (dist[ps] != NO_RANK)
				continue;
			if (dist[cur] == MAX_RANK)
				return oc_err_set(a->err,
						  "not a fat-tree: \"%s\" is "
						  "more than %d switch hops "
						  "from the %s",
						  sw_name(f, ps), MAX_RANK,
						  from);
			dist[ps] = dist[cur] + 1;
			if (dist[ps] > max)
				max = dist[ps];
			a->queue[tail++] = ps;
		}
	}
	return max;
}

static int8_t *new_dist(const struct analysis *a)
{
	int8_t *dist = malloc(a->f->num_switches ? a->f->num_switches : 1);

	if (dist)
		memset(dist, NO_RANK, a->f->num_switches);
	return dist;
}

static int mark_given_roots(struct analysis *a, const struct oc_ftree_opts *o,
			    int8_t *dist)
{
	size_t i;

	for (i = 0; i < o->num_roots; i++) {
		uint32_t node = oc_fabric_find_guid(a->f, o->root_guids[i]);

		if (node == OC_NONE || !is_fabric_switch(a, node))
			return oc_err_set(a->err,
					  "rule R6 (roots are physical "
					  "switches): root GUID 0x%016" PRIx64
					  " is not a physical switch of this "
					  "fabric",
					  o->root_guids[i]);
		dist[a->f->nodes[node].sw_index] = 0;
	}
	return 0;
}

/* Stamps the physical switch neighbours of node with mark. */
static void stamp_neighbours(struct analysis *a, uint32_t node, uint32_t *seen,
			     uint32_t mark)
{
	unsigned p;

	for (p = 1; p <= a->f->nodes[node].num_ports; p++) {
		uint32_t peer = oc_peer(a->f, node, p);

		if (peer != OC_NONE && is_fabric_switch(a, peer))
			seen[a->f->nodes[peer].sw_index] = mark;
	}
}

/* Whether node has a physical switch neighbour, and every one carries
 * seen == mark (x's neighbours, stamped) and lies one hop farther from
 * the BFS's sources than x. */
static int neighbours_beyond(struct analysis *a, uint32_t node,
			     const uint32_t *seen, uint32_t mark,
			     const int8_t *dist, int x_dist)
{
	unsigned p;
	int any = 0;

	for (p = 1; p <= a->f->nodes[node].num_ports; p++) {
		uint32_t peer = oc_peer(a->f, node, p), ps;

		if (peer == OC_NONE || !is_fabric_switch(a, peer))
			continue;
		ps = a->f->nodes[peer].sw_index;
		if (seen[ps] != mark || dist[ps] != x_dist + 1)
			return 0;
		any = 1;
	}
	return any;
}

/* The lowest distance (from a BFS's sources), from 'lo' to 'hi', of a
 * switch x whose place sw takes: every switch neighbour of sw is one of
 * x's and lies one hop farther from the sources than x.  Candidates: the
 * switches beside its first switch neighbour.  seen[] holds stamps,
 * 'mark' the next unused one.  sw's own distance when there is none
 * lower. */
static int8_t lowest_place(struct analysis *a, uint32_t sw, const int8_t *dist,
			   int lo, int hi, uint32_t *seen, uint32_t *mark)
{
	const struct oc_fabric *f = a->f;
	uint32_t node = f->switches[sw], first = OC_NONE, n;
	int8_t best = dist[sw];
	unsigned p, q;

	for (p = 1; p <= f->nodes[node].num_ports && first == OC_NONE; p++) {
		n = oc_peer(f, node, p);
		if (n != OC_NONE && is_fabric_switch(a, n))
			first = n;
	}
	for (q = 1; first != OC_NONE && q <= f->nodes[first].num_ports; q++) {
		int8_t d;

		n = oc_peer(f, first, q);
		if (n == OC_NONE || n == node || !is_fabric_switch(a, n))
			continue;
		d = dist[f->nodes[n].sw_index];
		if (d == NO_RANK || d >= best || d < lo || d > hi)
			continue;
		stamp_neighbours(a, n, seen, ++*mark);
		if (neighbours_beyond(a, node, seen, *mark, dist, d))
			best = d;
	}
	return best;
}

/* A switch without compute nodes whose links on one side are all gone
 * sits where a switch with its neighbours sits.  Measured from the
 * compute leaves, a leaf with no hosts (a rack powered off, a spare
 * leaf) looks as far as the roots and would be taken for one; measured
 * from the roots, a switch whose up cables are all cut hangs below the
 * leaves.  dist: a BFS's distances; the switches farther than 'beyond'
 * (-1: all) move to the place of a twin 'lo' to 'hi' away, again until
 * nothing moves (a dead end beside a dead end). */
static int place_dead_ends(struct analysis *a, int8_t *dist, int beyond, int lo,
			   int hi)
{
	uint32_t *seen = calloc(a->f->num_switches + 1, sizeof(*seen));
	uint32_t sw, mark = 0;
	int moved = 1, rounds = 0;

	if (!seen)
		return oc_err_set(a->err, "out of memory");
	while (moved && rounds++ <= MAX_RANK) {
		moved = 0;
		for (sw = 0; sw < a->f->num_switches; sw++) {
			int8_t d;

			if (a->ft->sw[sw].role != OC_SW_FABRIC ||
			    a->carries_compute[sw] || dist[sw] <= beyond)
				continue;
			d = lowest_place(a, sw, dist, lo, hi, seen, &mark);
			if (d < dist[sw]) {
				dist[sw] = d;
				moved = 1;
			}
		}
	}
	free(seen);
	return 0;
}

/* The compute leaves and the hostless leaves beside them: a first BFS
 * from the compute leaves finds where the hostless ones sit, the others
 * forget their distance. */
static int mark_leaf_positions(struct analysis *a, int8_t *from_leaves)
{
	uint32_t sw;

	for (sw = 0; sw < a->f->num_switches; sw++)
		if (a->carries_compute[sw])
			from_leaves[sw] = 0;
	if (bfs(a, from_leaves, "leaves") < 0 ||
	    place_dead_ends(a, from_leaves, NO_RANK, 0, 0))
		return -1;
	for (sw = 0; sw < a->f->num_switches; sw++)
		if (from_leaves[sw] != 0)
			from_leaves[sw] = NO_RANK;
	return 0;
}

/* Roots = the physical switches farthest from the leaves. */
static int detect_roots(struct analysis *a, int8_t *dist)
{
	int8_t *from_leaves = new_dist(a);
	uint32_t sw;
	int max;

	if (!from_leaves)
		return oc_err_set(a->err, "out of memory");
	if (mark_leaf_positions(a, from_leaves)) {
		free(from_leaves);
		return -1;
	}
	max = bfs(a, from_leaves, "leaves");
	if (max < 0) {
		free(from_leaves);
		return -1;
	}
	for (sw = 0; sw < a->f->num_switches; sw++)
		if (from_leaves[sw] == max)
			dist[sw] = 0;
	free(from_leaves);
	return 0;
}

static uint32_t fabric_switches(const struct analysis *a)
{
	return a->f->num_switches - a->ft->num_vswitches;
}

static int not_connected(const struct analysis *a, uint32_t sw)
{
	return oc_err_set(a->err,
			  "not a fat-tree (rule R3: one connected tree): "
			  "switch \"%s\" is not connected to the roots",
			  sw_name(a->f, sw));
}

static int check_ranks(struct analysis *a)
{
	const struct oc_fabric *f = a->f;
	struct oc_ftree *ft = a->ft;
	uint32_t sw, first_leaf = OC_NONE;

	for (sw = 0; sw < f->num_switches; sw++) {
		if (!a->carries_compute[sw])
			continue;
		if (ft->sw[sw].rank == NO_RANK)
			return not_connected(a, sw);
		if (first_leaf == OC_NONE) {
			first_leaf = sw;
			ft->leaf_rank = ft->sw[sw].rank;
		} else if (ft->sw[sw].rank != ft->leaf_rank) {
			return oc_err_set(a->err,
					  "not a fat-tree (rule R4: compute "
					  "nodes on one rank): \"%s\" has "
					  "rank %d but \"%s\" has rank %d",
					  sw_name(f, sw), ft->sw[sw].rank,
					  sw_name(f, first_leaf),
					  ft->leaf_rank);
		}
	}
	if (first_leaf == OC_NONE)
		return oc_err_set(a->err, "not a fat-tree: no switch carries "
					  "compute nodes (no CA found)");
	for (sw = 0; sw < f->num_switches; sw++) {
		if (ft->sw[sw].role != OC_SW_FABRIC)
			continue;
		if (ft->sw[sw].rank == NO_RANK)
			return not_connected(a, sw);
		if (ft->sw[sw].rank > ft->leaf_rank)
			return oc_err_set(a->err,
					  "not a fat-tree (rule R5: no switch "
					  "below the leaves): \"%s\" has rank "
					  "%d, leaf rank is %d",
					  sw_name(f, sw), ft->sw[sw].rank,
					  ft->leaf_rank);
	}
	if (ft->leaf_rank == 0 && fabric_switches(a) > 1)
		return oc_err_set(a->err,
				  "not a fat-tree (rule R7: switches above "
				  "the leaves): every one of the %u switches "
				  "carries compute nodes, e.g. \"%s\"",
				  fabric_switches(a), sw_name(f, first_leaf));
	ft->max_rank = ft->leaf_rank;
	return 0;
}

/* The distance of the first switch that carries compute nodes (-1: none
 * reached); check_ranks() holds every compute switch to it (R4). */
static int leaf_dist(const struct analysis *a, const int8_t *dist)
{
	uint32_t sw;

	for (sw = 0; sw < a->f->num_switches; sw++)
		if (a->carries_compute[sw] && dist[sw] != NO_RANK)
			return dist[sw];
	return NO_RANK;
}

static int rank_switches(struct analysis *a, const struct oc_ftree_opts *o)
{
	int8_t *dist = new_dist(a);
	uint32_t sw;
	int ret;

	if (!dist)
		return oc_err_set(a->err, "out of memory");
	if (o && o->num_roots)
		ret = mark_given_roots(a, o, dist);
	else
		ret = detect_roots(a, dist);
	if (!ret && bfs(a, dist, "roots") < 0)
		ret = -1;
	/* a switch with its up cables cut: where its twin sits, never among
	 * the roots (roots= names them all) */
	if (!ret)
		ret = place_dead_ends(a, dist, leaf_dist(a, dist), 1, MAX_RANK);
	if (!ret) {
		for (sw = 0; sw < a->f->num_switches; sw++)
			if (a->ft->sw[sw].role == OC_SW_FABRIC)
				a->ft->sw[sw].rank = dist[sw];
		ret = check_ranks(a);
	}
	free(dist);
	return ret;
}

enum link_dir { DIR_UP, DIR_DOWN, DIR_SAME, DIR_NONE };

static enum link_dir link_dir(const struct analysis *a, uint32_t sw,
			      uint32_t peer_node)
{
	int rank, peer_rank;

	if (peer_node == OC_NONE || !is_fabric_switch(a, peer_node))
		return DIR_NONE;
	rank = a->ft->sw[sw].rank;
	peer_rank = a->ft->sw[a->f->nodes[peer_node].sw_index].rank;
	if (peer_rank == rank - 1)
		return DIR_UP;
	if (peer_rank == rank + 1)
		return DIR_DOWN;
	return DIR_SAME; /* BFS ranks differ by at most one */
}

/* Appends the groups of one direction of switch sw; returns how many. */
static uint32_t add_groups(struct analysis *a, uint32_t sw, enum link_dir dir,
			   uint32_t *num_ports)
{
	const struct oc_fabric *f = a->f;
	struct oc_ftree *ft = a->ft;
	uint32_t node = f->switches[sw], first = ft->num_groups, g;
	unsigned p, q;

	for (p = 1; p <= f->nodes[node].num_ports; p++) {
		uint32_t peer = oc_peer(f, node, p);

		if (link_dir(a, sw, peer) != dir)
			continue;
		for (g = first; g < ft->num_groups; g++)
			if (ft->groups[g].peer == f->nodes[peer].sw_index)
				break;
		if (g < ft->num_groups)
			continue; /* parallel link of a known group */
		ft->groups[g].peer = f->nodes[peer].sw_index;
		ft->groups[g].first = *num_ports;
		ft->groups[g].count = 0;
		for (q = p; q <= f->nodes[node].num_ports; q++)
			if (oc_peer(f, node, q) == peer)
				ft->group_ports[(*num_ports)++] = q;
		ft->groups[g].count = *num_ports - ft->groups[g].first;
		ft->num_groups++;
	}
	return ft->num_groups - first;
}

static int build_groups(struct analysis *a)
{
	const struct oc_fabric *f = a->f;
	struct oc_ftree *ft = a->ft;
	uint32_t sw, num_ports = 0;

	/* at most one group and one port entry per switch port */
	ft->groups = malloc(sizeof(*ft->groups) * (f->num_ports + 1));
	ft->group_ports = malloc(f->num_ports + 1);
	if (!ft->groups || !ft->group_ports)
		return oc_err_set(a->err, "out of memory");
	for (sw = 0; sw < f->num_switches; sw++) {
		struct oc_ft_switch *s = &ft->sw[sw];

		if (s->role != OC_SW_FABRIC)
			continue;
		s->up_first = ft->num_groups;
		s->up_count = add_groups(a, sw, DIR_UP, &num_ports);
		s->down_first = ft->num_groups;
		s->down_count = add_groups(a, sw, DIR_DOWN, &num_ports);
		s->same_first = ft->num_groups;
		s->same_count = add_groups(a, sw, DIR_SAME, &num_ports);
	}
	return 0;
}

static int cmp_guid(const void *x, const void *y, void *ctx)
{
	const struct oc_fabric *f = ctx;
	uint64_t a = f->nodes[f->switches[*(const uint32_t *)x]].guid;
	uint64_t b = f->nodes[f->switches[*(const uint32_t *)y]].guid;

	return a < b ? -1 : a > b;
}

static int list_leaves(struct analysis *a)
{
	struct oc_ftree *ft = a->ft;
	uint32_t sw;

	ft->leaves = malloc(sizeof(*ft->leaves) * (a->f->num_switches + 1));
	if (!ft->leaves)
		return oc_err_set(a->err, "out of memory");
	for (sw = 0; sw < a->f->num_switches; sw++)
		if (ft->sw[sw].role == OC_SW_FABRIC &&
		    ft->sw[sw].rank == ft->leaf_rank)
			ft->leaves[ft->num_leaves++] = sw;
	qsort_r(ft->leaves, ft->num_leaves, sizeof(*ft->leaves), cmp_guid,
		(void *)a->f);
	return 0;
}

void oc_ftree_free(struct oc_ftree *ft)
{
	if (!ft)
		return;
	free(ft->sw);
	free(ft->groups);
	free(ft->group_ports);
	free(ft->leaves);
	free(ft->noncompute);
	free(ft);
}

static int analyze(struct analysis *a, const struct oc_ftree_opts *opts)
{
	const struct oc_ca_lists *cas = opts ? &opts->cas : NULL;

	a->ft->noncompute = oc_ca_noncompute(a->f, cas, a->err);
	if (!a->ft->noncompute && oc_ca_lists_given(cas))
		return -1;
	if (check_ca_links(a))
		return -1;
	if (a->f->num_switches == 0)
		return oc_err_set(a->err, "not a fat-tree: no switches");
	detect_vswitches(a);
	if (a->has_vswitches) {
		if (link_vswitches(a))
			return -1;
	} else {
		mark_ca_leaves(a);
	}
	if (rank_switches(a, opts) || build_groups(a) || list_leaves(a))
		return -1;
	return 0;
}

struct oc_ftree *oc_ftree_analyze(const struct oc_fabric *f,
				  const struct oc_ftree_opts *opts,
				  struct oc_err *err)
{
	struct analysis a = {.f = f, .err = err};
	size_t n = f->num_switches ? f->num_switches : 1;
	int ret = -1;

	a.ft = calloc(1, sizeof(*a.ft));
	a.carries_compute = calloc(n, 1);
	a.queue = malloc(sizeof(*a.queue) * n);
	if (a.ft)
		a.ft->sw = calloc(n, sizeof(*a.ft->sw));
	if (!a.ft || !a.ft->sw || !a.carries_compute || !a.queue) {
		oc_err_set(err, "out of memory");
	} else {
		a.ft->f = f;
		ret = analyze(&a, opts);
	}
	free(a.carries_compute);
	free(a.queue);
	if (ret) {
		oc_ftree_free(a.ft);
		return NULL;
	}
	return a.ft;
}
