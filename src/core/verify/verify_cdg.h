/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verify_cdg.h - the verifier's channel dependency graphs (verify.c).
 *
 * While the verifier follows the LFTs it records, per switch, every turn
 * (in port, out port) some route takes there: one bit per turn, for all
 * destinations at once.  After the last destination the turns become a
 * graph over the channels (directed switch-to-switch links) that Kahn's
 * algorithm checks for cycles; a cycle found is walked back and returned
 * channel by channel.
 */
#ifndef OC_VERIFY_CDG_H
#define OC_VERIFY_CDG_H

#include <stddef.h>
#include <stdint.h>

#include "model/fabric.h"
#include "verify/verify.h"

/* Turns taken at each switch: bit (in port, out port). */
struct oc_turns {
	uint64_t *bits;
	size_t total;	/* words in bits */
	size_t *first;	/* [switch] first word of its matrix */
	uint8_t *words; /* [switch] words per in-port row */
};

int oc_turns_init(struct oc_turns *tu, const struct oc_fabric *f);
void oc_turns_free(struct oc_turns *tu);
/* to gets every turn of from too (both of one fabric). */
void oc_turns_merge(struct oc_turns *to, const struct oc_turns *from);

/* A route enters switch index s through port in and leaves through out. */
static inline void oc_turns_set(struct oc_turns *tu, uint32_t s, unsigned in,
				unsigned out)
{
	uint64_t *row = tu->bits + tu->first[s] + (size_t)in * tu->words[s];

	row[out / 64] |= 1ULL << (out % 64);
}

/* The channels and what the graph is built from. */
struct oc_cdg_input {
	const struct oc_fabric *f;
	const uint32_t *chan;		    /* [port slot] channel, OC_NONE */
	const struct oc_verify_link *links; /* [channel] its switch port */
	uint32_t channels;
};

/* Builds the graph of tu, counts its dependencies into *deps and, when it
 * has a cycle, returns one in *cyc (ch malloc'd).  -1: out of memory. */
int oc_cdg_check(const struct oc_cdg_input *in, const struct oc_turns *tu,
		 uint64_t *deps, struct oc_verify_cycle *cyc);

#endif
