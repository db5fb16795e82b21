/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ftree_optional.c - the fat-tree analysis where no fat-tree is no
 * error (see ftree_optional.h).
 */
#include <errno.h>

#include "analysis/ftree_optional.h"

/* A failed allocation leaves errno at ENOMEM (C library convention);
 * the rules of the analysis set no errno. */
int oc_ftree_analyze_optional(const struct oc_fabric *f, struct oc_ftree **ft,
			      struct oc_err *err)
{
	errno = 0;
	*ft = oc_ftree_analyze(f, NULL, err);
	return !*ft && errno == ENOMEM ? -1 : 0;
}
