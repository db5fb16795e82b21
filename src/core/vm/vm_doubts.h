/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vm_doubts.h - the registry's VMs the fabric contradicts.
 *
 * A state file may be edited, copied from another subnet or damaged in
 * a way its syntax does not show: a VM recorded on a PF or a plain CA
 * port, or with a LID that the fabric gives a switch or the SM.  Such a
 * record is not trusted: where the registry first meets the fabric (a
 * routing run) each such VM is named with the reason, and the plugin
 * holds it: kept in the registry, its operations refused until the file
 * is mended.  A VF that is absent is no doubt (its hypervisor may be
 * down: src/osm/vmops/vf_absent.h), nor a LID another VF holds (the LID
 * manager's drift, reported apart).
 */
#ifndef OC_VM_DOUBTS_H
#define OC_VM_DOUBTS_H

#include <stdint.h>

#include "analysis/ftree.h"
#include "model/fabric.h"
#include "vm/vmreg.h"

struct oc_vm_doubt {
	uint32_t vm;   /* index in reg->vms */
	char why[200]; /* "its VF 0x... is ...", "its LID 1 is ..." */
};

struct oc_vm_doubts {
	struct oc_vm_doubt *v;
	uint32_t count, cap;
};

/* The VMs of reg that f contradicts (ft: f's fat-tree analysis, NULL to
 * only check that a VF is a CA port behind a switch; sm_lid: the SM's
 * LID, 0 when unknown) into out (empty first): a VF that is a port of f
 * but no VF, a LID that is the SM's, a switch's or a port's that is no
 * VF.  0, or -1 when out of memory (err set). */
int oc_vm_doubts_find(const struct oc_vmreg *reg, const struct oc_fabric *f,
		      const struct oc_ftree *ft, unsigned sm_lid,
		      struct oc_vm_doubts *out, struct oc_err *err);
void oc_vm_doubts_free(struct oc_vm_doubts *d);

#endif
