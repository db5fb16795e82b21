/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * console.h - the "osmcloud" command in opensm's own console.
 *
 * Stock opensm has no way for a plugin to add console commands; the patch
 * in opensm-patches/ adds osm_console_register_cmd().  The plugin looks it
 * up at run time (dlsym), so the same libosmcloud.so loads into stock and
 * patched opensm: with the hook the commands are in the console, without
 * it they are served on the control socket only (ctl=PATH).
 */
#ifndef OC_OSM_CONSOLE_H
#define OC_OSM_CONSOLE_H

#include "plugin.h"

/* From create(): registers "osmcloud" when opensm has the hook; returns
 * 1 when registered, 0 on stock opensm, -1 on a registration error. */
int oc_osm_console_register(struct oc_osm_plugin *p);
/* From delete(): unregisters what register added. */
void oc_osm_console_unregister(struct oc_osm_plugin *p);

#endif
