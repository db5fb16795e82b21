/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * regular_file.c - opening a file to read, only a regular one of a
 * bounded size (regular_file.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/regular_file.h"

const char *oc_file_kind(mode_t mode)
{
	if (S_ISREG(mode))
		return "a regular file";
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISLNK(mode))
		return "a symbolic link";
	return "not a file";
}

/* open() failed: why, naming path; ELOOP under O_NOFOLLOW is a link. */
static int open_failed(const char *path, enum oc_open_link link,
		       struct oc_err *err)
{
	int reason = errno;
	struct stat st;

	if (link == OC_OPEN_NOFOLLOW && reason == ELOOP && !lstat(path, &st) &&
	    S_ISLNK(st.st_mode))
		oc_err_set(err,
			   "%s: is a symbolic link: this file must be a "
			   "regular file itself, not a link",
			   path);
	else
		oc_err_set(err, "%s: %s", path, strerror(reason));
	errno = reason;
	return -1;
}

/* A file that is open but not acceptable: closed, -1, errno EINVAL. */
static int refuse(int fd)
{
	close(fd);
	errno = EINVAL;
	return -1;
}

int oc_open_regular(const char *path, enum oc_open_link link, off_t max_bytes,
		    struct oc_err *err)
{
	int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
	struct stat st;
	int fd;

	if (link == OC_OPEN_NOFOLLOW)
		flags |= O_NOFOLLOW;
	fd = open(path, flags);
	if (fd < 0)
		return open_failed(path, link, err);
	if (fstat(fd, &st)) {
		oc_err_set(err, "%s: %s", path, strerror(errno));
		return refuse(fd);
	}
	if (!S_ISREG(st.st_mode)) {
		oc_err_set(err, "%s: is %s, not a regular file", path,
			   oc_file_kind(st.st_mode));
		return refuse(fd);
	}
	if (st.st_size > max_bytes) {
		oc_err_set(err,
			   "%s: %lld bytes, more than the %lld such a file "
			   "may have",
			   path, (long long)st.st_size, (long long)max_bytes);
		return refuse(fd);
	}
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
		oc_err_set(err, "%s: %s", path, strerror(errno));
		return refuse(fd);
	}
	return fd;
}

FILE *oc_fopen_regular(const char *path, enum oc_open_link link,
		       off_t max_bytes, struct oc_err *err)
{
	int fd = oc_open_regular(path, link, max_bytes, err);
	FILE *in;
	int reason;

	if (fd < 0)
		return NULL;
	in = fdopen(fd, "r");
	if (!in) {
		reason = errno;
		oc_err_set(err, "%s: %s", path, strerror(reason));
		close(fd);
		errno = reason;
	}
	return in;
}
