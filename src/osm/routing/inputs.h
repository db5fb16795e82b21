/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * inputs.h - the files named by the options: root GUIDs, VMs, isolation
 * policies and node weights.
 *
 * They are read when the plugin is created (to refuse bad files early) and
 * again before every routing run, so that an edited file takes effect on
 * the next sweep or `reroute`, as OpenSM's own guid files do.  A file that
 * has gone bad since is reported and the last good contents stay in use:
 * a typo in the VM file must not re-route the fabric with minhop.  The
 * roots, policy and weights files are read whole or not at all: routing
 * never runs on half a policy file.  The VM file is read line by line: a
 * bad line is an ERR naming the file and line and costs that VM only
 * (it is routed as an idle VF), the other VMs are routed.  A VM file
 * that cannot be read at all (missing, not a regular file) costs its
 * VMs, never the plugin: an ERR names it and routing goes on with the
 * VMs last read from it, or with none (vms_unread) until it can be
 * read; a registry is not seeded from it meanwhile.
 */
#ifndef OC_OSM_INPUTS_H
#define OC_OSM_INPUTS_H

#include <stddef.h>
#include <stdint.h>

#include "log.h"
#include "options.h"
#include "model/partition.h"
#include "io/vmfile.h"

struct oc_osm_inputs {
	uint64_t *roots; /* NULL: detect the roots */
	size_t num_roots;
	struct oc_vm_table *vms;      /* NULL: every active VF is a VM */
	int vms_unread;		      /* vms= could not be read: vms is
				       * the last good table or empty */
	struct oc_policies *policies; /* NULL: def-isolation, strict */
	struct oc_weights *weights;   /* NULL: every node weighs 1 */
};

/* Loads the files named in opts into in (empty first).  On error in is
 * left empty and err names the option and the file's problem.  A vms=
 * file that cannot be read is no error: logged (ERR), in->vms is then
 * empty and in->vms_unread set. */
int oc_osm_inputs_load(struct oc_osm_inputs *in, const struct oc_osm_opts *opts,
		       const struct oc_osm_log *log, struct oc_err *err);
void oc_osm_inputs_clear(struct oc_osm_inputs *in);

/* Reads the files again into *in.  On error *in keeps what it held, and
 * err says which file is wrong and why; a vms= file that cannot be read
 * (logged) keeps the VMs last read from it. */
int oc_osm_inputs_reload(struct oc_osm_inputs *in,
			 const struct oc_osm_opts *opts,
			 const struct oc_osm_log *log, struct oc_err *err);

#endif
