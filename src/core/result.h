/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * result.h - the outcome of one VM command (migrate, boot, stop, ...),
 * the same on every door: opensm's console, "osmcloud ctl" and the
 * machine protocol of the control socket (docs/protocol.md).
 *
 * The values are part of the protocol: never renumber them.
 */
#ifndef OC_RESULT_H
#define OC_RESULT_H

enum oc_result {
	OC_RES_DONE = 0,	/* done (or had already taken effect) */
	OC_RES_REFUSED = 1,	/* refused: nothing sent, nothing changed */
	OC_RES_PARTIAL = 2,	/* applied, but SMPs unacknowledged */
	OC_RES_NOT_MASTER = 3,	/* this SM is not master: nothing sent */
	OC_RES_BAD_REQUEST = 4, /* malformed request: nothing done */
};

#define OC_RES_COUNT 5

/* "done", "refused", "partial", "not-master", "bad-request"; "?" for a
 * value outside the set. */
static inline const char *oc_result_name(int res)
{
	static const char *const names[OC_RES_COUNT] = {
		"done", "refused", "partial", "not-master", "bad-request",
	};

	return res >= 0 && res < OC_RES_COUNT ? names[res] : "?";
}

#endif
