/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sim_place.c - the simulator's initial VM distribution: which VFs hold
 * a VM (uniform or random), their LIDs under the dynamic model, and the
 * placement the patterns work on (VMs per hypervisor, each VM's place,
 * the tenants of the grouping pattern).
 */
#include <stdlib.h>

#include "base/rand.h"
#include "reconf/reconf_pick.h"
#include "vm/lid_model.h"
#include "sim/sim_int.h"

static int vm_on_vf(const void *vms, uint64_t guid)
{
	return oc_vm_table_find(vms, guid) != NULL;
}

const struct oc_vf_users *oc_sim_users(const struct oc_sim *s,
				       struct oc_vf_users *u)
{
	u->runs_vm = vm_on_vf;
	u->is_vguid = NULL;
	u->ctx = s->vms;
	return u;
}

static uint32_t count_vfs(const struct oc_sim *s, uint32_t hv)
{
	unsigned p, n = 0;

	for (p = 1; p <= s->f->nodes[s->f->switches[hv]].num_ports; p++)
		n += oc_reconf_vf_behind(s->f, s->ft, hv, p) != NULL;
	return n;
}

/* The vSwitches in index order: the hypervisor order ("left" first). */
static int list_hvs(struct oc_sim *s, struct oc_err *err)
{
	uint32_t hv, n = s->f->num_switches;

	s->hvs = malloc(sizeof(*s->hvs) * (n ? n : 1));
	s->pos_of = malloc(sizeof(*s->pos_of) * (n ? n : 1));
	s->cap = calloc(n ? n : 1, sizeof(*s->cap));
	s->load = calloc(n ? n : 1, sizeof(*s->load));
	if (!s->hvs || !s->pos_of || !s->cap || !s->load)
		return oc_err_set(err, "out of memory");
	for (hv = 0; hv < n; hv++) {
		s->pos_of[hv] = OC_NONE;
		if (s->ft->sw[hv].role != OC_SW_VSWITCH)
			continue;
		s->pos_of[hv] = s->num_hvs;
		s->cap[s->num_hvs++] = count_vfs(s, hv);
	}
	if (!s->num_hvs)
		return oc_err_set(err, "the fabric has no hypervisor "
				       "(vSwitch): nothing to migrate");
	for (hv = 0; hv < n; hv++)
		if (s->pos_of[hv] != OC_NONE)
			s->hvs[s->pos_of[hv]] = hv;
	return 0;
}

/* Every VF port, hypervisor by hypervisor, in port order. */
static const struct oc_port **all_vfs(const struct oc_sim *s, uint32_t *n)
{
	const struct oc_port **vf, *p;
	uint32_t i, total = 0, k = 0;
	unsigned port;

	for (i = 0; i < s->num_hvs; i++)
		total += s->cap[i];
	vf = malloc(sizeof(*vf) * (total ? total : 1));
	if (!vf)
		return NULL;
	for (i = 0; i < s->num_hvs; i++) {
		uint32_t hv = s->hvs[i];

		for (port = 1;
		     port <= s->f->nodes[s->f->switches[hv]].num_ports;
		     port++) {
			p = oc_reconf_vf_behind(s->f, s->ft, hv, port);
			if (p)
				vf[k++] = p;
		}
	}
	*n = total;
	return vf;
}

/* Moves the chosen VFs to the front of vf: uniform, the first
 * population % of each hypervisor's; random, population % of all. */
static uint32_t choose_vfs(struct oc_sim *s, const struct oc_port **vf,
			   uint32_t n)
{
	uint64_t rng = oc_rand_stream(s->o.seed, OC_SIM_STREAM_PLACE);
	uint32_t i, j, k = 0, first = 0, want;
	const struct oc_port *x;

	if (s->o.initial == OC_SIM_INIT_UNIFORM) {
		for (i = 0; i < s->num_hvs; first += s->cap[i++]) {
			want = s->cap[i] * s->o.population / 100;
			for (j = 0; j < want; j++)
				vf[k++] = vf[first + j];
		}
		return k;
	}
	want = (uint32_t)((uint64_t)n * s->o.population / 100);
	for (k = 0; k < want; k++) {
		j = k + (uint32_t)oc_rand_below(&rng, n - k);
		x = vf[k];
		vf[k] = vf[j];
		vf[j] = x;
	}
	return want;
}

static int fill_table(struct oc_sim *s, struct oc_err *err)
{
	const struct oc_port **vf;
	uint32_t n, i, k;
	int ret = 0;

	s->vms = oc_vm_table_new();
	vf = all_vfs(s, &n);
	if (!s->vms || !vf) {
		free(vf);
		return oc_err_set(err, "out of memory");
	}
	k = choose_vfs(s, vf, n);
	for (i = 0; i < k && !ret; i++) {
		unsigned port;
		uint32_t node =
			oc_fabric_find_port_guid(s->f, vf[i]->guid, &port);

		ret = oc_vm_table_add(s->vms, vf[i]->guid,
				      s->f->nodes[node].name, 0, err);
	}
	free(vf);
	return ret;
}

/* The VMs: VF ports with a LID, hypervisor by hypervisor. */
static int list_vms(struct oc_sim *s, struct oc_err *err)
{
	uint32_t i, n = s->f->max_lid + 1u;
	unsigned port;

	s->vm_lids = malloc(sizeof(*s->vm_lids) * n);
	s->vm_pos = malloc(sizeof(*s->vm_pos) * n);
	s->tenant = calloc(n, 1);
	s->vm_of_lid = malloc(sizeof(*s->vm_of_lid) * n);
	if (!s->vm_lids || !s->vm_pos || !s->tenant || !s->vm_of_lid)
		return oc_err_set(err, "out of memory");
	for (i = 0; i < n; i++)
		s->vm_of_lid[i] = OC_NONE;
	for (i = 0; i < s->num_hvs; i++) {
		uint32_t hv = s->hvs[i];

		for (port = 1;
		     port <= s->f->nodes[s->f->switches[hv]].num_ports;
		     port++) {
			const struct oc_port *p =
				oc_reconf_vf_behind(s->f, s->ft, hv, port);

			if (!p || !p->lid || !vm_on_vf(s->vms, p->guid))
				continue;
			s->vm_of_lid[p->lid] = s->num_vms;
			s->vm_pos[s->num_vms] = i;
			s->vm_lids[s->num_vms++] = p->lid;
			s->load[i]++;
		}
	}
	return 0;
}

/* Grouping: half the VMs (rounded up), drawn at random, are tenant A. */
static void draw_tenants(struct oc_sim *s)
{
	uint64_t rng = oc_rand_stream(s->o.seed, OC_SIM_STREAM_TENANT);
	uint32_t k, left = s->num_vms, want = (s->num_vms + 1) / 2;

	for (k = 0; k < s->num_vms; k++, left--) {
		s->tenant[k] = oc_rand_below(&rng, left) >= want;
		want -= !s->tenant[k];
	}
}

int oc_sim_place(struct oc_sim *s, struct oc_err *err)
{
	if (list_hvs(s, err) || fill_table(s, err))
		return -1;
	if (oc_lid_model_dynamic(s->f, s->vms, err) ||
	    oc_fabric_assign_lids(s->f, err) || list_vms(s, err))
		return -1;
	if (s->num_vms < 2)
		return oc_err_set(err,
				  "--population %u%% of %u hypervisors' "
				  "VFs places fewer than 2 VMs",
				  s->o.population, s->num_hvs);
	if (s->o.pattern == OC_SIM_PAT_GROUPING)
		draw_tenants(s);
	return 0;
}
