/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * topo.h - reading ibsim topology files into the fabric model.
 *
 * Understands the subset of ibsim's format that describes a fabric:
 * 'Switch|Hca|Ca N "name"' records with '[p] "peer"[q]' port lines,
 * 'switchguid=' / 'caguid=' / 'hcaguids=' GUID lines (absolute, or '+N'
 * relative), 'lid N [lmc M]' on switch headers and '# lid N [lmc M]'
 * annotations on CA port lines, comments and blank lines.  Link-parameter
 * settings (width=, speed=, extspeed=, vendid=, devid=, sysimgguid=) do
 * not affect routing and are skipped; directives that would change the
 * fabric in ways this parser does not model (include, do, module=) are
 * rejected with an error, never silently misread, and so are routers
 * (rtguid=, Rt records).  Every error names file and line.
 *
 * ibnetdiscover writes this format (ibsim loads its output), with more:
 *     switchguid=0x2c9030000000b(2c9030000000b)
 *     Switch  6 "S-0002c9030000000b"  # "hv11" base port 0 lid 19 lmc 0
 *     [2]  "H-0002c904000000b0"[1](2c904000000b1)  # "hv11-pf" lid 78 4xQDR
 *     Ca  1 "H-0002c904000000b0"  # "hv11-pf"
 *     [1](2c904000000b1)  "S-0002c9030000000b"[2]  # lid 78 lmc 0 "hv11" ...
 * A "(...)" after a GUID value is skipped; "(GUID)" after a CA's port
 * number is that port's own GUID (ibsim ignores it and gives node GUID +
 * port, which is what ibnetdiscover shows of a simulated fabric); a
 * '# "description"' after a node's id names the node (node_desc.h: a
 * description an earlier node has gives "desc (id)"), while port lines
 * keep naming peers by id; the peer's description and LID after a port
 * are skipped.  The ports' "lid N" are the LIDs the SM assigned.
 */
#ifndef OC_TOPO_H
#define OC_TOPO_H

#include <stdio.h>

#include "model/fabric.h"

/* Parses a topology; LIDs not given in the file stay 0 (see
 * oc_fabric_assign_lids).  NULL on error. */
struct oc_fabric *oc_topo_load(const char *path, struct oc_err *err);
struct oc_fabric *oc_topo_read(FILE *in, const char *name, struct oc_err *err);

#endif
