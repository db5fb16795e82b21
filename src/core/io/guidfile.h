/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * guidfile.h - small GUID files: root lists and OpenSM's guid2lid cache.
 */
#ifndef OC_GUIDFILE_H
#define OC_GUIDFILE_H

#include <stddef.h>
#include <stdint.h>

#include "model/fabric.h"

/* One "0x<hex GUID>" per line; '#' comments and blank lines skipped.
 * On success *guids is malloc'ed (free it); errors name file and line. */
int oc_guid_list_load(const char *path, uint64_t **guids, size_t *count,
		      struct oc_err *err);

/* A root list for the fat-tree analysis (rule R6): as oc_guid_list_load,
 * and every GUID must name a physical switch of f (not a vSwitch);
 * otherwise the error names the file and the GUID's line. */
int oc_root_list_load(const struct oc_fabric *f, const char *path,
		      uint64_t **guids, size_t *count, struct oc_err *err);

/* Applies OpenSM's guid2lid file ("0xGUID 0xMIN 0xMAX" lines, as written
 * in $OSM_CACHE_DIR/guid2lid) to the fabric: switch GUIDs give port 0's
 * LID, CA port GUIDs their port's LID.  GUIDs not in the fabric are
 * skipped (OpenSM keeps entries of absent ports). */
int oc_guid2lid_apply(struct oc_fabric *f, const char *path,
		      struct oc_err *err);

#endif
