/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ebb.h - effective bisection bandwidth of a fabric's LFTs, as the ORCS
 * simulator's "bisect" pattern measures it (vSwitch routing paper,
 * section 7.2; 10,000 random bisections there).
 *
 * Per round the endpoints are shuffled (xorshift64, seeded: the same
 * seed gives the same rounds on every machine) and the first half
 * [0, n/2) sends to the second, the i-th to the (n/2 + i)-th; with an odd
 * n the last one idles.  Each flow follows the LFTs from the source CA
 * port to the destination CA port, and every directed link it uses
 * carries one flow: the CA->switch link, every switch->switch link and
 * the switch->CA link.  A VF's link to its vSwitch and the vSwitch's
 * link to the leaf are links like any other, so VMs of one hypervisor
 * share its physical link.  A flow's bandwidth is 1 / (the most flows on
 * any directed link of its path); a flow the LFTs do not deliver (a
 * hole, a loop) gets 0 and loads no link.  A round's value is the mean
 * over its flows; the EBB is the mean over the rounds.
 */
#ifndef OC_EBB_H
#define OC_EBB_H

#include <stdint.h>

#include "model/fabric.h"
#include "model/lft.h"

struct oc_ebb_opts {
	uint32_t rounds; /* random bisections, >= 1 */
	uint64_t seed;	 /* 0: a fixed default */
};

struct oc_ebb_result {
	double mean, min, max;	/* over rounds: a round's value = mean flow
				* bandwidth */
	uint32_t rounds, flows; /* flows per round = n / 2 */
	uint32_t unreachable;	/* flows whose LFT path does not reach
				 * (counted bandwidth 0), over all rounds */
};

/* EBB of the LFTs t over the endpoint LIDs lids[0..n-1] (CA port LIDs:
 * PFs, VFs or plain CAs, each at most once).  -1 with err set when a LID
 * is not an active CA port LID of f linked to a switch, is named twice,
 * n < 2 or rounds is 0. */
int oc_ebb(const struct oc_fabric *f, const struct oc_lfts *t,
	   const uint16_t *lids, uint32_t n, const struct oc_ebb_opts *o,
	   struct oc_ebb_result *r, struct oc_err *err);

/* oc_ebb that also stores each round's value in per_round[0..rounds-1]
 * (may be NULL): the convergence of the running mean. */
int oc_ebb_rounds(const struct oc_fabric *f, const struct oc_lfts *t,
		  const uint16_t *lids, uint32_t n, const struct oc_ebb_opts *o,
		  struct oc_ebb_result *r, double *per_round,
		  struct oc_err *err);

/* Every active CA port LID of f linked to a switch, in LID order (the
 * default endpoint set of `osmcloud check --ebb`); caller frees *lids. */
int oc_ebb_all_ca_lids(const struct oc_fabric *f, uint16_t **lids, uint32_t *n,
		       struct oc_err *err);

#endif
