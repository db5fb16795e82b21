/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * path_check.h - the paths an option names, checked before they are
 * used: at plugin load and by `osmcloud config-check`.
 */
#ifndef OC_PATH_CHECK_H
#define OC_PATH_CHECK_H

#include "base/error.h"

/* A file the plugin writes (state=): its folder exists and is a folder,
 * and the path, if it exists, is a regular file (not a link to one:
 * regular_file.h).  Errors name the
 * option, the path and the problem. */
int oc_path_check_writable_file(const char *option, const char *path,
				struct oc_err *err);

/* A file the plugin reads (roots=, vms=, policy=, weights=): it opens
 * for reading as oc_open_regular() opens it (a regular file, or a link
 * to one, of at most OC_INPUT_MAX_BYTES). */
int oc_path_check_readable_file(const char *option, const char *path,
				struct oc_err *err);

/* The control socket (ctl=): the path fits a UNIX socket address, its
 * folder exists, belongs to this user or root and no other user can
 * write it (group or others): in such a folder another user could bind
 * the name first and answer the orchestrators in the plugin's place. */
int oc_path_check_socket(const char *option, const char *path,
			 struct oc_err *err);

#endif
