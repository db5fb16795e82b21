/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * mutate.h - the fuzzers' random stream and mutations (fuzz_parsers.c,
 * fuzz_requests.c): 1 to 8 random mutations of a seed: bit flips, bytes
 * that matter to a parser (NUL, newline, blank, '#', '"', '\', '=',
 * ','), numbers at their limits, cut, repeated or spliced ranges.  The
 * stream is xorshift64* from a seed: a run is reproducible.
 */
#ifndef OC_FUZZ_MUTATE_H
#define OC_FUZZ_MUTATE_H

#include <stddef.h>
#include <stdint.h>

#define FUZZ_MAX_INPUT (256 * 1024) /* an input never grows past it */

/* An input: len bytes at b (FUZZ_MAX_INPUT + 1 allocated), NUL after. */
struct buf {
	char *b;
	size_t len;
};

void fuzz_seed(uint64_t seed);
/* A random number below n (0 when n is 0). */
size_t fuzz_below(size_t n);
/* Mutates o 1 to 8 times, splicing ranges of the seeds in. */
void fuzz_mutate(struct buf *o, const struct buf *seeds, size_t num_seeds);
/* The number in the environment variable name, dflt when unset. */
unsigned long fuzz_env_count(const char *name, unsigned long dflt);

#endif
