/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rcv_counters.h - the receive data counters of CA ports (libibmad).
 *
 * PortRcvData counts the data octets a port received, divided by 4.  It
 * is read from PortCountersExtended (64 bits) when the port's performance
 * agent supports it, else from PortCounters (32 bits, which stops at
 * 0xffffffff instead of wrapping), as perfquery does.
 */
#ifndef OC_RCV_COUNTERS_H
#define OC_RCV_COUNTERS_H

#include <stdint.h>

#include "ibports.h"

enum oc_counter_width {
	OC_COUNTERS_AUTO = 0,	  /* extended when supported */
	OC_COUNTERS_BASIC = 1,	  /* PortCounters, 32 bits */
	OC_COUNTERS_EXTENDED = 2, /* PortCountersExtended, 64 bits */
};

/* How one port is read; decided once, kept for both reads. */
struct oc_rcv_reader {
	int extended;
};

/* Picks the counters for port p: asks its ClassPortInfo unless want is
 * OC_COUNTERS_BASIC; fails when want is OC_COUNTERS_EXTENDED and the
 * port lacks them. */
int oc_rcv_reader_init(const struct oc_mad *m, const struct oc_ibport *p,
		       enum oc_counter_width want, struct oc_rcv_reader *r,
		       struct oc_err *err);

/* PortRcvData of p, in units of 4 octets; sets *saturated when a 32-bit
 * counter has stopped at its maximum. */
int oc_rcv_read(const struct oc_mad *m, const struct oc_ibport *p,
		const struct oc_rcv_reader *r, uint64_t *words, int *saturated,
		struct oc_err *err);

#endif
