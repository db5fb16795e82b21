/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * comp_mask.c - acm_path_comp_mask() for the provider's test hosts (the
 * unit test's fake ibacm core and tests/ibsim/acm_host): ibacm's rule,
 * a field's component bit when the request sets it, for the fields the
 * tests set (GIDs, LIDs, Reversible, P_Key).
 */
#include <endian.h>
#include <string.h>

#include <infiniband/acm_prov.h>

#include "sa/pathrec.h"

__be64 acm_path_comp_mask(struct ibv_path_record *path)
{
	static const uint8_t zero[16];
	uint64_t m = 0;

	if (memcmp(&path->dgid, zero, sizeof(zero)))
		m |= OC_PR_CM_DGID;
	if (memcmp(&path->sgid, zero, sizeof(zero)))
		m |= OC_PR_CM_SGID;
	if (path->dlid)
		m |= OC_PR_CM_DLID;
	if (path->slid)
		m |= OC_PR_CM_SLID;
	if (path->reversible_numpath & 0x80)
		m |= OC_PR_CM_REVERSIBLE;
	if (path->pkey)
		m |= OC_PR_CM_PKEY;
	return htobe64(m);
}
