/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * topo.h - reading ibsim topology files into the fabric model.
 *
 * Understands the subset of ibsim's format that describes a fabric:
 * 'Switch|Hca|Ca N "name"' records with '[p] "peer"[q]' port lines,
 * 'switchguid=' / 'caguid=' / 'hcaguids=' GUID lines (absolute, or '+N'
 * relative), 'lid N' on switch headers and '# lid N' annotations on CA
 * port lines, comments and blank lines.  Link-parameter settings (width=,
 * speed=, extspeed=, vendid=, devid=, sysimgguid=) do not affect routing and
 * are skipped; directives that would change the fabric in ways this parser
 * does not model (include, do, module=, rtguid=, Rt records) are rejected
 * with an error, never silently misread.  Every error names file and line.
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
