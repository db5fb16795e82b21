/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pftree_fixtures.h - fabrics and partitions of the pFTree paper's
 * figures for the tests of the partition-aware engines.
 */
#ifndef OC_PFTREE_FIXTURES_H
#define OC_PFTREE_FIXTURES_H

#include "route/engine.h"
#include "model/partition.h"

/* A two-level tree: roots R1 and R2 (R2 written first, so R1 has the
 * higher GUID, as the paper's figures pick R1 on a tie), leaves L1..Ln
 * (port 1 to R1, port 2 to R2) with the CAs named in hosts[i], separated
 * by blanks, on ports 3.. . */
struct oc_fabric *pf_two_roots(const char *const *hosts, unsigned leaves);

/* Partitions from "0x0001:A,E;0x0002:B,F" (CA names, full members),
 * named p<n> after the P_Key. */
struct oc_partitions *pf_parts(const struct oc_fabric *f, const char *spec);

/* Routes with the named engine; returns NULL and err on failure. */
struct oc_lfts *pf_route(const char *engine, struct oc_engine_input *in,
			 struct oc_route_stats *stats, struct oc_err *err);

/* The directed switch links the flows of partition part cross, sorted:
 * "L1>R1 R1>L1 ...".  Free the result. */
char *pf_links(const struct oc_fabric *f, const struct oc_lfts *t,
	       const struct oc_partitions *ps, uint32_t part);

/* Name of the switch the leaf named from sends dest's traffic to. */
const char *pf_next(const struct oc_fabric *f, const struct oc_lfts *t,
		    const char *from, const char *dest);

/* Fails the test unless every CA LID is reached from every switch, no
 * route loops (switch LIDs too), CA routes are minimal and CA traffic
 * has no credit loop (as for vswitch_ftree: roots do not reach each
 * other's switch LIDs on up/down routes). */
void pf_assert_valid(const struct oc_fabric *f, const struct oc_lfts *t);

#endif
