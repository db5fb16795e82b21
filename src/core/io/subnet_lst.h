/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * subnet_lst.h - a fabric from OpenSM's opensm-subnet.lst.
 *
 * OpenSM writes opensm-subnet.lst into its dump_files_dir after every
 * heavy sweep (osm_dump.c, dump_topology_node): one line per linked
 * port, from each end of every link, e.g.
 *     { SW Ports:06 SystemGUID:0002c90300000000 NodeGUID:0002c90300000000
 *       PortGUID:0002c90300000000 VenID:000000 DevID:0000 Rev:000000A1
 *       {hv0} LID:0002 PN:02 } { CA-SM Ports:01 SystemGUID:...
 *       NodeGUID:0002c90400000000 PortGUID:0002c90400000001 ... {hv0-pf}
 *       LID:0001 PN:01 } PHY=4x LOG=ACT SPD=10
 * (one line in the file).  Each end gives its node's type (SW, CA, a
 * "-SM" suffix on the SM's node), port count, node and port GUIDs, the
 * NodeDescription in braces, the LID (a switch's port 0 LID; a CA's
 * port's) and the port number.  Nodes take their NodeDescription as name
 * (node_desc.h); LMC is taken as 0 (the file does not say); routers
 * (Rt) are rejected.  The link state (LOG=) is not read: every listed
 * link is a link.  Errors name the file and the line.
 */
#ifndef OC_SUBNET_LST_H
#define OC_SUBNET_LST_H

#include <stdio.h>

#include "model/fabric.h"

struct oc_fabric *oc_subnet_lst_read(FILE *in, const char *name,
				     struct oc_err *err);
struct oc_fabric *oc_subnet_lst_load(const char *path, struct oc_err *err);

#endif
