/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fault.c - test-only fault injection (see fault.h); compiled into
 * libosmcloudfault.so only.
 */
#include <stdio.h>
#include <stdlib.h>

#include "routing/fault.h"
#include "io/lft_dump.h"
#include "base/regular_file.h"

#define FAULT_ENV "OSMCLOUD_FAULT_LFTS"
#define FAULT_CARRY_ENV "OSMCLOUD_FAULT_CARRY"

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

/* The dump the environment variable env names, for fabric f; *faulty
 * NULL when the variable is not set. */
static int read_faults(const char *env, const struct oc_fabric *f,
		       struct oc_lfts **faulty, const char **path,
		       struct oc_err *err)
{
	FILE *in;
	int ret;

	*faulty = NULL;
	*path = getenv(env);
	if (!*path || !**path)
		return 0;
	in = oc_fopen_regular(*path, OC_OPEN_FOLLOW, OC_DUMP_MAX_BYTES, err);
	if (!in)
		return -1;
	ret = oc_lft_dump_read(f, in, *path, faulty, err);
	fclose(in);
	return ret;
}

int oc_osm_fault_carry(const struct oc_fabric *f, struct oc_lfts *lfts,
		       struct oc_carry_undo *undo, const struct oc_osm_log *lg,
		       const char *engine, struct oc_err *err)
{
	struct oc_lfts *faulty;
	const char *path;
	uint32_t sw, lid;
	uint64_t n = 0;

	if (read_faults(FAULT_CARRY_ENV, f, &faulty, &path, err))
		return -1;
	for (sw = 0; faulty && sw < lfts->num_switches; sw++)
		for (lid = 1; lid <= lfts->max_lid && lid <= faulty->max_lid;
		     lid++) {
			uint8_t port = oc_lft_row(faulty, sw)[lid];

			if (port == OC_NO_PATH)
				continue;
			if (oc_carry_undo_set(lfts, undo, sw, lid, port)) {
				oc_lfts_free(faulty);
				return oc_err_set(err, "out of memory");
			}
			n++;
		}
	oc_lfts_free(faulty);
	if (path && *path)
		oc_osm_info(lg,
			    "%s: fault injection (test build): %llu entries "
			    "of %s written over the carried tables",
			    engine, (unsigned long long)n, path);
	return 0;
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
	in = oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_DUMP_MAX_BYTES, err);
	if (!in)
		return -1;
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
