/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ibsim_dump.h - reading the output of ibsim's console "Dump" command.
 *
 * The Dump shows the state the simulated fabric really holds after a
 * subnet manager ran: every node with its GUID, every port with its peer,
 * LID and state, and every switch's linear forwarding table:
 *
 *     # Net status - <date>
 *
 *     Switch 5 "sw-L1-0"<TAB>nodeguid 2c90301000000<TAB>sysimgguid ...
 *     #<TAB>linearcap 30720 FDBtop 78 portchange 0
 *     #<TAB>Forwarding table 0-15: [0]FF [1]1 [2]1 ... [15]5
 *     2c90301000000<TAB>[0]<TAB>"Sma Port"[0]<TAB> lid 3 lmc 0 smlid 1 ...
 *     2c90301000000<TAB>[1]<TAB>"hv0"[1]<TAB>  4x 10.0G Active/LinkUp
 *     2c90301000000<TAB>[6]<TAB><TAB><TAB>  4x 10.0G Down/Polling
 *
 *     Ca 1 "hv0-pf"<TAB>nodeguid 2c90400000000<TAB>sysimgguid ...
 *     2c90400000001<TAB>[1]<TAB>"hv0"[2]<TAB> lid 1 lmc 0 smlid 1 ... Active/LinkUp
 *     #  dumped 78 nodes
 *
 * Console prompts ("sim> ") are skipped, so a capture of the console can be
 * read as it is; text before the first node (start-up messages) and after
 * the "dumped N nodes" line is ignored.  A port is active when its state is
 * Active; only active ports get their LIDs (base LID to base + 2^LMC - 1),
 * and a down port (printed without a peer) is unlinked.  LFT entries
 * above FDBtop are not forwarded by ibsim and read as OC_NO_PATH.
 * Errors name the file, the line and the problem; a Dump that lacks its
 * "dumped N nodes" line, a port line or the far end of a link is rejected
 * (a truncated or single-node Dump).
 */
#ifndef OC_IBSIM_DUMP_H
#define OC_IBSIM_DUMP_H

#include <stdio.h>

#include "model/fabric.h"
#include "model/lft.h"

/* Returns the fabric and sets *lfts (sized for its LIDs); NULL on error. */
struct oc_fabric *oc_ibsim_dump_read(FILE *in, const char *name,
				     struct oc_lfts **lfts, struct oc_err *err);
struct oc_fabric *oc_ibsim_dump_load(const char *path, struct oc_lfts **lfts,
				     struct oc_err *err);

#endif
