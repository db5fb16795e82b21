/*
 * weights_file.h - the node weights file of pftree_wt (paper section 7).
 *
 * Format, one port per line ('#' starts a comment, blank lines are
 * skipped):
 *     <CA port GUID> <weight>
 * e.g. "0x0002c90400000011 100".  The GUID is hex with 0x; the weight a
 * number > 0 (ports not listed weigh 1); a GUID may appear only once.
 */
#ifndef OC_WEIGHTS_FILE_H
#define OC_WEIGHTS_FILE_H

#include <stdio.h>

#include "partition.h"

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
