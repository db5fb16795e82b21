/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * takeover.h - the VM registry when this SM becomes master.
 *
 * A standby SM reads its state file when it starts, long before it may
 * take over: by then the file it read (its own, or one shared with the
 * master) is older than the fabric.  At every heavy sweep as master
 * until the registry is reconciled (the first one after opensm starts,
 * the first one after coming out of STANDBY, and every later one while
 * the reconcile could not complete or holds a VM), once OpenSM has
 * discovered the subnet and before its LID manager runs (the
 * HEAVY_SWEEP_DONE event), the plugin reads the state file again, takes
 * a PATH.pending that is provably newer (its generation above the
 * file's: only here, only on the master), and reconciles the registry
 * against the fabric (reconcile.h, takeover_view.h).  Every correction
 * is logged; the corrected registry is saved and its LIDs reserved in
 * guid2lid (and guid2lid's file).  A VM's LID never changes: when its VF
 * does not hold it after that sweep (OpenSM cleared guid2lid coming out
 * of STANDBY), the plugin asks for heavy sweeps (at most three) whose LID
 * manager programs it.
 *
 * Until the reconcile completes, migrate, boot and stop are refused
 * with OC_RES_UNRECONCILED and the exact reason (the state file cannot
 * be read, no registry to start from, ...); so are operations on a VM
 * the reconcile holds.  A master without any registry seeds one from
 * the vms= file only on a start that is no takeover and when no port
 * carries an alias GUID the vms= file does not predict
 * (docs/failover.md).
 *
 * The state file's identity (device, inode, size, modification time)
 * and generation are noted whenever this SM reads or writes it, at load
 * on every SM; an operation refuses to overwrite a file that changed
 * since (another SM wrote it): a stale copy never overwrites a newer
 * registry.
 */
#ifndef OC_OSM_TAKEOVER_H
#define OC_OSM_TAKEOVER_H

#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <opensm/osm_event_plugin.h>

#include "base/error.h"
#include "io/vmfile.h"
#include "vm/vmreg.h"

struct oc_osm_plugin;

#define OC_TAKEOVER_WHY_MAX 768

/* The status fields are under vmstate.lock. */
struct oc_osm_takeover {
	int reconciled; /* the registry is reconciled with the fabric */
	char why[OC_TAKEOVER_WHY_MAX]; /* not reconciled: why */
	int attempts;	 /* reconciles since this SM became master */
	int took_over;	 /* ... coming out of STANDBY */
	int trusted;	 /* ... and its registry was the newest word then */
	unsigned sweeps; /* heavy sweeps asked for since then */
	int check_lids;	 /* after the sweep: every VF holds its LID? */
	int noted;	 /* the state file's identity below is known */
	int existed;	 /* ... the file existed then */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
	uint64_t generation;
	struct stat tried; /* the state file at the last reconcile attempt */
	int tried_exists;
};

/* create(), after the state file was read (every SM): notes the file
 * and the status "not reconciled yet". */
void oc_osm_takeover_init(struct oc_osm_plugin *p);
/* Gives OpenSM's GUIDInfo receiver back (guidinfo_read.h): before the
 * plugin is freed, also when create() fails after init. */
void oc_osm_takeover_close(struct oc_osm_plugin *p);

/* The plugin's report(): HEAVY_SWEEP_DONE reconciles (first sweep as
 * master, and every heavy sweep until reconciled), SUBNET_UP asks for a
 * heavy sweep when needed, STATE_CHANGE to a state other than MASTER
 * re-arms it. */
void oc_osm_takeover_event(struct oc_osm_plugin *p, osm_epi_event_id_t id);

/* Under osm->lock (exclusive) and vmstate.lock: 1 with err
 * (OC_RES_UNRECONCILED's reason) when an operation on vm (NULL: a new
 * VM) must be refused: the registry is not reconciled (the reconcile is
 * tried again first: the state file may have been put right), or the VM
 * is held. */
int oc_osm_takeover_refuses(struct oc_osm_plugin *p, const char *vm,
			    struct oc_err *err);

/* takeover_file.c.  Notes what the state file is at a reconcile
 * attempt; 1 when it is no longer that (an operation on an unreconciled
 * master retries only then: a re-read under OpenSM's lock costs). */
void oc_osm_takeover_note_try(struct oc_osm_plugin *p);
int oc_osm_takeover_file_since_try(struct oc_osm_plugin *p);

/* Under vmstate.lock: "reconciled" or "unreconciled", and why in buf. */
const char *oc_osm_takeover_status(const struct oc_osm_plugin *p, char *buf,
				   size_t len);

/* takeover_file.c.  Notes the state file's identity and generation
 * (after this SM read or wrote it). */
void oc_osm_takeover_note_file(struct oc_osm_plugin *p);

/* -1 with err when the state file changed since this SM last read or
 * wrote it (another SM wrote it): the caller must not overwrite it. */
int oc_osm_takeover_file_fresh(struct oc_osm_plugin *p, struct oc_err *err);

/* 1 when the state file is not the one this SM last read or wrote. */
int oc_osm_takeover_file_foreign(struct oc_osm_plugin *p);

/* The registry to reconcile: the state file, or its PATH.pending when
 * provably newer (then committed over it, *pending set; an older or torn
 * one is removed, logged).  0 with *reg, 1 when there is neither, -1
 * with err when the state file cannot be read. */
int oc_osm_takeover_registry(struct oc_osm_plugin *p, struct oc_vmreg **reg,
			     int *pending, struct oc_err *err);

#endif
