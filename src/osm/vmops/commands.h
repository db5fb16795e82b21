/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * commands.h - osmcloud's operator commands, whatever carries them.
 *
 * The same commands arrive from opensm's console ("osmcloud vms", with
 * the patched opensm of opensm-patches/) or from the plugin's control
 * socket (ctl=PATH, served on stock opensm too), as a line of words
 * ("osmcloud ctl") or as a JSON request (requests.h, docs/protocol.md).
 * A command writes its answer for people to out->text and returns an
 * enum oc_result (osmcloud/ctl.h); a VM operation also leaves its figures in
 * out for the JSON reply.
 */
#ifndef OC_OSM_COMMANDS_H
#define OC_OSM_COMMANDS_H

#include <stdint.h>
#include <stdio.h>

#include "vmops/opstats.h"
#include "plugin.h"
#include "osmcloud/ctl.h"

#define OC_CMD_MAX_ARGS 16

/* What one command answers besides its result code. */
struct oc_cmd_out {
	FILE *text;   /* the answer for people (a JSON reply's "message") */
	json_t *json; /* NULL, or the JSON reply: a command adds its own
			 members (sent with "done" only) */
	/* a VM operation (migrate, boot, stop) */
	int has_op;		   /* op is filled: it ran or had already */
	int already;		   /* it had already taken effect: no SMP */
	const char *how;	   /* "swap", "copy", "boot", "stop" */
	struct oc_osm_op op;	   /* its figures (opstats.h) */
	uint64_t vguid;		   /* the VM's vGUID (0: unknown) */
	uint64_t vf_guid;	   /* its VF port GUID afterwards (0: none) */
	char vf[OC_NODE_NAME_MAX]; /* that VF's name */
	char remains[1024];	   /* partial: what is left and who does it */
};

/* One command of the table. */
struct oc_cmd {
	const char *name;
	const char *args;
	const char *summary;
	/* it sends SMPs or changes the registry: only a master SM may run
	 * it; oc_osm_command() is where a non-master SM refuses it with
	 * OC_RES_NOT_MASTER (the failover change) */
	int changes_fabric;
	/* the JSON request's members, in the order of the words; "=name"
	 * is the word "name=VALUE", "?name" an optional word */
	const char *const *members;
	enum oc_result (*run)(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out);
};

/* The command named name, NULL when unknown. */
const struct oc_cmd *oc_osm_command_find(const char *name);

/* Runs argv[0] with its arguments. */
enum oc_result oc_osm_command(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out);

/* The command summary ("help"); detail 0: one line, 1: every command. */
void oc_osm_command_help(FILE *out, int detail);

/* Splits line into at most OC_CMD_MAX_ARGS words in place: blanks
 * separate words, a word in double quotes may hold blanks ("hv5 mlx5_0").
 * Returns the count, -1 when there are more, -2 for an unterminated
 * quote. */
int oc_osm_command_split(char *line, char **argv);

#endif
