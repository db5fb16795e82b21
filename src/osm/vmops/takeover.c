/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * takeover.c - the VM registry when this SM becomes master (see
 * takeover.h): the reconcile at the heavy sweeps, its status, the held
 * VMs, the sweeps that program the VMs' LIDs.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <opensm/osm_port.h>

#include "base/clock.h"
#include "osm_internals.h"
#include "plugin.h"
#include "vm/reconcile.h"
#include "vmops/guidinfo_read.h"
#include "vmops/holds.h"
#include "vmops/takeover.h"
#include "vmops/takeover_view.h"
#include "vmops/vguid.h"

/* Heavy sweeps asked for after one takeover, at most. */
#define MAX_SWEEPS 3

static void set_why(struct oc_osm_takeover *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->why, sizeof(t->why), fmt, ap);
	va_end(ap);
}

static void wrote(void *plugin)
{
	oc_osm_takeover_note_file(plugin);
}

void oc_osm_takeover_init(struct oc_osm_plugin *p)
{
	struct oc_osm_takeover *t = &p->takeover;

	p->vmstate.wrote = wrote;
	p->vmstate.wrote_ctx = p;
	t->reconciled = 0;
	set_why(t, "not reconciled yet: this SM reconciles its registry "
		   "with the fabric at its first heavy sweep as master");
	oc_osm_takeover_note_file(p);
	if (p->vmstate.path)
		oc_osm_gi_read_start(p);
}

void oc_osm_takeover_close(struct oc_osm_plugin *p)
{
	oc_osm_gi_read_stop(p);
}

/* ---- status and refusals --------------------------------------------- */

/* Under vmstate.lock: VMs the last reconcile held (a later one may place
 * them). */
static int held_by_takeover(const struct oc_osm_plugin *p)
{
	return oc_osm_holds_count(&p->vmstate.holds, OC_HOLD_BY_TAKEOVER) != 0;
}

static void retry_now(struct oc_osm_plugin *p);
static void ask_sweep(struct oc_osm_plugin *p, const char *why);
static unsigned lids_missing(struct oc_osm_plugin *p, int log);

int oc_osm_takeover_refuses(struct oc_osm_plugin *p, const char *vm,
			    struct oc_err *err)
{
	const struct oc_osm_takeover *t = &p->takeover;
	const char *why;

	if (!p->vmstate.path)
		return 0;
	if (!t->reconciled && t->attempts && oc_osm_takeover_file_since_try(p))
		retry_now(p);
	why = t->reconciled ? oc_osm_holds_why(&p->vmstate.holds, vm) : t->why;
	if (!why)
		return 0;
	if (t->reconciled)
		oc_err_set(err, "%s", why);
	else
		oc_err_set(err,
			   "this SM's registry is not reconciled with the "
			   "fabric: %s",
			   why);
	return 1;
}

const char *oc_osm_takeover_status(const struct oc_osm_plugin *p, char *buf,
				   size_t len)
{
	const struct oc_osm_takeover *t = &p->takeover;

	snprintf(buf, len, "%s", p->vmstate.path ? t->why : "no registry");
	return t->reconciled ? "reconciled" : "unreconciled";
}

/* ---- the reconcile ----------------------------------------------------- */

static void log_fixes(struct oc_osm_plugin *p, const struct oc_vmreg *reg,
		      const struct oc_fixes *fx)
{
	char line[OC_TAKEOVER_WHY_MAX];
	uint32_t i;

	for (i = 0; i < fx->count; i++) {
		oc_fix_describe(reg, &fx->v[i], line, sizeof(line));
		if (oc_fix_is_error(&fx->v[i]))
			oc_osm_err(&p->log, OC_ERR_INPUT,
				   "osmcloud: reconcile: %s", line);
		else
			oc_osm_info(&p->log, "osmcloud: reconcile: %s", line);
	}
}

/* The held VMs of the fixes, with their reasons, replace the ones the
 * last reconcile held (holds.h). */
static void note_held(struct oc_osm_plugin *p, const struct oc_vmreg *reg,
		      const struct oc_fixes *fx)
{
	struct oc_osm_holds *h = &p->vmstate.holds;
	char why[OC_HOLD_WHY_MAX];
	uint32_t i;

	oc_osm_holds_mark(h, OC_HOLD_BY_TAKEOVER);
	for (i = 0; i < fx->count; i++) {
		if (fx->v[i].kind != OC_FIX_HELD)
			continue;
		oc_fix_describe(reg, &fx->v[i], why, sizeof(why));
		if (oc_osm_holds_add(h, OC_HOLD_BY_TAKEOVER,
				     reg->vms[fx->v[i].vm].name, why) < 0)
			oc_osm_err(&p->log, OC_ERR_NOMEM,
				   "osmcloud: reconcile: no memory to note "
				   "that VM \"%s\" is held",
				   reg->vms[fx->v[i].vm].name);
	}
	oc_osm_holds_sweep(h, OC_HOLD_BY_TAKEOVER);
}

/* Replaces the registry by the reconciled one, reserves its LIDs (not
 * the held VMs'), saves it when the fabric moved a VM. */
static void adopt(struct oc_osm_plugin *p, struct oc_vmreg *fixed,
		  const struct oc_fixes *fx, int save)
{
	struct oc_osm_vmstate *vs = &p->vmstate;
	struct oc_err why;

	oc_vmreg_free(vs->reg);
	vs->reg = fixed;
	vs->ready = 1;
	oc_osm_vmstate_reserve_lids(fixed, p->osm);
	oc_osmi_guid2lid_store(p->osm);
	if (save && oc_vmreg_save(fixed, vs->path, &why))
		oc_osm_err(&p->log, OC_ERR_OUTPUT,
			   "osmcloud: reconcile: the registry was NOT saved: "
			   "%s",
			   why.msg);
	oc_osm_takeover_note_file(p);
}

static void refuse_all(struct oc_osm_plugin *p, const char *why)
{
	struct oc_osm_takeover *t = &p->takeover;

	t->reconciled = 0;
	set_why(t,
		"%s; migrate, boot and stop are refused until a heavy "
		"sweep reconciles it (every heavy sweep retries)",
		why);
	oc_osm_err(&p->log, OC_ERR_SNAPSHOT,
		   "osmcloud: becoming master: the registry %s cannot be "
		   "reconciled with the fabric: %s",
		   p->vmstate.path, t->why);
}

/* No registry at all (no state file, no pending, none read at load):
 * seeded from vms= at the first routing run only on the first start of
 * a fabric (docs/failover.md); otherwise refused. */
static void no_registry(struct oc_osm_plugin *p)
{
	struct oc_osm_takeover *t = &p->takeover;
	char why[OC_TAKEOVER_WHY_MAX], seen[512];

	if (t->took_over)
		snprintf(why, sizeof(why),
			 "this SM has no registry (%s does not exist) and took "
			 "over from another master: it does not seed one from "
			 "the vms= file, which would record the VMs where that "
			 "file put them, not where they run; copy the old "
			 "master's state file to %s",
			 p->vmstate.path, p->vmstate.path);
	else if (oc_osm_aliases_unpredicted(&p->osm->subn, p->inputs.vms, seen,
					    sizeof(seen)))
		snprintf(why, sizeof(why),
			 "this SM has no registry (%s does not exist) and the "
			 "fabric is not the vms= file's: %s; it does not seed "
			 "one from the vms= file; copy the master's state file "
			 "to %s",
			 p->vmstate.path, seen, p->vmstate.path);
	else {
		p->vmstate.may_seed = 1;
		t->reconciled = 1;
		set_why(t,
			"no registry yet, the first start of this fabric: "
			"seeded from the vms= file at the first routing run");
		return;
	}
	p->vmstate.may_seed = 0;
	refuse_all(p, why);
}

/* The registry to reconcile (*base), or 1 when there is none and the
 * case was handled, -1 when refused. */
static int registry_to_reconcile(struct oc_osm_plugin *p,
				 struct oc_vmreg **base, int *pending)
{
	struct oc_osm_vmstate *vs = &p->vmstate;
	struct oc_err err;
	int ret = oc_osm_takeover_registry(p, base, pending, &err);

	if (ret < 0) {
		refuse_all(p, err.msg);
		return -1;
	}
	if (!ret)
		return 0;
	if (vs->ready && vs->reg->count) {
		oc_osm_err(&p->log, OC_ERR_INPUT,
			   "osmcloud: becoming master: %s does not exist any "
			   "more: reconciling the registry read earlier",
			   vs->path);
		*base = oc_vmreg_clone(vs->reg);
		if (*base)
			return 0;
		refuse_all(p, "out of memory");
		return -1;
	}
	no_registry(p);
	return 1;
}

static void reconciled(struct oc_osm_plugin *p, const struct oc_fixes *fx,
		       uint32_t ports)
{
	struct oc_osm_takeover *t = &p->takeover;
	const struct oc_osm_holds *h = &p->vmstate.holds;
	uint32_t held = oc_osm_holds_count(h, OC_HOLD_BY_TAKEOVER);

	t->reconciled = 1;
	t->check_lids = 1;
	if (!held)
		set_why(t,
			"reconciled with the fabric (%u CA ports): %u VMs "
			"corrected, %u notes",
			ports, fx->moved, fx->count - fx->moved);
	else
		set_why(t,
			"reconciled with the fabric (%u CA ports), %u VMs held "
			"(operations on them are refused), the first: %s",
			ports, held,
			oc_osm_holds_first(h, OC_HOLD_BY_TAKEOVER));
}

/* Under osm->lock and vmstate.lock. */
static void reconcile_locked(struct oc_osm_plugin *p)
{
	struct oc_osm_takeover *t = &p->takeover;
	struct oc_vmreg *base = NULL, *fixed = NULL;
	struct oc_port_seen *seen = NULL;
	struct oc_fixes fx = {0};
	double t0 = oc_now_ms();
	int pending, trusted;
	struct oc_err err;
	uint32_t n = 0;

	oc_osm_takeover_note_try(p);
	if (!t->attempts++) {
		t->took_over = p->osm->subn.coming_out_of_standby;
		t->trusted = !t->took_over || oc_osm_takeover_file_foreign(p);
	}
	/* latched at the first attempt: this SM's own adopt() notes the
	 * file, which would make a later attempt's file look its own */
	trusted = t->trusted || oc_osm_takeover_file_foreign(p);
	if (registry_to_reconcile(p, &base, &pending))
		return;
	seen = oc_osm_ports_seen(&p->osm->subn, &p->gi_read, &n, &err);
	if (!seen || oc_reconcile(base, seen, n,
				  trusted || pending ? OC_RECONCILE_TRUSTED : 0,
				  &fixed, &fx, &err)) {
		refuse_all(p, err.msg);
	} else {
		log_fixes(p, base, &fx);
		note_held(p, base, &fx);
		oc_osm_info(&p->log,
			    "osmcloud: master: registry %s (generation %" PRIu64
			    ") reconciled with the fabric (%u CA ports): %u "
			    "VMs, %u corrected, %u held, %u notes, in %.1f ms",
			    p->vmstate.path, base->generation, n, fixed->count,
			    fx.moved, fx.held, fx.count - fx.moved - fx.held,
			    oc_now_ms() - t0);
		adopt(p, fixed, &fx, fx.moved || pending);
		reconciled(p, &fx, n);
	}
	oc_fixes_free(&fx);
	free(seen);
	oc_vmreg_free(base);
}

/* An operation on an unreconciled master, under both locks: the state
 * file may have been put right since the last heavy sweep (a copy of the
 * old master's): reconcile now, place the VMs' vGUIDs (as a routing run
 * does) and have a heavy sweep program the LIDs the VFs lack. */
static void retry_now(struct oc_osm_plugin *p)
{
	if (p->vmstate.off || p->osm->subn.sm_state != IB_SMINFO_STATE_MASTER)
		return;
	reconcile_locked(p);
	if (!p->takeover.reconciled)
		return;
	oc_osm_vguid_sync(p->osm, p->vmstate.reg, &p->vmstate.holds);
	if (lids_missing(p, 0))
		ask_sweep(p, "VMs' LIDs to program");
}

/* Under vmstate.lock: a heavy sweep reconciles (first sweep as master,
 * every one until reconciled or while the reconcile holds a VM). */
static int reconcile_due(const struct oc_osm_plugin *p)
{
	return !p->takeover.reconciled || held_by_takeover(p) ||
	       p->osm->subn.coming_out_of_standby;
}

/* The state manager's thread, at a heavy sweep, no lock held: the VFs'
 * own GUIDInfo first (guidinfo_read.h), then the reconcile. */
static void reconcile(struct oc_osm_plugin *p)
{
	osm_opensm_t *osm = p->osm;

	oc_osm_gi_read_fabric(p);
	CL_PLOCK_EXCL_ACQUIRE(&osm->lock);
	pthread_mutex_lock(&p->vmstate.lock);
	if (!p->vmstate.off && reconcile_due(p))
		reconcile_locked(p);
	pthread_mutex_unlock(&p->vmstate.lock);
	CL_PLOCK_RELEASE(&osm->lock);
}

/* ---- after the sweep: the LIDs programmed --------------------------- */

/* The VMs (not held) whose VF is in the subnet without their LID. */
static unsigned lids_missing(struct oc_osm_plugin *p, int log)
{
	const struct oc_vmreg *reg = p->vmstate.reg;
	unsigned missing = 0;
	uint32_t i;

	for (i = 0; i < reg->count; i++) {
		const struct oc_vm_rec *vm = &reg->vms[i];
		osm_port_t *port = osm_get_port_by_guid(&p->osm->subn,
							cl_hton64(vm->vf_guid));
		uint16_t lid;

		if (vm->held || !port || !port->p_physp)
			continue;
		lid = cl_ntoh16(osm_physp_get_base_lid(port->p_physp));
		if (lid == vm->lid)
			continue;
		if (log && missing < 8)
			oc_osm_info(&p->log,
				    "osmcloud: VM \"%s\": its VF 0x%016" PRIx64
				    " holds LID %u, not the VM's LID %u: "
				    "reserved again for a heavy sweep",
				    vm->name, vm->vf_guid, lid, vm->lid);
		missing++;
	}
	return missing;
}

static void ask_sweep(struct oc_osm_plugin *p, const char *why)
{
	p->takeover.sweeps++;
	oc_osm_info(&p->log, "osmcloud: %s: heavy sweep %u of at most %d asked",
		    why, p->takeover.sweeps, MAX_SWEEPS);
	oc_osmi_force_heavy_sweep(p->osm);
	osm_opensm_sweep(p->osm);
}

static void after_sweep_locked(struct oc_osm_plugin *p)
{
	struct oc_osm_takeover *t = &p->takeover;
	unsigned missing;

	if (t->sweeps >= MAX_SWEEPS)
		return;
	if (!t->reconciled && t->attempts) {
		ask_sweep(p, "the registry is not reconciled yet");
		return;
	}
	if (held_by_takeover(p)) {
		ask_sweep(p, "VMs are held");
		return;
	}
	if (!t->check_lids)
		return;
	missing = lids_missing(p, 1);
	t->check_lids = missing != 0;
	if (!missing)
		return;
	oc_osm_vmstate_reserve_lids(p->vmstate.reg, p->osm);
	oc_osmi_guid2lid_store(p->osm);
	ask_sweep(p, "VMs' LIDs to program");
}

static void after_sweep(struct oc_osm_plugin *p)
{
	osm_opensm_t *osm = p->osm;

	CL_PLOCK_EXCL_ACQUIRE(&osm->lock);
	pthread_mutex_lock(&p->vmstate.lock);
	if (!p->vmstate.off && osm->subn.sm_state == IB_SMINFO_STATE_MASTER)
		after_sweep_locked(p);
	pthread_mutex_unlock(&p->vmstate.lock);
	CL_PLOCK_RELEASE(&osm->lock);
}

/* Left MASTER: the next sweep as master reconciles again. */
static void rearm(struct oc_osm_plugin *p)
{
	struct oc_osm_takeover *t = &p->takeover;

	pthread_mutex_lock(&p->vmstate.lock);
	t->reconciled = 0;
	t->attempts = t->took_over = t->trusted = t->check_lids = 0;
	t->sweeps = 0;
	oc_osm_holds_mark(&p->vmstate.holds, OC_HOLD_BY_TAKEOVER);
	oc_osm_holds_sweep(&p->vmstate.holds, OC_HOLD_BY_TAKEOVER);
	set_why(t, "this SM is not master: the registry it read is reconciled "
		   "with the fabric when it becomes master");
	pthread_mutex_unlock(&p->vmstate.lock);
}

void oc_osm_takeover_event(struct oc_osm_plugin *p, osm_epi_event_id_t id)
{
	osm_subn_t *subn = &p->osm->subn;
	int due;

	if (!p->vmstate.path)
		return;
	if (id == OSM_EVENT_ID_STATE_CHANGE &&
	    subn->sm_state != IB_SMINFO_STATE_MASTER &&
	    subn->sm_state != IB_SMINFO_STATE_DISCOVERING) {
		rearm(p);
		return;
	}
	if (id == OSM_EVENT_ID_SUBNET_UP) {
		after_sweep(p);
		return;
	}
	if (id != OSM_EVENT_ID_HEAVY_SWEEP_DONE)
		return;
	pthread_mutex_lock(&p->vmstate.lock);
	due = reconcile_due(p);
	pthread_mutex_unlock(&p->vmstate.lock);
	if (due)
		reconcile(p);
}
