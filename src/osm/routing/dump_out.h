/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * dump_out.h - opensm-osmcloud.dump (route/route_dump.h) in OpenSM's
 * dump_files_dir after each successful routing run, like ftree's
 * opensm-ftree-ca-order.dump: the engine, the roots and where they came
 * from, the vSwitches, every CA LID with its VM, the link loads.
 * Written atomically; a failure is an ERR OC12 line and changes nothing
 * of the routing (OpenSM has the tables by then).
 */
#ifndef OC_OSM_DUMP_OUT_H
#define OC_OSM_DUMP_OUT_H

#include "log.h"
#include "route/route_dump.h"

void oc_osm_dump_out(const char *dir, const struct oc_fabric *f,
		     const struct oc_lfts *t,
		     const struct oc_route_dump_info *info,
		     const struct oc_osm_log *log);

#endif
