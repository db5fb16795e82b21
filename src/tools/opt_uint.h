/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * opt_uint.h - a numeric command-line option of the osmcloud tools.
 */
#ifndef OC_TOOLS_OPT_UINT_H
#define OC_TOOLS_OPT_UINT_H

/* s as an unsigned number in lo..hi (decimal, or hex with 0x): 0, or -1
 * after "WHO: NAME 'S': want LO..HI" on stderr. */
int oc_opt_uint(const char *who, const char *name, const char *s, unsigned lo,
		unsigned hi, unsigned *out);

#endif
