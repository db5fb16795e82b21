/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gen_shape.h - the generator's fat-tree shape (private to gen*.c): the
 * PGFT a params struct stands for, node counts per level, port counts and
 * the parent/child arithmetic of the node numbering described in gen.h.
 */
#ifndef OC_GEN_SHAPE_H
#define OC_GEN_SHAPE_H

#include <stdint.h>

#include "gen/gen.h"

struct gen_shape {
	unsigned h;
	unsigned m[OC_GEN_MAX_LEVELS + 2];	    /* [1..h] */
	unsigned w[OC_GEN_MAX_LEVELS + 2];	    /* [1..h], w[h+1] = 0 */
	unsigned p[OC_GEN_MAX_LEVELS + 2];	    /* [1..h], p[h+1] = 0 */
	unsigned cores;				    /* >= 1 */
	unsigned linked;			    /* level with horizontal
						* links, 0: none */
	uint64_t core_count[OC_GEN_MAX_LEVELS + 1]; /* nodes per level of
						     * one core */
	uint64_t count[OC_GEN_MAX_LEVELS + 1]; /* nodes per level, all cores;
						* 0 = hosts */
	uint64_t wprod[OC_GEN_MAX_LEVELS + 1]; /* w_1*..*w_l, wprod[0] = 1 */
	unsigned down[OC_GEN_MAX_LEVELS + 1];  /* child ports, m_l * p_l */
	unsigned up[OC_GEN_MAX_LEVELS + 1];    /* parent ports, w_l+1 * p_l+1 */
};

/* Resolves --kary/--levels/--pgft/--hosts-per-leaf into a shape and checks
 * it: levels, port counts per switch and host, --radix, size. */
int gen_shape_resolve(const struct oc_gen_params *p, struct gen_shape *s,
		      struct oc_err *err);

/* Index of parent b (0..w_l-1) at level l of node 'child' at level l-1
 * (in the same core); *slot is which child (0..m_l-1) it is of that
 * parent. */
uint64_t gen_shape_parent(const struct gen_shape *s, unsigned l, uint64_t child,
			  unsigned b, unsigned *slot);

/* Hosts of leaf group g (the w_1 leaves g*w_1 .. g*w_1 + w_1-1 share their
 * m_1 hosts g*m_1 .. g*m_1 + m_1-1). */
static inline uint64_t gen_shape_leaf_group(const struct gen_shape *s,
					    uint64_t leaf)
{
	return leaf / s->w[1];
}

/* The core a level-l node belongs to. */
static inline unsigned gen_shape_core(const struct gen_shape *s, unsigned l,
				      uint64_t i)
{
	return (unsigned)(i / s->core_count[l]);
}

/* Horizontal ports of level-l switch i: 0, 1 (first or last core) or 2. */
static inline unsigned gen_shape_horizontal(const struct gen_shape *s,
					    unsigned l, uint64_t i)
{
	unsigned core;

	if (!s->linked || l != s->linked)
		return 0;
	core = gen_shape_core(s, l, i);
	return (core > 0) + (core + 1 < s->cores);
}

#endif
