/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verify.h - checking a fabric's LFTs, independent of OpenSM.
 *
 * Destinations are the LIDs of active CA ports (active, linked) and of
 * switches (port 0).  For every destination, the next hops of all switches
 * form a forest towards it; each check below walks that forest once, so a
 * destination costs O(switches) and the whole run O(switches x LIDs):
 *   - reachability from every switch: holes (0xFF, a port the switch does
 *     not have, an unlinked or inactive port), loops (the route revisits a
 *     switch or is longer than OC_VERIFY_MAX_HOPS switch hops) and wrong
 *     deliveries (to a CA port or switch that does not own the LID);
 *   - credit loops: cycles in the channel dependency graph (channels =
 *     directed switch-to-switch links) of (a) traffic sourced by CAs only,
 *     (b) traffic sourced by CAs and by every switch;
 *   - minimality of every CA-to-CA route: on a fat-tree its switch hops
 *     against the shortest up/down path between the two switches
 *     (updown.h; a path shorter than that needs a turn from a down link,
 *     which fat-tree routing never takes), else against the shortest
 *     path; both counts are reported;
 *   - link load: CA-to-CA routes crossing each directed switch link.
 * vSwitches are ordinary switches here; their PF and VF ports are CAs.
 * With LMC > 0 every LID of a port is a destination of its own (pairs and
 * loads then count per destination LID).
 */
#ifndef OC_VERIFY_H
#define OC_VERIFY_H

#include <stdint.h>
#include <stdio.h>

#include "model/fabric.h"
#include "model/lft.h"
#include "verify/updown.h"

#define OC_VERIFY_MAX_HOPS 64 /* longer routes count as loops */
#define OC_VERIFY_EXAMPLES 8  /* failing (switch, LID) pairs kept */

enum oc_verify_fault {
	OC_FAULT_NONE = 0,
	OC_FAULT_HOLE = 1,  /* 0xFF, no such port, unlinked or down */
	OC_FAULT_LOOP = 2,  /* revisits a switch, or too long */
	OC_FAULT_WRONG = 3, /* delivered to a port not owning the LID */
};

struct oc_verify_failure {
	uint32_t sw; /* switch index the route starts at */
	uint16_t lid;
	uint8_t fault; /* enum oc_verify_fault */
};

/* Reachability of one kind of destination (CA LIDs or switch LIDs). */
struct oc_verify_reach {
	uint32_t lids;		   /* destinations checked */
	uint32_t lids_unreachable; /* ... failing from some switch */
	uint64_t pairs;		   /* (switch, LID) pairs checked */
	uint64_t holes;
	uint64_t loops;
	uint64_t wrong;
	struct oc_verify_failure examples[OC_VERIFY_EXAMPLES]; /* first ones */
	uint32_t num_examples;
};

/* A channel: leaves node (a switch) through port towards another switch. */
struct oc_channel {
	uint32_t node;
	uint8_t port;
};

struct oc_verify_link {
	struct oc_channel ch;
	uint8_t dir;   /* enum oc_link_dir */
	uint64_t load; /* CA-to-CA routes crossing it */
	/* oc_verify_weighted(): those routes, each weighing its source
	 * port's weight times its destination LID's */
	double weighted;
};

struct oc_verify_cycle {
	struct oc_channel *ch; /* ch[i] -> ch[i + 1] -> ... -> ch[0] */
	uint32_t len;	       /* 0: the dependency graph is acyclic */
};

struct oc_verify_report {
	uint32_t switches;
	uint32_t ca_ports;	   /* active CA ports with a LID */
	struct oc_verify_reach ca; /* CA port LIDs */
	struct oc_verify_reach sw; /* switch LIDs */
	/* CA-to-CA: (source CA port, destination CA LID), source != owner */
	uint64_t ca_pairs;
	uint64_t ca_pairs_unreachable;
	/* longer than the shortest up/down path when has_updown, else
	 * than the graph's shortest path: the judged count */
	uint64_t ca_pairs_nonminimal;
	uint64_t ca_pairs_nonminimal_graph; /* than the graph's shortest */
	/* has_updown: pairs whose switches have no up/down path (only a
	 * detour with a turn from a down link connects them; not judged) */
	uint64_t ca_pairs_no_updown;
	int has_updown; /* a fat-tree: minimality judged on up/down paths */
	uint32_t ca_max_hops; /* longest reachable route, switch hops */
	/* channel dependency graphs */
	uint32_t channels;
	uint64_t cdg_ca_deps;  /* (a) CA-sourced traffic */
	uint64_t cdg_all_deps; /* (b) CA- and switch-sourced traffic */
	struct oc_verify_cycle cdg_ca_cycle;
	struct oc_verify_cycle cdg_all_cycle;
	/* link load over all channels (links[] is indexed like channels) */
	struct oc_verify_link *links;
	uint64_t load_max;
	uint64_t load_min;
	double load_mean;
	int has_dirs; /* links[].dir known (fat-tree) */
	uint64_t load_up_max;
	uint64_t load_down_max;
	/* oc_verify_weighted(): links[].weighted known, their max and mean */
	int has_weighted;
	double weighted_max;
	double weighted_mean;
};

/* What oc_verify_some() checks besides reachability (always checked);
 * what is left out stays 0 in the report. */
#define OC_VERIFY_CDG_CA 0x1u	/* credit loops of CA-sourced traffic */
#define OC_VERIFY_CDG_ALL 0x2u	/* ... of CA- and switch-sourced traffic */
#define OC_VERIFY_CA_PAIRS 0x4u /* CA-to-CA pairs, minimality, longest */
#define OC_VERIFY_LOAD 0x8u	/* link load and link directions */
#define OC_VERIFY_ALL 0xfu

/* Checks t against f; fills *r (free with oc_verify_report_free).  Fails
 * only on out of memory or when t does not belong to f. */
int oc_verify(const struct oc_fabric *f, const struct oc_lfts *t,
	      struct oc_verify_report *r, struct oc_err *err);
/* The same, checking only what the OC_VERIFY_* mask what names. */
int oc_verify_some(const struct oc_fabric *f, const struct oc_lfts *t,
		   unsigned what, struct oc_verify_report *r,
		   struct oc_err *err);
/* The link load only, each CA-to-CA route also counted with its
 * source's weight times its destination's (lid_weight[LID], 0..max_lid
 * of f; a source port weighs what its LIDs weigh), into
 * links[].weighted. */
int oc_verify_weighted(const struct oc_fabric *f, const struct oc_lfts *t,
		       const double *lid_weight, struct oc_verify_report *r,
		       struct oc_err *err);
void oc_verify_report_free(struct oc_verify_report *r);

/* Fault name for reports: "hole", "loop", "wrong delivery". */
const char *oc_verify_fault_name(enum oc_verify_fault fault);

/* The findings in the words of osmcloud check, without a newline
 * (verify_text.c):
 *   WHAT LIDs: 60, unreachable 1 (0 holes, 5 loops, 0 wrong deliveries)
 *   switch "sw-L2-0" to LID 89 ("ca-40"): loop
 *   WHAT credit loop: "sw-L1-3"[5] -> "sw-L2-0"[1] -> ... -> "sw-L1-3"[5]
 * (the cycle line is empty when c has no cycle). */
void oc_verify_reach_write(FILE *out, const char *what,
			   const struct oc_verify_reach *r);
void oc_verify_failure_write(FILE *out, const struct oc_fabric *f,
			     const struct oc_verify_failure *e);
void oc_verify_cycle_write(FILE *out, const struct oc_fabric *f,
			   const char *what, const struct oc_verify_cycle *c);

#endif
