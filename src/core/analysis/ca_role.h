/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ca_role.h - which CAs may be compute nodes, from OpenSM's
 * cn_guid_file and io_guid_file (read by the caller into GUID arrays).
 *
 * The meaning is ftree's: with a CN list only the listed CAs are compute
 * nodes (they alone mark the leaves and are routed first, balanced);
 * a CA of the I/O list is never one, also when the CN list names it too
 * (I/O wins: it is the narrower statement).  Every other CA is still
 * routed, as an I/O node, so no list can leave a hole.  A GUID names a CA
 * by its node GUID or by the port GUID of one of its ports.  This
 * matters only on fabrics without vSwitches: with vSwitches the compute
 * entities are the VMs and PFs behind them, found by shape.
 */
#ifndef OC_CA_ROLE_H
#define OC_CA_ROLE_H

#include <stddef.h>
#include <stdint.h>

#include "model/fabric.h"

struct oc_ca_lists {
	const uint64_t *cn; /* NULL: every CA may compute */
	size_t num_cn;
	const uint64_t *io; /* NULL: no CA is kept out */
	size_t num_io;
};

/* Whether the lists say anything. */
int oc_ca_lists_given(const struct oc_ca_lists *l);

/* [node]: 1 for a CA the lists keep from being a compute node, 0
 * otherwise (switches: 0); calloc'd, free it.  NULL when no list is
 * given or out of memory (err set then). */
uint8_t *oc_ca_noncompute(const struct oc_fabric *f,
			  const struct oc_ca_lists *l, struct oc_err *err);

#endif
