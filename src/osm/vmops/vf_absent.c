/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vf_absent.c - one ERR per absent VF, one summary per run (vf_absent.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "vmops/vf_absent.h"

void oc_osm_vf_absent_begin(struct oc_osm_vf_absent *a)
{
	a->count = 0;
	a->len = 0;
	a->cut = 0;
	a->list[0] = '\0';
}

/* Adds name to the summary's list while it fits. */
static void list_add(struct oc_osm_vf_absent *a, const char *name)
{
	size_t room = sizeof(a->list) - a->len;
	int n;

	if (a->cut)
		return;
	n = snprintf(a->list + a->len, room, "%s\"%s\"", a->len ? ", " : "",
		     name);
	if (n < 0 || (size_t)n >= room) {
		a->list[a->len] = '\0';
		a->cut = 1;
		return;
	}
	a->len += n;
}

/* Whether the VF's absence is new (then remembered). */
static int newly_absent(struct oc_osm_vf_absent *a, uint64_t vf_guid)
{
	if (!a->reported)
		a->reported = oc_hash_new();
	/* without memory for the set every run reports it: never silent */
	if (!a->reported)
		return 1;
	if (oc_hash_get64(a->reported, vf_guid) != OC_NONE)
		return 0;
	oc_hash_put64(a->reported, vf_guid, 1);
	return 1;
}

void oc_osm_vf_absent_note(struct oc_osm_vf_absent *a,
			   const struct oc_vm_rec *vm, int present,
			   const struct oc_osm_log *log)
{
	if (present) {
		if (a->reported)
			oc_hash_del64(a->reported, vm->vf_guid);
		return;
	}
	a->count++;
	list_add(a, vm->name);
	if (newly_absent(a, vm->vf_guid))
		oc_osm_err(log, OC_ERR_INPUT,
			   "osmcloud: VM \"%s\": its VF 0x%016" PRIx64
			   " is not in the subnet (reported once, until it "
			   "is back)",
			   vm->name, vm->vf_guid);
}

void oc_osm_vf_absent_end(struct oc_osm_vf_absent *a,
			  const struct oc_osm_log *log)
{
	if (!a->count)
		return;
	oc_osm_info(log, "osmcloud: %u VM%s VF absent: %s%s", a->count,
		    a->count == 1 ? " has its" : "s have their", a->list,
		    a->cut ? ", ..." : "");
}

void oc_osm_vf_absent_free(struct oc_osm_vf_absent *a)
{
	oc_hash_free(a->reported);
	a->reported = NULL;
}
