/*
 * cmd_ctl.c - "osmcloud ctl": send one command to a running plugin's
 * control socket (plugin option ctl=PATH) and print its answer.
 *
 * The same commands are "osmcloud ..." in the console of an opensm built
 * with opensm-patches/; this client serves stock opensm.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "commands.h"
#include "ctl_proto.h"

#define STATUS_PREFIX OC_CTL_STATUS " "

static void ctl_usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud ctl --socket PATH [--timeout SECONDS] "
		"COMMAND [ARGS...]\n"
		"Sends COMMAND to the osmcloud plugin of a running opensm\n"
		"(event_plugin_options ctl=PATH) and prints the answer.\n"
		"'osmcloud ctl --socket PATH help' lists the commands.\n"
		"Exit status: 0 done, 1 the command failed, 2 usage or "
		"connection error.\n");
}

static int connect_to(const char *path, int timeout_s)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	struct timeval tv = {.tv_sec = timeout_s};
	int fd;

	if (strlen(path) >= sizeof(addr.sun_path)) {
		fprintf(stderr, "osmcloud ctl: socket path too long: %s\n",
			path);
		return -1;
	}
	strcpy(addr.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) ||
	    connect(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		fprintf(stderr,
			"osmcloud ctl: %s: %s (is opensm running "
			"with event_plugin_options ctl=%s?)\n",
			path, strerror(errno), path);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

static int send_command(int fd, int argc, char **argv)
{
	char line[OC_CTL_LINE_MAX];
	size_t len = 0;
	int i;

	for (i = 0; i < argc; i++) {
		int n = snprintf(line + len, sizeof(line) - len, "%s%s",
				 i ? " " : "", argv[i]);

		if (n < 0 || (size_t)n >= sizeof(line) - len - 1) {
			fprintf(stderr, "osmcloud ctl: command too long\n");
			return -1;
		}
		len += n;
	}
	line[len++] = '\n';
	if (send(fd, line, len, MSG_NOSIGNAL) != (ssize_t)len) {
		fprintf(stderr, "osmcloud ctl: send: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/* Prints the answer up to the status line; returns the status, 2 when
 * the connection ended or timed out first. */
static int read_answer(int fd)
{
	FILE *in = fdopen(fd, "r");
	char *line = NULL;
	size_t cap = 0;
	int status = -1;

	if (!in)
		return 2;
	while (status < 0 && getline(&line, &cap, in) >= 0) {
		if (!strncmp(line, STATUS_PREFIX, strlen(STATUS_PREFIX)))
			status = atoi(line + strlen(STATUS_PREFIX)) ? 1 : 0;
		else
			fputs(line, stdout);
	}
	if (status < 0)
		fprintf(stderr, "osmcloud ctl: no answer (%s)\n",
			errno == EAGAIN ? "timed out" : "connection closed");
	free(line);
	fclose(in);
	return status < 0 ? 2 : status;
}

int cmd_ctl(int argc, char **argv)
{
	static const struct option opts[] = {
		{"socket", required_argument, NULL, 's'},
		{"timeout", required_argument, NULL, 't'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *path = NULL;
	int timeout_s = 60, c, fd;

	while ((c = getopt_long(argc, argv, "+s:t:h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			path = optarg;
			break;
		case 't':
			timeout_s = atoi(optarg);
			if (timeout_s <= 0) {
				fprintf(stderr, "osmcloud ctl: --timeout "
						"wants seconds > 0\n");
				return 2;
			}
			break;
		case 'h':
			ctl_usage(stdout);
			return 0;
		default:
			ctl_usage(stderr);
			return 2;
		}
	}
	if (!path || optind == argc) {
		ctl_usage(stderr);
		return 2;
	}
	fd = connect_to(path, timeout_s);
	if (fd < 0)
		return 2;
	if (send_command(fd, argc - optind, argv + optind)) {
		close(fd);
		return 2;
	}
	return read_answer(fd);
}
