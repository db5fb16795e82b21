/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * error.h - one error message carried back to the caller.
 *
 * Core functions return 0 / a valid value on success and -1 / OC_NONE on
 * failure, with the reason written into a caller-provided struct oc_err.
 * The message names the rule, the file/line or the node concerned.
 */
#ifndef OC_ERROR_H
#define OC_ERROR_H

struct oc_err {
	char msg[512];
};

/* Formats into err->msg (err may be NULL), a longer message cut with
 * "..." (base/clip.h); always returns -1. */
int oc_err_set(struct oc_err *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
