/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * unix_listen.h - the listening UNIX stream socket of a local service
 * (the plugin's ctl= socket, osmcloud pathcache serve --socket): one rule
 * for a path left behind and a path in use.
 */
#ifndef OC_UNIX_LISTEN_H
#define OC_UNIX_LISTEN_H

#include "base/error.h"

/*
 * Binds and listens on path (non-blocking, close-on-exec) with mode 0600.
 * A socket file nobody answers on is left from a crash and is replaced; a
 * path another process serves, or that is not a socket, is refused.
 * Returns the descriptor, or -1 with err naming the option, the path and
 * the problem.  The caller unlinks path when it stops serving.
 */
int oc_unix_listen(const char *option, const char *path, int backlog,
		   struct oc_err *err);

#endif
