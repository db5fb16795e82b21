/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * policy_file.h - the isolation policy file of pftree_ext (paper Table 1).
 *
 * Format, one statement per line ('#' starts a comment, blank lines are
 * skipped):
 *     mode strict|best-effort                  (at most once; default strict)
 *     <P_Key|partition name> phy-isolation|vlane-isolation|def-isolation
 * The P_Key is hex with 0x (the membership bit is ignored; 0x7fff, the
 * default partition, is not a tenant and is refused); any other word is
 * a partition name as partitions.conf spells it.  Partitions without a
 * line get def-isolation.
 */
#ifndef OC_POLICY_FILE_H
#define OC_POLICY_FILE_H

#include <stdint.h>
#include <stdio.h>

#include "model/partition.h"

/* Reads a policy file into a new table; NULL with err "FILE:LINE: problem"
 * on the first bad line (nothing is returned half-read). */
struct oc_policies *oc_policy_file_load(const char *path, struct oc_err *err);

/* The same from an open stream; path names it in errors. */
struct oc_policies *oc_policy_file_read(FILE *in, const char *path,
					struct oc_err *err);

/* Parses a P_Key "0x..." (membership bit cleared); -1 when it is not one,
 * 1 when it is the default partition or 0. */
int oc_parse_pkey(const char *s, uint16_t *pkey);

#endif
