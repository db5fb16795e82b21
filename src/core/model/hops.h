/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * hops.h - switch-to-switch hop distances (one BFS per switch).
 */
#ifndef OC_HOPS_H
#define OC_HOPS_H

#include <stdint.h>

#include "model/fabric.h"

#define OC_HOPS_UNREACHABLE 0xff

/* dist[a * num_switches + b] = hops from switch index a to b; NULL when out
 * of memory.  Free with free(). */
uint8_t *oc_switch_distances(const struct oc_fabric *f);

#endif
