/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * weights_file.h - the node weights file of pftree_wt (paper section 7).
 *
 * Format, one port per line ('#' starts a comment, blank lines are
 * skipped):
 *     <CA port GUID> <weight>
 * e.g. "0x0002c90400000011 100".  The GUID is hex with 0x; the weight a
 * number in OC_WEIGHT_MIN..OC_WEIGHT_MAX (ports not listed weigh 1); a
 * GUID may appear only once.
 */
#ifndef OC_WEIGHTS_FILE_H
#define OC_WEIGHTS_FILE_H

#include <stdio.h>

#include "model/partition.h"

/* A weight is a millionth to a million unlisted ports: a link's load, the
 * sum of at most 49151 weights (one per unicast LID), stays finite where
 * 1e308 would overflow to inf and tie every port, and no weight is one of
 * the subnormals (1e-308) strtod reports as underflow. */
#define OC_WEIGHT_MIN 1e-6
#define OC_WEIGHT_MAX 1e6

/* Reads a weights file into a new table; NULL with err "FILE:LINE:
 * problem" on the first bad line (nothing is returned half-read). */
struct oc_weights *oc_weights_load(const char *path, struct oc_err *err);

/* The same from an open stream; path names it in errors. */
struct oc_weights *oc_weights_read(FILE *in, const char *path,
				   struct oc_err *err);

/* Writes w in the format above (a comment line first), ports in the order
 * they were set; weights keep 9 significant digits. */
int oc_weights_write(const struct oc_weights *w, FILE *out, struct oc_err *err);

#endif
