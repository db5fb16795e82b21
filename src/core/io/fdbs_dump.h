/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fdbs_dump.h - LFTs from OpenSM's opensm.fdbs.
 *
 * OpenSM writes opensm.fdbs into its dump_files_dir when its log level has
 * the ROUTING bit (-D 0x40 or log_flags with 0x40; osm_dump.c,
 * dump_ucast_routes), one block per switch, every LID from 1 to the
 * switch's top LID:
 *     dump_ucast_routes: Switch 0x0002c90300000000
 *     LID    : Port : Hops : Optimal
 *     0x0001 : 002  : 01   : yes
 *     0x0002 : UNREACHABLE
 *     0x0003 : 004  : HOPS UNKNOWN
 *     0x0004 : 001  : 03   : No 2 hop path possible via port 2!
 * An UNREACHABLE LID has no entry; every other row is the LFT's port for
 * the LID (its hop count and optimality are OpenSM's opinion, not read).
 * Switches are matched by node GUID; errors name the file and the line.
 */
#ifndef OC_FDBS_DUMP_H
#define OC_FDBS_DUMP_H

#include <stdio.h>

#include "model/fabric.h"
#include "model/lft.h"

/* *lfts is allocated for f (entries not in the file stay OC_NO_PATH). */
int oc_fdbs_read(const struct oc_fabric *f, FILE *in, const char *name,
		 struct oc_lfts **lfts, struct oc_err *err);

#endif
