/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pathcache_serve.h - the path-record cache daemon (osmcloud pathcache
 * serve): one local port's oc_pathcache, served to local processes over
 * a UNIX stream socket, asking the SA on a miss (docs/pathcache.md).
 */
#ifndef OC_PATHCACHE_SERVE_H
#define OC_PATHCACHE_SERVE_H

struct oc_pcserve_opts {
	const char *socket;
	const char *ca; /* NULL: the first CA with an active port */
	int port;	/* 0: the first active */
	unsigned capacity, poll_ms, timeout_ms;
};

/* Serves until SIGTERM or SIGINT: 0, or 1 after a setup error (said on
 * stderr). */
int oc_pcserve_run(const struct oc_pcserve_opts *o);

#endif
