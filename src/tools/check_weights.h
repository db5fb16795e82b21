/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * check_weights.h - the weighted link load of "osmcloud check": every
 * CA-to-CA route counted with its source's weight times its
 * destination's, each the weight
 * vswitch_ftree routes that LID with (route/vswitch_ftree.h: a VM's from
 * the VM file, else 1/N of its hypervisor's N VMs; an idle VF 0; every
 * other CA 1), replaced by the node weights file's (pftree_wt) for the
 * ports it lists.
 */
#ifndef OC_CHECK_WEIGHTS_H
#define OC_CHECK_WEIGHTS_H

#include "model/fabric.h"
#include "model/lft.h"
#include "verify/verify.h"

/* Verifies the link loads of t again, weighted, into *r (free with
 * oc_verify_report_free()); vms and weights name the files (NULL: none).
 * Prints the error and returns 2 when a file cannot be read or memory
 * is short. */
int check_weighted_load(const struct oc_fabric *f, const struct oc_lfts *t,
			const char *vms, const char *weights,
			struct oc_verify_report *r);

#endif
