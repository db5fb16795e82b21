/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * run.c - the phases of one routing run, with their timing and logs.
 *
 * Nothing is kept between sweeps but the last statistics: the snapshot
 * points into OpenSM's subnet, which may change as soon as OpenSM
 * releases its lock after routing.
 */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "routing/carry_run.h"
#include "routing/dump_out.h"
#include "routing/fault.h"
#include "routing/hops_out.h"
#include "vm/lid_model.h"
#include "routing/lft_out.h"
#include "routing/osm_files.h"
#include "routing/partitions_in.h"
#include "routing/phases.h"
#include "model/path_hops.h"
#include "route/promise.h"
#include "routing/run.h"
#include "osm_internals.h"
#include "vmops/vguid.h"

struct oc_osm_run *oc_osm_run_new(const struct oc_osm_slot *slot)
{
	struct oc_osm_run *run = calloc(1, sizeof(*run));

	if (!run)
		return NULL;
	run->plugin = slot->plugin;
	run->engine = slot->engine;
	return run;
}

/* Drops everything a run built; stats stay for the summary. */
static void run_clear(struct oc_osm_run *run)
{
	oc_osm_snapshot_free(run->snap);
	run->snap = NULL;
	oc_lfts_free(run->lfts);
	run->lfts = NULL;
	oc_carry_undo_free(&run->undo);
	run->carried = 0;
	oc_partitions_free(run->parts);
	run->parts = NULL;
	oc_vm_table_free(run->registry_vms);
	run->registry_vms = NULL;
	free(run->switch_hops);
	run->switch_hops = NULL;
}

void oc_osm_run_free(struct oc_osm_run *run)
{
	if (!run)
		return;
	run_clear(run);
	oc_osm_lanes_free(&run->lanes);
	free(run);
}

static const struct oc_osm_log *run_log(const struct oc_osm_run *run)
{
	return &run->plugin->log;
}

/* Logs why the run failed and drops its state; returns -1. */
static int run_fail(struct oc_osm_run *run, const char *code, const char *msg)
{
	oc_osm_err(run_log(run), code,
		   "%s: %s; leaving routing to the next engine or minhop",
		   run->engine->name, msg);
	run_clear(run);
	oc_osm_lanes_reset(&run->lanes);
	return -1;
}

/* OpenSM's file options the engines honour (osm_files.h). */
static struct oc_osm_file_opts file_opts(const struct oc_osm_run *run)
{
	const osm_subn_opt_t *o = &run->plugin->osm->subn.opt;
	struct oc_osm_file_opts fo = {
		.root_guid_file = o->root_guid_file,
		.cn_guid_file = o->cn_guid_file,
		.io_guid_file = o->io_guid_file,
		.node_name_map_name = o->node_name_map_name,
	};

	return fo;
}

/* Re-reads the roots/VM files; a file gone bad is reported and the last
 * good contents are used (see inputs.h).  OpenSM's node name map too
 * (osm_files.h). */
static void load_inputs(struct oc_osm_run *run)
{
	struct oc_osm_plugin *p = run->plugin;
	struct oc_osm_file_opts fo = file_opts(run);
	struct oc_err err;

	oc_osm_files_names(&p->files, &fo, run_log(run), run->engine->name);

	if (oc_osm_inputs_reload(&p->inputs, &p->opts, run_log(run), &err))
		oc_osm_err(run_log(run), OC_ERR_INPUT,
			   "%s: %s; routing with the files as they were "
			   "last read correctly",
			   run->engine->name, err.msg);
	if (p->opts.roots_file)
		oc_osm_verbose(run_log(run), "%s: %zu root GUIDs from %s",
			       run->engine->name, p->inputs.num_roots,
			       p->opts.roots_file);
	if (p->opts.vms_file)
		oc_osm_verbose(run_log(run), "%s: %u VMs from %s",
			       run->engine->name, p->inputs.vms->count,
			       p->opts.vms_file);
	if (oc_engine_has(run->engine, OC_ENGINE_PARTITIONS) &&
	    p->opts.policy_file)
		oc_osm_verbose(run_log(run), "%s: %u policies (%s) from %s",
			       run->engine->name, p->inputs.policies->count,
			       oc_policy_mode_name(p->inputs.policies->mode),
			       p->opts.policy_file);
	if (oc_engine_has(run->engine, OC_ENGINE_PARTITIONS) &&
	    p->opts.weights_file)
		oc_osm_verbose(run_log(run), "%s: %u node weights from %s",
			       run->engine->name, p->inputs.weights->count,
			       p->opts.weights_file);
}

/* OpenSM's root, CN and I/O files, on the snapshot (osm_files.h). */
static void load_osm_lists(struct oc_osm_run *run)
{
	struct oc_osm_plugin *p = run->plugin;
	struct oc_osm_file_opts fo = file_opts(run);

	oc_osm_files_lists(&p->files, &fo, &p->opts, run->snap->f, run_log(run),
			   run->engine->name);
}

/* The core routes base LIDs only. */
static int check_lmc(const struct oc_osm_run *run, struct oc_err *err)
{
	unsigned lmc = run->plugin->osm->subn.opt.lmc;

	if (lmc)
		return oc_err_set(err, "LMC %u is not supported (set lmc 0)",
				  lmc);
	return 0;
}

static int take_snapshot(struct oc_osm_run *run, struct oc_err *err)
{
	double t = oc_now_ms();
	const struct oc_fabric *f;

	run->snap = oc_osm_snapshot_take_named(&run->plugin->osm->subn,
					       run->plugin->files.names, err);
	if (!run->snap)
		return -1;
	f = run->snap->f;
	oc_osm_vmstate_note_guids(&run->plugin->vmstate, f);
	run->snapshot_ms = oc_now_ms() - t;
	oc_osm_info(run_log(run),
		    "%s: snapshot: %u nodes (%u switches), %u ports, "
		    "LIDs up to %u in %.1f ms",
		    run->engine->name, f->num_nodes, f->num_switches,
		    f->num_ports, f->max_lid, run->snapshot_ms);
	if (!f->max_lid)
		return oc_err_set(err, "no port has a LID yet");
	return 0;
}

/* VMs with a GUID of their own: OpenSM's alias GUIDs follow the registry
 * (a restart or a heavy sweep that found the VFs anew), once it is
 * reconciled with the fabric: an unreconciled one may be stale. */
static void place_vguids(struct oc_osm_run *run)
{
	struct oc_osm_plugin *p = run->plugin;
	unsigned n;

	pthread_mutex_lock(&p->vmstate.lock);
	n = !p->vmstate.path || p->takeover.reconciled
		    ? oc_osm_vguid_sync(p->osm, p->vmstate.reg,
					&p->vmstate.holds)
		    : 0;
	pthread_mutex_unlock(&p->vmstate.lock);
	if (n)
		oc_osm_info(run_log(run),
			    "%s: %u VM vGUID(s) placed on their VFs",
			    run->engine->name, n);
}

/* The roots the engines use: roots=, else OpenSM's root_guid_file
 * (osm_files.h), else none (detected). */
static const uint64_t *roots_used(const struct oc_osm_run *run, size_t *n)
{
	const struct oc_osm_plugin *p = run->plugin;

	return oc_osm_roots_used(&p->files, &p->inputs, &p->opts, n);
}

/* OpenSM's CN and I/O lists, for the engines that use them. */
static struct oc_ca_lists ca_lists(const struct oc_osm_run *run)
{
	const struct oc_osm_files *fl = &run->plugin->files;
	struct oc_ca_lists l = {fl->cn, fl->num_cn, fl->io, fl->num_io};

	if (!oc_engine_uses_ca_lists(run->engine))
		memset(&l, 0, sizeof(l));
	return l;
}

/* The fat-tree analysis the VM checks need (whether a port is a VF);
 * NULL when the fabric is no fat-tree (the engine then says why). */
static struct oc_ftree *analyse_for_vms(const struct oc_osm_run *run)
{
	struct oc_ftree_opts o = {0};

	o.root_guids = roots_used(run, &o.num_roots);

	return oc_ftree_analyze(run->snap->f, &o, NULL);
}

/* The VMs of the vms= file on a VF port of the fabric: each other one (a
 * GUID of no port, of a PF, of a switch) is an ERR naming the file, the
 * line and the VM, and is left out; the others are routed.  *owned gets
 * the filtered copy when one was left out. */
static int vms_on_vfs(struct oc_osm_run *run, const struct oc_ftree *ft,
		      struct oc_vm_table **owned, struct oc_err *err)
{
	const struct oc_osm_plugin *p = run->plugin;
	const struct oc_vm_table *vms = p->inputs.vms;
	struct oc_vm_table *good = NULL;
	uint32_t i;

	for (i = 0; i < vms->count; i++) {
		const struct oc_vm *vm = &vms->vms[i];
		const char *why =
			oc_lid_model_not_a_vf(run->snap->f, ft, vm->vf_guid);

		if (!why)
			continue;
		oc_osm_err(run_log(run), OC_ERR_INPUT,
			   "%s: option vms: %s:%u: VM \"%s\": 0x%016" PRIx64
			   " is not a VF port: %s; routing the other VMs",
			   run->engine->name, p->opts.vms_file, vm->line,
			   vm->name, vm->vf_guid, why);
		if (!good && !(good = oc_vm_table_new()))
			return oc_err_set(err, "out of memory");
	}
	for (i = 0; good && i < vms->count; i++) {
		const struct oc_vm *vm = &vms->vms[i];

		if (oc_lid_model_not_a_vf(run->snap->f, ft, vm->vf_guid))
			continue;
		if (oc_vm_table_add(good, vm->vf_guid, vm->name, vm->weight,
				    err)) {
			oc_vm_table_free(good);
			return -1;
		}
	}
	*owned = good;
	return 0;
}

/* The SM's LID: the master's (this SM's when it is master). */
static unsigned sm_lid(const struct oc_osm_run *run)
{
	return cl_ntoh16(run->plugin->osm->subn.master_sm_base_lid);
}

/* Whether the registry must wait for the vms= file: it would be seeded
 * from it, and it could not be read (inputs.h): never seeded empty. */
static int seed_waits(struct oc_osm_run *run)
{
	struct oc_osm_plugin *p = run->plugin;

	if (!p->inputs.vms_unread || !oc_osm_vmstate_awaits_seed(&p->vmstate))
		return 0;
	oc_osm_err(run_log(run), OC_ERR_INPUT,
		   "%s: option state: %s is not seeded while the vms= file "
		   "%s cannot be read; VM operations wait for it",
		   run->engine->name, p->opts.state_file, p->opts.vms_file);
	return 1;
}

/* The VMs to route: the registry's when state= is set and usable
 * (seeded from the vms= file the first time), else the vms= file's VMs
 * that sit on VF ports. */
static int vms_for_routing(struct oc_osm_run *run, struct oc_vm_table **owned,
			   struct oc_err *err)
{
	struct oc_osm_plugin *p = run->plugin;
	struct oc_ftree *ft;
	int ret = 0;

	*owned = NULL;
	if (!p->opts.state_file && !p->inputs.vms)
		return 0;
	ft = analyse_for_vms(run);
	if (p->opts.state_file && !seed_waits(run))
		ret = oc_osm_vmstate_for_routing(&p->vmstate, p->inputs.vms,
						 p->opts.vms_file, run->snap->f,
						 ft, run_log(run), owned, err);
	if (!ret && !*owned && p->inputs.vms)
		ret = vms_on_vfs(run, ft, owned, err);
	else if (!ret && *owned) {
		oc_osm_vmstate_hold_doubted(&p->vmstate, run->snap->f, ft,
					    sm_lid(run), run_log(run));
		place_vguids(run);
	}
	oc_ftree_free(ft);
	return ret;
}

/* What an engine could not do while it still routes: a policy pftree_ext
 * could not meet in best-effort mode, the switch pairs sftree leaves. */
static void warn_engine(void *ctx, const char *msg)
{
	const struct oc_osm_run *run = ctx;

	oc_osm_info(run_log(run), "%s: warning: %s (best-effort: routing on)",
		    run->engine->name, msg);
}

/* OpenSM's partitions, the option files and the data VLs, for the
 * partition-aware engines. */
static int partition_input(struct oc_osm_run *run, struct oc_engine_input *in,
			   struct oc_err *err)
{
	struct oc_osm_plugin *p = run->plugin;
	const osm_subn_t *subn = &p->osm->subn;

	oc_osm_lanes_reset(&run->lanes);
	run->parts = oc_osm_partitions_take(subn, err);
	if (!run->parts)
		return -1;
	in->parts = run->parts;
	in->policies = p->inputs.policies;
	in->weights = p->inputs.weights;
	in->data_vls = oc_osm_data_vls(subn);
	in->lanes = &run->lanes.plan;
	oc_osm_info(run_log(run),
		    "%s: %u partitions from OpenSM, %u data VLs on every "
		    "port%s",
		    run->engine->name, run->parts->count, in->data_vls,
		    subn->opt.qos ? ""
				  : "; qos is off: OpenSM will not program "
				    "the SL-to-VL tables (set qos TRUE)");
	return 0;
}

/* The SL each partition got, on one line. */
static void log_lanes(const struct oc_osm_run *run)
{
	const struct oc_lane_plan *plan = &run->lanes.plan;
	char line[1024];
	size_t n = 0;
	uint32_t i;

	line[0] = '\0';
	for (i = 0; i < plan->count && n < sizeof(line) - 64; i++) {
		const struct oc_partition *part = &run->parts->parts[i];

		n += snprintf(line + n, sizeof(line) - n, "%s%s 0x%04x SL %u",
			      i ? ", " : "", part->name ? part->name : "-",
			      part->pkey, plan->sl[i]);
	}
	oc_osm_info(run_log(run),
		    "%s: %u tenants, %u links shared by tenants, %u unmet "
		    "policies; lanes: %s%s; %u data VLs used",
		    run->engine->name, run->stats.tenants,
		    run->stats.shared_links, run->stats.unmet_policies, line,
		    i < plan->count ? ", ..." : "", plan->num_vls);
}

static int route(struct oc_osm_run *run, struct oc_err *err)
{
	const struct oc_fabric *f = run->snap->f;
	struct oc_engine_input in = {
		.f = f,
		.vms = run->plugin->inputs.vms,
		.sm_port_guid = cl_ntoh64(run->plugin->osm->subn.sm_port_guid),
		.warn = warn_engine,
		.warn_ctx = run,
		.cas = ca_lists(run),
	};
	struct oc_vm_table *registry_vms;
	int ret;

	in.root_guids = roots_used(run, &in.num_roots);

	if (oc_engine_has(run->engine, OC_ENGINE_PARTITIONS) &&
	    partition_input(run, &in, err))
		return -1;
	oc_osm_phases_lap(&run->phases, OC_PH_PARTITIONS);
	if (vms_for_routing(run, &registry_vms, err))
		return -1;
	if (registry_vms)
		in.vms = registry_vms;
	oc_osm_phases_lap(&run->phases, OC_PH_VMS);
	run->lfts = oc_lfts_new(f->num_switches, f->max_lid);
	memset(&run->stats, 0, sizeof(run->stats));
	oc_osm_phases_lap(&run->phases, OC_PH_NEW_TABLES);
	ret = run->lfts ? run->engine->route(&in, run->lfts, &run->stats, err)
			: oc_err_set(err, "out of memory for %u LFTs",
				     f->num_switches);
	oc_osm_phases_lap(&run->phases, OC_PH_ENGINE);
	run->registry_vms = registry_vms; /* the dump names their VMs */
	if (ret)
		return -1;
	if (oc_engine_has(run->engine, OC_ENGINE_PARTITIONS)) {
		if (oc_osm_lanes_index(&run->lanes, f, run->parts, err))
			return -1;
		log_lanes(run);
	}
	oc_osm_info(run_log(run),
		    "%s: analyse %.1f ms (%u leaves, %u vSwitches), "
		    "route %.1f ms",
		    run->engine->name, run->stats.analyze_ms, run->stats.leaves,
		    run->stats.vswitches, run->stats.route_ms);
	if (run->stats.subtree_root_guid)
		oc_osm_info(run_log(run),
			    "%s: subtree root 0x%016" PRIx64 ", %u switch-to-"
			    "switch entries and %u switch-to-CA detours "
			    "through it",
			    run->engine->name, run->stats.subtree_root_guid,
			    run->stats.sw2sw, run->stats.ca_via_root);
	if (run->stats.detour_root_guid)
		oc_osm_info(run_log(run),
			    "%s: %u detours through the leaf 0x%016" PRIx64
			    ": the nearest-neighbour ones closed a CA credit "
			    "loop",
			    run->engine->name, run->stats.detours,
			    run->stats.detour_root_guid);
	if (run->stats.cross_core)
		oc_osm_info(run_log(run),
			    "%s: %u switch-to-switch entries across the "
			    "horizontal links between roots",
			    run->engine->name, run->stats.cross_core);
	return 0;
}

/* What the engine's promise covers, for the log line. */
static const char *promise_words(const struct oc_engine *e)
{
	if (oc_engine_has(e, OC_ENGINE_SWITCH_CDG))
		return "every CA and switch LID reached, no credit loop with "
		       "CA or switch sources";
	if (oc_engine_has(e, OC_ENGINE_SWITCH_PATHS))
		return "every CA and switch LID reached, no credit loop in "
		       "CA traffic";
	return "every CA LID reached, no credit loop in CA traffic";
}

static void log_promise_kept(const struct oc_osm_run *run)
{
	char unserved[96] = "";

	if (run->stats.sw_pairs_unserved)
		snprintf(unserved, sizeof(unserved),
			 "; %llu (switch, switch LID) pairs unserved, as "
			 "declared",
			 (unsigned long long)run->stats.sw_pairs_unserved);
	oc_osm_info(run_log(run), "%s: check: promise kept (%s%s) in %.1f ms",
		    run->engine->name, promise_words(run->engine), unserved,
		    run->check_ms);
}

/* The engine's promise (promise.h), on its tables before OpenSM gets
 * them: 0 kept; -1 broken or not checkable, *violation (malloc'd) or err
 * saying why.  Its cost is check_ms.  The test build of the plugin may
 * corrupt the tables first (fault.h). */
static int check(struct oc_osm_run *run, char **violation, struct oc_err *err)
{
	double t;
	int ret;

	*violation = NULL;
	if (oc_osm_fault_inject(run->snap->f, run->lfts, run_log(run),
				run->engine->name, err))
		return -1;
	t = oc_now_ms();
	ret = oc_promise_check(run->snap->f, run->lfts, run->engine,
			       run->stats.sw_pairs_unserved, violation, err);
	run->check_ms = oc_now_ms() - t;
	if (ret)
		return -1;
	log_promise_kept(run);
	return 0;
}

/* A run that failed in route() or check(): the broken promise, or err. */
static int route_fail(struct oc_osm_run *run, char *violation,
		      const struct oc_err *err)
{
	char *msg = NULL;
	int ret;

	if (!violation)
		return run_fail(run, OC_ERR_ROUTE, err->msg);
	if (asprintf(&msg, "the tables break the engine's promise: %s",
		     violation) < 0)
		msg = NULL;
	ret = run_fail(run, OC_ERR_PROMISE, msg ? msg : violation);
	free(msg);
	free(violation);
	return ret;
}

/* Every hop row of every switch only when opensm-lid-matrix.dump shows
 * them (OpenSM writes it with the ROUTING log flag; hop_rows.h). */
static int hops_full(const struct oc_osm_run *run)
{
	return osm_log_is_active(run_log(run)->osm, OSM_LOG_ROUTING);
}

/* Grows the switch tables if needed, then starts filling the hop
 * matrices on a worker thread, which runs while the engine routes. */
static struct oc_osm_hops *start_hops(struct oc_osm_run *run,
				      struct oc_err *err)
{
	struct oc_osm_hops *hops;

	if (oc_osm_lft_reserve(run->snap, run->snap->f->max_lid, err))
		return NULL;
	oc_osm_phases_lap(&run->phases, OC_PH_RESERVE);
	hops = oc_osm_hops_start(run->snap, hops_full(run), err);
	oc_osm_phases_lap(&run->phases, OC_PH_HOPS_START);
	return hops;
}

/* Helps the worker finish the hop matrices and waits for it.  hops_ms is
 * the time this adds after routing and checking. */
static int finish_hops(struct oc_osm_run *run, struct oc_osm_hops *hops,
		       struct oc_err *err)
{
	double t = oc_now_ms(), dist_ms;

	if (oc_osm_hops_finish(hops, &dist_ms, err))
		return -1;
	if (oc_engine_has(run->engine, OC_ENGINE_SWITCH_PATHS)) {
		run->switch_hops = oc_lft_switch_hops(run->snap->f, run->lfts);
		if (!run->switch_hops)
			return oc_err_set(err, "out of memory for switch "
					       "routes");
		if (oc_osm_hops_along_routes(run->snap, run->lfts,
					     run->switch_hops, hops_full(run),
					     err))
			return -1;
	}
	run->hops_ms = oc_now_ms() - t;
	oc_osm_info(run_log(run),
		    "%s: hops: %u switches, %.1f ms after routing "
		    "(distances ready %.1f ms after the snapshot)",
		    run->engine->name, run->snap->f->num_switches, run->hops_ms,
		    dist_ms);
	return 0;
}

/* A run without a heavy sweep started since the last one is OpenSM's
 * reroute (console "reroute"): osm_state_mgr.c do_sweep() reports
 * HEAVY_SWEEP_START before every heavy sweep and not before a reroute. */
static void note_sweep(struct oc_osm_run *run)
{
	unsigned started = oc_osm_sweeps_started(&run->plugin->sweeps);

	run->reroute = run->routed_once && started == run->routed_at;
	run->routed_once = 1;
	run->routed_at = started;
}

/* The installed entries that still work in place of the engine's, which
 * the undo list keeps for the promise check (carry_run.h). */
static void carry(struct oc_osm_run *run)
{
	struct oc_osm_plugin *p = run->plugin;
	const char *skip = oc_osm_carry_skip(&p->osm->subn, &p->opts,
					     run->engine, run->reroute);
	struct oc_err err;

	if (skip) {
		oc_osm_info(run_log(run), "%s: routing from scratch: %s",
			    run->engine->name, skip);
		return;
	}
	run->carried = oc_osm_carry_tables(run->snap, run->lfts, &run->undo,
					   run_log(run), run->engine->name);
	if (run->carried &&
	    oc_osm_fault_carry(run->snap->f, run->lfts, &run->undo,
			       run_log(run), run->engine->name, &err))
		oc_osm_err(run_log(run), OC_ERR_ROUTE, "%s: %s",
			   run->engine->name, err.msg);
}

/* The carried tables broke the promise: the engine's own take their
 * place (they are checked next). */
static void uncarry(struct oc_osm_run *run, char *violation,
		    const struct oc_err *err)
{
	oc_osm_info(run_log(run),
		    "%s: the carried tables break the engine's promise (%s); "
		    "installing the engine's own tables",
		    run->engine->name, violation ? violation : err->msg);
	free(violation);
	oc_carry_undo_apply(run->lfts, &run->undo);
	run->carried = 0;
}

/* The promise on the carried tables, else on the engine's own. */
static int check_carried(struct oc_osm_run *run, char **violation,
			 struct oc_err *err)
{
	int ret = check(run, violation, err);

	if (!ret || !run->carried) {
		oc_carry_undo_free(&run->undo);
		return ret;
	}
	uncarry(run, *violation, err);
	ret = check(run, violation, err);
	oc_carry_undo_free(&run->undo);
	return ret;
}

int oc_osm_run_route(struct oc_osm_run *run)
{
	struct oc_osm_hops *hops;
	char *violation = NULL;
	struct oc_err err;

	oc_osm_phases_start(&run->phases);
	note_sweep(run);
	run_clear(run);
	load_inputs(run);
	oc_osm_phases_lap(&run->phases, OC_PH_INPUTS);
	if (check_lmc(run, &err) || take_snapshot(run, &err))
		return run_fail(run, OC_ERR_SNAPSHOT, err.msg);
	oc_osm_phases_lap(&run->phases, OC_PH_SNAPSHOT);
	load_osm_lists(run);
	oc_osm_phases_lap(&run->phases, OC_PH_INPUTS);
	hops = start_hops(run, &err);
	if (!hops)
		return run_fail(run, OC_ERR_OUTPUT, err.msg);
	if (route(run, &err)) {
		oc_osm_hops_cancel(hops);
		return route_fail(run, violation, &err);
	}
	oc_osm_phases_lap(&run->phases, OC_PH_OTHER);
	carry(run);
	oc_osm_phases_lap(&run->phases, OC_PH_CARRY);
	if (check_carried(run, &violation, &err)) {
		oc_osm_hops_cancel(hops);
		return route_fail(run, violation, &err);
	}
	oc_osm_phases_lap(&run->phases, OC_PH_CHECK);
	if (finish_hops(run, hops, &err))
		return run_fail(run, OC_ERR_OUTPUT, err.msg);
	oc_osm_phases_lap(&run->phases, OC_PH_HOPS);
	return 0;
}

/* The run's span, from its first clock reading to this line, and every
 * phase of it (phases.h: they add up to the span).  OpenSM's own block
 * queuing comes after this line and is named, not timed, here (its
 * "tables configured" line ends it; the text must not appear here). */
static void log_summary(struct oc_osm_run *run)
{
	const struct oc_route_stats *st = &run->stats;
	char phases[512];

	oc_osm_phases_lap(&run->phases, OC_PH_OTHER);
	oc_osm_phases_format(&run->phases, st->analyze_ms, st->route_ms, phases,
			     sizeof(phases));
	oc_osm_info(run_log(run),
		    "%s: routed %u VMs, %u PFs, %u idle VFs, "
		    "%u compute nodes, %u I/O nodes, %u switch LIDs, "
		    "%u detours on %u switches (%u vSwitches) in %.1f ms "
		    "(%s); OpenSM's own time follows: queuing the changed "
		    "LFT blocks%s",
		    run->engine->name, st->vms, st->pfs, st->idle_vfs,
		    st->compute_nodes, st->io_nodes, st->switch_lids,
		    st->detours, run->snap->f->num_switches, st->vswitches,
		    oc_osm_phases_total(&run->phases), phases,
		    oc_osmi_lft_stream() ? " (a window of them: OpenSM streams "
					   "the rest as the switches answer)"
					 : "");
}

/* opensm-osmcloud.dump in dump_files_dir (dump_out.h). */
static void write_dump(const struct oc_osm_run *run)
{
	const struct oc_osm_plugin *p = run->plugin;
	struct oc_ftree_opts ft = {.cas = ca_lists(run)};
	struct oc_route_dump_info info = {
		.engine = run->engine->name,
		.version = PACKAGE_VERSION,
		.roots_from = p->files.roots_from[0] ? p->files.roots_from
						     : NULL,
		.ft = &ft,
		.vms = run->registry_vms ? run->registry_vms : p->inputs.vms,
		.names = p->files.names,
	};

	ft.root_guids = roots_used(run, &ft.num_roots);
	oc_osm_dump_out(p->osm->subn.opt.dump_files_dir, run->snap->f,
			run->lfts, &info, run_log(run));
}

int oc_osm_run_write(struct oc_osm_run *run)
{
	double lft_ms;

	if (!run->lfts) {
		oc_osm_err(run_log(run), OC_ERR_OUTPUT,
			   "%s: nothing to write (build_lid_matrices failed "
			   "or did not run)",
			   run->engine->name);
		return -1;
	}
	oc_osm_phases_lap(&run->phases, OC_PH_OPENSM);
	oc_osm_lft_write(run->snap, run->lfts);
	lft_ms = oc_osm_phases_lap(&run->phases, OC_PH_LFT_COPY);
	oc_osm_info(run_log(run),
		    "%s: LFT copy: %u switches, LIDs 1..%u in %.1f ms",
		    run->engine->name, run->snap->f->num_switches,
		    run->lfts->max_lid, lft_ms);
	log_summary(run);
	write_dump(run);
	run_clear(run);
	return 0;
}

uint8_t oc_osm_run_path_sl(const struct oc_osm_run *run, uint8_t hint,
			   uint16_t slid, uint16_t dlid)
{
	return oc_osm_lanes_path_sl(&run->lanes, hint, slid, dlid);
}

void oc_osm_run_sl2vl(const struct oc_osm_run *run, const osm_physp_t *physp,
		      ib_slvl_table_t *t)
{
	if (run->lanes.ready)
		oc_osm_lanes_sl2vl(&run->lanes, physp, t);
}
