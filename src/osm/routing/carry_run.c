/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * carry_run.c - when a run carries the installed tables, and the carried
 * tables with their log line (see carry_run.h).
 */
#include <stdlib.h>

#include "base/clock.h"
#include "route/carry.h"
#include "routing/carry_run.h"
#include "routing/lft_in.h"

const char *oc_osm_carry_skip(const osm_subn_t *subn,
			      const struct oc_osm_opts *opts,
			      const struct oc_engine *e, int reroute)
{
	if (!opts->carry_tables)
		return "option carry_tables=off";
	if (oc_engine_has(e, OC_ENGINE_PARTITIONS))
		return "a partition-aware engine's tables are not carried "
		       "(isolation and lanes follow the partitions and "
		       "policies of this sweep)";
	if (reroute)
		return "OpenSM reroutes without a heavy sweep (console "
		       "reroute): the tables are balanced anew";
	if (subn->need_update)
		return "OpenSM reprograms every switch in this sweep (first "
		       "sweep as master or out of standby)";
	return NULL;
}

static void log_carried(const struct oc_osm_log *lg, const char *engine,
			const struct oc_carry_stats *st,
			const struct oc_osm_installed *in, double ms)
{
	oc_osm_info(lg,
		    "%s: carried %llu of %llu entries from the installed "
		    "tables (%llu fresh: %llu on switches without a table, "
		    "%llu leaving over the %u switch ports whose link came "
		    "up, %llu whose installed walk does not reach the LID); "
		    "%llu carried entries differ from the engine's; %llu "
		    "routes to LIDs no port owns dropped; %.1f ms",
		    engine, (unsigned long long)st->kept,
		    (unsigned long long)st->entries,
		    (unsigned long long)oc_carry_fresh(st),
		    (unsigned long long)st->untrusted,
		    (unsigned long long)st->rising, in->num_rising,
		    (unsigned long long)st->broken,
		    (unsigned long long)st->differ,
		    (unsigned long long)st->gone, ms);
}

/* Logs why nothing is carried; 0. */
static int carry_none(const struct oc_osm_log *lg, const char *engine,
		      const char *why)
{
	oc_osm_info(lg, "%s: routing from scratch: %s", engine, why);
	return 0;
}

int oc_osm_carry_tables(const struct oc_osm_snapshot *s, struct oc_lfts *t,
			struct oc_carry_undo *undo, const struct oc_osm_log *lg,
			const char *engine)
{
	double start = oc_now_ms();
	struct oc_osm_installed in;
	struct oc_carry_stats st;
	struct oc_err err;
	int ret;

	if (oc_osm_installed_read(s, &in, &err))
		return carry_none(lg, engine, err.msg);
	if (!in.num_known) {
		oc_osm_installed_free(&in);
		return carry_none(lg, engine,
				  "OpenSM holds no switch's table yet");
	}
	ret = oc_carry(s->f, t, &in.view, undo, &st, &err);
	if (!ret)
		log_carried(lg, engine, &st, &in, oc_now_ms() - start);
	oc_osm_installed_free(&in);
	return ret ? carry_none(lg, engine, err.msg) : 1;
}
