/*
 * ctl.h - the plugin's control socket (plugin option ctl=PATH).
 *
 * A UNIX stream socket served by one plugin thread, so that osmcloud's
 * commands work on stock opensm too (its console cannot be extended).
 * Protocol: ctl_proto.h.  One client at
 * a time; the socket is created mode 0600 (opensm's user only).  Client:
 * "osmcloud ctl --socket PATH COMMAND...".
 */
#ifndef OC_OSM_CTL_H
#define OC_OSM_CTL_H

#include <pthread.h>

#include "ctl_proto.h"
#include "error.h"

struct oc_osm_plugin;

struct oc_osm_ctl {
	struct oc_osm_plugin *plugin;
	char *path;
	int listen_fd;
	int wake[2]; /* written by stop(): the thread ends */
	pthread_t thread;
	int running;
};

/* Binds PATH (refused when another process serves it; a stale socket
 * file is replaced) and starts the thread. */
int oc_osm_ctl_start(struct oc_osm_ctl *c, struct oc_osm_plugin *p,
		     const char *path, struct oc_err *err);
/* Ends the thread, closes and removes the socket; a no-op if not
 * started. */
void oc_osm_ctl_stop(struct oc_osm_ctl *c);

#endif
