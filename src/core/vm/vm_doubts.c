/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vm_doubts.c - the registry's VMs the fabric contradicts (vm_doubts.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "vm/lid_model.h"
#include "vm/vm_doubts.h"

static int add(struct oc_vm_doubts *d, uint32_t vm, struct oc_err *err)
{
	struct oc_vm_doubt *grown;

	if (d->count == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 8;
		grown = realloc(d->v, d->cap * sizeof(*d->v));
		if (!grown)
			return oc_err_set(err, "out of memory");
		d->v = grown;
	}
	d->v[d->count].vm = vm;
	d->v[d->count].why[0] = '\0';
	d->count++;
	return 0;
}

/* Why the VM's LID cannot be its own in f; NULL when it can. */
static const char *lid_doubt(const struct oc_vm_rec *vm,
			     const struct oc_fabric *f,
			     const struct oc_ftree *ft, unsigned sm_lid,
			     char *buf, size_t size)
{
	const struct oc_lid_owner *o;
	const struct oc_port *p;

	if (sm_lid && vm->lid == sm_lid) {
		snprintf(buf, size, "its LID %u is the SM's", vm->lid);
		return buf;
	}
	if (vm->lid > f->max_lid || f->lid_owner[vm->lid].node == OC_NONE)
		return NULL;
	o = &f->lid_owner[vm->lid];
	p = oc_port(f, o->node, o->port);
	if (f->nodes[o->node].type == OC_NODE_SWITCH) {
		snprintf(buf, size, "its LID %u is switch \"%s\"'s", vm->lid,
			 f->nodes[o->node].name);
		return buf;
	}
	if (p->guid == vm->vf_guid || !oc_lid_model_not_a_vf(f, ft, p->guid))
		return NULL; /* its own, or another VF's (drift) */
	snprintf(buf, size,
		 "its LID %u is the LID of port 0x%016" PRIx64
		 " of \"%s\", which is no VF",
		 vm->lid, p->guid, f->nodes[o->node].name);
	return buf;
}

/* Why the VM's record cannot be trusted in f; NULL when it can. */
static const char *doubt_of(const struct oc_vm_rec *vm,
			    const struct oc_fabric *f,
			    const struct oc_ftree *ft, unsigned sm_lid,
			    char *buf, size_t size)
{
	const char *why;
	unsigned port;

	if (oc_fabric_find_port_guid(f, vm->vf_guid, &port) != OC_NONE &&
	    (why = oc_lid_model_not_a_vf(f, ft, vm->vf_guid))) {
		snprintf(buf, size, "its VF 0x%016" PRIx64 " is no VF: %s",
			 vm->vf_guid, why);
		return buf;
	}
	return lid_doubt(vm, f, ft, sm_lid, buf, size);
}

int oc_vm_doubts_find(const struct oc_vmreg *reg, const struct oc_fabric *f,
		      const struct oc_ftree *ft, unsigned sm_lid,
		      struct oc_vm_doubts *out, struct oc_err *err)
{
	char why[sizeof(out->v[0].why)];
	uint32_t i;

	out->count = 0;
	for (i = 0; i < reg->count; i++) {
		if (!doubt_of(&reg->vms[i], f, ft, sm_lid, why, sizeof(why)))
			continue;
		if (add(out, i, err))
			return -1;
		snprintf(out->v[out->count - 1].why, sizeof(why), "%s", why);
	}
	return 0;
}

void oc_vm_doubts_free(struct oc_vm_doubts *d)
{
	free(d->v);
	d->v = NULL;
	d->count = d->cap = 0;
}
