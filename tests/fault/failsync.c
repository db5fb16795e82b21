/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * failsync.c - an LD_PRELOAD shim that makes fsync() fail, to test what
 * the plugin does when the disk is full or the folder read-only (a test
 * run as root writes into a read-only folder all the same, and a tiny
 * full file system needs root to mount).
 *
 *   OC_FAIL_FSYNC_MATCH=S  fsync() and fdatasync() of a file whose path
 *                          contains S fail with ENOSPC (nothing is
 *                          synced); other files are synced as usual
 *   OC_FAIL_FSYNC_WHILE=F  only while the file F exists (a test turns
 *                          the fault on and off in a running process)
 *
 * Check-only, never installed.
 */
#ifndef _GNU_SOURCE /* configure passes -D_GNU_SOURCE */
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether the file open as fd is one to fail now. */
static int to_fail(int fd)
{
	const char *match = getenv("OC_FAIL_FSYNC_MATCH");
	const char *flag = getenv("OC_FAIL_FSYNC_WHILE");
	char link[64], path[PATH_MAX];
	ssize_t n;

	if (!match || !*match || (flag && *flag && access(flag, F_OK)))
		return 0;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, path, sizeof(path) - 1);
	if (n < 0)
		return 0;
	path[n] = '\0';
	return strstr(path, match) != NULL;
}

static int call_next(const char *name, int fd)
{
	int (*next)(int) = (int (*)(int))dlsym(RTLD_NEXT, name);

	if (!next) {
		errno = ENOSYS;
		return -1;
	}
	return next(fd);
}

int fsync(int fd)
{
	if (to_fail(fd)) {
		errno = ENOSPC;
		return -1;
	}
	return call_next("fsync", fd);
}

int fdatasync(int fd)
{
	if (to_fail(fd)) {
		errno = ENOSPC;
		return -1;
	}
	return call_next("fdatasync", fd);
}
