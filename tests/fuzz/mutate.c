/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * mutate.c - the fuzzers' random stream and mutations (see mutate.h).
 */
#include <stdlib.h>
#include <string.h>

#include "mutate.h"

static uint64_t rng_state;

void fuzz_seed(uint64_t seed)
{
	rng_state = seed * 0x9e3779b97f4a7c15ULL | 1;
}

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ULL;
}

size_t fuzz_below(size_t n)
{
	return n ? (size_t)(rnd() % n) : 0;
}

static const char special[] = {'\0', '\n', ' ', '\t', '#', '"',	   '\\',  '=',
			       ',',  ':',  '0', 'x',  '-', '\x7f', '\xff'};
static const char *const numbers[] = {"0",
				      "-1",
				      "0x",
				      "0x0",
				      "4294967296",
				      "99999999999999999999999",
				      "0xffffffffffffffff",
				      "0x10000000000000000",
				      "1e308",
				      "nan",
				      "65535",
				      "49152",
				      "255",
				      "-0",
				      "1e-400"};

static void put(struct buf *o, size_t at, const char *s, size_t n)
{
	if (o->len + n > FUZZ_MAX_INPUT)
		return;
	memmove(o->b + at + n, o->b + at, o->len - at);
	memcpy(o->b + at, s, n);
	o->len += n;
}

static void cut(struct buf *o, size_t at, size_t n)
{
	if (at + n > o->len)
		n = o->len - at;
	memmove(o->b + at, o->b + at + n, o->len - at - n);
	o->len -= n;
}

/* A range of seed s (a splice from another input). */
static void splice_in(struct buf *o, const struct buf *s)
{
	size_t from = fuzz_below(s->len), n = 1 + fuzz_below(64);

	if (from + n > s->len)
		n = s->len - from;
	put(o, fuzz_below(o->len + 1), s->b + from, n);
}

static void mutate_once(struct buf *o, const struct buf *seeds,
			size_t num_seeds)
{
	size_t at = fuzz_below(o->len + 1), n;
	const char *num;

	switch (fuzz_below(8)) {
	case 0: /* flip a bit */
		if (o->len)
			o->b[fuzz_below(o->len)] ^= (char)(1u << fuzz_below(8));
		break;
	case 1: /* a byte that matters to a parser */
		if (o->len)
			o->b[fuzz_below(o->len)] =
				special[fuzz_below(sizeof(special))];
		break;
	case 2:
		put(o, at, &special[fuzz_below(sizeof(special))], 1);
		break;
	case 3: /* a number at its limits */
		num = numbers[fuzz_below(sizeof(numbers) / sizeof(numbers[0]))];
		put(o, at, num, strlen(num));
		break;
	case 4:
		cut(o, fuzz_below(o->len + 1), 1 + fuzz_below(32));
		break;
	case 5: /* repeat a range (copied first: put() moves the text) */
		n = 1 + fuzz_below(128);
		if (at + n <= o->len) {
			char range[128];

			memcpy(range, o->b + at, n);
			put(o, fuzz_below(o->len + 1), range, n);
		}
		break;
	case 6:
		splice_in(o, &seeds[fuzz_below(num_seeds)]);
		break;
	default: /* cut the end: a file cut short */
		o->len = fuzz_below(o->len + 1);
	}
}

void fuzz_mutate(struct buf *o, const struct buf *seeds, size_t num_seeds)
{
	size_t i, n = 1 + fuzz_below(8);

	for (i = 0; i < n; i++)
		mutate_once(o, seeds, num_seeds);
	o->b[o->len] = '\0';
}

unsigned long fuzz_env_count(const char *name, unsigned long dflt)
{
	const char *s = getenv(name);

	return s && *s ? strtoul(s, NULL, 10) : dflt;
}
