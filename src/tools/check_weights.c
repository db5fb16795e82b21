/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * check_weights.c - the weighted link load of "osmcloud check"
 * (check_weights.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "check_weights.h"
#include "io/vmfile.h"
#include "io/weights_file.h"
#include "route/vswitch_ftree.h"

/* The node weights file's weights of the CA LIDs it lists. */
static void node_weights(const struct oc_fabric *f, const struct oc_weights *w,
			 double *weight)
{
	uint32_t lid;

	for (lid = 1; f->lid_owner && lid <= f->max_lid; lid++) {
		const struct oc_lid_owner *o = &f->lid_owner[lid];
		uint64_t guid;

		if (o->node == OC_NONE || oc_is_switch(f, o->node))
			continue;
		guid = oc_port(f, o->node, o->port)->guid;
		if (oc_weights_has(w, guid))
			weight[lid] = oc_weights_get(w, guid);
	}
}

static int lid_weights(const struct oc_fabric *f, const char *vms_path,
		       const char *weights_path, double *weight,
		       struct oc_err *err)
{
	struct oc_vm_table *vms = NULL;
	struct oc_weights *w = NULL;
	int ret = -1;

	if (vms_path && (!(vms = oc_vm_table_new()) ||
			 oc_vm_table_load(vms, vms_path, err)))
		goto out;
	if (weights_path && !(w = oc_weights_load(weights_path, err)))
		goto out;
	if (oc_vswitch_ftree_lid_weights(f, vms, weight, err))
		goto out;
	if (w)
		node_weights(f, w, weight);
	ret = 0;
out:
	if (!vms && vms_path && ret)
		oc_err_set(err, "out of memory");
	oc_vm_table_free(vms);
	oc_weights_free(w);
	return ret;
}

int check_weighted_load(const struct oc_fabric *f, const struct oc_lfts *t,
			const char *vms, const char *weights,
			struct oc_verify_report *r)
{
	double *weight = malloc(sizeof(*weight) * (f->max_lid + 1u));
	struct oc_err err;
	int ret;

	if (!weight) {
		fprintf(stderr, "osmcloud check: out of memory\n");
		return 2;
	}
	ret = lid_weights(f, vms, weights, weight, &err) ||
	      oc_verify_weighted(f, t, weight, r, &err);
	free(weight);
	if (ret)
		fprintf(stderr, "osmcloud check: weighted link load: %s\n",
			err.msg);
	return ret ? 2 : 0;
}
