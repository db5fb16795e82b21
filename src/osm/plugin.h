/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * plugin.h - the state of one loaded osmcloud plugin.
 *
 * Created by opensm through osm_event_plugin.create() (main thread, before
 * the routing engines are set up) and freed by delete() after opensm has
 * destroyed its routing engines.
 */
#ifndef OC_OSM_PLUGIN_H
#define OC_OSM_PLUGIN_H

#include <opensm/osm_opensm.h>

#include "route/engine.h"
#include "routing/inputs.h"
#include "routing/osm_files.h"
#include "vmops/lidfilter.h"
#include "log.h"
#include "vmops/ctl.h"
#include "vmops/guidinfo_read.h"
#include "vmops/migrate_exec.h"
#include "vmops/opstats.h"
#include "vmops/saflag.h"
#include "options.h"
#include "vmops/sweeps.h"
#include "vmops/takeover.h"
#include "vmops/vmstate.h"

/* What one registered engine module carries as its context. */
struct oc_osm_slot {
	struct oc_osm_plugin *plugin;
	const struct oc_engine *engine;
};

struct oc_osm_plugin {
	osm_opensm_t *osm;
	struct oc_osm_log log;
	struct oc_osm_opts opts;
	struct oc_osm_inputs inputs;	   /* last good files of the options */
	struct oc_osm_files files;	   /* OpenSM's root/CN/IO/name files */
	struct oc_osm_vmstate vmstate;	   /* state=: the VM registry */
	struct oc_osm_ctl ctl;		   /* ctl=: the control socket */
	struct oc_osm_migrator migrator;   /* one migration at a time */
	struct oc_osm_opstats opstats;	   /* the last operations */
	struct oc_osm_sweeps sweeps;	   /* OpenSM's heavy sweeps */
	struct oc_osm_takeover takeover;   /* becoming master */
	struct oc_osm_gi_read gi_read;	   /* the VFs' GUIDInfo at a takeover */
	struct oc_osm_lidfilter lidfilter; /* LID manager filter */
	struct oc_osm_saflag saflag;	   /* PathRecord caching flag */
	int console_registered;		   /* "osmcloud" in opensm's console */
	struct oc_osm_slot *slots;	   /* one per core engine */
	unsigned num_registered;
};

#endif
