/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * op_exec.c - the executor of the VM commands (see op_exec.h).
 *
 * prepare() only reads (OpenSM's subnet, the registry) and plans;
 * apply() posts the SMPs and updates the models; both run under
 * osm->lock held exclusively and vmstate.lock.  The wait for the
 * acknowledgements and their check come after the locks are released.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <opensm/osm_node.h>
#include <opensm/osm_port.h>
#include <opensm/osm_switch.h>

#include "base/clock.h"
#include "vmops/commands.h"
#include "vmops/dest.h"
#include "vmops/fault_port.h"
#include "vmops/op_exec.h"
#include "vmops/kept_model.h"
#include "vmops/prepared.h"
#include "vmops/vguid.h"
#include "osm_internals.h"
#include "plugin.h"
#include "osmcloud/ctl.h"
#include "vmops/smp.h"
#include "vmops/smstate.h"

#define ACK_TIMEOUT_MS 10000.0

const char *oc_exec_node_name(const struct oc_exec *x, uint32_t node)
{
	return x->snap->f->nodes[node].name;
}

static const char *sw_name(const struct oc_exec *x, uint32_t sw)
{
	return oc_exec_node_name(x, x->snap->f->switches[sw]);
}

/* x hands its model over to m (x has none after). */
static void model_out(struct oc_exec *x, struct oc_osm_model *m)
{
	m->snap = x->snap;
	m->ft = x->ft;
	m->rc = x->rc;
	m->lfts = x->lfts;
	m->names = x->names;
	x->snap = NULL;
	x->ft = NULL;
	x->rc = NULL;
	x->lfts = NULL;
	x->names = NULL;
}

static void model_in(struct oc_exec *x, const struct oc_osm_model *m)
{
	x->snap = m->snap;
	x->ft = m->ft;
	x->rc = m->rc;
	x->lfts = m->lfts;
	x->names = m->names;
}

static void exec_free_model(struct oc_exec *x)
{
	struct oc_osm_model m;

	model_out(x, &m);
	oc_osm_model_free(&m);
}

/* Frees what x owns (the model, the plan, the results), not x. */
static void exec_release(struct oc_exec *x)
{
	oc_plan_release(&x->plan);
	exec_free_model(x);
	free(x->sent);
	free(x->si_guids);
}

/* x no longer owns its model and plan (they were kept elsewhere). */
static void exec_disown(struct oc_exec *x)
{
	struct oc_osm_model m;

	model_out(x, &m);
	oc_plan_init(&x->plan);
}

/* x holds a kept model: it answers request (whose fields it takes: the
 * plugin, the command, the names, the output, the clocks) and finds its
 * VM's record again. */
static void exec_take_request(struct oc_exec *x, const struct oc_exec *request)
{
	x->p = request->p;
	x->osm = request->osm;
	x->cmd = request->cmd;
	x->vm_name = request->vm_name;
	x->hv_name = request->hv_name;
	x->from_name = request->from_name;
	x->o = request->o;
	x->t0 = request->t0;
	x->t_plan = request->t_plan;
	x->may_take = request->may_take;
	x->prepare_only = 0;
	x->vm = oc_vmreg_by_name(x->p->vmstate.reg, x->vm_name);
}

/* ---- prepare: the model ---------------------------------------------- */

/* The LFTs OpenSM believes programmed: new_lft[0..max_lid_ho]. */
static int copy_lfts(struct oc_exec *x, struct oc_err *err)
{
	const struct oc_fabric *f = x->snap->f;
	unsigned max_lid = f->max_lid;
	uint32_t i;

	for (i = 0; i < f->num_switches; i++)
		if (x->snap->sw[i] && x->snap->sw[i]->max_lid_ho > max_lid)
			max_lid = x->snap->sw[i]->max_lid_ho;
	if (max_lid > OC_MAX_UCAST_LID)
		max_lid = OC_MAX_UCAST_LID;
	x->lfts = oc_lfts_new(f->num_switches, max_lid);
	if (!x->lfts)
		return oc_err_set(err, "out of memory for the LFTs");
	for (i = 0; i < f->num_switches; i++) {
		const osm_switch_t *sw = x->snap->sw[i];
		unsigned last;

		if (!sw || !sw->new_lft || !sw->max_lid_ho)
			continue;
		last = sw->max_lid_ho < max_lid ? sw->max_lid_ho : max_lid;
		memcpy(oc_lft_row(x->lfts, i), sw->new_lft, last + 1u);
	}
	return 0;
}

int oc_exec_room_for(struct oc_exec *x, unsigned lid, struct oc_err *err)
{
	struct oc_lfts *old = x->lfts, *t;
	uint32_t i;

	if (lid < old->stride)
		return 0;
	t = oc_lfts_new(old->num_switches, lid);
	if (!t)
		return oc_err_set(err, "out of memory for the LFTs");
	t->max_lid = old->max_lid;
	for (i = 0; i < old->num_switches; i++)
		memcpy(oc_lft_row(t, i), oc_lft_row(old, i), old->stride);
	oc_lfts_free(old);
	x->lfts = t;
	return 0;
}

static int analyze(struct oc_exec *x, struct oc_err *err)
{
	struct oc_ftree_opts o = {0};

	o.root_guids = oc_osm_roots_used(&x->p->files, &x->p->inputs,
					 &x->p->opts, &o.num_roots);
	x->ft = oc_ftree_analyze(x->snap->f, &o, err);
	return x->ft ? 0 : -1;
}

/* The VM's record and its VF port, which must hold the VM's LID behind a
 * vSwitch; sets src_hv and src_guid. */
int oc_exec_find_vm(struct oc_exec *x, struct oc_err *err)
{
	const struct oc_fabric *f = x->snap->f;
	unsigned port = 0;
	uint32_t node;

	x->vm = oc_vmreg_by_name(x->p->vmstate.reg, x->vm_name);
	if (!x->vm)
		return oc_err_set(err,
				  "unknown VM \"%s\" (\"osmcloud vms\" "
				  "lists them)",
				  x->vm_name);
	x->src_guid = x->vm->vf_guid;
	node = oc_fabric_find_port_guid(f, x->src_guid, &port);
	if (x->detached_ok &&
	    (node == OC_NONE ||
	     (!oc_is_switch(f, node) && !oc_port(f, node, port)->active))) {
		x->detached = 1; /* its VF is down: the real order */
		return 0;
	}
	if (node == OC_NONE || oc_is_switch(f, node) ||
	    !oc_port(f, node, port)->active)
		return oc_err_set(err,
				  "VM \"%s\": its VF port 0x%016" PRIx64
				  " is not active in the subnet",
				  x->vm_name, x->src_guid);
	if (oc_port(f, node, port)->lid != x->vm->lid)
		return oc_err_set(err,
				  "VM \"%s\": its VF has LID %u, the "
				  "registry says %u",
				  x->vm_name, oc_port(f, node, port)->lid,
				  x->vm->lid);
	x->src_hv = f->nodes[oc_peer(f, node, port)].sw_index;
	if (x->src_hv == OC_NONE || x->ft->sw[x->src_hv].role != OC_SW_VSWITCH)
		return oc_err_set(err, "VM \"%s\" is not behind a vSwitch",
				  x->vm_name);
	snprintf(x->vf_name, sizeof(x->vf_name), "%s",
		 oc_exec_node_name(x, node));
	return 0;
}

int oc_exec_find_hv(struct oc_exec *x, struct oc_err *err)
{
	struct oc_dest d;

	if (oc_dest_resolve(x, x->hv_name, &d, err))
		return -1;
	x->dst_hv = d.hv;
	x->want_vf = d.vf_guid;
	return 0;
}

int oc_exec_already(struct oc_exec *x, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(x->note, sizeof(x->note), fmt, ap);
	va_end(ap);
	x->already = 1;
	return 0;
}

/* Every planned block fits a switch OpenSM programs (after the growth
 * a boot beyond the tables asks for). */
static int check_plan(struct oc_exec *x, struct oc_err *err)
{
	uint32_t i, size;
	unsigned top;

	for (i = 0; i < x->plan.num_updates; i++) {
		const struct oc_lft_update *u = &x->plan.updates[i];
		const osm_switch_t *sw = x->snap->sw[u->sw];

		if (!sw || !sw->new_lft)
			return oc_err_set(err, "switch %s has no LFT",
					  sw_name(x, u->sw));
		top = sw->max_lid_ho > x->grow_top ? sw->max_lid_ho
						   : x->grow_top;
		size = x->grow_top ? oc_osmi_lft_size_for(x->grow_top) : 0;
		if (size < sw->lft_size)
			size = sw->lft_size;
		if ((u->block + 1u) * OC_LFT_BLOCK > size ||
		    u->block * OC_LFT_BLOCK > top)
			return oc_err_set(err,
					  "switch %s cannot take LFT block "
					  "%u",
					  sw_name(x, u->sw), u->block);
	}
	return 0;
}

static int plan(struct oc_exec *x, struct oc_err *err)
{
	if (!x->rc) /* a kept model has it already */
		x->rc = oc_reconf_new(x->snap->f, x->ft, err);
	if (!x->rc ||
	    oc_reconf_plan(x->rc, x->lfts, &x->op, x->method, &x->plan, err))
		return -1;
	return check_plan(x, err);
}

static int find_osm_ports(struct oc_exec *x, struct oc_err *err)
{
	unsigned i;

	for (i = 0; i < x->num_pis; i++) {
		struct oc_pi_set *s = &x->pis[i];

		s->port =
			osm_get_port_by_guid(&x->osm->subn, cl_hton64(s->guid));
		if (!s->port || !s->port->p_physp)
			return oc_err_set(err,
					  "VF port 0x%016" PRIx64
					  " is not in OpenSM's subnet",
					  s->guid);
	}
	return 0;
}

/* A boot beyond the tables: room in every switch's arrays (contents and
 * max_lid_ho unchanged until the SwitchInfo Sets).  Called in apply()
 * after every check that can refuse, the registry staged included, so
 * that no refusal comes after OpenSM's tables were grown; a prepare
 * grows nothing. */
static int grow_tables(struct oc_exec *x, struct oc_err *err)
{
	uint32_t i;

	for (i = 0; x->grow_top && i < x->snap->f->num_switches; i++) {
		osm_switch_t *sw = x->snap->sw[i];

		if (sw && sw->new_lft && oc_osmi_lft_grow(sw, x->grow_top))
			return oc_err_set(err,
					  "out of memory growing the tables "
					  "of switch %s to LID %u",
					  sw_name(x, i), x->grow_top);
	}
	return 0;
}

/* The plan "prepare" kept for this request, when still current. */
static int take_prepared(struct oc_exec *x)
{
	struct oc_exec request = *x, *kept;
	char why[256];

	kept = oc_osm_prepared_take(&x->p->migrator.prepared, x->vm_name,
				    x->hv_name, x->method, x->generation, why,
				    sizeof(why));
	if (kept) {
		*x = *kept;
		exec_take_request(x, &request);
		x->generation = request.generation;
		free(kept);
		return 1;
	}
	if (why[0])
		oc_osm_info(&x->p->log, "osmcloud: %s %s: %s", x->cmd,
			    x->vm_name, why);
	return 0;
}

/* Only what may have changed since the plan: the VM's record and the
 * ports of the PortInfo Sets. */
static int adopt_prepared(struct oc_exec *x, struct oc_err *err)
{
	x->prepared = 1;
	x->st.prepared_ms = x->st.plan_ms; /* the plan's cost, paid ahead */
	x->st.model = "prepared";
	x->st.model_ms = 0;
	x->st.targets_ms = 0;
	if (!x->vm || x->vm->vf_guid != x->src_guid)
		return oc_err_set(err,
				  "VM \"%s\" moved or left the registry since "
				  "its migration was prepared",
				  x->vm_name);
	if (find_osm_ports(x, err))
		return -1;
	x->st.plan_ms = oc_now_ms() - x->t_plan;
	return 0;
}

/* ---- prepare: the model kept from the last command (kept_model.h) -- */

/* The model afresh: OpenSM's subnet, its tables, the analysis and the
 * planner (its switch tuples); what each took is logged. */
static int build_model(struct oc_exec *x, struct oc_err *err)
{
	double t[5];

	x->st.model = "built";
	t[0] = oc_now_ms();
	x->snap = oc_osm_snapshot_take(&x->osm->subn, err);
	if (!x->snap)
		return -1;
	t[1] = oc_now_ms();
	if (copy_lfts(x, err))
		return -1;
	t[2] = oc_now_ms();
	if (analyze(x, err))
		return -1;
	t[3] = oc_now_ms();
	x->rc = oc_reconf_new(x->snap->f, x->ft, err);
	if (!x->rc)
		return -1;
	t[4] = oc_now_ms();
	x->model_true = 1;
	x->st.model_ms = t[4] - t[0];
	oc_osm_info(&x->p->log,
		    "osmcloud: %s %s: model built in %.2f ms (snapshot %.2f, "
		    "LFT copy %.2f for %u switches x %u LIDs, analysis %.2f, "
		    "planner %.2f)",
		    x->cmd, x->vm_name, x->st.model_ms, t[1] - t[0],
		    t[2] - t[1], x->lfts->num_switches, x->lfts->max_lid + 1u,
		    t[3] - t[2], t[4] - t[3]);
	return 0;
}

static int take_model(struct oc_exec *x)
{
	struct oc_osm_model m;

	if (!oc_osm_model_take(&x->p->migrator.model, x->generation, &m))
		return 0;
	model_in(x, &m);
	x->model_kept = x->model_true = 1;
	x->st.model = "kept";
	return 1;
}

/* The first port the command touches on which the kept model and
 * OpenSM disagree, 0 when none does (kept_model.h). */
static uint64_t port_changed(const struct oc_exec *x)
{
	uint64_t guids[6] = {x->src_guid, x->dst_guid, x->want_vf,
			     x->vm ? x->vm->vf_guid : 0};
	unsigned i, n = 4;

	for (i = 0; i < x->num_pis; i++)
		guids[n++] = x->pis[i].guid;
	for (i = 0; i < n; i++)
		if (oc_osm_model_port_changed(x->snap, &x->osm->subn,
					      guids[i]) ||
		    oc_osm_fault_port_changed(guids[i]))
			return guids[i];
	return 0;
}

/* The model and the command's targets on it: the kept model when it is
 * current and agrees with OpenSM on every port the command touches,
 * otherwise a model built afresh. */
static int model_and_targets(struct oc_exec *x,
			     int (*targets)(struct oc_exec *, struct oc_err *),
			     struct oc_err *err)
{
	struct oc_exec request = *x;
	uint64_t changed;
	int ret;

	if (take_model(x)) {
		ret = targets(x, err);
		changed = port_changed(x);
		if (!changed)
			return ret;
		oc_osm_info(&x->p->log,
			    "osmcloud: %s %s: port 0x%016" PRIx64 " changed "
			    "since the model was kept: built afresh",
			    x->cmd, x->vm_name, changed);
		exec_free_model(x);
		*x = request; /* the targets again, on the new model */
	}
	if (build_model(x, err))
		return -1;
	return targets(x, err);
}

/* After the command, under the busy lock: a model still true of OpenSM's
 * subnet (and of this generation) is kept for the next command. */
static void keep_model(struct oc_exec *x)
{
	struct oc_osm_model m;

	if (!x->snap || !x->ft || !x->lfts || !x->model_true ||
	    !x->p->opts.keep_model ||
	    oc_osm_sweeps_generation(&x->p->sweeps) != x->generation)
		return; /* exec_release frees it */
	model_out(x, &m);
	oc_osm_model_keep(&x->p->migrator.model, &m, x->generation,
			  !x->model_kept);
}

/* The model follows the operation just sent (the same LID moves and
 * blocks as OpenSM's tables); a detached VM's move is OpenSM's heavy
 * sweep's to make, and a model that cannot follow is not kept. */
static void model_follows(struct oc_exec *x)
{
	struct oc_err err;

	if (x->detached) {
		x->model_true = 0;
		return;
	}
	if (oc_reconf_commit_lids(x->rc, &x->plan, &err)) {
		x->model_true = 0;
		oc_osm_info(&x->p->log,
			    "osmcloud: %s %s: the model is not kept: %s",
			    x->cmd, x->vm_name, err.msg);
		return;
	}
	oc_plan_apply_lfts(&x->plan, x->lfts);
}

static int prepare(struct oc_exec *x,
		   int (*targets)(struct oc_exec *, struct oc_err *),
		   struct oc_err *err)
{
	if (oc_osm_sm_not_master_why(x->p, err->msg, sizeof(err->msg), 1)) {
		x->not_master = 1; /* the state changed since the dispatcher */
		return -1;
	}
	if (!x->p->vmstate.off &&
	    oc_osm_takeover_refuses(x->p, x->vm_name, err)) {
		x->unreconciled = 1; /* nothing planned, nothing sent */
		return -1;
	}
	if (oc_osm_vmstate_usable(&x->p->vmstate, err))
		return -1;
	if (oc_osm_takeover_file_fresh(x->p, err))
		return -1;
	x->generation = oc_osm_sweeps_generation(&x->p->sweeps);
	if (x->may_take && take_prepared(x))
		return adopt_prepared(x, err);
	if (model_and_targets(x, targets, err))
		return -1;
	x->st.targets_ms = oc_now_ms() - x->t_plan - x->st.model_ms;
	if (x->already)
		return 0;
	if ((!x->detached && plan(x, err)) || find_osm_ports(x, err))
		return -1;
	x->st.plan_ms = oc_now_ms() - x->t_plan;
	return 0;
}

/* ---- apply: SMPs and models ------------------------------------------ */

/* A boot beyond the tables: every switch's LinearFDBTop up to grow_top
 * (OpenSM's model first: max_lid_ho). */
static void send_tops(struct oc_exec *x)
{
	uint32_t i;

	for (i = 0; x->grow_top && i < x->snap->f->num_switches; i++) {
		osm_switch_t *sw = x->snap->sw[i];

		if (!sw || !sw->new_lft || sw->max_lid_ho >= x->grow_top)
			continue;
		oc_osmi_lft_set_top(sw, x->grow_top);
		x->si_planned++;
		if (!oc_osm_smp_lft_top(x->osm, sw, x->grow_top))
			x->si_guids[x->num_si++] =
				osm_node_get_node_guid(sw->p_node);
	}
	x->st.si_smps = x->num_si;
}

static void send_port_lids(struct oc_exec *x)
{
	unsigned i;

	for (i = 0; i < x->num_pis; i++)
		if (!oc_osm_smp_port_lid(x->osm, x->pis[i].port->p_physp,
					 x->pis[i].lid))
			x->st.pi_smps++;
}

static void send_blocks(struct oc_exec *x)
{
	uint32_t i;

	for (i = 0; i < x->plan.num_updates; i++) {
		const struct oc_lft_update *u = &x->plan.updates[i];
		osm_switch_t *sw = x->snap->sw[u->sw];
		struct oc_sent_block *b = &x->sent[x->num_sent];

		oc_osmi_new_lft_set_block(sw, u->block, u->ports);
		if (oc_osm_smp_lft_block(x->osm, sw, u->block))
			continue;
		b->sw_guid = osm_node_get_node_guid(sw->p_node);
		b->block = u->block;
		memcpy(b->ports, u->ports, OC_LFT_BLOCK);
		x->num_sent++;
	}
	x->st.lft_smps = x->num_sent;
}

/* The VFs given LID 0 become free VFs of the registry, the others stop
 * being free (lidfilter.h): a patched opensm's LID manager then leaves
 * them alone, also after a restart (the registry saves them). */
static void note_free_vfs(struct oc_exec *x, struct oc_vmreg *reg)
{
	unsigned i;

	for (i = 0; i < x->num_pis; i++)
		if (oc_osm_lidfilter_note(reg, x->pis[i].guid, x->pis[i].lid))
			oc_osm_err(&x->p->log, OC_ERR_NOMEM,
				   "osmcloud: %s %s: out of memory for the "
				   "free VFs: VF 0x%016" PRIx64
				   " gets a LID at the next heavy sweep",
				   x->cmd, x->vm_name, x->pis[i].guid);
}

/* guid2lid (and its file), the LID table, the LID manager's used LIDs
 * and the ports' LIDs, so that the next heavy sweep keeps the operation:
 * first every port lets its old LID go, then takes its new one. */
static void update_osm_model(struct oc_exec *x)
{
	unsigned i;

	for (i = 0; i < x->num_pis; i++) {
		oc_osmi_port_lid_release(x->osm, x->pis[i].port);
		if (!x->pis[i].lid)
			oc_osmi_guid2lid_forget(x->osm, x->pis[i].guid);
	}
	for (i = 0; i < x->num_pis; i++)
		oc_osmi_port_lid_take(x->osm, x->pis[i].port, x->pis[i].guid,
				      x->pis[i].lid);
	oc_osmi_guid2lid_store(x->osm);
}

/* A VM with a GUID of its own takes it along: OpenSM's alias table and
 * the GUID tables of both VFs (vguid.h); a stopped VM's alias goes. */
static void move_vguid(struct oc_exec *x)
{
	osm_port_t *prev = NULL;

	if (x->op.kind == OC_OP_BOOT) {
		if (x->vguid && oc_osm_vguid_place(x->osm, x->vguid,
						   x->dst_guid, &prev) > 0)
			x->st.gi_smps +=
				oc_osm_vguid_send(x->osm, x->dst_guid, prev);
		return;
	}
	if (!x->vm || x->vm->vguid == x->src_guid ||
	    !oc_osm_vguid_is_own(x->osm, x->vm->vguid))
		return;
	if (x->op.kind == OC_OP_STOP) {
		oc_osm_vguid_drop(x->osm, x->vm->vguid, &prev);
		if (prev && !oc_osm_smp_guid_block0(x->osm, prev))
			x->st.gi_smps++;
		return;
	}
	if (oc_osm_vguid_place(x->osm, x->vm->vguid, x->dst_guid, &prev) > 0)
		x->st.gi_smps += oc_osm_vguid_send(x->osm, x->dst_guid, prev);
}

static int change_registry(struct oc_exec *x, struct oc_vmreg *reg,
			   struct oc_err *err)
{
	struct oc_vm_rec rec;

	switch (x->op.kind) {
	case OC_OP_BOOT:
		memset(&rec, 0, sizeof(rec));
		snprintf(rec.name, sizeof(rec.name), "%s", x->vm_name);
		rec.vguid = x->vguid ? x->vguid : x->dst_guid;
		rec.vf_guid = x->dst_guid;
		rec.lid = x->op.lid;
		rec.weight = x->weight;
		return oc_vmreg_add(reg, &rec, err);
	case OC_OP_STOP:
		return oc_vmreg_remove(reg, x->vm_name, err);
	default:
		return oc_vmreg_place(reg, x->vm_name, x->dst_guid, x->vm->lid,
				      err);
	}
}

/* Before the first SMP: the registry as the operation leaves it is
 * written and synced (vmstate.h), the free VFs first, so that the file
 * and the filter agree.  -1: refused, nothing sent. */
static int stage_registry(struct oc_exec *x, struct oc_err *err)
{
	struct oc_vmreg *next = oc_osm_vmstate_draft(&x->p->vmstate);

	if (!next)
		return oc_err_set(err, "out of memory for the registry");
	note_free_vfs(x, next);
	if (change_registry(x, next, err)) {
		oc_vmreg_free(next);
		return -1;
	}
	return oc_osm_vmstate_stage(&x->p->vmstate, next, err);
}

/* After the SMPs: the staged registry is the registry. */
static void commit_registry(struct oc_exec *x)
{
	x->saved = !oc_osm_vmstate_commit(&x->p->vmstate, &x->save_err);
	x->vm = oc_vmreg_by_name(x->p->vmstate.reg, x->vm_name);
	if (x->saved)
		oc_osm_takeover_note_file(x->p);
	else
		oc_osm_err(&x->p->log, OC_ERR_OUTPUT,
			   "osmcloud: %s %s: the fabric has moved but "
			   "the registry was NOT saved: %s",
			   x->cmd, x->vm_name, x->save_err.msg);
}

/* A detached source VF keeps the destination's old LID (an idle VF's:
 * reserved for it when it comes back) or none, in guid2lid only. */
static void detached_source(struct oc_exec *x)
{
	if (x->op.peer_lid && x->op.kind == OC_OP_SWAP)
		oc_osmi_guid2lid_reserve(x->osm, x->src_guid, x->op.peer_lid);
	else
		oc_osmi_guid2lid_forget(x->osm, x->src_guid);
	oc_osmi_guid2lid_store(x->osm);
	oc_osmi_force_heavy_sweep(x->osm);
	osm_opensm_sweep(x->osm);
}

static int apply(struct oc_exec *x, struct oc_err *err)
{
	x->sent = calloc(x->plan.num_updates + 1, sizeof(*x->sent));
	x->si_guids =
		calloc(x->snap->f->num_switches + 1, sizeof(*x->si_guids));
	if (!x->sent || !x->si_guids)
		return oc_err_set(err, "out of memory");
	if (stage_registry(x, err))
		return -1;
	if (grow_tables(x, err)) { /* the last refusal: out of memory */
		oc_osm_vmstate_abort(&x->p->vmstate);
		return -1;
	}
	oc_osm_prepared_drop(&x->p->migrator.prepared); /* tables change */
	x->st.send_ms = oc_now_ms() - x->t0;
	x->st.qp0_sent = x->osm->stats.qp0_mads_sent;
	x->sweeps0 = oc_osm_sweeps_started(&x->p->sweeps);
	x->st.swept = oc_osm_sweeps_running(&x->p->sweeps);
	if (!x->detached) {
		send_tops(x);
		send_port_lids(x);
		send_blocks(x);
	}
	update_osm_model(x);
	model_follows(x);
	if (x->detached)
		detached_source(x);
	move_vguid(x);
	commit_registry(x);
	return 0;
}

/* ---- after the lock: wait, check, report ----------------------------- */

/* SMPs outstanding, or a heavy sweep under way (it may still program
 * blocks after ours). */
static int unsettled(const struct oc_exec *x)
{
	return x->osm->stats.qp0_mads_outstanding ||
	       oc_osm_sweeps_running(&x->p->sweeps) ||
	       (x->detached &&
		oc_osm_sweeps_started(&x->p->sweeps) == x->sweeps0);
}

static void wait_acks(struct oc_exec *x)
{
	double deadline = oc_now_ms() + ACK_TIMEOUT_MS;

	while (unsettled(x) && !osm_exit_flag && oc_now_ms() < deadline)
		usleep(200);
	x->st.ack_ms = oc_now_ms() - x->t0;
	x->st.timed_out = unsettled(x);
	x->st.qp0_sent = x->osm->stats.qp0_mads_sent - x->st.qp0_sent;
	if (oc_osm_sweeps_started(&x->p->sweeps) != x->sweeps0)
		x->st.swept = 1;
}

/* The switch holds the block we sent, or after a heavy sweep the block
 * OpenSM's tables say. */
static int block_acked(osm_subn_t *subn, const struct oc_sent_block *b,
		       int swept)
{
	osm_switch_t *sw = osm_get_switch_by_guid(subn, b->sw_guid);
	size_t off = (size_t)b->block * OC_LFT_BLOCK;

	if (!sw || !sw->lft || !sw->new_lft ||
	    off + OC_LFT_BLOCK > sw->lft_size)
		return 0;
	return !memcmp(sw->lft + off, swept ? sw->new_lft + off : b->ports,
		       OC_LFT_BLOCK);
}

/* The switch reports the top we set, or after a heavy sweep the top
 * OpenSM's tables say. */
static int top_acked(osm_subn_t *subn, ib_net64_t guid, uint16_t top, int swept)
{
	osm_switch_t *sw = osm_get_switch_by_guid(subn, guid);

	return sw && cl_ntoh16(sw->switch_info.lin_top) ==
			     (swept ? sw->max_lid_ho : top);
}

static int lid_acked(osm_subn_t *subn, uint64_t guid, uint16_t lid)
{
	osm_port_t *port = osm_get_port_by_guid(subn, cl_hton64(guid));

	return port && port->p_physp &&
	       cl_ntoh16(osm_physp_get_base_lid(port->p_physp)) == lid;
}

/* The receivers copied every reply into sw->lft and port_info. */
static void count_acks(struct oc_exec *x)
{
	osm_subn_t *subn = &x->osm->subn;
	uint32_t i;

	cl_plock_acquire(&x->osm->lock);
	for (i = 0; i < x->num_sent; i++)
		x->st.lft_acked += block_acked(subn, &x->sent[i], x->st.swept);
	for (i = 0; i < x->num_pis; i++)
		x->st.pi_acked +=
			lid_acked(subn, x->pis[i].guid, x->pis[i].lid);
	for (i = 0; i < x->num_si; i++)
		x->st.si_acked += top_acked(subn, x->si_guids[i], x->grow_top,
					    x->st.swept);
	cl_plock_release(&x->osm->lock);
}

static void fill_stats(struct oc_exec *x)
{
	struct oc_osm_op *st = &x->st;

	st->when = time(NULL);
	st->kind = x->cmd;
	snprintf(st->vm, sizeof(st->vm), "%s", x->vm_name);
	snprintf(st->from, sizeof(st->from), "%s",
		 x->detached ? "(detached VF)" : sw_name(x, x->src_hv));
	snprintf(st->to, sizeof(st->to), "%s", sw_name(x, x->dst_hv));
	st->method = oc_reconf_method_name(x->method);
	st->lid = x->op.lid;
	st->idle_lid = x->op.kind == OC_OP_SWAP ? x->op.peer_lid : 0;
	st->switches = x->plan.counts.switches;
	st->vswitches = x->plan.counts.vswitches;
}

/* Lost SMPs: OpenSM's next heavy sweep programs what guid2lid and
 * new_lft say (the registry is already saved). */
static int recover(struct oc_exec *x, FILE *out)
{
	uint32_t total = x->plan.num_updates + x->num_pis + x->si_planned;
	uint32_t lost =
		total - x->st.lft_acked - x->st.pi_acked - x->st.si_acked;

	if (!lost)
		return 0;
	x->model_true = 0; /* the heavy sweep finishes it */
	oc_osm_err(&x->p->log, OC_ERR_OUTPUT,
		   "osmcloud: %s %s: %u of %u SMPs not acknowledged%s; "
		   "heavy sweep requested",
		   x->cmd, x->vm_name, lost, total,
		   x->st.timed_out ? " (timed out)" : "");
	snprintf(x->o->remains, sizeof(x->o->remains),
		 "%u of %u SMPs not acknowledged%s: a heavy sweep was "
		 "requested to finish the operation (registry kept)",
		 lost, total, x->st.timed_out ? " (timed out)" : "");
	fprintf(out, "error: %s\n", x->o->remains);
	oc_osmi_force_heavy_sweep(x->osm);
	osm_opensm_sweep(x->osm);
	return 1;
}

static void say_detached(const struct oc_exec *x, FILE *out)
{
	const struct oc_osm_op *st = &x->st;

	fprintf(out,
		"migrated %s (LID %u) from its detached VF 0x%016" PRIx64
		" to %s: VF %s took LID %u",
		st->vm, st->lid, x->src_guid, st->to, x->vf_name, st->lid);
	if (x->op.kind == OC_OP_SWAP)
		fprintf(out, " (its LID %u is kept for the detached VF)",
			x->op.peer_lid);
	fprintf(out, "; OpenSM's heavy sweep programmed it\n");
}

static void say_done(const struct oc_exec *x, FILE *out)
{
	const struct oc_osm_op *st = &x->st;

	if (x->detached) {
		say_detached(x, out);
		return;
	}
	switch (x->op.kind) {
	case OC_OP_SWAP:
		fprintf(out,
			"migrated %s (LID %u) from %s to %s with %s: idle VF "
			"%s (LID %u) swapped with it\n",
			st->vm, st->lid, st->from, st->to, st->method,
			x->vf_name, st->idle_lid);
		break;
	case OC_OP_COPY:
		fprintf(out,
			"migrated %s (LID %u) from %s to %s with %s: LID "
			"copied to VF %s, the old VF is left without a LID\n",
			st->vm, st->lid, st->from, st->to, st->method,
			x->vf_name);
		break;
	case OC_OP_BOOT:
		fprintf(out, "booted %s (LID %u) on %s: VF %s", st->vm, st->lid,
			st->to, x->vf_name);
		if (x->grow_top)
			fprintf(out,
				"; the switches' LinearFDBTop raised from "
				"%u to %u",
				x->old_top, x->grow_top);
		fprintf(out, "\n");
		break;
	default:
		fprintf(out,
			"stopped %s (LID %u) on %s: VF %s left without a "
			"LID, LID %u freed\n",
			st->vm, st->lid, st->from, x->vf_name, st->lid);
	}
}

static int report(struct oc_exec *x, FILE *out)
{
	int bad;

	say_done(x, out);
	oc_osm_op_print(&x->st, out);
	oc_osm_info(&x->p->log,
		    "osmcloud: %s %s (LID %u) %s -> %s (%s): %u LFT "
		    "blocks on %u switches + %u vSwitches, %u PortInfo, "
		    "first SMP after %.2f ms, last ack after %.2f ms; "
		    "planned in %.2f ms (model %s "
		    "%.2f, checks and targets %.2f, planner %.2f, its "
		    "marking %.3f)",
		    x->cmd, x->vm_name, x->st.lid, x->st.from, x->st.to,
		    x->st.method, x->st.lft_smps, x->st.switches,
		    x->st.vswitches, x->st.pi_smps, x->st.send_ms, x->st.ack_ms,
		    x->st.plan_ms, x->st.model ? x->st.model : "built",
		    x->st.model_ms, x->st.targets_ms,
		    x->st.plan_ms - x->st.model_ms - x->st.targets_ms,
		    x->plan.select_us / 1e3);
	bad = recover(x, out);
	if (!x->saved) {
		snprintf(x->o->remains, sizeof(x->o->remains),
			 "the fabric has moved but the registry %s was NOT "
			 "saved: %s",
			 x->p->vmstate.path, x->save_err.msg);
		fprintf(out, "ERROR: %s\n", x->o->remains);
		bad = 1;
	}
	return bad;
}

static const char *how(const struct oc_exec *x)
{
	switch (x->op.kind) {
	case OC_OP_SWAP:
		return "swap";
	case OC_OP_COPY:
		return "copy";
	case OC_OP_BOOT:
		return "boot";
	case OC_OP_STOP:
		return "stop";
	default:
		return "none";
	}
}

/* The figures of the answer: what moved, or where the VM is. */
static void fill_out(struct oc_exec *x)
{
	struct oc_cmd_out *o = x->o;
	const struct oc_vm_rec *vm =
		oc_vmreg_by_name(x->p->vmstate.reg, x->vm_name);

	o->has_op = 1;
	o->already = x->already;
	o->op = x->st;
	o->how = x->already ? "none" : how(x);
	if (x->already) {
		o->op.kind = x->cmd;
		snprintf(o->op.vm, sizeof(o->op.vm), "%s", x->vm_name);
		if (x->src_hv != OC_NONE)
			snprintf(o->op.from, sizeof(o->op.from), "%s",
				 sw_name(x, x->src_hv));
		snprintf(o->op.to, sizeof(o->op.to), "%s", o->op.from);
	}
	if (vm) { /* after a stop: no VM, no VF */
		o->op.lid = vm->lid;
		o->vguid = vm->vguid;
		o->vf_guid = vm->vf_guid;
		snprintf(o->vf, sizeof(o->vf), "%s", x->vf_name);
	}
}

/* prepare: what was planned, for people and in the JSON reply. */
static void say_prepared(const struct oc_exec *x, FILE *out)
{
	const struct oc_plan_counts *c = &x->plan.counts;

	fprintf(out, "prepared: migrate %s (LID %u) from %s to %s with %s: ",
		x->vm_name, x->op.lid, x->st.from, x->st.to, x->st.method);
	if (x->detached)
		fprintf(out, "its VF is detached, so the LID moves in "
			     "OpenSM's tables and a heavy sweep programs it");
	else
		fprintf(out,
			"%s VF %s, %u LFT blocks on %u switches + %u vSwitches "
			"(%u on the active route, sent first) and %u PortInfo",
			x->op.kind == OC_OP_SWAP ? "swap with idle" : "copy to",
			x->vf_name, c->blocks + c->vswitch_blocks, c->switches,
			c->vswitches, c->active, x->num_pis);
	fprintf(out,
		"; planned in %.2f ms, nothing sent.  Send it with "
		"\"osmcloud apply %s\" when the VM has stopped; it is "
		"dropped when OpenSM sweeps or routes the fabric or another "
		"VM operation is applied\n",
		x->st.plan_ms, x->vm_name);
	if (x->o->json &&
	    json_object_update_new(
		    x->o->json,
		    json_pack("{s:b, s:I, s:I}", "prepared", 1, "planned_smps",
			      (json_int_t)(x->detached ? 0
						       : c->smps + x->num_pis),
			      "planned_active", (json_int_t)c->active)))
		fprintf(out, "(out of memory for the reply's figures)\n");
}

/* prepare: the answer now (the model then leaves x), the plan kept. */
static void keep_prepared(struct oc_exec *x)
{
	struct oc_exec *kept;

	fill_out(x);
	x->o->op.prepared_ms = x->st.plan_ms;
	x->o->vf_guid = x->dst_guid; /* the VF it will run on */
	say_prepared(x, x->o->text);
	oc_osm_info(&x->p->log,
		    "osmcloud: prepare %s (LID %u) %s -> %s (%s): %u SMPs "
		    "planned in %.2f ms, kept until applied",
		    x->vm_name, x->op.lid, x->st.from, x->st.to, x->st.method,
		    x->plan.counts.smps + x->num_pis, x->st.plan_ms);
	kept = malloc(sizeof(*kept));
	if (!kept)
		return; /* nothing kept: apply plans afresh */
	*kept = *x;
	exec_disown(x);
	oc_osm_prepared_keep(&x->p->migrator.prepared, kept, exec_release,
			     x->vm_name, x->hv_name, x->method, x->generation);
}

/* Under both locks: plan, then send; -1 (nothing sent) on refusal. */
static int run_locked(struct oc_exec *x,
		      int (*targets)(struct oc_exec *, struct oc_err *),
		      struct oc_err *err)
{
	int ret;

	CL_PLOCK_EXCL_ACQUIRE(&x->osm->lock);
	pthread_mutex_lock(&x->p->vmstate.lock);
	x->t_plan = oc_now_ms();
	ret = prepare(x, targets, err);
	if (!ret && !x->already) {
		fill_stats(x);
		if (x->prepare_only)
			keep_prepared(x);
		else
			ret = apply(x, err);
	}
	pthread_mutex_unlock(&x->p->vmstate.lock);
	CL_PLOCK_RELEASE(&x->osm->lock);
	return ret;
}

/* Under the lock: refused (nothing sent), already done, or sent. */
static enum oc_result run_all(struct oc_exec *x,
			      int (*targets)(struct oc_exec *, struct oc_err *))
{
	FILE *out = x->o->text;
	struct oc_err err;

	x->t0 = oc_now_ms();
	if (run_locked(x, targets, &err)) {
		fprintf(out, "osmcloud %s: refused: %s\n", x->cmd, err.msg);
		if (x->unreconciled)
			oc_osm_err(&x->p->log, OC_ERR_INPUT,
				   "osmcloud: %s %s: refused: %s", x->cmd,
				   x->vm_name, err.msg);
		if (x->not_master)
			return OC_RES_NOT_MASTER;
		return x->unreconciled ? OC_RES_UNRECONCILED : OC_RES_REFUSED;
	}
	if (x->prepare_only && !x->already)
		return OC_RES_DONE; /* answered under the lock */
	if (x->already) {
		fprintf(out, "%s\n", x->note);
		pthread_mutex_lock(&x->p->vmstate.lock);
		fill_out(x);
		pthread_mutex_unlock(&x->p->vmstate.lock);
		return OC_RES_DONE;
	}
	wait_acks(x);
	count_acks(x);
	oc_osm_opstats_add(&x->p->opstats, &x->st);
	pthread_mutex_lock(&x->p->vmstate.lock);
	fill_out(x);
	pthread_mutex_unlock(&x->p->vmstate.lock);
	return report(x, out) ? OC_RES_PARTIAL : OC_RES_DONE;
}

enum oc_result oc_exec_run(struct oc_exec *x,
			   int (*targets)(struct oc_exec *, struct oc_err *))
{
	enum oc_result res;

	oc_plan_init(&x->plan);
	if (pthread_mutex_trylock(&x->p->migrator.busy)) {
		fprintf(x->o->text,
			"osmcloud %s: refused: another operation is in "
			"flight; try again when it has finished\n",
			x->cmd);
		return OC_RES_REFUSED;
	}
	res = run_all(x, targets);
	keep_model(x);
	pthread_mutex_unlock(&x->p->migrator.busy);
	exec_release(x);
	return res;
}
