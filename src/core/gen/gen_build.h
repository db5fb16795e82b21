/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gen_build.h - the generator's builder state (private to gen*.c): what
 * gen.c builds the fabric with, shared with the random defects of
 * gen_random.c; the primitives both use are in gen_build.c.
 *
 * Physical switches are the first nodes of the fabric (roots first, level
 * by level down to the leaves), so node n < num_physical is a physical
 * switch and sw_base[l] + i is level-l switch i.
 */
#ifndef OC_GEN_BUILD_H
#define OC_GEN_BUILD_H

#include <stdint.h>
#include <stdio.h>

#include "gen/gen.h"
#include "gen/gen_shape.h"

struct builder {
	const struct oc_gen_params *p;
	struct gen_shape s;
	struct oc_fabric *f;
	struct oc_err *err;
	FILE *log; /* one line per random choice, or NULL */
	uint32_t sw_base[OC_GEN_MAX_LEVELS + 1]; /* node of switch 0 */
	uint32_t num_physical;			 /* physical switches */
	uint32_t *host_node;   /* per host: CA or vSwitch, OC_NONE dropped */
	uint8_t *host_dropped; /* per host */
	unsigned *io_on_leaf;  /* per leaf: --io-cas */
	unsigned *dropped;     /* per leaf group: hosts left out */
	unsigned *io_taken;    /* per physical switch: --random-io CAs */
	unsigned *extra_ports; /* per physical switch: ports added for them */
	uint32_t *io_switch;   /* per --random-io CA: its switch node */
	unsigned io_next;      /* k of the next I/O CA io-<k> */
	struct oc_gen_stats st;
};

/* Ports of level-l switch i, and how many of them the tree's links, the
 * hosts and --io-cas use (free ports: the difference, less io_taken). */
unsigned gen_switch_ports(const struct builder *b, unsigned l, uint64_t i);
unsigned gen_ports_in_use(const struct builder *b, unsigned l, uint64_t i);

/* The level of physical switch node n (sets *i to its index there). */
unsigned gen_switch_level(const struct builder *b, uint32_t n, uint64_t *i);

/* Adds the next I/O CA io-<k> and links it to (sw, port). */
int gen_add_io_ca(struct builder *b, uint32_t sw, unsigned port);

/* Links two ports, and removes the link on (n, port), counting it. */
int gen_connect(struct builder *b, uint32_t x, unsigned px, uint32_t y,
		unsigned py);
void gen_unlink(struct builder *b, uint32_t n, unsigned port);

/* ---- gen_random.c: the random defects of --seed --------------------- */

/* --hostless-leaves and --missing-hosts: marks the hosts left out. */
int gen_random_hosts(struct builder *b);

/* --random-io, before the switches exist: which switch gets each I/O CA
 * (io_switch, io_taken) and the ports added for them (extra_ports). */
int gen_random_io_pick(struct builder *b);

/* --random-io, once the tree is linked: each I/O CA on a random free
 * port of its switch. */
int gen_random_io_attach(struct builder *b);

/* --cut-links: random cables between physical switches left out, never
 * one whose loss splits the switches. */
int gen_random_cuts(struct builder *b);

#endif
