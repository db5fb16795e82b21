/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sim_snap.c - one snapshot of the simulator: FTreeMinRC's tables must
 * still reach every CA LID without a credit loop; the placement is
 * re-routed with vswitch_ftree into fresh tables (as the paper re-ran
 * OpenSM on each snapshot); both tables' EBB over the VM LIDs, with the
 * same seed, so both see the same random splits.
 */
#include "route/engine.h"
#include "verify/verify.h"
#include "sim/sim_int.h"

/* Fails naming the first hole, loop or credit loop of FTreeMinRC's
 * tables. */
static int check_minrc(const struct oc_sim *s, uint32_t done,
		       struct oc_err *err)
{
	struct oc_verify_report r = {0};
	const struct oc_verify_failure *e = r.ca.examples;
	int ret = 0;

	if (oc_verify_some(s->f, s->t, OC_VERIFY_CDG_CA, &r, err))
		return -1;
	if (r.ca.lids_unreachable)
		ret = oc_err_set(err,
				 "FTreeMinRC's tables after %u migrations: "
				 "%u CA LIDs unreachable, e.g. switch \"%s\" "
				 "to LID %u: %s",
				 done, r.ca.lids_unreachable,
				 s->f->nodes[s->f->switches[e->sw]].name,
				 e->lid, oc_verify_fault_name(e->fault));
	else if (r.cdg_ca_cycle.len)
		ret = oc_err_set(err,
				 "FTreeMinRC's tables after %u migrations: "
				 "a credit loop of %u channels in CA traffic",
				 done, r.cdg_ca_cycle.len);
	oc_verify_report_free(&r);
	return ret;
}

struct oc_lfts *oc_sim_route(const struct oc_sim *s, struct oc_err *err)
{
	struct oc_engine_input in = {.f = s->f, .vms = s->vms};
	struct oc_route_stats stats;
	struct oc_lfts *t = oc_lfts_new(s->f->num_switches, s->f->max_lid);

	if (!t) {
		oc_err_set(err, "out of memory");
		return NULL;
	}
	if (oc_vswitch_ftree_engine.route(&in, t, &stats, err)) {
		oc_lfts_free(t);
		return NULL;
	}
	return t;
}

int oc_sim_snapshot(struct oc_sim *s, struct oc_sim_snap *snap,
		    struct oc_err *err)
{
	const struct oc_ebb_opts eo = {.rounds = s->o.ebb_rounds,
				       .seed = s->o.seed};
	struct oc_lfts *fresh;
	int ret;

	if (check_minrc(s, snap->migrations, err))
		return -1;
	fresh = oc_sim_route(s, err);
	if (!fresh)
		return -1;
	snap->reroute_blocks = oc_lfts_diff_blocks(s->t, fresh);
	snap->spread_minrc = oc_sim_spread(s, s->t);
	snap->spread_reroute = oc_sim_spread(s, fresh);
	ret = oc_ebb(s->f, s->t, s->vm_lids, s->num_vms, &eo, &snap->minrc,
		     err) ||
	      oc_ebb(s->f, fresh, s->vm_lids, s->num_vms, &eo, &snap->reroute,
		     err);
	oc_lfts_free(fresh);
	return ret ? -1 : 0;
}
