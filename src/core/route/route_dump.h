/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * route_dump.h - the dump file of a routing run, opensm-osmcloud.dump
 * (the plugin writes it into OpenSM's dump_files_dir after each
 * successful run, next to OpenSM's own opensm-lfts.dump and ftree's
 * opensm-ftree-ca-order.dump; `osmcloud route --dump FILE` offline).
 *
 * Line-oriented, one record a line, its kind first; fields are separated
 * by one blank; a name is the last field, in double quotes (a '"' in a
 * name is written as '\''); '#' lines are comments (the header lists
 * every kind and its columns):
 *   engine ENGINE
 *   roots SOURCE COUNT          SOURCE: detected | roots=FILE |
 *                               root_guid_file=FILE
 *   root GUID LID "NAME"        the root switches the analysis used
 *   switch GUID LID RANK "NAME" every physical switch (rank 0: roots)
 *   vswitch GUID LEAF-GUID PF-LID VMS "NAME"   every hypervisor vSwitch
 *   ca PORT-GUID LID KIND SWITCH-GUID SWITCH-PORT VM "NAME"
 *        every active CA port with a LID; KIND: vm (a VF holding a VM),
 *        vf (an idle VF), pf, compute (a compute node), io (an I/O node);
 *        VM: the VM's name, '-' when none is known
 *   load SWITCH-GUID PORT PEER-GUID DIR CA-LIDS ROUTES
 *        every linked port of every switch; DIR: up, down, lateral, ca
 *        (to a CA), '-' (not a fat-tree); CA-LIDS: the CA LIDs the
 *        switch's table sends out of the port (summed over a switch's
 *        ports: every CA LID once, when none is a hole); ROUTES: the
 *        CA-to-CA routes crossing the link (switch-to-switch links, as
 *        `osmcloud check` counts link load), '-' for a link to a CA
 *   end CAS SWITCHES LOADS      the counts of ca, switch+vswitch, load
 *                               lines: a file without it was cut
 */
#ifndef OC_ROUTE_DUMP_H
#define OC_ROUTE_DUMP_H

#include <stdio.h>

#include "analysis/ftree.h"
#include "io/node_name_map.h"
#include "io/vmfile.h"
#include "model/lft.h"

#define OC_ROUTE_DUMP_FILE "opensm-osmcloud.dump"

struct oc_route_dump_info {
	const char *engine;
	const char *version;		 /* osmcloud's, for the header */
	const char *roots_from;		 /* NULL: "detected" */
	const struct oc_ftree_opts *ft;	 /* the analysis the engine ran */
	const struct oc_vm_table *vms;	 /* VM names; NULL: none known */
	const struct oc_name_map *names; /* NULL: the fabric's names */
};

/* Writes the dump of t (the tables of f) to out. */
int oc_route_dump_write(FILE *out, const struct oc_fabric *f,
			const struct oc_lfts *t,
			const struct oc_route_dump_info *info,
			struct oc_err *err);

/* The same into path, atomically: PATH.tmp written, synced, renamed
 * over path, so a reader sees the old file or the new one. */
int oc_route_dump_save(const char *path, const struct oc_fabric *f,
		       const struct oc_lfts *t,
		       const struct oc_route_dump_info *info,
		       struct oc_err *err);

#endif
