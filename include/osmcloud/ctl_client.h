/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osmcloud/ctl_client.h - libosmcloudctl, the C client of the plugin's
 * control socket (docs/protocol.md, "The C client"), for orchestrators
 * written in C.  Link with -losmcloudctl (pkg-config osmcloudctl).
 *
 *     char why[256];
 *     struct oc_ctl *c = oc_ctl_open("/run/osmcloud.sock", 30000,
 *                                    why, sizeof(why));
 *     const char *args[] = {"vm", "vm-3", "dest", "hv5 mlx5_0", NULL};
 *     struct oc_ctl_reply *r = c ? oc_ctl_request(c, "migrate", args) : NULL;
 *
 *     if (!r)            transport failure: oc_ctl_error(c) (or why)
 *     else if (oc_ctl_reply_code(r) != OC_RES_DONE) ...
 *              oc_ctl_reply_message(r), oc_ctl_reply_get(r, "lid")
 *
 * Every call that waits (connect, send, each reply line) waits at most
 * the timeout given to oc_ctl_open().  A connection serves any number of
 * requests, one at a time; it is not shared between threads.  Nothing
 * here prints; errors are returned as text naming the socket and the
 * problem.  The result codes are those of osmcloud/ctl.h.
 */
#ifndef OSMCLOUD_CTL_CLIENT_H
#define OSMCLOUD_CTL_CLIENT_H

#include <stddef.h>

#include "osmcloud/ctl.h"

#ifdef __cplusplus
extern "C" {
#endif

struct oc_ctl;
struct oc_ctl_reply;

/* Connects to the control socket at path within timeout_ms (> 0).  NULL
 * on failure, with the reason in err (err_len bytes, may be 0). */
struct oc_ctl *oc_ctl_open(const char *path, int timeout_ms, char *err,
			   size_t err_len);
void oc_ctl_close(struct oc_ctl *c);

/* Why the last call on c failed. */
const char *oc_ctl_error(const struct oc_ctl *c);

/* One JSON request {"op": op, key: value, ...}: args holds key and value
 * strings in turn, NULL-terminated (NULL for none); every value is sent
 * as a JSON string, quoted as JSON wants.  Returns the reply (free it
 * with oc_ctl_reply_free), or NULL when the request could not be sent,
 * no reply line came within the timeout, or the reply is not a reply
 * (oc_ctl_error). */
struct oc_ctl_reply *oc_ctl_request(struct oc_ctl *c, const char *op,
				    const char *const *args);

/* A reply line read some other way (a relay): NULL when it is not a
 * reply of the protocol, with the reason in err. */
struct oc_ctl_reply *oc_ctl_reply_parse(const char *line, char *err,
					size_t err_len);
void oc_ctl_reply_free(struct oc_ctl_reply *r);

/* The members every reply has: "code" (enum oc_result), "result",
 * "message". */
int oc_ctl_reply_code(const struct oc_ctl_reply *r);
const char *oc_ctl_reply_result(const struct oc_ctl_reply *r);
const char *oc_ctl_reply_message(const struct oc_ctl_reply *r);

/* Any member by name: a string's value, a number's literal, "true",
 * "false" or "null", or an array's or object's JSON text (the "vms" of
 * the vms op); NULL when the reply has no such member. */
const char *oc_ctl_reply_get(const struct oc_ctl_reply *r, const char *name);

/* The reply line as received, without its '\n'. */
const char *oc_ctl_reply_line(const struct oc_ctl_reply *r);

/* The lines themselves, for the commands for people ("migrate vm-3
 * hv5", answered by prose and the line "osmcloud-status N") and for
 * relays.  send: line without '\n' (one is added); 0, or -1
 * (oc_ctl_error).  read: the next line without its '\n', valid until the
 * next call on c; NULL at the end of the connection or after the
 * timeout (oc_ctl_error). */
int oc_ctl_send_line(struct oc_ctl *c, const char *line);
const char *oc_ctl_read_line(struct oc_ctl *c);

#ifdef __cplusplus
}
#endif

#endif
