/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * plan_session.c - the session of "osmcloud plan": the fabric with its
 * VMs, routed once with vswitch_ftree into an LFT set per method, and the
 * migrations done on it.
 *
 * Loading: the topology, the VM file (default: the first half of each
 * hypervisor's VFs hold a VM), the LID model, then the routes.  Choosing:
 * a named migration "VF:HV" or a random VM to a random other hypervisor,
 * as a LID swap (prepopulated) or copy (dynamic).  Migrating: each method
 * plans the operation on its own LFTs; the fabric's LID owners move once.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "route/engine.h"
#include "io/guidfile.h"
#include "vm/lid_model.h"
#include "base/rand.h"
#include "io/topo.h"
#include "reconf/reconf_pick.h"
#include "io/ibsim_dump.h"
#include "plan.h"

/* ---- the fabric, its VMs and its routes -------------------------------- */

/* The CA on port p of vSwitch hv when p is a VF port; OC_NONE if not. */
static uint32_t vf_on_port(const struct plan_session *s, uint32_t hv,
			   unsigned p)
{
	if (!oc_reconf_vf_behind(s->f, s->ft, hv, p))
		return OC_NONE;
	return oc_peer(s->f, s->f->switches[hv], p);
}

static const struct oc_port *vf_port(const struct plan_session *s, uint32_t hv,
				     unsigned p)
{
	return oc_reconf_vf_behind(s->f, s->ft, hv, p);
}

/* Without a VM file: the first half of each hypervisor's VFs. */
static int default_vms(struct plan_session *s, struct oc_err *err)
{
	uint32_t hv;
	unsigned p, n, k;

	for (hv = 0; hv < s->f->num_switches; hv++) {
		uint32_t node = s->f->switches[hv];

		if (s->ft->sw[hv].role != OC_SW_VSWITCH)
			continue;
		for (n = 0, p = 1; p <= s->f->nodes[node].num_ports; p++)
			n += vf_on_port(s, hv, p) != OC_NONE;
		for (k = 0, p = 1; k < (n + 1) / 2; p++) {
			uint32_t vf = vf_on_port(s, hv, p);

			if (vf == OC_NONE)
				continue;
			if (oc_vm_table_add(s->vms, vf_port(s, hv, p)->guid,
					    s->f->nodes[vf].name, 0, err))
				return -1;
			k++;
		}
	}
	return 0;
}

/* The registry of --state, and its routing view as the VM table. */
static int load_state(struct plan_session *s, struct oc_err *err)
{
	int ret;

	s->reg = oc_vmreg_new();
	if (!s->reg)
		return oc_err_set(err, "out of memory");
	ret = oc_vmreg_load(s->reg, s->a->state, NULL, err);
	if (ret > 0)
		return oc_err_set(err, "%s: no such state file", s->a->state);
	if (ret < 0)
		return -1;
	s->vms = oc_vmreg_table(s->reg);
	return s->vms ? 0 : oc_err_set(err, "out of memory");
}

static int load_vms(struct plan_session *s, struct oc_err *err)
{
	if (s->a->state)
		return load_state(s, err);
	s->vms = oc_vm_table_new();
	if (!s->vms)
		return oc_err_set(err, "out of memory");
	if (s->a->vms)
		return oc_vm_table_load(s->vms, s->a->vms, err) ||
		       oc_lid_model_check_vms(s->f, s->ft, s->vms, s->a->vms,
					      err);
	return default_vms(s, err);
}

static int load_fabric(struct plan_session *s, struct oc_ftree_opts *o,
		       uint64_t **roots, struct oc_err *err)
{
	s->f = s->a->dump ? oc_ibsim_dump_load(s->a->dump, &s->live, err)
			  : oc_topo_load(s->a->topo, err);
	if (!s->f)
		return -1;
	if (s->a->roots &&
	    oc_root_list_load(s->f, s->a->roots, roots, &o->num_roots, err))
		return -1;
	o->root_guids = *roots;
	s->ft = oc_ftree_analyze(s->f, o, err);
	if (!s->ft || load_vms(s, err))
		return -1;
	if (s->a->dynamic && oc_lid_model_dynamic(s->f, s->vms, err))
		return -1;
	return s->live ? 0 : oc_fabric_assign_lids(s->f, err);
}

/* --dump: every method starts from the LFTs the fabric holds. */
static int take_live(struct plan_session *s, struct oc_err *err)
{
	int m;

	for (m = 0; m < PLAN_NUM_METHODS; m++) {
		s->t[m] =
			oc_lfts_new(s->live->num_switches, s->live->stride - 1);
		if (!s->t[m])
			return oc_err_set(err, "out of memory");
		s->t[m]->max_lid = s->live->max_lid;
		memcpy(s->t[m]->ports, s->live->ports,
		       (size_t)s->live->stride * s->live->num_switches);
	}
	s->rc = oc_reconf_new(s->f, s->ft, err);
	return s->rc ? 0 : -1;
}

static int route(struct plan_session *s, const struct oc_ftree_opts *o,
		 struct oc_err *err)
{
	struct oc_engine_input in = {.f = s->f,
				     .root_guids = o->root_guids,
				     .num_roots = o->num_roots,
				     .vms = s->vms};
	struct oc_route_stats stats;
	struct timespec t0;
	int m;

	if (s->live)
		return take_live(s, err);
	for (m = 0; m < PLAN_NUM_METHODS; m++) {
		s->t[m] = oc_lfts_new(s->f->num_switches, s->f->max_lid);
		if (!s->t[m])
			return oc_err_set(err, "out of memory");
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (oc_vswitch_ftree_engine.route(&in, s->t[0], &stats, err))
		return -1;
	s->route_ms = plan_ms_since(&t0);
	memcpy(s->t[1]->ports, s->t[0]->ports,
	       (size_t)s->t[0]->stride * s->t[0]->num_switches);
	s->rc = oc_reconf_new(s->f, s->ft, err);
	return s->rc ? 0 : -1;
}

/* The VMs (VFs with a LID that the VM table names) and hypervisors. */
static int list_vms(struct plan_session *s, struct oc_err *err)
{
	uint32_t hv, n = s->f->num_switches;
	unsigned p;

	s->vm_lids = malloc(sizeof(*s->vm_lids) * (s->f->max_lid + 1u));
	s->hvs = malloc(sizeof(*s->hvs) * (n ? n : 1));
	if (!s->vm_lids || !s->hvs)
		return oc_err_set(err, "out of memory");
	for (hv = 0; hv < n; hv++) {
		if (s->ft->sw[hv].role != OC_SW_VSWITCH)
			continue;
		s->hvs[s->num_hvs++] = hv;
		for (p = 1; p <= s->f->nodes[s->f->switches[hv]].num_ports;
		     p++) {
			const struct oc_port *vf;

			if (vf_on_port(s, hv, p) == OC_NONE)
				continue;
			vf = vf_port(s, hv, p);
			if (!vf->lid || !oc_vm_table_find(s->vms, vf->guid))
				continue;
			s->vm_lids[s->num_vms++] = vf->lid;
		}
	}
	return 0;
}

int plan_session_setup(struct plan_session *s, struct oc_err *err)
{
	struct oc_ftree_opts o = {0};
	uint64_t *roots = NULL;
	int ret;

	ret = load_fabric(s, &o, &roots, err);
	if (!ret)
		ret = route(s, &o, err);
	if (!ret && s->ft->num_vswitches)
		ret = list_vms(s, err);
	free(roots);
	return ret;
}

void plan_session_teardown(struct plan_session *s)
{
	int m;

	for (m = 0; m < PLAN_NUM_METHODS; m++) {
		oc_lfts_free(s->t[m]);
		oc_plan_release(&s->plan[m]);
		free(s->tally[m].select_us);
		free(s->tally[m].plan_us);
	}
	oc_reconf_free(s->rc);
	oc_ftree_free(s->ft);
	oc_vm_table_free(s->vms);
	oc_vmreg_free(s->reg);
	oc_lfts_free(s->live);
	oc_fabric_free(s->f);
	free(s->vm_lids);
	free(s->hvs);
	json_decref(s->json); /* a report not printed */
	json_decref(s->migrations);
}

/* ---- choosing migrations ---------------------------------------------- */

/* The VM table (of --vms, --state or the default) names the VFs that run
 * a VM; the fabric model moves a VM's GUID with it (oc_reconf_commit()),
 * so the table stays true over migrations.  plan boots no VM: the vGUID
 * question of the chooser does not arise. */
static int table_runs_vm(const void *vms, uint64_t guid)
{
	return oc_vm_table_find(vms, guid) != NULL;
}

static const struct oc_vf_users *table_users(const struct plan_session *s,
					     struct oc_vf_users *u)
{
	u->runs_vm = table_runs_vm;
	u->is_vguid = NULL;
	u->ctx = s->vms;
	return u;
}

/* A random VM to a random other hypervisor (reconf_pick.h). */
int plan_random_op(struct plan_session *s, struct oc_migrate_op *op)
{
	struct oc_vf_users u;
	const struct oc_reconf_pool pool = {.vm_lids = s->vm_lids,
					    .num_vms = s->num_vms,
					    .hvs = s->hvs,
					    .num_hvs = s->num_hvs,
					    .users = table_users(s, &u)};

	return oc_reconf_random_op(s->f, s->ft, &pool, &s->rng, op);
}

/* The LID of the VM named by --migrate: with --state a VM of the
 * registry (its VF port), else a CA name (port 1); 0 if none. */
static uint16_t named_vm_lid(const struct plan_session *s, const char *name)
{
	const struct oc_vm_rec *vm;
	unsigned port = 1;
	uint32_t node;

	if (s->reg) {
		vm = oc_vmreg_by_name(s->reg, name);
		node = vm ? oc_fabric_find_port_guid(s->f, vm->vf_guid, &port)
			  : OC_NONE;
	} else {
		node = oc_fabric_find_name(s->f, name);
	}
	if (node == OC_NONE || oc_is_switch(s->f, node))
		return 0;
	return oc_port(s->f, node, port)->lid;
}

/* "VF:HV" (with --state "VM:HV") to an operation. */
int plan_named_op(const struct plan_session *s, const char *spec,
		  struct oc_migrate_op *op, struct oc_err *err)
{
	char vm[128];
	const char *colon = strchr(spec, ':');
	struct oc_err why;
	struct oc_vf_users u;
	uint32_t hn;
	uint16_t lid;

	if (!colon || colon == spec || (size_t)(colon - spec) >= sizeof(vm))
		return oc_err_set(err, "--migrate '%s': want %s:HV", spec,
				  s->reg ? "VM" : "VF");
	memcpy(vm, spec, colon - spec);
	vm[colon - spec] = 0;
	lid = named_vm_lid(s, vm);
	hn = oc_fabric_find_name(s->f, colon + 1);
	if (!lid)
		return oc_err_set(err, "--migrate '%s': no VM %s \"%s\"", spec,
				  s->reg ? "named" : "on", vm);
	if (hn == OC_NONE || !oc_is_switch(s->f, hn) ||
	    s->ft->sw[s->f->nodes[hn].sw_index].role != OC_SW_VSWITCH)
		return oc_err_set(err, "--migrate '%s': no hypervisor \"%s\"",
				  spec, colon + 1);
	if (oc_reconf_op_to(s->f, s->ft, table_users(s, &u), lid,
			    s->f->nodes[hn].sw_index, op, &why))
		return oc_err_set(err, "--migrate '%s': %s", spec, why.msg);
	return 0;
}

/* ---- migrating ---------------------------------------------------------- */

/* Plans op with every method in use, applies each to its own LFTs and
 * moves the LIDs; tallies when record. */
int plan_migrate(struct plan_session *s, const struct oc_migrate_op *op,
		 int record, struct oc_err *err)
{
	struct timespec t0;
	int m, last = -1;

	for (m = 0; m < PLAN_NUM_METHODS; m++) {
		if (!s->a->use[m])
			continue;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (oc_reconf_plan(s->rc, s->t[m], op, m, &s->plan[m], err))
			return -1;
		if (record)
			plan_tally_add(&s->tally[m], &s->plan[m],
				       plan_ms_since(&t0) * 1e3);
		last = m;
	}
	if (oc_reconf_commit(s->rc, &s->plan[last], err))
		return -1;
	for (m = 0; m < PLAN_NUM_METHODS; m++)
		if (s->a->use[m])
			oc_plan_apply_lfts(&s->plan[m], s->t[m]);
	return 0;
}
