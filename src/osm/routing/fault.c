/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fault.c - test-only fault injection (see fault.h); compiled into
 * libosmcloudfault.so only.
 */
#include <stdio.h>
#include <stdlib.h>

#include "routing/fault.h"
#include "io/lft_dump.h"

#define FAULT_ENV "OSMCLOUD_FAULT_LFTS"

/* Copies every entry the dump lists over the engine's; returns how many. */
static uint64_t overlay(struct oc_lfts *lfts, const struct oc_lfts *faulty)
{
	uint32_t sw, lid,
		max = lfts->max_lid < faulty->max_lid ? lfts->max_lid
						      : faulty->max_lid;
	uint64_t n = 0;

	for (sw = 0; sw < lfts->num_switches; sw++) {
		const uint8_t *from = oc_lft_row(faulty, sw);
		uint8_t *to = oc_lft_row(lfts, sw);

		for (lid = 1; lid <= max; lid++) {
			if (from[lid] == OC_NO_PATH)
				continue;
			to[lid] = from[lid];
			n++;
		}
	}
	return n;
}

int oc_osm_fault_inject(const struct oc_fabric *f, struct oc_lfts *lfts,
			const struct oc_osm_log *lg, const char *engine,
			struct oc_err *err)
{
	const char *path = getenv(FAULT_ENV);
	struct oc_lfts *faulty = NULL;
	uint64_t n;
	FILE *in;
	int ret;

	if (!path || !*path)
		return 0;
	in = fopen(path, "r");
	if (!in)
		return oc_err_set(err, "fault injection: cannot open %s", path);
	ret = oc_lft_dump_read(f, in, path, &faulty, err);
	fclose(in);
	if (ret)
		return -1;
	n = overlay(lfts, faulty);
	oc_lfts_free(faulty);
	oc_osm_info(lg,
		    "%s: fault injection (test build): %llu entries of %s "
		    "written over the engine's tables",
		    engine, (unsigned long long)n, path);
	return 0;
}
