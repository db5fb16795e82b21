/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * reconcile.c - the VM registry against the fabric (see reconcile.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "vm/reconcile.h"

/* Look-ups over the ports seen: by GUID, by LID, by alias GUID. */
struct seen_index {
	struct oc_hash *by_guid, *by_lid, *by_alias;
};

static void index_free(struct seen_index *ix)
{
	oc_hash_free(ix->by_guid);
	oc_hash_free(ix->by_lid);
	oc_hash_free(ix->by_alias);
}

static int index_build(struct seen_index *ix, const struct oc_port_seen *seen,
		       uint32_t n)
{
	uint32_t i;

	ix->by_guid = oc_hash_new();
	ix->by_lid = oc_hash_new();
	ix->by_alias = oc_hash_new();
	if (!ix->by_guid || !ix->by_lid || !ix->by_alias)
		return -1;
	for (i = 0; i < n; i++) {
		if (oc_hash_set64(ix->by_guid, seen[i].guid, i) ||
		    (seen[i].lid &&
		     oc_hash_set64(ix->by_lid, seen[i].lid, i)) ||
		    (seen[i].alias && seen[i].is_vf &&
		     oc_hash_set64(ix->by_alias, seen[i].alias, i)))
			return -1;
	}
	return 0;
}

static int fix_add(struct oc_fixes *fx, const struct oc_fix *fix)
{
	if (fx->count == fx->cap) {
		uint32_t cap = fx->cap ? 2 * fx->cap : 16;
		struct oc_fix *v = realloc(fx->v, cap * sizeof(*v));

		if (!v)
			return -1;
		fx->v = v;
		fx->cap = cap;
	}
	fx->v[fx->count++] = *fix;
	return 0;
}

void oc_fixes_free(struct oc_fixes *fx)
{
	free(fx->v);
	fx->v = NULL;
	fx->count = fx->cap = fx->moved = 0;
}

/* Where the fabric puts vm: fills fix (kind, new place) and returns 1
 * when the record must change or be reported, 0 when it is right.
 * *evidence: placed by rule 1 or 2 (or its LID is on its own VF). */
static int place(const struct oc_vmreg *reg, const struct oc_vm_rec *vm,
		 const struct oc_port_seen *seen, const struct seen_index *ix,
		 struct oc_fix *fix, int *evidence)
{
	uint32_t at = oc_hash_get64(ix->by_alias, vm->vguid);
	uint32_t own = oc_hash_get64(ix->by_guid, vm->vf_guid);

	fix->new_vf = vm->vf_guid;
	fix->new_lid = vm->lid;
	*evidence = 1;
	if (at != OC_NONE && vm->vguid != vm->vf_guid) {
		fix->new_vf = seen[at].guid;
		if (seen[at].lid)
			fix->new_lid = seen[at].lid;
		fix->kind = OC_FIX_MOVED_BY_VGUID;
		return fix->new_vf != vm->vf_guid || fix->new_lid != vm->lid;
	}
	at = oc_hash_get64(ix->by_lid, vm->lid);
	if (at != OC_NONE) {
		if (seen[at].guid == vm->vf_guid)
			return 0;
		if (seen[at].is_vf) {
			fix->new_vf = seen[at].guid;
			fix->kind = OC_FIX_MOVED_BY_LID;
			return 1;
		}
		fix->holder = seen[at].guid;
		fix->kind = OC_FIX_LID_ELSEWHERE;
		*evidence = 0;
		return 1;
	}
	*evidence = 0;
	if (own == OC_NONE) {
		fix->kind = OC_FIX_ABSENT;
		return 1;
	}
	if (seen[own].lid && !oc_vmreg_by_lid(reg, seen[own].lid)) {
		fix->new_lid = seen[own].lid;
		fix->kind = OC_FIX_LID_FROM_VF;
		return 1;
	}
	return 0;
}

/* Adds the VM at its new place to out; a clash (its VF runs a VM placed
 * by evidence) drops it. */
static int add_placed(struct oc_vmreg *out, const struct oc_vm_rec *vm,
		      struct oc_fix *fix, int changed, struct oc_fixes *fx)
{
	struct oc_vm_rec rec = *vm;
	struct oc_vm_rec *other;
	struct oc_err why;

	rec.vf_guid = fix->new_vf;
	rec.lid = fix->new_lid;
	if (!oc_vmreg_add(out, &rec, &why)) {
		if (changed && (fix->kind == OC_FIX_MOVED_BY_VGUID ||
				fix->kind == OC_FIX_MOVED_BY_LID ||
				fix->kind == OC_FIX_LID_FROM_VF))
			fx->moved++;
		return changed ? fix_add(fx, fix) : 0;
	}
	other = oc_vmreg_by_vf(out, rec.vf_guid);
	if (!other)
		other = oc_vmreg_by_lid(out, rec.lid);
	if (!other)
		return -1; /* out of memory */
	fix->kind = OC_FIX_DROPPED;
	fix->holder = other->vf_guid;
	fix->new_vf = other->vf_guid;
	fx->moved++;
	return fix_add(fx, fix);
}

static int cmp_fix(const void *a, const void *b)
{
	const struct oc_fix *x = a, *y = b;

	return (x->vm > y->vm) - (x->vm < y->vm);
}

/* The free VFs that no VM of out uses stay free. */
static int copy_free(const struct oc_vmreg *reg, struct oc_vmreg *out)
{
	uint32_t i;

	for (i = 0; i < reg->num_free; i++)
		if (!oc_vmreg_by_vf(out, reg->free_vfs[i]) &&
		    oc_vmreg_mark_free(out, reg->free_vfs[i]))
			return -1;
	return 0;
}

/* Two passes: the VMs placed by evidence, then the others. */
static int rebuild(const struct oc_vmreg *reg, const struct oc_port_seen *seen,
		   const struct seen_index *ix, struct oc_vmreg *out,
		   struct oc_fixes *fx)
{
	int pass, evidence, changed;
	struct oc_fix fix;
	uint32_t i;

	for (pass = 1; pass >= 0; pass--)
		for (i = 0; i < reg->count; i++) {
			const struct oc_vm_rec *vm = &reg->vms[i];

			memset(&fix, 0, sizeof(fix));
			fix.vm = i;
			fix.old_vf = vm->vf_guid;
			fix.old_lid = vm->lid;
			changed = place(reg, vm, seen, ix, &fix, &evidence);
			if (evidence != pass)
				continue;
			if (add_placed(out, vm, &fix, changed, fx))
				return -1;
		}
	if (fx->count) /* qsort's base may not be NULL, even for 0 */
		qsort(fx->v, fx->count, sizeof(*fx->v), cmp_fix);
	return copy_free(reg, out);
}

int oc_reconcile(const struct oc_vmreg *reg, const struct oc_port_seen *seen,
		 uint32_t n, struct oc_vmreg **out, struct oc_fixes *fx,
		 struct oc_err *err)
{
	struct seen_index ix = {0};
	struct oc_vmreg *r = oc_vmreg_new();
	int bad;

	memset(fx, 0, sizeof(*fx));
	bad = !r || index_build(&ix, seen, n) || rebuild(reg, seen, &ix, r, fx);
	index_free(&ix);
	if (bad) {
		oc_vmreg_free(r);
		oc_fixes_free(fx);
		return oc_err_set(err, "out of memory reconciling the "
				       "registry with the fabric");
	}
	*out = r;
	return 0;
}

int oc_fix_is_error(const struct oc_fix *fix)
{
	return fix->kind == OC_FIX_LID_ELSEWHERE || fix->kind == OC_FIX_DROPPED;
}

void oc_fix_describe(const struct oc_vmreg *reg, const struct oc_fix *fix,
		     char *buf, size_t len)
{
	const struct oc_vm_rec *vm = &reg->vms[fix->vm];

	switch (fix->kind) {
	case OC_FIX_MOVED_BY_VGUID:
		snprintf(buf, len,
			 "VM \"%s\": the registry had it on VF 0x%016" PRIx64
			 " with LID %u; its vGUID 0x%016" PRIx64
			 " is on VF 0x%016" PRIx64 " (LID %u): moved there",
			 vm->name, fix->old_vf, fix->old_lid, vm->vguid,
			 fix->new_vf, fix->new_lid);
		break;
	case OC_FIX_MOVED_BY_LID:
		snprintf(buf, len,
			 "VM \"%s\": the registry had it on VF 0x%016" PRIx64
			 "; its LID %u is on VF 0x%016" PRIx64 ": moved there",
			 vm->name, fix->old_vf, fix->old_lid, fix->new_vf);
		break;
	case OC_FIX_LID_FROM_VF:
		snprintf(buf, len,
			 "VM \"%s\": the registry gave it LID %u, which no "
			 "port holds; its VF 0x%016" PRIx64
			 " has LID %u: the VM's LID is now %u",
			 vm->name, fix->old_lid, fix->old_vf, fix->new_lid,
			 fix->new_lid);
		break;
	case OC_FIX_LID_ELSEWHERE:
		snprintf(
			buf, len,
			"VM \"%s\": its LID %u is held by port 0x%016" PRIx64
			", which is no VF; the record is kept (VF 0x%016" PRIx64
			")",
			vm->name, fix->old_lid, fix->holder, fix->old_vf);
		break;
	case OC_FIX_ABSENT:
		snprintf(buf, len,
			 "VM \"%s\": its VF 0x%016" PRIx64
			 " is not in the subnet and its LID %u is on no "
			 "port: kept, LID reserved (a detached VF)",
			 vm->name, fix->old_vf, fix->old_lid);
		break;
	default:
		snprintf(buf, len,
			 "VM \"%s\" (vGUID 0x%016" PRIx64 ", VF 0x%016" PRIx64
			 ", LID %u) has no place in the fabric: its LID is on "
			 "no port and its VF runs another VM now; dropped "
			 "from the registry (boot it again)",
			 vm->name, vm->vguid, fix->old_vf, fix->old_lid);
	}
}
