/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smp_window.h - a list of directed-route SMPs of one method and
 * attribute sent with at most W outstanding (OpenSM's max_wire_smps),
 * each answer matched to its request by TID, timed from the first send
 * to the last answer.
 */
#ifndef OC_SMP_WINDOW_H
#define OC_SMP_WINDOW_H

#include <stddef.h>

#include "smp_umad.h"

#define OC_SMP_MAX_WINDOW 64

/* One request: for a Get, data receives the answer's; for a Set, data
 * is what is written and the answer must carry it back. */
struct oc_smp_req {
	const struct oc_dr_path *path;
	uint32_t mod;
	uint8_t *data;
	uint16_t status; /* the answer's; OC_SMP_NO_ANSWER: a time-out */
};

struct oc_smp_run {
	unsigned sent;		  /* requests sent */
	unsigned acks;		  /* answers with status 0 (and, for a Set, the
			      data written) */
	unsigned errors;	  /* answers with an error status */
	unsigned timeouts;	  /* no answer within the time-out */
	unsigned differ;	  /* Set answers with status 0 but other data */
	double first_us, last_us; /* first send, last answer */
};

/* Sends reqs[0..n-1] in order with at most window outstanding, waits up
 * to timeout_ms for each; 0 with run filled in (failed requests too), -1
 * when a send failed (after a message). */
int oc_smp_window(struct oc_smp_port *p, unsigned method, unsigned attr,
		  struct oc_smp_req *reqs, size_t n, unsigned window,
		  int timeout_ms, struct oc_smp_run *run);

#endif
