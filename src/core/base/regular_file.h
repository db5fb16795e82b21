/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * regular_file.h - the one way the plugin and the tool open a file they
 * read: only a regular file of a bounded size.
 *
 * A FIFO would block the reader (inside opensm, under its lock: no SM
 * and no SIGTERM), a device such as /dev/zero never ends, a directory
 * is no text.  The file is opened with O_NONBLOCK (so that opening a
 * FIFO never waits for a writer), fstat()ed, refused unless regular and
 * at most max_bytes long, and only then read (O_NONBLOCK cleared).
 *
 * Symbolic links: an administrator may link a read-only input (an
 * /etc/opensm file, a VM list kept elsewhere) and the link is followed,
 * but its target must be a regular file like any other.  The state file
 * is the plugin's own: it replaces it by rename(), which would replace
 * a link by a file, so a link there is a mistake or a trap and is
 * refused (OC_OPEN_NOFOLLOW).
 */
#ifndef OC_REGULAR_FILE_H
#define OC_REGULAR_FILE_H

#include <stdio.h>
#include <sys/types.h>

#include "base/error.h"

/* Whether a symbolic link as the path's last component is followed. */
enum oc_open_link {
	OC_OPEN_FOLLOW,	  /* read-only inputs: its target must be regular */
	OC_OPEN_NOFOLLOW, /* the state file and its .pending: refused */
};

/* The bound of a configuration file (roots, VMs, policies, weights,
 * partitions, OpenSM's guid files and maps, topologies): far above any
 * real one (a 40,000-VM list is 2 MiB, the topology of 10,000 nodes a
 * few MiB); a larger file is no such file and is refused rather than
 * held in memory. */
#define OC_INPUT_MAX_BYTES ((off_t)256 << 20)
/* The bound of a table dump (LFTs, ibsim's Dump, OpenSM's fdbs), read
 * row by row: a fabric of thousands of switches dumps gigabytes, so
 * the bound only refuses what no fabric writes. */
#define OC_DUMP_MAX_BYTES ((off_t)64 << 30)
/* The bound of a VM state file: 49,151 VMs at most (one unicast LID
 * each) of at most 150 bytes a line is 7 MiB; free VF lines are 26
 * bytes.  16 MiB leaves room for comments and a large free list. */
#define OC_STATE_MAX_BYTES ((off_t)16 << 20)

/* What a file mode is, for messages: "a regular file", "a FIFO", "a
 * directory", "a character device", ... */
const char *oc_file_kind(mode_t mode);

/* Opens path for reading (a descriptor, close-on-exec, blocking), or
 * -1 with err set to "PATH: problem" (the open() error, "is a FIFO, not
 * a regular file", "is a symbolic link, ...", "N bytes, more than the M
 * ..."); errno is then open()'s error (ENOENT when the file does not
 * exist), or EINVAL for a file refused. */
int oc_open_regular(const char *path, enum oc_open_link link, off_t max_bytes,
		    struct oc_err *err);

/* The same as a stdio stream ("r"); NULL with err and errno set. */
FILE *oc_fopen_regular(const char *path, enum oc_open_link link,
		       off_t max_bytes, struct oc_err *err);

#endif
