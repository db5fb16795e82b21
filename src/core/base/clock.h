/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * clock.h - the one reading of a clock for durations and deadlines:
 * seconds on any clock (CLOCK_PROCESS_CPUTIME_ID for CPU time), and the
 * monotonic clock in milliseconds and microseconds.
 */
#ifndef OC_CLOCK_H
#define OC_CLOCK_H

#include <time.h>

static inline double oc_clock_s(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline double oc_now_ms(void)
{
	return 1e3 * oc_clock_s(CLOCK_MONOTONIC);
}

static inline double oc_now_us(void)
{
	return 1e6 * oc_clock_s(CLOCK_MONOTONIC);
}

#endif
