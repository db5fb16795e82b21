/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * node_name_map.h - OpenSM's node name map (opensm.conf
 * node_name_map_name, ibnetdiscover --node-name-map): names for nodes
 * by GUID.
 *
 * Format, one node per line ('#' at the start of a line, or after the
 * name, starts a comment; blank lines are skipped):
 *     <node GUID> "<name>"
 * e.g. 0x0002c90300000001 "spine-1 rack A".  The GUID is hex with 0x; the
 * name is quoted, not empty, printable (it may hold blanks and '#'), at
 * most OC_NAME_MAP_MAX bytes; a GUID may appear only once.  A line of any
 * other shape is an error naming the file and the line: a map is used
 * whole or not at all.
 */
#ifndef OC_NODE_NAME_MAP_H
#define OC_NODE_NAME_MAP_H

#include <stdint.h>
#include <stdio.h>

#include "base/error.h"

#define OC_NAME_MAP_MAX 256
/* The longest name the plugin gives a node, NUL included: a map's name
 * (longer than a 64-byte description), then "-0x" and 16 hex digits when
 * another node has it already (src/osm/routing/snapshot.c). */
#define OC_NODE_NAME_MAX (OC_NAME_MAP_MAX + 20)

struct oc_name_map;

/* Reads the map; NULL with err "FILE:LINE: problem" on the first bad
 * line, or "FILE: reason" when it cannot be opened. */
struct oc_name_map *oc_name_map_load(const char *path, struct oc_err *err);
/* The same from an open stream; path names it in errors. */
struct oc_name_map *oc_name_map_read(FILE *in, const char *path,
				     struct oc_err *err);
void oc_name_map_free(struct oc_name_map *m);

/* The name of the node with this GUID, or NULL when it has none. */
const char *oc_name_map_find(const struct oc_name_map *m, uint64_t guid);
uint32_t oc_name_map_count(const struct oc_name_map *m);

#endif
