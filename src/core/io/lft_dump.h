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
 *
 * The reader also reads the output of infiniband-diags' dump_lfts (Debian:
 * dump_lfts, elsewhere dump_lfts.sh) and ibroute, which have the same
 * lines but for the header's "DR path ..." and the entries' "(...)":
 *     Unicast lids [0x0-0x4e] of switch DR path slid 0; dlid 0; 0,1 guid
 *       0x0002c9030000000b (hv11):
 *       Lid  Out   Destination
 *     0x0001 001 : (Channel Adapter portguid 0x0002c90400000001: 'hv0-pf')
 *     78 valid lids dumped
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

/* The rules every LFT reader applies to what it read at name:lineno: the
 * switch of a header is a switch of f (*sw: its row) ... */
int oc_lft_switch_row(const struct oc_fabric *f, uint64_t guid,
		      const char *name, unsigned lineno, uint32_t *sw,
		      struct oc_err *err);
/* ... and an entry follows a header (sw != OC_NONE), names a LID of the
 * fabric's range and a port of the switch (or OC_NO_PATH). */
int oc_lft_entry_set(const struct oc_fabric *f, struct oc_lfts *t, uint32_t sw,
		     unsigned long lid, unsigned long port, const char *name,
		     unsigned lineno, struct oc_err *err);

#endif
