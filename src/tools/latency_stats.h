/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * latency_stats.h - mean, median, standard deviation and 99th percentile
 * of a series of response times (osmcloud sa-load).
 */
#ifndef OC_LATENCY_STATS_H
#define OC_LATENCY_STATS_H

#include <stddef.h>

struct oc_latency {
	size_t n;
	double mean, median, sd, p99;
};

/* Summarises v[0..n) (sorted in place); all zero when n is 0. */
struct oc_latency oc_latency_of(double *v, size_t n);

#endif
