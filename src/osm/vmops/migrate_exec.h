/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * migrate_exec.h - the VM commands in a running opensm:
 *   osmcloud migrate VM DEST [itrc|ftreeminrc]
 *   osmcloud boot VM DEST [weight] [vguid=GUID]
 *   osmcloud stop VM [itrc|ftreeminrc] [from=DEST]
 *   osmcloud prepare VM DEST [itrc|ftreeminrc]   (prepared.h)
 *   osmcloud apply VM
 * (DEST: dest.h).  A request that had already taken effect (the VM runs
 * on DEST; a stopped VM) is done without an SMP.
 *
 * migrate swaps the VM's LID with an idle VF's (prepopulated LIDs) or,
 * when the destination has no idle VF but a VF up without a LID, copies
 * it there (dynamic LIDs); boot gives a free LID to a VF up without a
 * LID; stop frees the VM's LID.  All go through one executor (op_exec.h):
 * any refusal sends nothing and changes nothing.  One operation at a
 * time.
 */
#ifndef OC_OSM_MIGRATE_EXEC_H
#define OC_OSM_MIGRATE_EXEC_H

#include <pthread.h>
#include <stdio.h>

#include <opensm/osm_event_plugin.h>

#include "vmops/kept_model.h"
#include "vmops/prepared.h"
#include "osmcloud/ctl.h"

struct oc_osm_plugin;
struct oc_cmd_out;

struct oc_osm_migrator {
	pthread_mutex_t busy;		 /* held for a whole operation */
	struct oc_osm_prepared prepared; /* planned ahead, under busy */
	struct oc_osm_kept_model model;	 /* kept between commands, busy */
};

void oc_osm_migrator_init(struct oc_osm_migrator *m);
void oc_osm_migrator_destroy(struct oc_osm_migrator *m);
/* The plugin's report(): a heavy sweep or a routing run frees the kept
 * model at once when no command is in flight (kept_model.h); a command
 * in flight keeps nothing of another generation. */
void oc_osm_migrator_event(struct oc_osm_plugin *p, osm_epi_event_id_t id);

/* Every argument is checked (VM names with oc_vm_name_check, DEST with
 * oc_dest_check) before the executor looks at the fabric: a malformed
 * request is OC_RES_BAD_REQUEST and sends nothing. */
/* argv = {"migrate", VM, DEST[, METHOD]}. */
enum oc_result oc_osm_migrate(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out);
/* argv = {"prepare", VM, DEST[, METHOD]}: plans a migrate and keeps
 * the plan; nothing is sent. */
enum oc_result oc_osm_prepare(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out);
/* argv = {"apply", VM}: the migrate prepared for VM. */
enum oc_result oc_osm_apply(struct oc_osm_plugin *p, int argc, char **argv,
			    struct oc_cmd_out *out);
/* argv = {"boot", VM, DEST[, WEIGHT][, vguid=GUID]}. */
enum oc_result oc_osm_boot(struct oc_osm_plugin *p, int argc, char **argv,
			   struct oc_cmd_out *out);
/* argv = {"stop", VM[, METHOD][, from=DEST]}. */
enum oc_result oc_osm_stop(struct oc_osm_plugin *p, int argc, char **argv,
			   struct oc_cmd_out *out);

#endif
