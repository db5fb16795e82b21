/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * rcv_counters.c - PortRcvData through the performance class (libibmad).
 */
#include <inttypes.h>
#include <string.h>

#include <infiniband/mad.h>

#include "rcv_counters.h"

/* ClassPortInfo CapabilityMask bits of the performance class. */
#define PM_EXT_WIDTH_SUPPORTED (1u << 9)
#define PM_EXT_WIDTH_NOIETF_SUP (1u << 10)

#define PMA_BUF 1024

static int pma_get(const struct oc_mad *m, const struct oc_ibport *p,
		   unsigned attr, uint8_t *buf, struct oc_err *err)
{
	ib_portid_t id;

	memset(&id, 0, sizeof(id));
	memset(buf, 0, PMA_BUF);
	ib_portid_set(&id, p->lid, 0, 0);
	if (pma_query_via(buf, &id, p->num, m->timeout_ms, attr, m->port))
		return 0;
	return oc_err_set(err,
			  "port 0x%016" PRIx64 " (LID %u port %u): no answer "
			  "to performance attribute 0x%x",
			  p->guid, p->lid, p->num, attr);
}

int oc_rcv_reader_init(const struct oc_mad *m, const struct oc_ibport *p,
		       enum oc_counter_width want, struct oc_rcv_reader *r,
		       struct oc_err *err)
{
	uint8_t buf[PMA_BUF];
	uint32_t cap = 0;

	r->extended = 0;
	if (want == OC_COUNTERS_BASIC)
		return 0;
	if (pma_get(m, p, CLASS_PORT_INFO, buf, err))
		return -1;
	mad_decode_field(buf, IB_CPI_CAPMASK_F, &cap);
	r->extended =
		!!(cap & (PM_EXT_WIDTH_SUPPORTED | PM_EXT_WIDTH_NOIETF_SUP));
	if (want == OC_COUNTERS_EXTENDED && !r->extended)
		return oc_err_set(err,
				  "port 0x%016" PRIx64 " (LID %u): no extended "
				  "counters (CapabilityMask 0x%x)",
				  p->guid, p->lid, cap);
	return 0;
}

int oc_rcv_read(const struct oc_mad *m, const struct oc_ibport *p,
		const struct oc_rcv_reader *r, uint64_t *words, int *saturated,
		struct oc_err *err)
{
	uint8_t buf[PMA_BUF];
	uint32_t v32 = 0;
	uint64_t v64 = 0;

	*saturated = 0;
	if (r->extended) {
		if (pma_get(m, p, IB_GSI_PORT_COUNTERS_EXT, buf, err))
			return -1;
		mad_decode_field(buf, IB_PC_EXT_RCV_BYTES_F, &v64);
		*words = v64;
		return 0;
	}
	if (pma_get(m, p, IB_GSI_PORT_COUNTERS, buf, err))
		return -1;
	mad_decode_field(buf, IB_PC_RCV_BYTES_F, &v32);
	*words = v32;
	*saturated = v32 == UINT32_MAX;
	return 0;
}
