/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smp_switches.h - the first switches of a live fabric in breadth-first
 * order from the local port, found by directed-route NodeInfo and
 * PortInfo Gets alone (no LIDs, no SM needed), with what their
 * SwitchInfo says about their linear forwarding table.
 */
#ifndef OC_SMP_SWITCHES_H
#define OC_SMP_SWITCHES_H

#include <stdint.h>

#include "smp_umad.h"

struct oc_smp_switch {
	struct oc_dr_path path;
	uint64_t guid;
	unsigned num_ports;
	unsigned lft_cap; /* SwitchInfo LinearFDBCap: LFT entries */
	unsigned lft_top; /* SwitchInfo LinearFDBTop */
	char desc[65];	  /* NodeDescription */
};

/* Walks from the local port until want switches are known (or the
 * fabric ends): *found of them in sw[0..want-1], in breadth-first order,
 * each with its SwitchInfo and NodeDescription read.  0, or -1 after a
 * message naming the route that did not answer. */
int oc_smp_find_switches(struct oc_smp_port *p, unsigned want, int timeout_ms,
			 struct oc_smp_switch *sw, unsigned *found);

/* "0x... "desc" (route 0,1,3)" for messages. */
const char *oc_smp_switch_name(const struct oc_smp_switch *sw, char *buf,
			       unsigned len);

#endif
