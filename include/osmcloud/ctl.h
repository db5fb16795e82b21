/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osmcloud/ctl.h - the wire protocol of the plugin's control socket and
 * the result codes of its VM commands: the installed public header for
 * orchestrators written in C, shared by the plugin (src/osm/vmops/ctl.c,
 * requests.c, commands.c) and its client ("osmcloud ctl"); the
 * specification is docs/protocol.md.
 *
 * A request is one line ending in '\n'.  A line that starts with '{' is
 * a JSON request, answered by one JSON line (the machine protocol);
 * any other line is a command for people, answered by its output and
 * then the line "osmcloud-status N\n", N being the result code
 * (enum oc_result below).  More requests may follow on the same
 * connection.
 */
#ifndef OSMCLOUD_CTL_H
#define OSMCLOUD_CTL_H

#define OC_CTL_PROTOCOL "osmcloud-ctl"
#define OC_CTL_VERSION 1

#define OC_CTL_STATUS "osmcloud-status"
#define OC_CTL_LINE_MAX 4096 /* longest request line, '\n' included */

/* The server's limits (docs/protocol.md). */
#define OC_CTL_MAX_CLIENTS 16	 /* connections served at once */
#define OC_CTL_MAX_PER_UID 8	 /* of them, one user's (root: no limit) */
#define OC_CTL_FIRST_S 10	 /* no request yet after that long: closed */
#define OC_CTL_IDLE_S 120	 /* no request for that long: closed */
#define OC_CTL_LINE_S 10	 /* a started line must end within */
#define OC_CTL_WRITE_S 10	 /* a reply must be taken within */
#define OC_CTL_REPLY_MAX 1048576 /* longest reply kept for a client */

/* "osmcloud ctl"'s own exit status, above every result code (0..5, and
 * room for more). */
#define OC_CTL_EXIT_CLIENT 64 /* usage, no connection, no answer */

/*
 * The outcome of one VM command (migrate, boot, stop, ...), the same on
 * every door: opensm's console, "osmcloud ctl" and the machine protocol
 * of the control socket.  The values are part of the protocol: never
 * renumber them.
 */
enum oc_result {
	OC_RES_DONE = 0,	/* done (or had already taken effect) */
	OC_RES_REFUSED = 1,	/* refused: nothing sent, nothing changed */
	OC_RES_PARTIAL = 2,	/* applied, but SMPs unacknowledged */
	OC_RES_NOT_MASTER = 3,	/* this SM is not master: nothing sent */
	OC_RES_BAD_REQUEST = 4, /* malformed request: nothing done */
	/* refused: this SM's registry is not reconciled with the fabric
	 * (or this VM is held): nothing sent (docs/failover.md) */
	OC_RES_UNRECONCILED = 5,
};

#define OC_RES_COUNT 6

/* "done", "refused", "partial", "not-master", "bad-request",
 * "unreconciled"; "?" for a value outside the set. */
static inline const char *oc_result_name(int res)
{
	static const char *const names[OC_RES_COUNT] = {
		"done",	      "refused",     "partial",
		"not-master", "bad-request", "unreconciled",
	};

	return res >= 0 && res < OC_RES_COUNT ? names[res] : "?";
}

#endif
