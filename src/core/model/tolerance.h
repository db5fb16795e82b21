/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * tolerance.h - the one tolerance for comparing loads and weights.
 *
 * Link loads and leaf weights are sums of doubles (VM weights of 1e-6 ..
 * 1000 nodes, partition weights), so two loads that should be equal can
 * differ in their last bits depending on the order they were summed in.
 * Every comparison of loads or weights (the router's least-loaded port,
 * pftree's link marking, vswitch_ftree's padding of lighter leaves) treats
 * values closer than OC_LOAD_EPSILON as equal, so that the choice is made
 * by the tie rule (lowest port) and not by rounding noise.
 */
#ifndef OC_TOLERANCE_H
#define OC_TOLERANCE_H

#define OC_LOAD_EPSILON 1e-9

#endif
