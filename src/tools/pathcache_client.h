/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pathcache_client.h - a client of the path-record cache daemon
 * (osmcloud pathcache serve; the protocol: docs/pathcache.md): the
 * osmcloud pathcache CLI and the peer emulator of the migration story.
 */
#ifndef OC_PATHCACHE_CLIENT_H
#define OC_PATHCACHE_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "sa/pathcache_proto.h"

struct oc_pcclient {
	int fd;
	int timeout_ms; /* per reply */
	char buf[4 * OC_PCPROTO_MAX_LINE];
	size_t len; /* bytes in buf */
};

/* Connects to the daemon's socket: 0, or -1 with err naming the path. */
int oc_pcclient_connect(struct oc_pcclient *c, const char *path, int timeout_ms,
			struct oc_err *err);
void oc_pcclient_close(struct oc_pcclient *c);

/* Asks for the path of comp_mask and query (as in a SubnAdmGet): 0 with
 * the 64-byte record and whether the cache answered, or -1 with err (the
 * daemon's error line or the connection's problem). */
int oc_pcclient_query(struct oc_pcclient *c, uint64_t comp_mask,
		      const uint8_t query[OC_PATHREC_SIZE],
		      uint8_t rec[OC_PATHREC_SIZE], int *from_cache,
		      struct oc_err *err);

/* Sends one request line and calls fn for each line of the reply, the
 * final "ok"/"error" line included: 0 when the reply ended with "ok", 1
 * when with "error", -1 when the connection failed (err). */
int oc_pcclient_request(struct oc_pcclient *c, const char *line,
			void (*fn)(const char *line, void *arg), void *arg,
			struct oc_err *err);

#endif
