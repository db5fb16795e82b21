/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smstate.h - is this opensm the subnet's master SM?
 *
 * Every production fabric runs two SMs or more; only the master may
 * change the fabric.  OpenSM keeps its own state in subn.sm_state
 * (SMInfo's state: NOTACTIVE, DISCOVERING, STANDBY, MASTER) and, when it
 * is not master, the master's port GUID in sm.master_sm_guid (the SM it
 * polls) and its LID in subn.master_sm_base_lid.  Commands that change
 * the fabric (migrate, boot, stop) ask before they plan anything: on a
 * standby or inactive SM they are refused with OC_RES_NOT_MASTER and no
 * SMP is sent; read-only commands still answer.
 */
#ifndef OC_OSM_SMSTATE_H
#define OC_OSM_SMSTATE_H

#include <stddef.h>
#include <stdio.h>

struct oc_osm_plugin;

/* 1 when this SM is master.  Otherwise 0, and master_desc (len bytes,
 * may be NULL) gets what is known of the master: its node description,
 * port GUID and LID, or "unknown".  Reads plain fields OpenSM's sweeper
 * writes; callers that then change the fabric check again under
 * osm->lock (op_exec.c). */
int oc_osm_sm_is_master(struct oc_osm_plugin *p, char *master_desc, size_t len);

/* The same for a caller that holds osm->lock. */
int oc_osm_sm_is_master_locked(struct oc_osm_plugin *p, char *master_desc,
			       size_t len);

/* 0 when master; else 1 and buf gets the refusal's reason, naming this
 * SM's state and the master (locked: the caller holds osm->lock). */
int oc_osm_sm_not_master_why(struct oc_osm_plugin *p, char *buf, size_t len,
			     int locked);

/* The dispatcher's check before a command that changes the fabric: 0 on
 * the master; else writes "osmcloud CMD: refused: ..." to out, logs it,
 * and returns OC_RES_NOT_MASTER. */
int oc_osm_master_gate(struct oc_osm_plugin *p, const char *cmd, FILE *out);

/* OpenSM's name of this SM's state ("MASTER", "STANDBY", ...). */
const char *oc_osm_sm_state_name(struct oc_osm_plugin *p);

#endif
