/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * requests.h - one request line of the control socket: the command it
 * names, its reply and its line in opensm's log.
 *
 * A line that starts with '{' is a JSON request of the machine protocol
 * and gets one JSON line back; any other line is a command for people
 * (words, "..." for a word with blanks) and gets the command's output
 * and the status line (osmcloud/ctl.h).  Both reach the same commands
 * (commands.h) and answer with the same result codes (osmcloud/ctl.h).  The
 * specification is docs/protocol.md.
 */
#ifndef OC_OSM_REQUESTS_H
#define OC_OSM_REQUESTS_H

#include <stdio.h>
#include <sys/types.h>

#include "osmcloud/ctl.h"

struct oc_osm_plugin;

/* Who sent the request (SO_PEERCRED of the connection). */
struct oc_ctl_peer {
	unsigned long conn; /* the connection's number since the start */
	pid_t pid;
	uid_t uid;
	gid_t gid;
};

/* Runs line (without its '\n') and writes the whole reply to reply;
 * logs the request with peer and its outcome. */
enum oc_result oc_osm_request(struct oc_osm_plugin *p,
			      const struct oc_ctl_peer *peer, char *line,
			      FILE *reply);

#endif
