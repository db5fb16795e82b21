/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * check_ebb.h - the bisection-bandwidth part of "osmcloud check" (--ebb
 * N, --seed S, --ebb-trace FILE): runs verify/ebb.h over every active CA
 * port LID and prints the result as text or as the JSON key "ebb".
 */
#ifndef OC_CHECK_EBB_H
#define OC_CHECK_EBB_H

#include <stdint.h>

#include <jansson.h>

#include "model/fabric.h"
#include "model/lft.h"
#include "verify/ebb.h"

struct ebb_check {
	unsigned rounds; /* 0: not asked for */
	unsigned seed;
	const char *trace; /* per-round values to this file, or NULL */
	uint32_t endpoints;
	double seconds;	    /* the evaluator's wall-clock time */
	double cpu_seconds; /* and its CPU time (a shared machine) */
	struct oc_ebb_result res;
};

/* Option parsers: 0, or 2 after the error on stderr. */
int ebb_check_rounds(struct ebb_check *e, const char *s);
int ebb_check_seed(struct ebb_check *e, const char *s);

/* Runs the EBB when asked for (0 when not).  Prints the error and
 * returns 2 on bad input. */
int ebb_check_run(struct ebb_check *e, const struct oc_fabric *f,
		  const struct oc_lfts *t);
void ebb_check_print(const struct ebb_check *e);
/* The value of the JSON key "ebb": no times, so the same input gives
 * the same JSON (the text's time line ends in " ms", as other timings);
 * NULL: out of memory. */
json_t *ebb_check_json(const struct ebb_check *e);

#endif
