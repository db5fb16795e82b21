/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tenant_metrics.h - how well a routing separates tenants, read from the
 * LFTs (the checker's tenant metrics, pFTree paper sections 6.3 and 7.1).
 *
 *   - per partition (not the default 0x7fff): the directed switch links
 *     its flows cross, and how many of them carry flows of another
 *     partition too; a phy-isolation partition is "alone" when none does;
 *   - contention for receiver nodes (section 7.1): a directed link is
 *     contended when routes towards two receivers or more cross it; with
 *     R receivers on it its contention is R - 1; the totals are summed
 *     over the links, up (towards the roots) and down separately.  The
 *     routes towards a receiver are those from the members of its
 *     partitions (from every CA when it is in none);
 *   - effective bisection bandwidth of a victim partition (section 6.3):
 *     random bisections of the victim (the first half of a shuffle sends
 *     to the second half), alone or with every other partition running
 *     its own random bisection at the same time; a flow gets 1/n of a
 *     link that n flows cross, its bandwidth is that of its most crowded
 *     link, and the EBB is the mean over the victim's flows and rounds.
 */
#ifndef OC_TENANT_METRICS_H
#define OC_TENANT_METRICS_H

#include <stdint.h>

#include "model/fabric.h"
#include "model/lft.h"
#include "model/partition.h"

struct oc_part_metrics {
	uint32_t part;	       /* index in the partitions */
	uint32_t members;      /* members usable in the fabric */
	uint32_t links_used;   /* directed switch links its flows cross */
	uint32_t links_shared; /* ... also crossed by another partition */
	uint8_t isolation;     /* enum oc_isolation */
	uint8_t alone;	       /* links_shared == 0 */
};

struct oc_contention {
	uint32_t receivers;
	uint32_t contended_up, contended_down; /* links */
	uint64_t total_up, total_down;	       /* sum of R - 1 */
};

struct oc_tenant_report {
	uint32_t count; /* partitions reported (all but the default) */
	struct oc_part_metrics *parts;
	uint32_t links_shared;	/* directed links with 2+ partitions */
	uint32_t phy_not_alone; /* phy-isolation partitions sharing */
};

/* Fills r (free with oc_tenant_report_free); policies may be NULL. */
int oc_tenant_metrics(const struct oc_fabric *f, const struct oc_lfts *t,
		      const struct oc_partitions *ps,
		      const struct oc_policies *policies,
		      struct oc_tenant_report *r, struct oc_err *err);
void oc_tenant_report_free(struct oc_tenant_report *r);

/* Contention for the CA ports with a weight above 1 in w (the heavy
 * receivers).  Needs a fat-tree (for up and down). */
int oc_receiver_contention(const struct oc_fabric *f, const struct oc_lfts *t,
			   const struct oc_partitions *ps,
			   const struct oc_weights *w, struct oc_contention *c,
			   struct oc_err *err);

/* EBB of partition index victim over rounds random bisections (seeded);
 * *quiet without, *noisy with the other partitions' bisections.  A
 * victim with fewer than two members in f (active CA ports with a LID)
 * is an error naming the partition: it has no flow to measure. */
int oc_victim_ebb(const struct oc_fabric *f, const struct oc_lfts *t,
		  const struct oc_partitions *ps, uint32_t victim,
		  unsigned rounds, uint64_t seed, double *quiet, double *noisy,
		  struct oc_err *err);

#endif
