/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * carry_run.c - when a run carries the installed tables, and the carried
 * tables with their log line (see carry_run.h).
 */
#include <stdlib.h>

#include "route/carry.h"
#include "routing/carry_run.h"
#include "routing/lft_in.h"

const char *oc_osm_carry_skip(const osm_subn_t *subn,
			      const struct oc_osm_opts *opts, int reroute)
{
	if (!opts->carry_tables)
		return "option carry_tables=off";
	if (reroute)
		return "OpenSM reroutes without a heavy sweep (console "
		       "reroute): the tables are balanced anew";
	if (subn->need_update)
		return "OpenSM reprograms every switch in this sweep (first "
		       "sweep as master or out of standby)";
	return NULL;
}

static void log_carried(const struct oc_osm_log *lg, const char *engine,
			const struct oc_carry_stats *st, uint32_t untrusted_sw,
			double ms)
{
	oc_osm_info(lg,
		    "%s: carried %llu of %llu entries from the installed "
		    "tables (%llu fresh, %llu of them changed: %llu on %u "
		    "switches OpenSM reprograms whole, %llu whose installed "
		    "walk does not reach the LID); %llu carried entries "
		    "differ from the engine's; %llu routes to LIDs no port "
		    "owns dropped; %.1f ms",
		    engine, (unsigned long long)st->kept,
		    (unsigned long long)st->entries,
		    (unsigned long long)oc_carry_fresh(st),
		    (unsigned long long)st->replaced,
		    (unsigned long long)st->untrusted, untrusted_sw,
		    (unsigned long long)st->broken,
		    (unsigned long long)st->differ,
		    (unsigned long long)st->gone, ms);
}

/* Logs why nothing is carried and frees what was built; NULL. */
static struct oc_lfts *carry_none(const struct oc_osm_log *lg,
				  const char *engine, const char *why,
				  struct oc_lfts *carried, uint8_t *trusted)
{
	oc_osm_info(lg, "%s: routing from scratch: %s", engine, why);
	oc_lfts_free(carried);
	free(trusted);
	return NULL;
}

struct oc_lfts *oc_osm_carry_tables(const struct oc_osm_snapshot *s,
				    const struct oc_lfts *fresh,
				    const struct oc_osm_log *lg,
				    const char *engine)
{
	double t = oc_osm_now_ms();
	struct oc_carry_stats st;
	struct oc_lfts *carried;
	uint8_t *trusted = NULL;
	uint32_t num_trusted;
	struct oc_err err;

	carried = oc_osm_lft_installed(s, fresh, &trusted, &num_trusted, &err);
	if (!carried)
		return carry_none(lg, engine, err.msg, NULL, NULL);
	if (!num_trusted)
		return carry_none(lg, engine,
				  "OpenSM knows no switch's table yet (every "
				  "switch is new or reprogrammed whole)",
				  carried, trusted);
	if (oc_carry(s->f, fresh, carried, trusted, &st, &err))
		return carry_none(lg, engine, err.msg, carried, trusted);
	log_carried(lg, engine, &st, s->f->num_switches - num_trusted,
		    oc_osm_now_ms() - t);
	free(trusted);
	return carried;
}
