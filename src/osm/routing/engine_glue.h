/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * engine_glue.h - every core engine as an OpenSM external routing engine.
 */
#ifndef OC_OSM_ENGINE_GLUE_H
#define OC_OSM_ENGINE_GLUE_H

#include "plugin.h"

/* Registers each engine of oc_engines[] under its own name; sets
 * p->slots and p->num_registered.  Errors are logged; returns the number
 * of engines registered. */
unsigned oc_osm_register_engines(struct oc_osm_plugin *p);

#endif
