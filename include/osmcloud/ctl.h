/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ctl_proto.h - the wire protocol of the plugin's control socket, shared
 * by the plugin (src/osm/ctl.c, src/osm/requests.c) and its client
 * ("osmcloud ctl"); the specification is docs/protocol.md.
 *
 * A request is one line ending in '\n'.  A line that starts with '{' is
 * a JSON request, answered by one JSON line (the machine protocol);
 * any other line is a command for people, answered by its output and
 * then the line "osmcloud-status N\n", N being the result code
 * (result.h).  More requests may follow on the same connection.
 */
#ifndef OC_CTL_PROTO_H
#define OC_CTL_PROTO_H

#define OC_CTL_PROTOCOL "osmcloud-ctl"
#define OC_CTL_VERSION 1

#define OC_CTL_STATUS "osmcloud-status"
#define OC_CTL_LINE_MAX 4096 /* longest request line, '\n' included */

/* The server's limits (docs/protocol.md). */
#define OC_CTL_MAX_CLIENTS 16	 /* connections served at once */
#define OC_CTL_IDLE_S 120	 /* no request for that long: closed */
#define OC_CTL_LINE_S 10	 /* a started line must end within */
#define OC_CTL_WRITE_S 10	 /* a reply must be taken within */
#define OC_CTL_REPLY_MAX 1048576 /* longest reply kept for a client */

/* "osmcloud ctl"'s own exit status beyond the result codes 0..4. */
#define OC_CTL_EXIT_CLIENT 5 /* usage, no connection, no answer */

#endif
