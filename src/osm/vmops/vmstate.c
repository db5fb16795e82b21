/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vmstate.c - the VM registry inside opensm (see vmstate.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <opensm/osm_db_pack.h>

#include "base/path_check.h"
#include "vm/vguid_rule.h"
#include "vm/vm_doubts.h"
#include "vmops/vmstate.h"
#include "osm_internals.h"

/* LMC 0 gives each port one LID; a range wider than LMC 7's is no
 * port's. */
#define MAX_LID_RANGE 128

/* Whether guid's range min..max holds the LID of a VM on another VF. */
static int claims_vm_lid(const struct oc_vmreg *reg, uint64_t guid,
			 uint16_t min, uint16_t max)
{
	unsigned lid;

	if (max < min || max - min >= MAX_LID_RANGE)
		return 0;
	for (lid = min; lid <= max; lid++) {
		const struct oc_vm_rec *vm = oc_vmreg_by_lid(reg, lid);

		if (vm && !vm->held && vm->vf_guid != guid)
			return 1;
	}
	return 0;
}

/* One walk of guid2lid: every port that claims a VM's LID lets it go
 * (one hash probe per entry, not one walk per VM). */
static void release_vm_lids(const struct oc_vmreg *reg, osm_opensm_t *osm)
{
	osm_db_domain_t *g2l = osm->sm.lid_mgr.p_g2l;
	cl_qlist_t guids;
	cl_list_item_t *item;
	uint16_t min, max;

	cl_qlist_init(&guids);
	osm_db_guid2lid_guids(g2l, &guids);
	while ((item = cl_qlist_remove_head(&guids)) != cl_qlist_end(&guids)) {
		osm_db_guid_elem_t *e = (osm_db_guid_elem_t *)item;

		if (!osm_db_guid2lid_get(g2l, e->guid, &min, &max) &&
		    claims_vm_lid(reg, e->guid, min, max))
			oc_osmi_guid2lid_forget(osm, e->guid);
		free(e);
	}
}

/* A held VM's LID may be another port's (the SM's, a switch's, a PF's):
 * its VF lets it go, so that OpenSM keeps that port's LID. */
static void release_held_lid(const struct oc_vm_rec *vm, osm_opensm_t *osm)
{
	osm_db_domain_t *g2l = osm->sm.lid_mgr.p_g2l;
	uint16_t min, max;

	if (!osm_db_guid2lid_get(g2l, vm->vf_guid, &min, &max) &&
	    min <= vm->lid && vm->lid <= max)
		oc_osmi_guid2lid_forget(osm, vm->vf_guid);
}

void oc_osm_vmstate_reserve_lids(const struct oc_vmreg *reg, osm_opensm_t *osm)
{
	uint32_t i;

	release_vm_lids(reg, osm);
	for (i = 0; i < reg->count; i++)
		if (reg->vms[i].held)
			release_held_lid(&reg->vms[i], osm);
		else
			oc_osmi_guid2lid_reserve(osm, reg->vms[i].vf_guid,
						 reg->vms[i].lid);
}

void oc_osm_vmstate_disable(struct oc_osm_vmstate *vs,
			    const struct oc_osm_log *log, const char *why)
{
	vs->off = 1;
	vs->ready = 0;
	snprintf(vs->off_why, sizeof(vs->off_why), "%s", why);
	oc_osm_err(log, OC_ERR_INPUT,
		   "osmcloud: %s; VM operations (migrate, boot, stop) are "
		   "off and the state file is left alone; routing goes on "
		   "with the VMs of the vms= file",
		   why);
}

int oc_osm_vmstate_usable(const struct oc_osm_vmstate *vs, struct oc_err *err)
{
	if (vs->off)
		return oc_err_set(err, "VM operations are off: %s",
				  vs->off_why);
	if (!vs->ready)
		return oc_err_set(err, "the VM registry is not seeded yet "
				       "(first routing run)");
	return 0;
}

/* The state file proper; 1 when there is none yet. */
static int take_file(struct oc_osm_vmstate *vs, struct oc_vmreg *reg,
		     const struct oc_osm_log *log)
{
	struct oc_err why;
	char msg[600];
	int version = 0, ret = oc_vmreg_load(reg, vs->path, &version, &why);

	if (ret < 0) {
		snprintf(msg, sizeof(msg), "option state: %s", why.msg);
		oc_osm_vmstate_disable(vs, log, msg);
		return -1;
	}
	if (!ret && version < 3)
		oc_osm_info(log,
			    "osmcloud: %s is a version %d state file (no end "
			    "line, so a cut cannot be told): it is rewritten "
			    "as version 4 at the next change",
			    vs->path, version);
	return ret;
}

int oc_osm_vmstate_read(struct oc_osm_vmstate *vs, osm_opensm_t *osm,
			const struct oc_osm_log *log)
{
	struct oc_vmreg *reg = oc_vmreg_new();
	int ret;

	oc_osm_info(log, "osmcloud: reading the VM state %s", vs->path);
	if (!reg) {
		oc_osm_vmstate_disable(vs, log, "option state: out of memory");
		return -1;
	}
	ret = take_file(vs, reg, log);
	if (ret < 0) {
		oc_vmreg_free(reg);
		return -1;
	}
	oc_vmreg_free(vs->reg);
	vs->reg = reg;
	vs->off = 0;
	vs->ready = !ret;
	if (ret) {
		oc_osm_info(log,
			    "osmcloud: no VM state in %s yet: seeded at the "
			    "first routing run as master when this is the "
			    "first start of the fabric (docs/failover.md)",
			    vs->path);
		return 0;
	}
	oc_osm_vmstate_reserve_lids(reg, osm);
	oc_osm_info(log,
		    "osmcloud: %u VMs from %s, their LIDs reserved; "
		    "%u free VFs",
		    reg->count, vs->path, reg->num_free);
	return 0;
}

int oc_osm_vmstate_open(struct oc_osm_vmstate *vs, const char *path,
			osm_opensm_t *osm, const struct oc_osm_log *log,
			struct oc_err *err)
{
	struct oc_err why;

	vs->path = path;
	vs->ready = 0;
	vs->off = 0;
	vs->next = NULL;
	vs->reg = oc_vmreg_new();
	if (!vs->reg)
		return oc_err_set(err, "out of memory");
	pthread_mutex_init(&vs->lock, NULL);
	if (!path)
		return 0;
	if (oc_path_check_writable_file("state", path, &why)) {
		oc_osm_vmstate_disable(vs, log, why.msg);
		return 0;
	}
	oc_osm_vmstate_read(vs, osm, log);
	return 0;
}

void oc_osm_vmstate_close(struct oc_osm_vmstate *vs)
{
	if (!vs->reg)
		return; /* never opened */
	oc_vmreg_free(vs->next);
	oc_vmreg_free(vs->reg);
	vs->reg = vs->next = NULL;
	oc_osm_vf_absent_free(&vs->absent);
	oc_hash_free(vs->guids_seen);
	oc_osm_holds_free(&vs->holds);
	vs->guids_seen = NULL;
	pthread_mutex_destroy(&vs->lock);
}

/* ---- seeding ------------------------------------------------------- */

struct seed_ctx {
	const struct oc_osm_log *log;
	const char *vms_path;
	unsigned skipped;
};

static void skip_vm(void *data, const struct oc_vm *vm, const char *why)
{
	struct seed_ctx *c = data;

	c->skipped++;
	oc_osm_err(c->log, OC_ERR_INPUT,
		   "osmcloud: option vms: %s:%u: VM \"%s\": VF 0x%016" PRIx64
		   ": %s; this VM is left out of the registry, the others "
		   "are seeded",
		   c->vms_path, vm->line, vm->name, vm->vf_guid, why);
}

static int seed(struct oc_osm_vmstate *vs, const struct oc_vm_table *vms,
		const char *vms_path, const struct oc_fabric *f,
		const struct oc_ftree *ft, const struct oc_osm_log *log,
		struct oc_err *err)
{
	struct seed_ctx ctx = {.log = log, .vms_path = vms_path};
	struct oc_vmreg *reg = oc_vmreg_new();
	struct oc_err why;

	if (!reg ||
	    (vms && oc_vmreg_seed(reg, vms, f, ft, skip_vm, &ctx, &why))) {
		oc_vmreg_free(reg);
		return oc_err_set(err,
				  "option state: seeding %s: out of "
				  "memory",
				  vs->path);
	}
	if (oc_vmreg_save(reg, vs->path, &why))
		oc_osm_err(log, OC_ERR_OUTPUT,
			   "osmcloud: option state: seeding %s: %s; VM "
			   "operations are refused until it can be written",
			   vs->path, why.msg);
	else if (vs->wrote)
		vs->wrote(vs->wrote_ctx);
	oc_vmreg_free(vs->reg);
	vs->reg = reg;
	vs->ready = 1;
	oc_osm_info(log, "osmcloud: seeded %s with %u VMs%s", vs->path,
		    reg->count,
		    ctx.skipped ? " (some left out, see above)" : "");
	return 0;
}

/* The LID manager should have given each VM its recorded LID.  An
 * absent VF is reported once (vf_absent.h). */
static void report_lid_drift(struct oc_osm_vmstate *vs,
			     const struct oc_fabric *f,
			     const struct oc_osm_log *log)
{
	const struct oc_vmreg *reg = vs->reg;
	uint32_t i, node;
	unsigned port;

	oc_osm_vf_absent_begin(&vs->absent);
	for (i = 0; i < reg->count; i++) {
		const struct oc_vm_rec *vm = &reg->vms[i];

		node = oc_fabric_find_port_guid(f, vm->vf_guid, &port);
		oc_osm_vf_absent_note(&vs->absent, vm, node != OC_NONE, log);
		if (node != OC_NONE && oc_port(f, node, port)->lid != vm->lid)
			oc_osm_err(log, OC_ERR_INPUT,
				   "osmcloud: VM \"%s\" has LID %u in the "
				   "state but its VF 0x%016" PRIx64
				   " has LID %u",
				   vm->name, vm->lid, vm->vf_guid,
				   oc_port(f, node, port)->lid);
	}
	oc_osm_vf_absent_end(&vs->absent, log);
}

int oc_osm_vmstate_for_routing(struct oc_osm_vmstate *vs,
			       const struct oc_vm_table *seed_vms,
			       const char *seed_path, const struct oc_fabric *f,
			       const struct oc_ftree *ft,
			       const struct oc_osm_log *log,
			       struct oc_vm_table **view, struct oc_err *err)
{
	int ret = 0;

	*view = NULL;
	pthread_mutex_lock(&vs->lock);
	if (vs->off)
		goto out;
	if (!vs->ready && !vs->may_seed)
		goto out; /* no registry, seeding refused: the vms= file */
	if (!vs->ready)
		ret = seed(vs, seed_vms, seed_path, f, ft, log, err);
	if (!ret) {
		report_lid_drift(vs, f, log);
		*view = oc_vmreg_table(vs->reg);
		if (!*view)
			ret = oc_err_set(err, "out of memory");
	}
out:
	pthread_mutex_unlock(&vs->lock);
	return ret;
}

void oc_osm_vmstate_note_guids(struct oc_osm_vmstate *vs,
			       const struct oc_fabric *f)
{
	pthread_mutex_lock(&vs->lock);
	if (!vs->guids_seen)
		vs->guids_seen = oc_hash_new();
	if (vs->guids_seen)
		oc_guids_seen_add(vs->guids_seen, f);
	pthread_mutex_unlock(&vs->lock);
}

/* The VMs of d are held (holds.h), the ones this check held before and
 * no longer doubts are not: an ERR for each VM not held before. */
static void hold(struct oc_osm_vmstate *vs, const struct oc_vm_doubts *d,
		 const struct oc_osm_log *log)
{
	char why[OC_HOLD_WHY_MAX];
	uint32_t i;

	oc_osm_holds_mark(&vs->holds, OC_HOLD_BY_ROUTING);
	for (i = 0; i < d->count; i++) {
		const struct oc_vm_rec *vm = &vs->reg->vms[d->v[i].vm];

		snprintf(why, sizeof(why),
			 "VM \"%s\" is held: its record in the state file "
			 "(VF 0x%016" PRIx64 ", LID %u) contradicts the "
			 "fabric: %s; mend the file",
			 vm->name, vm->vf_guid, vm->lid, d->v[i].why);
		if (!oc_osm_holds_add(&vs->holds, OC_HOLD_BY_ROUTING, vm->name,
				      why))
			oc_osm_err(log, OC_ERR_INPUT,
				   "osmcloud: option state: %s", why);
	}
	oc_osm_holds_sweep(&vs->holds, OC_HOLD_BY_ROUTING);
}

void oc_osm_vmstate_hold_doubted(struct oc_osm_vmstate *vs,
				 const struct oc_fabric *f,
				 const struct oc_ftree *ft, unsigned sm_lid,
				 const struct oc_osm_log *log)
{
	struct oc_vm_doubts d = {0};
	struct oc_err err;

	pthread_mutex_lock(&vs->lock);
	if (!vs->off && vs->ready &&
	    !oc_vm_doubts_find(vs->reg, f, ft, sm_lid, &d, &err)) {
		hold(vs, &d, log);
	}
	pthread_mutex_unlock(&vs->lock);
	oc_vm_doubts_free(&d);
}

int oc_osm_vmstate_awaits_seed(struct oc_osm_vmstate *vs)
{
	int awaits;

	pthread_mutex_lock(&vs->lock);
	awaits = vs->path && !vs->off && !vs->ready;
	pthread_mutex_unlock(&vs->lock);
	return awaits;
}

/* ---- an operation's change ------------------------------------------- */

struct oc_vmreg *oc_osm_vmstate_draft(const struct oc_osm_vmstate *vs)
{
	return oc_vmreg_clone(vs->reg);
}

int oc_osm_vmstate_stage(struct oc_osm_vmstate *vs, struct oc_vmreg *next,
			 struct oc_err *err)
{
	struct oc_err why;

	oc_vmreg_free(vs->next);
	vs->next = NULL;
	if (oc_vmreg_stage(next, vs->path, &why)) {
		oc_vmreg_free(next);
		return oc_err_set(err,
				  "the registry could not be written before "
				  "the change, so nothing was sent: %s",
				  why.msg);
	}
	vs->next = next;
	return 0;
}

int oc_osm_vmstate_commit(struct oc_osm_vmstate *vs, struct oc_err *err)
{
	struct oc_err why;

	if (!vs->next)
		return 0;
	oc_vmreg_free(vs->reg);
	vs->reg = vs->next;
	vs->next = NULL;
	if (oc_vmreg_commit(vs->path, &why))
		return oc_err_set(err,
				  "%s; the change is kept in %s.pending, "
				  "which the next start takes",
				  why.msg, vs->path);
	return 0;
}

void oc_osm_vmstate_abort(struct oc_osm_vmstate *vs)
{
	if (!vs->next)
		return;
	oc_vmreg_free(vs->next);
	vs->next = NULL;
	oc_vmreg_abort(vs->path);
}
