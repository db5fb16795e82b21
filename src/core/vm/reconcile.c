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

/* Look-ups over the ports seen: by GUID, by alias GUID, by LID (the
 * first port with a LID, the others chained through lid_next). */
struct seen_index {
	const struct oc_port_seen *seen;
	struct oc_hash *by_guid, *by_lid, *by_alias;
	uint32_t *lid_next;
};

static void index_free(struct seen_index *ix)
{
	oc_hash_free(ix->by_guid);
	oc_hash_free(ix->by_lid);
	oc_hash_free(ix->by_alias);
	free(ix->lid_next);
}

static int index_lid(struct seen_index *ix, uint32_t i)
{
	uint32_t first = oc_hash_get64(ix->by_lid, ix->seen[i].lid);

	ix->lid_next[i] = first; /* OC_NONE when i is the first */
	return oc_hash_set64(ix->by_lid, ix->seen[i].lid, i);
}

/* A vGUID the port's GUIDInfo index 1 carries: not 0, not its own. */
static int is_vguid_on(const struct oc_port_seen *s, uint64_t guid)
{
	return guid && guid != s->guid;
}

/* Index 1 of the port's own GUIDInfo as vGUID evidence (0: none). */
static uint64_t read_vguid(const struct oc_port_seen *s)
{
	return s->gi_read && is_vguid_on(s, s->gi_index1) ? s->gi_index1 : 0;
}

/* Rule 0's test: s, the port the registry records vm on, is a VF and
 * holds vm's LID. */
static int holds_own_lid(const struct oc_vm_rec *vm,
			 const struct oc_port_seen *s)
{
	return s->is_vf && s->lid == vm->lid;
}

/* A VF whose vGUIDs rule 1 may follow: not one that rule 0 gives to the
 * VM the registry records on it (another VM's vGUID there is stale
 * GUIDInfo, e.g. a VF re-attached after that VM left it). */
static int vguid_evidence_on(const struct oc_vmreg *reg,
			     const struct oc_port_seen *s)
{
	const struct oc_vm_rec *vm = oc_vmreg_by_vf(reg, s->guid);

	return s->is_vf && !(vm && holds_own_lid(vm, s));
}

/* The vGUIDs rule 1 looks up: OpenSM's alias GUIDs of the VFs, then the
 * ports' own GUIDInfo for the vGUIDs that table lacks. */
static int index_vguids(struct seen_index *ix, const struct oc_vmreg *reg,
			uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (ix->seen[i].alias && vguid_evidence_on(reg, &ix->seen[i]) &&
		    oc_hash_set64(ix->by_alias, ix->seen[i].alias, i))
			return -1;
	for (i = 0; i < n; i++) {
		uint64_t g = vguid_evidence_on(reg, &ix->seen[i])
				     ? read_vguid(&ix->seen[i])
				     : 0;

		if (g && oc_hash_get64(ix->by_alias, g) == OC_NONE &&
		    oc_hash_set64(ix->by_alias, g, i))
			return -1;
	}
	return 0;
}

static int index_build(struct seen_index *ix, const struct oc_vmreg *reg,
		       const struct oc_port_seen *seen, uint32_t n)
{
	uint32_t i;

	ix->seen = seen;
	ix->by_guid = oc_hash_new();
	ix->by_lid = oc_hash_new();
	ix->by_alias = oc_hash_new();
	ix->lid_next = calloc(n + 1, sizeof(*ix->lid_next));
	if (!ix->by_guid || !ix->by_lid || !ix->by_alias || !ix->lid_next)
		return -1;
	for (i = 0; i < n; i++)
		if (oc_hash_set64(ix->by_guid, seen[i].guid, i) ||
		    (seen[i].lid && index_lid(ix, i)))
			return -1;
	return index_vguids(ix, reg, n);
}

/* The ports holding lid: how many, and the first two other than skip
 * (OC_NONE: none). */
static unsigned holders(const struct seen_index *ix, uint16_t lid,
			uint32_t skip, uint32_t h[2])
{
	uint32_t i = oc_hash_get64(ix->by_lid, lid);
	unsigned n = 0, k = 0;

	h[0] = h[1] = OC_NONE;
	for (; lid && i != OC_NONE; i = ix->lid_next[i], n++)
		if (i != skip && k < 2)
			h[k++] = i;
	if (k == 2 && h[1] < h[0]) { /* in the order seen */
		h[0] ^= h[1];
		h[1] ^= h[0];
		h[0] ^= h[1];
	}
	return n;
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
	fx->count = fx->cap = fx->moved = fx->held = 0;
}

static int hold(struct oc_fix *fix, enum oc_hold why, int *evidence)
{
	fix->kind = OC_FIX_HELD;
	fix->hold = why;
	*evidence = 0;
	return 1;
}

static uint64_t guid_of(const struct seen_index *ix, uint32_t i)
{
	return i == OC_NONE ? 0 : ix->seen[i].guid;
}

/* Rule 1: the VM's vGUID on VF at (its recorded VF does not hold its
 * LID; at is no VF that rule 0 gives to another VM, see index_vguids);
 * its LID L stays its own. */
static int place_by_vguid(const struct oc_vm_rec *vm,
			  const struct seen_index *ix, uint32_t at,
			  struct oc_fix *fix, int *evidence)
{
	uint32_t h[2];

	fix->new_vf = ix->seen[at].guid;
	fix->vf_lid = ix->seen[at].lid;
	holders(ix, vm->lid, at, h);
	fix->holder = guid_of(ix, h[0]);
	if ((h[0] != OC_NONE && !ix->seen[h[0]].is_vf) ||
	    (h[1] != OC_NONE && !ix->seen[h[1]].is_vf))
		return hold(fix, OC_HOLD_NOT_A_VF, evidence);
	fix->kind = fix->new_vf != vm->vf_guid ? OC_FIX_MOVED_BY_VGUID
					       : OC_FIX_LID_KEPT;
	return fix->new_vf != vm->vf_guid || fix->vf_lid != vm->lid ||
	       fix->holder;
}

/* Rule 0: the recorded VF holds the VM's LID; other holders lose it. */
static int place_on_own(const struct oc_vm_rec *vm, const struct seen_index *ix,
			uint32_t own, struct oc_fix *fix)
{
	uint32_t h[2];

	holders(ix, vm->lid, own, h);
	if (h[0] == OC_NONE)
		return 0;
	fix->holder = guid_of(ix, h[0]);
	fix->vf_lid = vm->lid;
	fix->kind = OC_FIX_LID_TWICE;
	return 1;
}

/* Rules 2 and 3: the VM's LID is on n ports, none its recorded VF. */
static int place_by_lid(const struct oc_vm_rec *vm, const struct seen_index *ix,
			unsigned n, struct oc_fix *fix, int *evidence)
{
	uint32_t h[2];

	holders(ix, vm->lid, OC_NONE, h);
	if (n == 1 && !ix->seen[h[0]].is_vf) {
		fix->holder = ix->seen[h[0]].guid;
		return hold(fix, OC_HOLD_NOT_A_VF, evidence);
	}
	if (n == 1) {
		fix->new_vf = ix->seen[h[0]].guid;
		fix->kind = OC_FIX_MOVED_BY_LID;
		return 1;
	}
	fix->holder = guid_of(ix, h[0]);
	fix->holder2 = guid_of(ix, h[1]);
	return hold(fix, OC_HOLD_TWO_PORTS, evidence);
}

/* A vGUID other than vm's that VF vf carries (OpenSM's alias first, then
 * the port's own GUIDInfo), 0 when none; *read: from the port. */
static uint64_t other_vguid(const struct oc_vm_rec *vm,
			    const struct oc_port_seen *vf, int *read)
{
	uint64_t g = read_vguid(vf);

	*read = 0;
	if (is_vguid_on(vf, vf->alias) && vf->alias != vm->vguid)
		return vf->alias;
	*read = g != 0;
	return g != vm->vguid ? g : 0;
}

/* Rule 0's exception: the VF holding the VM's LID carries a vGUID no VM
 * of the registry has (a VM booted after the registry was written, with
 * the LID this one left).  A known VM's vGUID there is stale GUIDInfo (a
 * move cut between its PortInfo and GUIDInfo SMPs): that VM is placed by
 * its own evidence. */
static int own_runs_unknown(const struct oc_vmreg *reg,
			    const struct oc_vm_rec *vm,
			    const struct oc_port_seen *vf, struct oc_fix *fix,
			    int *evidence)
{
	int read;
	uint64_t g = other_vguid(vm, vf, &read);

	if (!g || oc_vmreg_by_vguid(reg, g))
		return 0;
	fix->vf_lid = vf->lid;
	fix->vf_alias = g;
	fix->vf_alias_read = read;
	return hold(fix, OC_HOLD_UNKNOWN_VGUID, evidence);
}

/* Rules 4 and 5: the VM's LID is on no port. */
static int place_unseen(const struct oc_vmreg *reg, const struct oc_vm_rec *vm,
			const struct seen_index *ix, uint32_t own,
			unsigned flags, struct oc_fix *fix, int *evidence)
{
	const struct oc_port_seen *vf = own == OC_NONE ? NULL : &ix->seen[own];

	*evidence = 0;
	if (!vf) {
		fix->kind = OC_FIX_ABSENT;
		return 1;
	}
	fix->vf_lid = vf->lid;
	fix->vf_alias = other_vguid(vm, vf, &fix->vf_alias_read);
	if (fix->vf_alias)
		return hold(fix, OC_HOLD_OTHER_VGUID, evidence);
	if (vf->lid && oc_vmreg_by_lid(reg, vf->lid))
		return 0; /* that VM's evidence claims the VF: dropped */
	if (vf->lid && !(flags & OC_RECONCILE_TRUSTED))
		return hold(fix, OC_HOLD_UNCLAIMED_LID, evidence);
	fix->kind = OC_FIX_LID_KEPT;
	return 1;
}

/* Where the fabric puts vm: fills fix (kind, new place) and returns 1
 * when the record must change or be reported, 0 when it is right.
 * *evidence: placed by rules 0 to 3. */
static int place(const struct oc_vmreg *reg, const struct oc_vm_rec *vm,
		 const struct seen_index *ix, unsigned flags,
		 struct oc_fix *fix, int *evidence)
{
	uint32_t at = oc_hash_get64(ix->by_alias, vm->vguid);
	uint32_t own = oc_hash_get64(ix->by_guid, vm->vf_guid);
	uint32_t h[2];
	unsigned n;

	fix->new_vf = vm->vf_guid;
	fix->new_lid = vm->lid;
	*evidence = 1;
	if (own != OC_NONE && holds_own_lid(vm, &ix->seen[own]))
		return own_runs_unknown(reg, vm, &ix->seen[own], fix,
					evidence) ||
		       place_on_own(vm, ix, own, fix);
	if (at != OC_NONE && vm->vguid != vm->vf_guid)
		return place_by_vguid(vm, ix, at, fix, evidence);
	n = holders(ix, vm->lid, OC_NONE, h);
	if (n)
		return place_by_lid(vm, ix, n, fix, evidence);
	return place_unseen(reg, vm, ix, own, flags, fix, evidence);
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
	rec.held = changed && fix->kind == OC_FIX_HELD;
	if (!oc_vmreg_add(out, &rec, &why)) {
		fx->moved += rec.vf_guid != vm->vf_guid;
		fx->held += rec.held;
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
static int rebuild(const struct oc_vmreg *reg, const struct seen_index *ix,
		   unsigned flags, struct oc_vmreg *out, struct oc_fixes *fx)
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
			changed = place(reg, vm, ix, flags, &fix, &evidence);
			if (evidence != pass)
				continue;
			if (add_placed(out, vm, &fix, changed, fx))
				return -1;
		}
	if (fx->count) /* qsort's base may not be NULL, even for 0 */
		qsort(fx->v, fx->count, sizeof(*fx->v), cmp_fix);
	out->generation = reg->generation;
	return copy_free(reg, out);
}

int oc_reconcile(const struct oc_vmreg *reg, const struct oc_port_seen *seen,
		 uint32_t n, unsigned flags, struct oc_vmreg **out,
		 struct oc_fixes *fx, struct oc_err *err)
{
	struct seen_index ix = {0};
	struct oc_vmreg *r = oc_vmreg_new();
	int bad;

	memset(fx, 0, sizeof(*fx));
	bad = !r || index_build(&ix, reg, seen, n) ||
	      rebuild(reg, &ix, flags, r, fx);
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
	return fix->kind == OC_FIX_HELD || fix->kind == OC_FIX_DROPPED;
}

/* " holds LID N" or " holds no LID". */
static const char *vf_lid_text(uint16_t lid, char *buf, size_t len)
{
	if (lid)
		snprintf(buf, len, "holds LID %u", lid);
	else
		snprintf(buf, len, "holds no LID");
	return buf;
}

static const char *alias_source(const struct oc_fix *fix)
{
	return fix->vf_alias_read ? "index 1 of the port's own GUIDInfo"
				  : "OpenSM's alias GUID table";
}

static void describe_held(const struct oc_vm_rec *vm, const struct oc_fix *fix,
			  char *buf, size_t len)
{
	char has[32];
	int n;

	switch (fix->hold) {
	case OC_HOLD_NOT_A_VF:
		n = snprintf(buf, len,
			     "its LID %u is on port 0x%016" PRIx64
			     ", which is no VF",
			     vm->lid, fix->holder);
		break;
	case OC_HOLD_TWO_PORTS:
		n = snprintf(buf, len,
			     "its LID %u is on ports 0x%016" PRIx64
			     " and 0x%016" PRIx64
			     ", neither its VF 0x%016" PRIx64
			     " nor a VF with its vGUID 0x%016" PRIx64
			     ": which one runs it cannot be told",
			     vm->lid, fix->holder, fix->holder2, vm->vf_guid,
			     vm->vguid);
		break;
	case OC_HOLD_OTHER_VGUID:
		n = snprintf(buf, len,
			     "its LID %u is on no port and its VF 0x%016" PRIx64
			     " carries vGUID 0x%016" PRIx64
			     " (%s), not its own 0x%016" PRIx64
			     " (another VM runs there?)",
			     vm->lid, vm->vf_guid, fix->vf_alias,
			     alias_source(fix), vm->vguid);
		break;
	case OC_HOLD_UNKNOWN_VGUID:
		n = snprintf(buf, len,
			     "its VF 0x%016" PRIx64 " holds its LID %u but "
			     "carries vGUID 0x%016" PRIx64
			     " (%s), not its own 0x%016" PRIx64
			     ", and no VM of the registry has it: a VM booted "
			     "after this registry was written runs there",
			     vm->vf_guid, vm->lid, fix->vf_alias,
			     alias_source(fix), vm->vguid);
		break;
	default:
		n = snprintf(buf, len,
			     "its LID %u is on no port and its VF 0x%016" PRIx64
			     " %s, which no VM of the registry claims: an idle "
			     "VF's LID (a migration cut before OpenSM "
			     "programmed it) or a VM started after this "
			     "registry was written; neither LID is taken",
			     vm->lid, vm->vf_guid,
			     vf_lid_text(fix->vf_lid, has, sizeof(has)));
	}
	if (n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - n,
			 "; its record (VF 0x%016" PRIx64
			 ", LID %u) is kept and its LID not programmed; "
			 "operations on it are refused until a later heavy "
			 "sweep places it (the state file is read again then)",
			 vm->vf_guid, vm->lid);
}

static void describe_kept(const struct oc_vm_rec *vm, const struct oc_fix *fix,
			  char *buf, size_t len)
{
	char has[32];

	if (fix->holder)
		snprintf(buf, len,
			 "its vGUID 0x%016" PRIx64 " is on VF 0x%016" PRIx64
			 " (which %s) and its LID %u is on VF 0x%016" PRIx64
			 " too: the VM keeps LID %u on VF 0x%016" PRIx64
			 " (reserved: OpenSM's LID manager gives the other VF "
			 "another LID)",
			 vm->vguid, fix->new_vf,
			 vf_lid_text(fix->vf_lid, has, sizeof(has)), vm->lid,
			 fix->holder, vm->lid, fix->new_vf);
	else
		snprintf(buf, len,
			 "its VF 0x%016" PRIx64 " %s: the VM keeps LID %u, "
			 "reserved for that VF (OpenSM's LID manager programs "
			 "it); no other LID is adopted",
			 fix->new_vf,
			 vf_lid_text(fix->vf_lid, has, sizeof(has)), vm->lid);
}

void oc_fix_describe(const struct oc_vmreg *reg, const struct oc_fix *fix,
		     char *buf, size_t len)
{
	const struct oc_vm_rec *vm = &reg->vms[fix->vm];
	int n = snprintf(buf, len, "VM \"%s\"", vm->name);
	char has[32];

	if (n < 0 || (size_t)n >= len)
		return;
	buf += n;
	len -= n;
	switch (fix->kind) {
	case OC_FIX_MOVED_BY_VGUID:
		snprintf(buf, len,
			 ": the registry had it on VF 0x%016" PRIx64
			 " with LID %u; its vGUID 0x%016" PRIx64
			 " is on VF 0x%016" PRIx64
			 " (which %s): moved there, LID %u kept (reserved for "
			 "that VF: OpenSM's LID manager programs it)",
			 fix->old_vf, fix->old_lid, vm->vguid, fix->new_vf,
			 vf_lid_text(fix->vf_lid, has, sizeof(has)),
			 fix->old_lid);
		break;
	case OC_FIX_MOVED_BY_LID:
		snprintf(buf, len,
			 ": the registry had it on VF 0x%016" PRIx64
			 "; its LID %u is on VF 0x%016" PRIx64 ": moved there",
			 fix->old_vf, fix->old_lid, fix->new_vf);
		break;
	case OC_FIX_LID_KEPT:
		snprintf(buf, len, ": ");
		describe_kept(vm, fix, buf + 2, len > 2 ? len - 2 : 0);
		break;
	case OC_FIX_LID_TWICE:
		snprintf(buf, len,
			 ": its LID %u is on its VF 0x%016" PRIx64
			 " and on port 0x%016" PRIx64
			 " too (a VF re-attached with a stale LID, or a swap "
			 "cut in the middle): the VM keeps it on its VF "
			 "(reserved: OpenSM's LID manager gives the other "
			 "port another LID)",
			 vm->lid, vm->vf_guid, fix->holder);
		break;
	case OC_FIX_ABSENT:
		snprintf(buf, len,
			 ": its VF 0x%016" PRIx64
			 " is not in the subnet and its LID %u is on no "
			 "port: kept, LID reserved (a detached VF)",
			 fix->old_vf, fix->old_lid);
		break;
	case OC_FIX_HELD:
		snprintf(buf, len, " is held: ");
		describe_held(vm, fix, buf + 10, len > 10 ? len - 10 : 0);
		break;
	default:
		snprintf(buf, len,
			 " (vGUID 0x%016" PRIx64 ", VF 0x%016" PRIx64
			 ", LID %u) has no place in the fabric: its LID is on "
			 "no port and its VF runs another VM now; dropped "
			 "from the registry (boot it again)",
			 vm->vguid, fix->old_vf, fix->old_lid);
	}
}
