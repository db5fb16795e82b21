/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ftree_optional.h - the fat-tree analysis for callers that take a
 * fabric that is no fat-tree as well (the checker's up/down link loads,
 * the VF check of a VM file).
 */
#ifndef OC_FTREE_OPTIONAL_H
#define OC_FTREE_OPTIONAL_H

#include "analysis/ftree.h"

/* Sets *ft to the analysis (without given roots), or to NULL when the
 * fabric is no fat-tree, and returns 0.  A failure for want of memory
 * says nothing about the fabric: -1, err says why. */
int oc_ftree_analyze_optional(const struct oc_fabric *f, struct oc_ftree **ft,
			      struct oc_err *err);

#endif
