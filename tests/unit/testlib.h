/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * testlib.h - helpers shared by the unit tests.
 */
#ifndef OC_TESTLIB_H
#define OC_TESTLIB_H

#include <stdint.h>

#include "model/fabric.h"
#include "model/lft.h"

/* Parses an ibsim topology held in a string and assigns LIDs; fails the
 * test on error. */
struct oc_fabric *tl_fabric(const char *text);

/* Like tl_fabric but returns NULL and the error instead. */
struct oc_fabric *tl_fabric_err(const char *text, struct oc_err *err);

/* Follows the LFTs from switch index sw towards lid: returns the number of
 * switch-to-switch hops when the packet reaches lid's owner, -1 if not. */
int tl_walk(const struct oc_fabric *f, const struct oc_lfts *t, uint32_t sw,
	    unsigned lid);

/* Switch index of the switch with this node name. */
uint32_t tl_sw(const struct oc_fabric *f, const char *name);

/* LID of a node's port by name (CA port 1 or a switch's port 0). */
unsigned tl_lid(const struct oc_fabric *f, const char *name);

/* f's tables as vswitch_ftree routes them; fails the test on error. */
struct oc_lfts *tl_route(const struct oc_fabric *f);

/* Sets switch sw's LFT entry for dest's LID (both by name) to port. */
void tl_set(const struct oc_fabric *f, struct oc_lfts *t, const char *sw,
	    const char *dest, uint8_t port);

/* On THREE_LEAF_NET (fixtures.h): a1 goes C -> S1 -> B -> S2 -> A and b1
 * goes C -> S2 -> A -> S1 -> B; CAs on every leaf send along both, so the
 * four channels A->S1->B->S2->A close a loop of CA traffic, with every
 * route delivered. */
void tl_three_leaf_credit_loop(const struct oc_fabric *f, struct oc_lfts *t);

/* A scratch folder for a group of tests: tl_scratch_setup and
 * tl_scratch_teardown are cmocka group fixtures; tl_path(name) is a path
 * in it, in one of 16 buffers used in turn (a test holds a few at once);
 * tl_write_file writes text to a file, failing the test on error. */
int tl_scratch_setup(void **state);
int tl_scratch_teardown(void **state);
const char *tl_path(const char *name);
void tl_write_file(const char *path, const char *text);

#endif
