/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ctl_conn.h - what the two files of libosmcloudctl share: the
 * connection (ctl_conn.c: the socket, its time-outs, its lines) that the
 * JSON requests and replies (ctl_request.c) travel on.
 */
#ifndef OC_CTL_CONN_H
#define OC_CTL_CONN_H

#include <stddef.h>

#include "osmcloud/ctl_client.h"

struct oc_ctl {
	int fd;
	int timeout_ms;
	char *path;
	char *buf; /* bytes received; a line is returned inside it */
	size_t len, cap;
	size_t used; /* the line last returned, dropped at the next read */
	char error[512];
};

/* Sets c's error ("PATH: " and the text); returns -1. */
int ctl_conn_fail(struct oc_ctl *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
