/*
 * commands.h - osmcloud's operator commands, whatever carries them.
 *
 * The same command lines arrive from opensm's console ("osmcloud vms",
 * with the patched opensm of opensm-patches/) or from the plugin's own
 * control socket (ctl=PATH, served on stock opensm too; client:
 * "osmcloud ctl").  A command writes its answer to out and returns 0 on
 * success, 1 when it failed (the answer says why).
 */
#ifndef OC_OSM_COMMANDS_H
#define OC_OSM_COMMANDS_H

#include <stdio.h>

#include "plugin.h"

#define OC_CMD_MAX_ARGS 16

int oc_osm_command(struct oc_osm_plugin *p, int argc, char **argv, FILE *out);

/* The command summary ("help"); detail 0: one line, 1: every command. */
void oc_osm_command_help(FILE *out, int detail);

/* Splits line into at most OC_CMD_MAX_ARGS blank-separated words in
 * place; returns the count, -1 when there are more. */
int oc_osm_command_split(char *line, char **argv);

#endif
