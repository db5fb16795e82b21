/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * error.c - error message formatting (within its 512 bytes: clip.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "base/clip.h"
#include "base/error.h"

int oc_err_set(struct oc_err *err, const char *fmt, ...)
{
	va_list ap;
	char *c;

	if (!err)
		return -1;
	va_start(ap, fmt);
	/* a long name cut with "...", not in the middle of a character */
	oc_vformat_clipped(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	/* a message quotes what it got from files and clients: no control
	 * character of theirs reaches a log line or a terminal */
	for (c = err->msg; *c; c++)
		if ((unsigned char)*c < ' ' || *c == 0x7f)
			*c = '?';
	return -1;
}
