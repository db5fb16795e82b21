/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fabric_args.c - loading the fabric of "osmcloud route" and "check".
 */
#include <stdio.h>
#include <string.h>

#include "fabric_args.h"
#include "analysis/ftree_optional.h"
#include "io/guidfile.h"
#include "io/subnet_lst.h"
#include "vm/lid_model.h"
#include "io/topo.h"

int fabric_args_lid_model(struct fabric_args *a, const char *cmd,
			  const char *value)
{
	if (!strcmp(value, "dynamic")) {
		a->dynamic = 1;
		return 0;
	}
	if (!strcmp(value, "prepopulated")) {
		a->dynamic = 0;
		return 0;
	}
	fprintf(stderr,
		"osmcloud %s: --lid-model must be prepopulated or dynamic\n",
		cmd);
	return 2;
}

const char *fabric_args_topo(const struct fabric_args *a)
{
	return a->topo ? a->topo : a->subnet_lst;
}

int fabric_args_check(const struct fabric_args *a, const char *cmd)
{
	if (a->topo && a->subnet_lst) {
		fprintf(stderr,
			"osmcloud %s: --topo and --subnet-lst both give the "
			"fabric: give one\n",
			cmd);
		return 2;
	}
	if (a->dynamic && !a->vms) {
		fprintf(stderr,
			"osmcloud %s: --lid-model dynamic needs --vms (which "
			"VFs are up)\n",
			cmd);
		return 2;
	}
	return 0;
}

/* The VMs sit on VF ports; unchecked when the fabric is no fat-tree
 * without roots (routing names its rule). */
static int check_vms(const struct oc_fabric *f, const struct oc_vm_table *vms,
		     const char *path, struct oc_err *err)
{
	struct oc_ftree *ft;
	int ret;

	if (oc_ftree_analyze_optional(f, &ft, err))
		return -1;
	if (!ft)
		return 0;
	ret = oc_lid_model_check_vms(f, ft, vms, path, err);
	oc_ftree_free(ft);
	return ret;
}

struct oc_fabric *fabric_args_load(const struct fabric_args *a, const char *cmd,
				   struct oc_vm_table **vms)
{
	struct oc_err err = {.msg = "out of memory"};
	struct oc_fabric *f;

	*vms = NULL;
	f = a->subnet_lst ? oc_subnet_lst_load(a->subnet_lst, &err)
			  : oc_topo_load(a->topo, &err);
	if (!f)
		goto fail;
	if (a->vms && (!(*vms = oc_vm_table_new()) ||
		       oc_vm_table_load(*vms, a->vms, &err) ||
		       check_vms(f, *vms, a->vms, &err)))
		goto fail;
	if (a->dynamic && oc_lid_model_dynamic(f, *vms, &err))
		goto fail;
	if (a->guid2lid && oc_guid2lid_apply(f, a->guid2lid, &err))
		goto fail;
	if (oc_fabric_assign_lids(f, &err))
		goto fail;
	return f;
fail:
	fprintf(stderr, "osmcloud %s: %s\n", cmd, err.msg);
	oc_fabric_free(f);
	oc_vm_table_free(*vms);
	*vms = NULL;
	return NULL;
}
