/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * acm_opts.h - the osmcloud ibacm provider's options, read from ibacm's
 * own option file (ibacm_opts.cfg; docs/ibacm.md).
 *
 * ibacm's format: one "name value" a line, a line starting with '#' is a
 * comment, blank lines are skipped.  ibacm and every provider read the
 * same file and ignore the names they do not know, so this reader takes
 * only the names starting with "osmcloud_", and refuses an osmcloud_ name
 * it does not know (a typo would otherwise leave the default silently):
 *     osmcloud_pathcache_capacity <N>   path records cached per port,
 *                                       1 to OC_ACM_CAPACITY_MAX
 */
#ifndef OC_ACM_OPTS_H
#define OC_ACM_OPTS_H

#include <stdio.h>

#include "base/error.h"

#define OC_ACM_CAPACITY_DEFAULT 4096
#define OC_ACM_CAPACITY_MAX (1U << 20) /* about 160 MB a port */

struct oc_acm_opts {
	unsigned capacity; /* entries of each port's cache */
};

void oc_acm_opts_defaults(struct oc_acm_opts *o);

/* Reads the options of the stream in (path names it in errors) over o;
 * -1 with err "FILE:LINE: problem" on the first bad osmcloud_ line, and
 * o unchanged. */
int oc_acm_opts_read(FILE *in, const char *path, struct oc_acm_opts *o,
		     struct oc_err *err);

/* The same from the file at path; a missing file leaves the defaults (as
 * ibacm does without its option file). */
int oc_acm_opts_load(const char *path, struct oc_acm_opts *o,
		     struct oc_err *err);

#endif
