/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lft_input.h - LFTs from any of the files a fabric's tables come in.
 *
 * Three formats, told apart by their first line that is not blank:
 *   "Unicast lids ..."       OpenSM's opensm-lfts.dump, or the output of
 *                            infiniband-diags' dump_lfts (dump_lfts.sh)
 *                            and ibroute (lft_dump.h)
 *   "dump_ucast_routes: ..." OpenSM's opensm.fdbs (fdbs_dump.h)
 * or named by --lfts-format (oc_lft_format_parse()).
 */
#ifndef OC_LFT_INPUT_H
#define OC_LFT_INPUT_H

#include "model/fabric.h"
#include "model/lft.h"

enum oc_lft_format {
	OC_LFT_AUTO, /* detect from the content */
	OC_LFT_DUMP, /* opensm-lfts.dump, dump_lfts, ibroute */
	OC_LFT_FDBS, /* opensm.fdbs */
};

/* "auto", "opensm-lfts", "dump-lfts", "ibroute" or "fdbs"; -1 for
 * anything else. */
int oc_lft_format_parse(const char *s, enum oc_lft_format *fmt);

/* The names oc_lft_format_parse() takes, for a usage line. */
extern const char oc_lft_format_names[];

/* Reads the LFTs of fabric f from path in format fmt (OC_LFT_AUTO: from
 * its first line); errors name the file and the line. */
int oc_lft_input_load(const struct oc_fabric *f, const char *path,
		      enum oc_lft_format fmt, struct oc_lfts **lfts,
		      struct oc_err *err);

#endif
