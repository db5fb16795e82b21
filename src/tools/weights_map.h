/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * weights_map.h - node weights from measured traffic (pFTree-Wt, paper
 * section 7, Equation 1).
 *
 * If B is the set of data amounts the nodes received over a period, each
 * node x gets the weight
 *     W(x) = (x - min B) * (b - a) / (max B - min B) + a
 * in the chosen range [a, b]: the quietest node weighs a, the busiest b,
 * the others in proportion.  (The paper prints "(x - a)"; the linear map
 * onto [a, b] subtracts min B, as its text describes.)  When every node
 * received the same amount, every weight is a.
 */
#ifndef OC_WEIGHTS_MAP_H
#define OC_WEIGHTS_MAP_H

#include <stddef.h>
#include <stdint.h>

/* weight[i] = W(received[i]) over all n values, into [a, b]. */
void oc_weights_linear(const uint64_t *received, size_t n, double a, double b,
		       double *weight);

#endif
