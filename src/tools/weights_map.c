/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * weights_map.c - Equation 1 of the pFTree-Wt paper: received data to
 * weights in [a, b].
 */
#include "weights_map.h"

void oc_weights_linear(const uint64_t *received, size_t n, double a, double b,
		       double *weight)
{
	uint64_t lo = UINT64_MAX, hi = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (received[i] < lo)
			lo = received[i];
		if (received[i] > hi)
			hi = received[i];
	}
	for (i = 0; i < n; i++)
		weight[i] = hi == lo ? a
				     : (double)(received[i] - lo) * (b - a) /
						       (double)(hi - lo) +
					       a;
}
