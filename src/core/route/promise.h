/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * promise.h - what an engine promises of the tables it computes, judged
 * by the verifier before the tables are used: by the plugin before
 * OpenSM gets them, by osmcloud route after routing, by osmcloud check
 * --promise on a dump.
 *
 * Every engine: every active CA port's LID is reached from every switch
 * (no hole, loop or wrong delivery), and CA-sourced traffic has no credit
 * loop (its channel dependency graph is acyclic).
 * OC_ENGINE_SWITCH_PATHS (sftree): every switch LID is reached from every
 * switch, but for exactly the (switch, switch LID) pairs the engine
 * declares unserved (oc_route_stats.sw_pairs_unserved, vSwitches
 * included), which are holes: a loop or a wrong delivery never is.
 * OC_ENGINE_SWITCH_CDG (sftree): no credit loop once every switch sources
 * traffic too.
 */
#ifndef OC_PROMISE_H
#define OC_PROMISE_H

#include <stdint.h>

#include "route/engine.h"
#include "model/fabric.h"
#include "model/lft.h"
#include "verify/verify.h"

/* The verifier's checks (OC_VERIFY_*) the promise of e needs. */
unsigned oc_promise_checks(const struct oc_engine *e);

/* Judges a report made with at least those checks.  0: the promise is
 * kept; 1: broken, *violation (malloc'd, free it) names each broken part
 * in the words of osmcloud check, "; " between them:
 *   CA LIDs: 60, unreachable 1 (0 holes, 5 loops, 0 wrong deliveries),
 *     e.g. switch "sw-L2-0" to LID 89 ("ca-40"): loop
 *   switch LIDs: 48, unreachable 2 (3 holes, 0 loops, 0 wrong deliveries)
 *     where the engine declared 0 (switch, switch LID) pairs unserved,
 *     e.g. switch "sw-L3-1" to LID 2 ("sw-L3-0"): hole
 *   CA traffic credit loop: "sw-L1-3"[5] -> ... -> "sw-L1-3"[5]
 *   CA+switch traffic credit loop: ... (only when CA traffic has none)
 * -1: out of memory. */
int oc_promise_judge(const struct oc_fabric *f,
		     const struct oc_verify_report *r,
		     const struct oc_engine *e, uint64_t sw_pairs_unserved,
		     char **violation);

/* Verifies t with the checks of e's promise, then judges it; returns as
 * oc_promise_judge(), or -1 with err when t cannot be checked. */
int oc_promise_check(const struct oc_fabric *f, const struct oc_lfts *t,
		     const struct oc_engine *e, uint64_t sw_pairs_unserved,
		     char **violation, struct oc_err *err);

#endif
