/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * opt_uint.c - a numeric command-line option of the osmcloud tools.
 */
#include <stdio.h>
#include <stdlib.h>

#include "opt_uint.h"

int oc_opt_uint(const char *who, const char *name, const char *s, unsigned lo,
		unsigned hi, unsigned *out)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);

	if (*s < '0' || *s > '9' || *end || v < lo || v > hi) {
		fprintf(stderr, "%s: %s '%s': want %u..%u\n", who, name, s, lo,
			hi);
		return -1;
	}
	*out = (unsigned)v;
	return 0;
}
