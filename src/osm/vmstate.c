/*
 * vmstate.c - the VM registry inside opensm (see vmstate.h).
 */
#include <inttypes.h>
#include <stdlib.h>

#include <opensm/osm_db_pack.h>

#include "vmstate.h"

/* Drops every other GUID's claim on lid from guid2lid. */
static void release_lid(osm_db_domain_t *g2l, uint16_t lid, uint64_t keep)
{
	cl_qlist_t guids;
	cl_list_item_t *item;
	uint16_t min, max;

	cl_qlist_init(&guids);
	osm_db_guid2lid_guids(g2l, &guids);
	while ((item = cl_qlist_remove_head(&guids)) != cl_qlist_end(&guids)) {
		osm_db_guid_elem_t *e = (osm_db_guid_elem_t *)item;

		if (e->guid != keep &&
		    !osm_db_guid2lid_get(g2l, e->guid, &min, &max) &&
		    min <= lid && lid <= max)
			osm_db_guid2lid_delete(g2l, e->guid);
		free(e);
	}
}

void oc_osm_vmstate_reserve_lids(const struct oc_vmreg *reg, osm_opensm_t *osm)
{
	osm_lid_mgr_t *mgr = &osm->sm.lid_mgr;
	uint32_t i;

	for (i = 0; i < reg->count; i++) {
		const struct oc_vm_rec *vm = &reg->vms[i];

		release_lid(mgr->p_g2l, vm->lid, vm->vf_guid);
		osm_db_guid2lid_set(mgr->p_g2l, vm->vf_guid, vm->lid, vm->lid);
		mgr->used_lids[vm->lid] = 1;
	}
}

int oc_osm_vmstate_open(struct oc_osm_vmstate *vs, const char *path,
			osm_opensm_t *osm, const struct oc_osm_log *log,
			struct oc_err *err)
{
	struct oc_err why;
	int ret;

	vs->path = path;
	vs->ready = 0;
	vs->reg = oc_vmreg_new();
	if (!vs->reg)
		return oc_err_set(err, "out of memory");
	pthread_mutex_init(&vs->lock, NULL);
	if (!path)
		return 0;
	ret = oc_vmreg_load(vs->reg, path, &why);
	if (ret < 0)
		return oc_err_set(err, "option state: %s", why.msg);
	if (ret > 0) {
		oc_osm_info(log,
			    "osmcloud: no VM state in %s yet: seeding it "
			    "at the first routing run",
			    path);
		return 0;
	}
	oc_osm_vmstate_reserve_lids(vs->reg, osm);
	vs->ready = 1;
	oc_osm_info(log,
		    "osmcloud: %u VMs from %s, their LIDs reserved; "
		    "%u free VFs",
		    vs->reg->count, path, vs->reg->num_free);
	return 0;
}

void oc_osm_vmstate_close(struct oc_osm_vmstate *vs)
{
	if (!vs->reg)
		return; /* never opened */
	oc_vmreg_free(vs->reg);
	vs->reg = NULL;
	pthread_mutex_destroy(&vs->lock);
}

static int seed(struct oc_osm_vmstate *vs, const struct oc_vm_table *vms,
		const struct oc_fabric *f, const struct oc_osm_log *log,
		struct oc_err *err)
{
	struct oc_vmreg *reg = oc_vmreg_new();
	struct oc_err why;

	if (!reg)
		return oc_err_set(err, "out of memory");
	if ((vms && oc_vmreg_seed(reg, vms, f, &why)) ||
	    oc_vmreg_save(reg, vs->path, &why)) {
		oc_vmreg_free(reg);
		return oc_err_set(err, "option state: seeding %s: %s", vs->path,
				  why.msg);
	}
	oc_vmreg_free(vs->reg);
	vs->reg = reg;
	vs->ready = 1;
	oc_osm_info(log, "osmcloud: seeded %s with %u VMs", vs->path,
		    reg->count);
	return 0;
}

/* The LID manager should have given each VM its recorded LID. */
static void report_lid_drift(const struct oc_vmreg *reg,
			     const struct oc_fabric *f,
			     const struct oc_osm_log *log)
{
	uint32_t i, node;
	unsigned port;

	for (i = 0; i < reg->count; i++) {
		const struct oc_vm_rec *vm = &reg->vms[i];

		node = oc_fabric_find_port_guid(f, vm->vf_guid, &port);
		if (node == OC_NONE)
			oc_osm_err(log, OC_ERR_INPUT,
				   "osmcloud: VM \"%s\": its VF 0x%016" PRIx64
				   " is not in the subnet",
				   vm->name, vm->vf_guid);
		else if (oc_port(f, node, port)->lid != vm->lid)
			oc_osm_err(log, OC_ERR_INPUT,
				   "osmcloud: VM \"%s\" has LID %u in the "
				   "state but its VF 0x%016" PRIx64
				   " has LID %u",
				   vm->name, vm->lid, vm->vf_guid,
				   oc_port(f, node, port)->lid);
	}
}

struct oc_vm_table *
oc_osm_vmstate_for_routing(struct oc_osm_vmstate *vs,
			   const struct oc_vm_table *seed_vms,
			   const struct oc_fabric *f,
			   const struct oc_osm_log *log, struct oc_err *err)
{
	struct oc_vm_table *view = NULL;

	pthread_mutex_lock(&vs->lock);
	if (vs->ready || !seed(vs, seed_vms, f, log, err)) {
		report_lid_drift(vs->reg, f, log);
		view = oc_vmreg_table(vs->reg);
		if (!view)
			oc_err_set(err, "out of memory");
	}
	pthread_mutex_unlock(&vs->lock);
	return view;
}
