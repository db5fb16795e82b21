/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * dest.h - which hypervisor (and maybe which VF) a request names: the
 * DEST of migrate and boot, the from= of stop.
 *
 * Accepted, in this order:
 *   1. "0x" and hex digits: the node GUID of a hypervisor's vSwitch, or
 *      the node or port GUID of its PF (the GUIDs ibstat shows on the
 *      hypervisor), or the port GUID of one of its VFs: then exactly that
 *      VF is the destination;
 *   2. a vSwitch's whole NodeDescription (blanks included, e.g. rdma-ndd's
 *      "%h %d": "hv5 mlx5_0"), or its name in OpenSM's node-name-map
 *      (node_name_map_name; OpenSM's print_desc);
 *   3. the host name alone: the NodeDescription's first word ("hv5"),
 *      when exactly one vSwitch has it.
 * A name that several vSwitches share is refused, naming them.
 */
#ifndef OC_OSM_DEST_H
#define OC_OSM_DEST_H

#include <stdint.h>

#include "base/error.h"

struct oc_exec;

#define OC_DEST_MAX 128 /* longest DEST, NUL included */

struct oc_dest {
	uint32_t hv;	  /* the hypervisor: its vSwitch's switch index */
	uint64_t vf_guid; /* an exact VF's port GUID; 0: any VF of hv */
};

/* Before anything: 1 to OC_DEST_MAX - 1 printable ASCII characters,
 * blanks inside allowed.  what names the argument in the error. */
int oc_dest_check(const char *dest, const char *what, struct oc_err *err);

/* Finds dest in the executor's model (under its locks). */
int oc_dest_resolve(struct oc_exec *x, const char *dest, struct oc_dest *d,
		    struct oc_err *err);

#endif
