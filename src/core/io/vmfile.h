/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vmfile.h - the VM file: which VFs hold a VM, and with which weight.
 *
 * Format, one VM per line ('#' starts a comment, blank lines are skipped):
 *     <VF port GUID> <VM name> [weight] [vguid=<GUID>]
 * e.g. "0x0002c90400001012 vm-17 0.5".  The GUID is hex with 0x; the name
 * follows oc_vm_name_check() (below: printable, no blank or '#'); the
 * weight is a number in OC_VM_WEIGHT_MIN..OC_VM_WEIGHT_MAX (default:
 * 1/number of VMs on the same vSwitch).  vguid= gives the VM a GUID of its
 * own, which follows it when it migrates (an alias GUID of the VF it runs
 * on); without it the VM's vGUID is the VF's port GUID.
 */
#ifndef OC_VMFILE_H
#define OC_VMFILE_H

#include <stdint.h>
#include <stdio.h>

#include "base/error.h"

#define OC_VM_NAME_MAX 64
/* The rule for VM names, everywhere: 1 to OC_VM_NAME_MAX - 1 printable
 * ASCII characters, no blank and no '#'.  -1 with err naming the first
 * bad character (never echoing it: no log or terminal injection). */
int oc_vm_name_check(const char *name, struct oc_err *err);
/* A VM weighs at most this many nodes: the router pads lighter leaves in
 * steps of one node's weight, so a huge weight would never finish. */
#define OC_VM_WEIGHT_MAX 1000
/* The least weight a VM file gives: a millionth of a node; the padding of
 * lighter leaves stops below 1e-9, and strtod reports subnormals such as
 * 1e-308 as underflow. */
#define OC_VM_WEIGHT_MIN 1e-6

struct oc_vm {
	uint64_t vf_guid;
	char name[OC_VM_NAME_MAX];
	double weight;	    /* 0 = default (1/num_vms of its vSwitch) */
	uint64_t vguid;	    /* 0 = the VF's port GUID */
	unsigned line;	    /* in the VM file; 0 = not from a file */
	uint32_t name_next; /* next VM whose name has the same hash, or
			     * OC_NONE */
};

struct oc_vm_table {
	struct oc_vm *vms;
	uint32_t count;
	uint32_t cap;
	struct oc_hash *by_guid; /* VF GUID -> index */
	/* hash of the name -> the last VM added with that hash; VMs whose
	 * names share a hash chain through name_next, and a look-up
	 * compares the names themselves */
	struct oc_hash *by_name;
	/* oc_hash_string(); a test may set another before the first add
	 * to make names collide */
	uint64_t (*name_hash)(const char *name);
};

struct oc_vm_table *oc_vm_table_new(void);
void oc_vm_table_free(struct oc_vm_table *t);
/* Adds one VM; fails on a duplicate GUID or name. */
int oc_vm_table_add(struct oc_vm_table *t, uint64_t vf_guid, const char *name,
		    double weight, struct oc_err *err);
const struct oc_vm *oc_vm_table_find(const struct oc_vm_table *t,
				     uint64_t vf_guid);
/* Parses a VM file; errors name the file and line.  The table is left
 * untouched on error. */
int oc_vm_table_load(struct oc_vm_table *t, const char *path,
		     struct oc_err *err);
/* One bad line of a VM file: "FILE:LINE: problem". */
typedef void oc_vm_line_fn(void *ctx, const char *msg);
/* The same, but each bad line (syntax, name, weight, a repeated GUID or
 * name) goes to bad_line and is skipped, and the other lines load: the
 * plugin routes the good VMs.  Fails only when the file cannot be read. */
int oc_vm_table_load_lenient(struct oc_vm_table *t, const char *path,
			     oc_vm_line_fn *bad_line, void *ctx,
			     struct oc_err *err);

#endif
