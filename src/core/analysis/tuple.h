/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tuple.h - OpenSM-style switch tuples of a fat-tree and its sub-trees.
 *
 * Every physical switch gets a tuple (rank, x1, .., x_leaf_rank) the way
 * OpenSM's ftree assigns them (fabric_make_indexing): a BFS from the first
 * leaf gives a neighbour reached going down the parent's tuple with rank+1
 * and the smallest free value at position rank+1, and a neighbour reached
 * going up the child's tuple with rank-1 and the smallest free value at
 * position rank (the child's rank).  So a link joins a rank-r switch to a
 * rank-(r+1) switch only if their tuples agree everywhere but at position
 * r+1, and the switches with rank >= l that share x1..xl form one level-l
 * sub-tree (level 0: the whole tree; level leaf_rank: one leaf).  Parallel
 * links (PGFTs) are one port group and change nothing.
 *
 * The skyline of two leaves (FTreeMinRC, vSwitch routing paper, section
 * 6): with l the level of their smallest common sub-tree, the switches of
 * rank r >= l that top the level-r sub-tree of either leaf, i.e. every
 * switch an upward trace from either leaf meets up to the common ancestors.
 * vSwitches get no tuple.
 */
#ifndef OC_TUPLE_H
#define OC_TUPLE_H

#include <stdint.h>

#include "analysis/ftree.h"

#define OC_TUPLE_LEN 8	   /* rank + up to 7 positions, as OpenSM */
#define OC_TUPLE_NONE 0xff /* unassigned value */
#define OC_TUPLE_STR 32	   /* room for "7.254.254.254.254.254.254.254" */

struct oc_tuples {
	const struct oc_ftree *ft;
	uint8_t (*tuple)[OC_TUPLE_LEN]; /* [switch index]: [0] = rank */
	uint32_t *fabric_sw;		/* physical switch indices */
	uint32_t num_fabric;
	int leaf_rank;
};

/* Assigns the tuples and checks that every up link agrees with them;
 * NULL on a tree they cannot describe (the error names the link) or when
 * a position needs more than 254 values. */
struct oc_tuples *oc_tuples_build(const struct oc_ftree *ft,
				  struct oc_err *err);
void oc_tuples_free(struct oc_tuples *t);

/* "rank.x1.x2..." of switch sw into buf (OC_TUPLE_STR bytes); "-" for a
 * vSwitch. */
const char *oc_tuple_str(const struct oc_tuples *t, uint32_t sw, char *buf);

/* Level of the smallest sub-tree that holds both physical switches: the
 * longest common x1..xl with l <= both ranks.  Two leaves: leaf_rank when
 * they are the same leaf, 0 when only the roots join them. */
int oc_tuple_common_level(const struct oc_tuples *t, uint32_t a, uint32_t b);

/* Whether switch sw lies in the level-level sub-tree that holds switch ref
 * (rank of ref >= level). */
int oc_tuple_in_subtree(const struct oc_tuples *t, uint32_t sw, int level,
			uint32_t ref);

/* Whether switch sw is on the skyline of leaves a and b (see above). */
int oc_tuple_on_skyline(const struct oc_tuples *t, uint32_t sw, int level,
			uint32_t a, uint32_t b);

/* Sets mark[sw] = 1 for every skyline switch of leaves a and b (others
 * untouched); returns the number marked and the common level in *level. */
uint32_t oc_tuple_mark_skyline(const struct oc_tuples *t, uint32_t a,
			       uint32_t b, uint8_t *mark, int *level);

#endif
