/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rand.h - the project's seeded random numbers: splitmix64, one 64-bit
 * state, the same sequence on every machine for the same seed (the
 * generator's random defects, the migration planner's random moves).
 */
#ifndef OC_RAND_H
#define OC_RAND_H

#include <stdint.h>

/* The next number of the sequence; advances *state. */
static inline uint64_t oc_rand_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A number below n (n > 0). */
static inline uint64_t oc_rand_below(uint64_t *state, uint64_t n)
{
	return oc_rand_next(state) % n;
}

/* The start of stream 'stream' of a seed: streams of one seed are
 * independent, so one random choice does not move another's. */
static inline uint64_t oc_rand_stream(uint64_t seed, unsigned stream)
{
	uint64_t s = seed ^ (uint64_t)stream << 56;

	return oc_rand_next(&s);
}

#endif
