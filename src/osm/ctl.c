/*
 * ctl.c - the plugin's control socket (see ctl.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "commands.h"
#include "ctl.h"

static int make_addr(const char *path, struct sockaddr_un *addr,
		     struct oc_err *err)
{
	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(addr->sun_path))
		return oc_err_set(err,
				  "option ctl: path longer than %zu "
				  "characters: %s",
				  sizeof(addr->sun_path) - 1, path);
	strcpy(addr->sun_path, path);
	return 0;
}

/* A socket file nobody answers on is left from a crash: remove it. */
static int claim_path(const struct sockaddr_un *addr, struct oc_err *err)
{
	struct stat st;
	int fd, live;

	if (lstat(addr->sun_path, &st))
		return 0;
	if (!S_ISSOCK(st.st_mode))
		return oc_err_set(err,
				  "option ctl: %s exists and is not a "
				  "socket",
				  addr->sun_path);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	live = fd >= 0 &&
	       !connect(fd, (const struct sockaddr *)addr, sizeof(*addr));
	if (fd >= 0)
		close(fd);
	if (live)
		return oc_err_set(err,
				  "option ctl: %s is served by another "
				  "process (another opensm?)",
				  addr->sun_path);
	unlink(addr->sun_path);
	return 0;
}

static int open_listener(const char *path, struct oc_err *err)
{
	struct sockaddr_un addr;
	int fd;

	if (make_addr(path, &addr, err) || claim_path(&addr, err))
		return -1;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return oc_err_set(err, "option ctl: socket: %s",
				  strerror(errno));
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    chmod(path, 0600) || listen(fd, 4)) {
		oc_err_set(err, "option ctl: %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= n;
	}
	return 0;
}

/* Runs one command line and sends its answer. */
static int answer(struct oc_osm_ctl *c, int fd, char *line)
{
	char *argv[OC_CMD_MAX_ARGS], *text = NULL, status[64];
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	int argc = oc_osm_command_split(line, argv), ret = 1;

	if (!out)
		return -1;
	if (argc < 0)
		fprintf(out, "osmcloud: more than %d words\n", OC_CMD_MAX_ARGS);
	else if (argc > 0)
		ret = oc_osm_command(c->plugin, argc, argv, out);
	else
		fprintf(out, "osmcloud: empty command\n");
	/* glibc: a failed last realloc leaves text NULL, fclose 0 */
	if (fclose(out) || !text) { /* no memory for the whole answer */
		free(text);
		return -1;
	}
	snprintf(status, sizeof(status), OC_CTL_STATUS " %d\n", ret);
	ret = write_all(fd, text, len) || write_all(fd, status, strlen(status));
	free(text);
	return ret ? -1 : 0;
}

/* Waits for fd to be readable; 0 when stop() was called instead. */
static int wait_readable(struct oc_osm_ctl *c, int fd)
{
	struct pollfd pfd[2] = {{fd, POLLIN, 0}, {c->wake[0], POLLIN, 0}};

	while (poll(pfd, 2, -1) < 0)
		if (errno != EINTR)
			return 0;
	return !(pfd[1].revents & POLLIN) &&
	       (pfd[0].revents & POLLIN || pfd[0].revents & POLLHUP);
}

/* Serves one client until it hangs up, errs or stop() is called. */
static void serve(struct oc_osm_ctl *c, int fd)
{
	char buf[OC_CTL_LINE_MAX + 1];
	size_t used = 0;

	while (wait_readable(c, fd)) {
		ssize_t n = recv(fd, buf + used, OC_CTL_LINE_MAX - used, 0);
		char *nl;

		if (n <= 0)
			return;
		used += n;
		buf[used] = '\0';
		while ((nl = strchr(buf, '\n'))) {
			*nl = '\0';
			if (answer(c, fd, buf))
				return;
			used -= nl + 1 - buf;
			memmove(buf, nl + 1, used + 1);
		}
		if (used == OC_CTL_LINE_MAX) {
			static const char msg[] =
				"osmcloud: line too long\n" OC_CTL_STATUS
				" 1\n";

			write_all(fd, msg, sizeof(msg) - 1);
			return;
		}
	}
}

static void *ctl_thread(void *arg)
{
	struct oc_osm_ctl *c = arg;
	int fd;

	while (wait_readable(c, c->listen_fd)) {
		fd = accept4(c->listen_fd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0)
			continue;
		serve(c, fd);
		close(fd);
	}
	return NULL;
}

int oc_osm_ctl_start(struct oc_osm_ctl *c, struct oc_osm_plugin *p,
		     const char *path, struct oc_err *err)
{
	memset(c, 0, sizeof(*c));
	c->listen_fd = open_listener(path, err);
	if (c->listen_fd < 0)
		return -1;
	c->plugin = p;
	c->path = strdup(path);
	if (!c->path || pipe2(c->wake, O_CLOEXEC) ||
	    pthread_create(&c->thread, NULL, ctl_thread, c)) {
		oc_err_set(err, "option ctl: cannot start its thread: %s",
			   strerror(errno));
		close(c->listen_fd);
		unlink(path);
		free(c->path);
		c->path = NULL;
		return -1;
	}
	c->running = 1;
	return 0;
}

void oc_osm_ctl_stop(struct oc_osm_ctl *c)
{
	ssize_t n;

	if (!c->running)
		return;
	n = write(c->wake[1], "x", 1); /* one byte: cannot block */

	(void)n;
	pthread_join(c->thread, NULL);
	close(c->wake[0]);
	close(c->wake[1]);
	close(c->listen_fd);
	unlink(c->path);
	free(c->path);
	c->running = 0;
}
