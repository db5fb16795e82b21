/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lid_model.h - the two LID models of the vSwitch architecture.
 *
 * Prepopulated: every VF port is up and has a LID, VM or not.
 * Dynamic: only VFs that hold a VM are up; an idle VF has no LID.
 */
#ifndef OC_LID_MODEL_H
#define OC_LID_MODEL_H

#include "model/fabric.h"
#include "analysis/ftree.h"
#include "io/vmfile.h"

/* Marks every VF port that holds no VM in vms as down (inactive), so it
 * gets no LID and no route.  Fails when the fabric is not a fat-tree. */
int oc_lid_model_dynamic(struct oc_fabric *f, const struct oc_vm_table *vms,
			 struct oc_err *err);

/* Every VM of vms (read from the file path) must hold a VF port of the
 * fabric: a CA port behind a vSwitch, not its PF.  The GUID of a PF, of a
 * switch or of no port at all would be ignored by routing without a
 * word, so it is an error "path:line: VM \"name\": ...". */
/* Why the port GUID is not a VF port of the fabric; NULL when it is one.
 * ft NULL: only that it is a CA port linked to a switch. */
const char *oc_lid_model_not_a_vf(const struct oc_fabric *f,
				  const struct oc_ftree *ft, uint64_t guid);

int oc_lid_model_check_vms(const struct oc_fabric *f, const struct oc_ftree *ft,
			   const struct oc_vm_table *vms, const char *path,
			   struct oc_err *err);

#endif
