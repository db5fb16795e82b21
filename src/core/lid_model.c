/*
 * lid_model.c - applying the dynamic LID model to a fabric.
 */
#include "ftree.h"
#include "lid_model.h"

static void idle_vfs_down(struct oc_fabric *f, const struct oc_ftree *ft,
			  uint32_t hv, const struct oc_vm_table *vms)
{
	uint32_t node = f->switches[hv];
	unsigned p;

	for (p = 1; p <= f->nodes[node].num_ports; p++) {
		uint32_t ca = oc_peer(f, node, p);
		struct oc_port *vf;

		if (p == ft->sw[hv].uplink_port || p == ft->sw[hv].pf_port ||
		    ca == OC_NONE || oc_is_switch(f, ca))
			continue;
		vf = oc_port(f, ca, oc_port(f, node, p)->peer_port);
		if (!oc_vm_table_find(vms, vf->guid))
			vf->active = 0;
	}
}

int oc_lid_model_dynamic(struct oc_fabric *f, const struct oc_vm_table *vms,
			 struct oc_err *err)
{
	struct oc_ftree *ft = oc_ftree_analyze(f, NULL, err);
	uint32_t sw;

	if (!ft)
		return -1;
	for (sw = 0; sw < f->num_switches; sw++)
		if (ft->sw[sw].role == OC_SW_VSWITCH)
			idle_vfs_down(f, ft, sw, vms);
	oc_ftree_free(ft);
	return 0;
}
