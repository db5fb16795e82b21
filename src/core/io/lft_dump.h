/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_dump.h - LFTs in OpenSM's opensm-lfts.dump format.
 *
 * The format OpenSM writes with -D 0x40 (osm_dump.c, dump_ucast_lfts):
 *     Unicast lids [0-MAX] of switch Lid L guid 0xGUID ('desc'):
 *     0xLLLL PPP # Channel Adapter portguid 0x...: 'desc'
 *     ...
 *     MAX lids dumped
 * Only routed LIDs (port != 0xff) are listed, as OpenSM does.
 */
#ifndef OC_LFT_DUMP_H
#define OC_LFT_DUMP_H

#include <stdio.h>

#include "model/fabric.h"
#include "model/lft.h"

/* Writes every switch of f, in switch-index order. */
int oc_lft_dump_write(const struct oc_fabric *f, const struct oc_lfts *t,
		      FILE *out);

/* Reads a dump for fabric f: switches are matched by node GUID; *lfts is
 * allocated for f (entries not in the dump stay OC_NO_PATH).  Errors name
 * the line and what is wrong (unknown switch, LID out of range, bad port). */
int oc_lft_dump_read(const struct oc_fabric *f, FILE *in, const char *name,
		     struct oc_lfts **lfts, struct oc_err *err);

#endif
