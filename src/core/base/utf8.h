/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * utf8.h - is this a valid UTF-8 sequence?  Names from a fabric (node
 * descriptions, VM names) go into JSON and XML, which must be UTF-8.
 */
#ifndef OC_UTF8_H
#define OC_UTF8_H

/* Length of the valid UTF-8 sequence at s (1 to 4), 0 when s does not
 * start one (also for overlong forms and surrogates). */
unsigned oc_utf8_len(const unsigned char *s);

#endif
