/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fabric_args.h - the fabric options shared by "osmcloud route" and
 * "osmcloud check": a topology file, its LIDs and the VM file.
 *
 * The topology is an ibsim file or ibnetdiscover's output (--topo, the
 * same reader: ibsim loads both), or OpenSM's opensm-subnet.lst
 * (--subnet-lst).  LIDs a live fabric's file gives (ibnetdiscover's
 * "lid N" comments, the subnet list's LID: fields) are the ports' LIDs.
 *
 * Both commands build the fabric the same way: parse the topology, load
 * the VM file, mark idle VFs down under the dynamic LID model, apply
 * OpenSM's guid2lid cache, then give the remaining ports LIDs in file
 * order.  So "check" sees exactly the LIDs "route" routed.
 */
#ifndef OC_FABRIC_ARGS_H
#define OC_FABRIC_ARGS_H

#include "model/fabric.h"
#include "io/vmfile.h"

struct fabric_args {
	const char *topo;
	const char *subnet_lst; /* instead of topo */
	const char *vms;
	const char *guid2lid;
	int dynamic; /* only VFs holding a VM get a LID */
};

/* "--lid-model VALUE"; prints an error naming cmd and returns 2 on a bad
 * value. */
int fabric_args_lid_model(struct fabric_args *a, const char *cmd,
			  const char *value);

/* The topology file given (--topo or --subnet-lst), NULL without one. */
const char *fabric_args_topo(const struct fabric_args *a);

/* Checks that the options fit together (one topology at most); prints
 * and returns 2 if not. */
int fabric_args_check(const struct fabric_args *a, const char *cmd);

/* Fabric with LIDs, and the VM table (NULL without --vms); NULL after
 * printing "osmcloud CMD: error" on failure. */
struct oc_fabric *fabric_args_load(const struct fabric_args *a, const char *cmd,
				   struct oc_vm_table **vms);

#endif
