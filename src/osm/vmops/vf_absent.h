/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vf_absent.h - the VMs whose VF is not in the subnet, reported without
 * flooding the log.
 *
 * A VF is absent while its hypervisor is down or its VF detached (the
 * real migration order detaches it).  10,000 such VMs used to give
 * 10,000 ERR lines at every routing run.  Now each absent VF is one ERR
 * the first time a run finds it absent, and again only after it came
 * back and left again; each run with absent VFs logs one summary line
 * with their number and the first few VM names.
 */
#ifndef OC_OSM_VF_ABSENT_H
#define OC_OSM_VF_ABSENT_H

#include <stddef.h>

#include "base/hash.h"
#include "log.h"
#include "vm/vmreg.h"

/* The summary's list of VM names: bounded, so the line is. */
#define OC_ABSENT_LIST_MAX 320

struct oc_osm_vf_absent {
	struct oc_hash *reported; /* VF GUIDs whose absence was logged */
	unsigned count;		  /* VMs with their VF absent, this run */
	char list[OC_ABSENT_LIST_MAX];
	size_t len;
	int cut; /* the list left some names out */
};

/* A routing run begins: count and list from zero. */
void oc_osm_vf_absent_begin(struct oc_osm_vf_absent *a);
/* vm's VF is absent (present: 0) or in the subnet (1). */
void oc_osm_vf_absent_note(struct oc_osm_vf_absent *a,
			   const struct oc_vm_rec *vm, int present,
			   const struct oc_osm_log *log);
/* The run's summary line, when some VF is absent. */
void oc_osm_vf_absent_end(struct oc_osm_vf_absent *a,
			  const struct oc_osm_log *log);
void oc_osm_vf_absent_free(struct oc_osm_vf_absent *a);

#endif
