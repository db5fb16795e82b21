/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ftree.h - fat-tree analysis of a fabric.
 *
 * Splits the switches into the physical fat-tree and the vSwitches (a switch
 * with exactly one link to another switch whose other links lead to CAs:
 * the hypervisor's PF and VFs).  Ranks the physical switches (0 = roots,
 * leaf_rank = the switches that carry the compute entities), groups
 * parallel links into port groups, and classifies CAs:
 *   - VF/PF ports behind a vSwitch (PF = the CA on the vSwitch's lowest
 *     port number),
 *   - compute nodes on a physical leaf when the fabric has no vSwitches,
 *   - I/O nodes: every other CA on a physical switch.
 * A fabric that is not a fat-tree is rejected with an error naming the rule
 * and the node.
 */
#ifndef OC_FTREE_H
#define OC_FTREE_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/ca_role.h"
#include "model/fabric.h"

enum oc_sw_role {
	OC_SW_FABRIC = 0,  /* physical fat-tree switch */
	OC_SW_VSWITCH = 1, /* hypervisor vSwitch below a physical leaf */
};

/* All links between one switch and one neighbour switch. */
struct oc_group {
	uint32_t peer;	/* neighbour switch index */
	uint32_t first; /* into oc_ftree.group_ports */
	uint8_t count;	/* number of parallel links */
};

struct oc_ft_switch {
	int8_t rank;		     /* 0 = root; -1 for vSwitches */
	uint8_t role;		     /* enum oc_sw_role */
	uint8_t uplink_port;	     /* vSwitch: its port to the leaf */
	uint8_t pf_port;	     /* vSwitch: port of the PF CA, 0 if none */
	uint32_t parent;	     /* vSwitch: leaf switch index */
	uint32_t up_first, up_count; /* groups to rank - 1 */
	uint32_t down_first, down_count; /* groups to rank + 1 */
	uint32_t same_first, same_count; /* sibling groups (same rank) */
};

struct oc_ftree {
	const struct oc_fabric *f;
	struct oc_ft_switch *sw; /* [switch index] */
	struct oc_group *groups;
	uint32_t num_groups;
	uint8_t *group_ports; /* local port numbers, by group */
	uint32_t *leaves;     /* switch indices at leaf_rank, by GUID */
	uint32_t num_leaves;
	uint32_t num_vswitches;
	int leaf_rank;
	int max_rank; /* == leaf_rank */
	/* [node] 1: a CA the CN/I-O lists keep from being a compute node
	 * (ca_role.h); NULL: no list given */
	uint8_t *noncompute;
};

struct oc_ftree_opts {
	const uint64_t *root_guids; /* NULL: detect the roots */
	size_t num_roots;
	struct oc_ca_lists cas; /* OpenSM's cn_guid_file, io_guid_file */
};

struct oc_ftree *oc_ftree_analyze(const struct oc_fabric *f,
				  const struct oc_ftree_opts *opts,
				  struct oc_err *err);
void oc_ftree_free(struct oc_ftree *ft);

/* Whether CA node may be a compute node (ca_role.h): always, unless the
 * CN/I-O lists given to the analysis keep it out. */
static inline int oc_ftree_ca_computes(const struct oc_ftree *ft, uint32_t node)
{
	return !ft->noncompute || !ft->noncompute[node];
}

/* Whether node is a switch the analysis takes as physical (not of a
 * vSwitch's shape): what rule R6 asks of a given root. */
int oc_ftree_is_physical_switch(const struct oc_fabric *f, uint32_t node);
/* The PF's port of switch node when it has a vSwitch's shape (its first
 * CA port, as the analysis decides), else 0. */
uint8_t oc_ftree_vswitch_pf_port(const struct oc_fabric *f, uint32_t node);

/* A physical switch below the roots without an up link (its up cables
 * all cut): up/down routing reaches it only from the switches below it,
 * and it reaches only them. */
static inline int oc_ftree_is_dead_end(const struct oc_ftree *ft, uint32_t sw)
{
	return ft->sw[sw].role == OC_SW_FABRIC && ft->sw[sw].rank > 0 &&
	       !ft->sw[sw].up_count;
}

static inline const struct oc_group *oc_up_group(const struct oc_ftree *ft,
						 uint32_t sw, uint32_t i)
{
	return &ft->groups[ft->sw[sw].up_first + i];
}

static inline const struct oc_group *oc_down_group(const struct oc_ftree *ft,
						   uint32_t sw, uint32_t i)
{
	return &ft->groups[ft->sw[sw].down_first + i];
}

#endif
