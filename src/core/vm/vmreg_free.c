/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vmreg_free.c - the registry's free VFs (see vmreg.h): VF ports left
 * without a LID by the plugin, kept as an array for saving plus a hash
 * from GUID to array slot for the per-port question of the LID manager.
 */
#include <stdlib.h>

#include "vm/vmreg.h"

int oc_vmreg_is_free(const struct oc_vmreg *r, uint64_t vf_guid)
{
	return r->free_index &&
	       oc_hash_get64(r->free_index, vf_guid) != OC_NONE;
}

static int grow_free(struct oc_vmreg *r)
{
	uint32_t cap = r->free_cap ? 2 * r->free_cap : 16;
	uint64_t *p = realloc(r->free_vfs, cap * sizeof(*p));

	if (!p)
		return -1;
	r->free_vfs = p;
	r->free_cap = cap;
	return 0;
}

int oc_vmreg_mark_free(struct oc_vmreg *r, uint64_t vf_guid)
{
	if (oc_vmreg_is_free(r, vf_guid))
		return 0;
	if (!r->free_index && !(r->free_index = oc_hash_new()))
		return -1;
	if (r->num_free == r->free_cap && grow_free(r))
		return -1;
	if (oc_hash_put64(r->free_index, vf_guid, r->num_free))
		return -1;
	r->free_vfs[r->num_free++] = vf_guid;
	return 0;
}

/* The last GUID fills the slot of the one that goes. */
void oc_vmreg_unmark_free(struct oc_vmreg *r, uint64_t vf_guid)
{
	uint32_t slot;
	uint64_t last;

	if (!oc_vmreg_is_free(r, vf_guid))
		return;
	slot = oc_hash_get64(r->free_index, vf_guid);
	oc_hash_del64(r->free_index, vf_guid);
	last = r->free_vfs[--r->num_free];
	if (slot == r->num_free)
		return;
	r->free_vfs[slot] = last;
	oc_hash_set64(r->free_index, last, slot);
}

void oc_vmreg_clear_free(struct oc_vmreg *r)
{
	oc_hash_free(r->free_index);
	free(r->free_vfs);
	r->free_index = NULL;
	r->free_vfs = NULL;
	r->num_free = r->free_cap = 0;
}
