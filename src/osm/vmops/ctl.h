/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ctl.h - the plugin's control socket (plugin options ctl=PATH and
 * ctl_group=GROUP).
 *
 * A UNIX stream socket served by one plugin thread, so that osmcloud's
 * commands work on stock opensm too (its console cannot be extended),
 * for people ("osmcloud ctl") and for orchestrators (the JSON protocol,
 * docs/protocol.md; requests.h).  The thread poll()s every connection
 * with non-blocking sockets: up to OC_CTL_MAX_CLIENTS clients at once,
 * OC_CTL_MAX_PER_UID of them one user's (but root's), and a client that
 * stalls (sends nothing, half a line, or never reads its replies) never
 * blocks another client nor opensm's exit; it is closed after the
 * time-outs of osmcloud/ctl.h.  A silent client costs only its slot: a
 * new connection that finds no free slot, or a user's beyond its
 * limit, takes the place of the connection idle longest (of that user)
 * that has no request in progress (no unfinished line, no reply to
 * take, nothing unread); only when every candidate is busy is it
 * refused.  Requests run one at a time
 * in arrival order.  The socket is mode 0600 (opensm's user), or 0660
 * with the group ctl_group; every connection's peer (SO_PEERCRED) is
 * logged with each of its requests.  A path in a folder that other users
 * may write is refused before (oc_path_check_socket(), path_check.h: the
 * one rule, which osmcloud config-check applies too).
 */
#ifndef OC_OSM_CTL_H
#define OC_OSM_CTL_H

#include <pthread.h>
#include <sys/types.h>

#include "osmcloud/ctl.h"
#include "base/error.h"
#include "vmops/requests.h"

struct oc_osm_plugin;

struct oc_ctl_conn {
	int fd; /* -1: free slot */
	struct oc_ctl_peer peer;
	char in[OC_CTL_LINE_MAX + 1];
	size_t in_len;
	char *out; /* reply bytes not yet taken by the client */
	size_t out_len, out_off;
	double last_ms;	      /* connected, or last reply taken */
	unsigned long served; /* requests answered */
	double line_ms;	      /* first byte of an unfinished line (0: none) */
	double write_ms;      /* a reply waits since (0: none) */
	int eof;	      /* the client sends no more: close when flushed */
	int closing;	      /* close when flushed (a protocol error) */
};

struct oc_osm_ctl {
	struct oc_osm_plugin *plugin;
	char *path;
	int listen_fd;
	int wake[2]; /* written by stop(): the thread ends */
	pthread_t thread;
	int running;
	struct oc_ctl_conn conns[OC_CTL_MAX_CLIENTS];
	unsigned long num_accepted; /* connections since the start */
};

/* Binds PATH, whose folder oc_path_check_socket() accepted (refused when
 * another process serves it; a stale socket file is replaced), sets its
 * mode and group (the plugin's ctl_group option) and starts the
 * thread. */
int oc_osm_ctl_start(struct oc_osm_ctl *c, struct oc_osm_plugin *p,
		     const char *path, struct oc_err *err);
/* Ends the thread, closes every connection, removes the socket; a no-op
 * if not started. */
void oc_osm_ctl_stop(struct oc_osm_ctl *c);

#endif
