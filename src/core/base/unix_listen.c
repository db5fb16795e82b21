/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * unix_listen.c - the listening UNIX stream socket (see unix_listen.h).
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/unix_listen.h"

static int make_addr(const char *option, const char *path,
		     struct sockaddr_un *addr, struct oc_err *err)
{
	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(addr->sun_path))
		return oc_err_set(err,
				  "option %s: path longer than %zu "
				  "characters: %s",
				  option, sizeof(addr->sun_path) - 1, path);
	strcpy(addr->sun_path, path);
	return 0;
}

/* A socket file nobody answers on is left from a crash: remove it. */
static int claim_path(const char *option, const struct sockaddr_un *addr,
		      struct oc_err *err)
{
	struct stat st;
	int fd, live;

	if (lstat(addr->sun_path, &st))
		return 0;
	if (!S_ISSOCK(st.st_mode))
		return oc_err_set(err,
				  "option %s: %s exists and is not a socket",
				  option, addr->sun_path);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	live = fd >= 0 &&
	       !connect(fd, (const struct sockaddr *)addr, sizeof(*addr));
	if (fd >= 0)
		close(fd);
	if (live)
		return oc_err_set(err,
				  "option %s: %s is served by another "
				  "process",
				  option, addr->sun_path);
	unlink(addr->sun_path);
	return 0;
}

int oc_unix_listen(const char *option, const char *path, int backlog,
		   struct oc_err *err)
{
	struct sockaddr_un addr;
	int fd;

	if (make_addr(option, path, &addr, err) ||
	    claim_path(option, &addr, err))
		return -1;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return oc_err_set(err, "option %s: socket: %s", option,
				  strerror(errno));
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    listen(fd, backlog)) {
		oc_err_set(err, "option %s: %s: %s", option, path,
			   strerror(errno));
		close(fd);
		return -1;
	}
	if (chmod(path, 0600)) {
		oc_err_set(err, "option %s: %s: %s", option, path,
			   strerror(errno));
		close(fd);
		unlink(path);
		return -1;
	}
	return fd;
}
