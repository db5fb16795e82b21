/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fault.h - test-only fault injection: corrupting an engine's tables
 * before the promise check, so that the tests can watch the check fail
 * and OpenSM fall back to its next engine under ibsim.
 *
 * Only the copy of the plugin that `make check` builds for the tests,
 * libosmcloudfault.so (compiled with OC_FAULT_INJECTION, never
 * installed), has it: there, when the environment variable
 * OSMCLOUD_FAULT_LFTS names an opensm-lfts.dump, every entry listed in
 * it (switches by GUID, LIDs as the subnet has them) is written over the
 * engine's tables at every routing run; OSMCLOUD_FAULT_CARRY does the
 * same to the carried tables only (the installed entries a sweep keeps,
 * carry_run.h).  libosmcloud.so has no such code
 * and reads no such variable (docs/testing.md says why).
 */
#ifndef OC_OSM_FAULT_H
#define OC_OSM_FAULT_H

#include "model/fabric.h"
#include "model/lft.h"
#include "route/carry.h"
#include "log.h"

#ifdef OC_FAULT_INJECTION
/* 0 when nothing was asked or it was done (logged); -1 with err when the
 * file cannot be read for this subnet. */
int oc_osm_fault_inject(const struct oc_fabric *f, struct oc_lfts *lfts,
			const struct oc_osm_log *lg, const char *engine,
			struct oc_err *err);
/* The same for the carried tables only (route/carry.h), when
 * OSMCLOUD_FAULT_CARRY names a dump: its entries are written over them
 * with their undo, so that the fallback to the engine's own tables
 * removes them again. */
int oc_osm_fault_carry(const struct oc_fabric *f, struct oc_lfts *lfts,
		       struct oc_carry_undo *undo, const struct oc_osm_log *lg,
		       const char *engine, struct oc_err *err);
#else
static inline int oc_osm_fault_carry(const struct oc_fabric *f,
				     struct oc_lfts *lfts,
				     struct oc_carry_undo *undo,
				     const struct oc_osm_log *lg,
				     const char *engine, struct oc_err *err)
{
	return 0;
}
static inline int oc_osm_fault_inject(const struct oc_fabric *f,
				      struct oc_lfts *lfts,
				      const struct oc_osm_log *lg,
				      const char *engine, struct oc_err *err)
{
	return 0;
}
#endif

#endif
