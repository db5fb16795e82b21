/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * takeover.h - the VM registry when this SM becomes master.
 *
 * A standby SM reads its state file when it starts, long before it may
 * take over: by then the file it read (its own, or one shared with the
 * master) is older than the fabric.  At the first sweep as master (the
 * first one after opensm starts, and the first one after coming out of
 * STANDBY), once OpenSM has discovered the subnet and before its LID
 * manager runs (the HEAVY_SWEEP_DONE event), the plugin reads the state
 * file again and reconciles it against the fabric (reconcile.h): the LIDs
 * the CA ports hold and OpenSM's alias GUID table say where each VM is.
 * Every correction is logged; the corrected registry is saved and its
 * LIDs reserved in guid2lid (and guid2lid's file, which opensm reloads
 * after a takeover with honor_guid2lid_file TRUE).
 *
 * The state file's identity (device, inode, size, modification time) is
 * noted whenever this SM reads or writes it; an operation refuses to
 * overwrite a file that changed since (another SM wrote it): a stale
 * copy never overwrites a newer registry.
 */
#ifndef OC_OSM_TAKEOVER_H
#define OC_OSM_TAKEOVER_H

#include <sys/types.h>

#include <opensm/osm_event_plugin.h>

#include "base/error.h"

struct oc_osm_plugin;

struct oc_osm_takeover {
	int reconciled; /* done since this SM last became master */
	int noted;	/* the state file's identity below is known */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
};

/* The plugin's report(): HEAVY_SWEEP_DONE reconciles (first sweep as
 * master), STATE_CHANGE to a state other than MASTER re-arms it. */
void oc_osm_takeover_event(struct oc_osm_plugin *p, osm_epi_event_id_t id);

/* Notes the state file's identity (after this SM read or wrote it). */
void oc_osm_takeover_note_file(struct oc_osm_plugin *p);

/* -1 with err when the state file changed since this SM last read or
 * wrote it (another SM wrote it): the caller must not overwrite it. */
int oc_osm_takeover_file_fresh(struct oc_osm_plugin *p, struct oc_err *err);

#endif
