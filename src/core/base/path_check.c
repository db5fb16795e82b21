/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * path_check.c - the checks of the paths options name (path_check.h).
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/path_check.h"
#include "base/regular_file.h"

/* The folder of path: stat() into st; -1 with err naming it. */
static int folder_of(const char *option, const char *path, struct stat *st,
		     char *dir, size_t size, struct oc_err *err)
{
	char *copy = strdup(path);

	if (!copy)
		return oc_err_set(err, "out of memory");
	snprintf(dir, size, "%s", dirname(copy));
	free(copy);
	if (stat(dir, st))
		return oc_err_set(err, "option %s: %s: the folder %s %s",
				  option, path, dir,
				  errno == ENOENT ? "does not exist"
						  : strerror(errno));
	if (!S_ISDIR(st->st_mode))
		return oc_err_set(err, "option %s: %s: %s is not a folder",
				  option, path, dir);
	return 0;
}

int oc_path_check_writable_file(const char *option, const char *path,
				struct oc_err *err)
{
	struct stat st;
	char dir[4096];

	if (folder_of(option, path, &st, dir, sizeof(dir), err))
		return -1;
	if (!lstat(path, &st) && !S_ISREG(st.st_mode))
		return oc_err_set(err,
				  "option %s: %s is %s, not a regular file",
				  option, path, oc_file_kind(st.st_mode));
	return 0;
}

int oc_path_check_readable_file(const char *option, const char *path,
				struct oc_err *err)
{
	struct oc_err why;
	int fd =
		oc_open_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, &why);

	if (fd < 0)
		return oc_err_set(err, "option %s: %s", option, why.msg);
	close(fd);
	return 0;
}

int oc_path_check_socket(const char *option, const char *path,
			 struct oc_err *err)
{
	struct sockaddr_un addr;
	struct stat st;
	char dir[4096];

	if (strlen(path) >= sizeof(addr.sun_path))
		return oc_err_set(err,
				  "option %s: %s: longer than a UNIX socket "
				  "path may be (%zu characters)",
				  option, path, sizeof(addr.sun_path) - 1);
	if (folder_of(option, path, &st, dir, sizeof(dir), err))
		return -1;
	if (st.st_uid != geteuid() && st.st_uid != 0)
		return oc_err_set(err,
				  "option %s: %s: the folder %s belongs to "
				  "another user (uid %u): it must be this "
				  "user's or root's",
				  option, path, dir, (unsigned)st.st_uid);
	if (st.st_mode & (S_IWGRP | S_IWOTH))
		return oc_err_set(err,
				  "option %s: %s: other users can write the "
				  "folder %s (mode %04o) and could take the "
				  "socket's name first: use a folder only "
				  "this user writes (e.g. chmod go-w %s)",
				  option, path, dir,
				  (unsigned)(st.st_mode & 07777), dir);
	return 0;
}
