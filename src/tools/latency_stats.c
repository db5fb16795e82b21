/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * latency_stats.c - summary of response times (latency_stats.h).
 */
#include <math.h>
#include <stdlib.h>

#include "latency_stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The value below which share q of the sorted v lies (nearest rank). */
static double quantile(const double *v, size_t n, double q)
{
	size_t rank = (size_t)ceil(q * (double)n);

	return v[rank ? rank - 1 : 0];
}

struct oc_latency oc_latency_of(double *v, size_t n)
{
	struct oc_latency s = {.n = n};
	double sum = 0, sq = 0;
	size_t i;

	if (!n)
		return s;
	qsort(v, n, sizeof(*v), cmp_double);
	for (i = 0; i < n; i++)
		sum += v[i];
	s.mean = sum / (double)n;
	for (i = 0; i < n; i++)
		sq += (v[i] - s.mean) * (v[i] - s.mean);
	s.sd = sqrt(sq / (double)n);
	s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	s.p99 = quantile(v, n, 0.99);
	return s;
}
