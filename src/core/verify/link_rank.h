/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * link_rank.h - where the load is: the verifier's link loads ranked,
 * summed up per pair of levels, and drawn as a heat map.
 *
 * A link's load is the verifier's (verify.h): the CA-to-CA routes (source
 * CA port, destination CA LID) that cross that directed switch-to-switch
 * link; with weights (oc_verify_weighted()) the per-level summary gives
 * the weighted figures too.  Levels are the fat-tree analysis' (updown.h:
 * 0 = roots, the leaves, vSwitches one below); on a fabric that is no
 * fat-tree, the breadth-first distance from the nearest switch with a CA,
 * turned round so that the farthest switches are level 0 (switches no
 * switch with a CA reaches sit there too).  Plain C on the core's model,
 * no OpenSM types: the plugin can rank the links of its own runs.
 */
#ifndef OC_LINK_RANK_H
#define OC_LINK_RANK_H

#include <stddef.h>
#include <stdint.h>

#include "io/heatmap_svg.h"
#include "model/fabric.h"
#include "verify/verify.h"

/* The links from one level to another (the same for lateral ones). */
struct oc_level_load {
	uint8_t from, to; /* levels */
	uint32_t links;
	uint64_t max;
	double mean;
	double weighted_max, weighted_mean; /* r->has_weighted */
};

struct oc_link_rank {
	uint8_t *level; /* [switch index], 0 = top */
	uint32_t num_levels;
	int by_ftree;	   /* fat-tree ranks, else distances from leaves */
	int leaf_level;	   /* fat-tree leaves, or distance 0; -1: none */
	int vswitch_level; /* -1: no vSwitch */
	uint32_t *order;   /* channels (verify report's links[]), hottest
			     * first, ties in channel order */
	uint32_t num_links;
	struct oc_level_load *by_level; /* by (from, to) */
	uint32_t num_by_level;
};

/* Ranks the links of r (checked with OC_VERIFY_LOAD on f).  -1 with err
 * when out of memory. */
int oc_link_rank(const struct oc_fabric *f, const struct oc_verify_report *r,
		 struct oc_link_rank *rk, struct oc_err *err);
void oc_link_rank_free(struct oc_link_rank *rk);

/* A level's name: "root" (or "spine" in a two-level tree), "level N",
 * "leaf", "vswitch"; without fat-tree ranks "leaf", "leaf+N". */
const char *oc_link_rank_level_name(const struct oc_link_rank *rk,
				    unsigned level, char *buf, size_t len);

/* The heat map of the ranked links: one box per switch, one line per
 * link, except that a row of more than max_per_row switches is drawn as
 * max_per_row boxes of consecutive switches, and the links between two
 * boxes as one line coloured by their highest load.  Fills *h (title,
 * subtitle and note left to the caller; free with
 * oc_link_rank_heatmap_free()).  -1 with err when out of memory. */
int oc_link_rank_heatmap(const struct oc_fabric *f,
			 const struct oc_verify_report *r,
			 const struct oc_link_rank *rk, uint32_t max_per_row,
			 struct oc_heatmap *h, struct oc_err *err);
void oc_link_rank_heatmap_free(struct oc_heatmap *h);

#endif
