/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vmreg.c - the VM registry's records and their indexes (see vmreg.h);
 * the state file is vmreg_file.c, the free VFs vmreg_free.c.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/lid_model.h"
#include "vm/vmreg.h"

static void free_indexes(struct oc_vmreg *r)
{
	oc_hash_free(r->by_name);
	oc_hash_free(r->by_vguid);
	oc_hash_free(r->by_vf);
	oc_hash_free(r->by_lid);
	r->by_name = r->by_vguid = r->by_vf = r->by_lid = NULL;
}

static int new_indexes(struct oc_vmreg *r)
{
	r->by_name = oc_hash_new();
	r->by_vguid = oc_hash_new();
	r->by_vf = oc_hash_new();
	r->by_lid = oc_hash_new();
	if (r->by_name && r->by_vguid && r->by_vf && r->by_lid)
		return 0;
	free_indexes(r);
	return -1;
}

struct oc_vmreg *oc_vmreg_new(void)
{
	struct oc_vmreg *r = calloc(1, sizeof(struct oc_vmreg));

	if (r && new_indexes(r)) {
		free(r);
		return NULL;
	}
	if (r)
		r->name_hash = oc_hash_string;
	return r;
}

void oc_vmreg_free(struct oc_vmreg *r)
{
	if (!r)
		return;
	oc_vmreg_clear_free(r);
	free_indexes(r);
	free(r->vms);
	free(r);
}

void oc_vmreg_clear(struct oc_vmreg *r)
{
	struct oc_vmreg empty = {0};

	oc_vmreg_clear_free(r);
	if (new_indexes(&empty)) {
		/* no memory for fresh maps: empty the old ones one by one */
		while (r->count)
			oc_vmreg_remove(r, r->vms[r->count - 1].name, NULL);
		return;
	}
	free_indexes(r);
	r->by_name = empty.by_name;
	r->by_vguid = empty.by_vguid;
	r->by_vf = empty.by_vf;
	r->by_lid = empty.by_lid;
	r->count = 0;
	r->generation = 0;
}

/* ------------------------------------------------------------ look-ups */

/* The record a map gives for key, if the record still has that key. */
static struct oc_vm_rec *slot(const struct oc_vmreg *r,
			      const struct oc_hash *map, uint64_t key)
{
	uint32_t i = oc_hash_get64(map, key);

	return i == OC_NONE || i >= r->count ? NULL : &r->vms[i];
}

struct oc_vm_rec *oc_vmreg_by_name(const struct oc_vmreg *r, const char *name)
{
	uint32_t i = oc_hash_get64(r->by_name, r->name_hash(name));

	while (i < r->count && strcmp(r->vms[i].name, name))
		i = r->vms[i].name_next;
	return i < r->count ? &r->vms[i] : NULL;
}

struct oc_vm_rec *oc_vmreg_by_vguid(const struct oc_vmreg *r, uint64_t vguid)
{
	struct oc_vm_rec *vm = slot(r, r->by_vguid, vguid);

	return vm && vm->vguid == vguid ? vm : NULL;
}

struct oc_vm_rec *oc_vmreg_by_vf(const struct oc_vmreg *r, uint64_t vf_guid)
{
	struct oc_vm_rec *vm = slot(r, r->by_vf, vf_guid);

	return vm && vm->vf_guid == vf_guid ? vm : NULL;
}

int oc_vmreg_runs_vm(const void *reg, uint64_t vf_guid)
{
	return oc_vmreg_by_vf(reg, vf_guid) != NULL;
}

int oc_vmreg_is_vguid(const void *reg, uint64_t guid)
{
	return oc_vmreg_by_vguid(reg, guid) != NULL;
}

struct oc_vm_rec *oc_vmreg_by_lid(const struct oc_vmreg *r, unsigned lid)
{
	struct oc_vm_rec *vm = slot(r, r->by_lid, lid);

	return vm && vm->lid == lid ? vm : NULL;
}

/* ------------------------------------------------------------ changes */

static int check_place(const char *name, uint64_t vf_guid, unsigned lid,
		       struct oc_err *err)
{
	if (!vf_guid)
		return oc_err_set(err, "VM \"%s\": VF GUID must not be 0",
				  name);
	if (!lid || lid > OC_MAX_UCAST_LID)
		return oc_err_set(err, "VM \"%s\": LID %u is not a unicast LID",
				  name, lid);
	return 0;
}

static int check_fields(const struct oc_vm_rec *vm, struct oc_err *err)
{
	if (oc_vm_name_check(vm->name, err))
		return -1;
	if (!vm->vguid)
		return oc_err_set(err, "VM \"%s\": vGUID must not be 0",
				  vm->name);
	if (check_place(vm->name, vm->vf_guid, vm->lid, err))
		return -1;
	if (!(vm->weight >= 0) || !(vm->weight <= OC_VM_WEIGHT_MAX))
		return oc_err_set(err, "VM \"%s\": bad weight (at most %d)",
				  vm->name, OC_VM_WEIGHT_MAX);
	return 0;
}

/* Another VM than self holds the VF or the LID. */
static int check_place_clash(const struct oc_vmreg *r,
			     const struct oc_vm_rec *self, const char *name,
			     uint64_t vf_guid, unsigned lid, struct oc_err *err)
{
	const struct oc_vm_rec *other;

	if ((other = oc_vmreg_by_vf(r, vf_guid)) && other != self)
		return oc_err_set(err,
				  "VF 0x%016" PRIx64 " of VM \"%s\" "
				  "already holds VM \"%s\"",
				  vf_guid, name, other->name);
	if ((other = oc_vmreg_by_lid(r, lid)) && other != self)
		return oc_err_set(err,
				  "LID %u of VM \"%s\" is already VM "
				  "\"%s\"'s",
				  lid, name, other->name);
	return 0;
}

static int check_clash(const struct oc_vmreg *r, const struct oc_vm_rec *vm,
		       struct oc_err *err)
{
	const struct oc_vm_rec *other;

	if (oc_vmreg_by_name(r, vm->name))
		return oc_err_set(err, "VM \"%s\" already exists", vm->name);
	if ((other = oc_vmreg_by_vguid(r, vm->vguid)))
		return oc_err_set(err,
				  "vGUID 0x%016" PRIx64 " of VM \"%s\" "
				  "is already VM \"%s\"'s",
				  vm->vguid, vm->name, other->name);
	return check_place_clash(r, NULL, vm->name, vm->vf_guid, vm->lid, err);
}

/* Points the vGUID, VF and LID indexes at slot i (inserts or replaces;
 * replacing keys that exist never allocates). */
static int index_keys(struct oc_vmreg *r, uint32_t i)
{
	const struct oc_vm_rec *vm = &r->vms[i];

	return oc_hash_set64(r->by_vguid, vm->vguid, i) ||
	       oc_hash_set64(r->by_vf, vm->vf_guid, i) ||
	       oc_hash_set64(r->by_lid, vm->lid, i);
}

static void unindex_keys(struct oc_vmreg *r, const struct oc_vm_rec *vm)
{
	oc_hash_del64(r->by_vguid, vm->vguid);
	oc_hash_del64(r->by_vf, vm->vf_guid);
	oc_hash_del64(r->by_lid, vm->lid);
}

/* Slot i heads the chain of its name's hash. */
static int name_link(struct oc_vmreg *r, uint32_t i)
{
	uint64_t key = r->name_hash(r->vms[i].name);

	r->vms[i].name_next = oc_hash_get64(r->by_name, key);
	return oc_hash_set64(r->by_name, key, i);
}

/* What points at slot from in its chain (the map, or the record before
 * it) points at to instead (OC_NONE: the end). */
static void name_repoint(struct oc_vmreg *r, uint32_t from, uint32_t to)
{
	uint64_t key = r->name_hash(r->vms[from].name);
	uint32_t j = oc_hash_get64(r->by_name, key);

	if (j == from && to == OC_NONE) {
		oc_hash_del64(r->by_name, key);
		return;
	}
	if (j == from) {
		oc_hash_set64(r->by_name, key,
			      to); /* replaces: no allocation */
		return;
	}
	while (r->vms[j].name_next != from)
		j = r->vms[j].name_next;
	r->vms[j].name_next = to;
}

static int grow(struct oc_vmreg *r)
{
	uint32_t cap = r->cap ? 2 * r->cap : 64;
	struct oc_vm_rec *p = realloc(r->vms, cap * sizeof(*p));

	if (!p)
		return -1;
	r->vms = p;
	r->cap = cap;
	return 0;
}

int oc_vmreg_add(struct oc_vmreg *r, const struct oc_vm_rec *vm,
		 struct oc_err *err)
{
	if (check_fields(vm, err) || check_clash(r, vm, err))
		return -1;
	if (r->count == r->cap && grow(r))
		return oc_err_set(err, "out of memory");
	r->vms[r->count] = *vm;
	if (index_keys(r, r->count) || name_link(r, r->count)) {
		unindex_keys(r, vm); /* its keys were absent: check_clash */
		return oc_err_set(err, "out of memory");
	}
	r->count++;
	return 0;
}

int oc_vmreg_remove(struct oc_vmreg *r, const char *name, struct oc_err *err)
{
	struct oc_vm_rec *vm = oc_vmreg_by_name(r, name);
	uint32_t i;

	if (!vm)
		return oc_err_set(err, "no VM named \"%s\"", name);
	i = vm - r->vms;
	unindex_keys(r, vm);
	name_repoint(r, i, vm->name_next);
	r->count--;
	if (i == r->count)
		return 0;
	*vm = r->vms[r->count]; /* the last record takes the slot */
	name_repoint(r, r->count, i);
	index_keys(r, i);
	return 0;
}

int oc_vmreg_place(struct oc_vmreg *r, const char *name, uint64_t vf_guid,
		   unsigned lid, struct oc_err *err)
{
	struct oc_vm_rec *vm = oc_vmreg_by_name(r, name);
	struct oc_vm_rec old;
	uint32_t i;

	if (!vm)
		return oc_err_set(err, "no VM named \"%s\"", name);
	if (check_place(name, vf_guid, lid, err) ||
	    check_place_clash(r, vm, name, vf_guid, lid, err))
		return -1;
	old = *vm;
	i = vm - r->vms;
	oc_hash_del64(r->by_vf, old.vf_guid);
	oc_hash_del64(r->by_lid, old.lid);
	vm->vf_guid = vf_guid;
	vm->lid = lid;
	if (oc_hash_set64(r->by_vf, vf_guid, i) ||
	    oc_hash_set64(r->by_lid, lid, i)) {
		oc_hash_del64(r->by_vf, vf_guid);
		oc_hash_del64(r->by_lid, lid);
		*vm = old;
		index_keys(r, i); /* the old keys' slots were just freed */
		return oc_err_set(err, "out of memory");
	}
	return 0;
}

struct oc_vmreg *oc_vmreg_clone(const struct oc_vmreg *r)
{
	struct oc_vmreg *c = oc_vmreg_new();
	uint32_t i;

	if (!c)
		return NULL;
	for (i = 0; i < r->count; i++)
		if (oc_vmreg_add(c, &r->vms[i], NULL))
			goto fail;
	for (i = 0; i < r->num_free; i++)
		if (oc_vmreg_mark_free(c, r->free_vfs[i]))
			goto fail;
	c->generation = r->generation;
	return c;
fail:
	oc_vmreg_free(c);
	return NULL;
}

/* ------------------------------------------------------------ views */

/* The record of one VM of the VM file on the fabric f, or why not. */
static const char *seed_rec(const struct oc_vm *vm, const struct oc_fabric *f,
			    const struct oc_ftree *ft, struct oc_vm_rec *rec)
{
	uint32_t node;
	unsigned port;
	const char *why;

	memset(rec, 0, sizeof(*rec));
	rec->vguid = vm->vguid ? vm->vguid : vm->vf_guid;
	rec->vf_guid = vm->vf_guid;
	rec->weight = vm->weight;
	snprintf(rec->name, sizeof(rec->name), "%s", vm->name);
	if (rec->vguid != vm->vf_guid &&
	    oc_fabric_find_port_guid(f, rec->vguid, &port) != OC_NONE)
		return "its vGUID is the port GUID of a port of the fabric";
	why = oc_lid_model_not_a_vf(f, ft, vm->vf_guid);
	if (why)
		return why;
	node = oc_fabric_find_port_guid(f, vm->vf_guid, &port);
	rec->lid = oc_port(f, node, port)->lid;
	return rec->lid ? NULL : "the VF has no LID";
}

int oc_vmreg_seed(struct oc_vmreg *r, const struct oc_vm_table *vms,
		  const struct oc_fabric *f, const struct oc_ftree *ft,
		  oc_vm_skip_fn *skip, void *ctx, struct oc_err *err)
{
	struct oc_vm_rec rec;
	struct oc_err why;
	uint32_t i;

	for (i = 0; i < vms->count; i++) {
		const struct oc_vm *vm = &vms->vms[i];
		const char *bad = seed_rec(vm, f, ft, &rec);

		if (!bad && !oc_vmreg_add(r, &rec, &why))
			continue;
		if (!bad && !strcmp(why.msg, "out of memory"))
			return oc_err_set(err, "out of memory");
		if (!bad)
			bad = why.msg;
		if (!skip)
			return oc_err_set(err,
					  "VM \"%s\": VF 0x%016" PRIx64 ": %s",
					  vm->name, vm->vf_guid, bad);
		skip(ctx, vm, bad);
	}
	return 0;
}

struct oc_vm_table *oc_vmreg_table(const struct oc_vmreg *r)
{
	struct oc_vm_table *t = oc_vm_table_new();
	struct oc_err err;
	uint32_t i;

	for (i = 0; t && i < r->count; i++)
		if (oc_vm_table_add(t, r->vms[i].vf_guid, r->vms[i].name,
				    r->vms[i].weight, &err)) {
			oc_vm_table_free(t);
			return NULL;
		}
	return t;
}
