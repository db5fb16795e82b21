/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * takeover_view.c - the CA ports a new master sees (see takeover_view.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <opensm/osm_port.h>

#include "analysis/ftree.h"
#include "base/hash.h"
#include "routing/snapshot.h"
#include "vmops/guidinfo_read.h"
#include "vmops/takeover_view.h"

/* OpenSM's alias GUIDs (other than a port's own): port GUID -> index
 * into guid[]. */
struct aliases {
	struct oc_hash *by_port;
	uint64_t *guid;
	uint32_t count;
};

static osm_alias_guid_t *alias_next(cl_qmap_t *tbl, osm_alias_guid_t *a)
{
	a = a ? (osm_alias_guid_t *)cl_qmap_next(&a->map_item)
	      : (osm_alias_guid_t *)cl_qmap_head(tbl);
	return a == (osm_alias_guid_t *)cl_qmap_end(tbl) ? NULL : a;
}

static int is_alias(const osm_alias_guid_t *a)
{
	return a->p_base_port && a->alias_guid != a->p_base_port->guid;
}

static int aliases_read(osm_subn_t *subn, struct aliases *al)
{
	cl_qmap_t *tbl = &subn->alias_port_guid_tbl;
	osm_alias_guid_t *a = NULL;

	al->count = 0;
	al->by_port = oc_hash_new();
	al->guid = calloc(cl_qmap_count(tbl) + 1, sizeof(*al->guid));
	if (!al->by_port || !al->guid)
		return -1;
	while ((a = alias_next(tbl, a))) {
		if (!is_alias(a))
			continue;
		al->guid[al->count] = cl_ntoh64(a->alias_guid);
		if (oc_hash_set64(al->by_port, cl_ntoh64(a->p_base_port->guid),
				  al->count++))
			return -1;
	}
	return 0;
}

static void aliases_free(struct aliases *al)
{
	oc_hash_free(al->by_port);
	free(al->guid);
}

static uint64_t alias_of(const struct aliases *al, uint64_t port_guid)
{
	uint32_t i = oc_hash_get64(al->by_port, port_guid);

	return i == OC_NONE ? 0 : al->guid[i];
}

/* A VF: a CA port on a vSwitch's port other than its PF's. */
static int is_vf(const struct oc_fabric *f, const struct oc_port *pt)
{
	uint8_t pf;

	if (pt->peer_node == OC_NONE || !oc_is_switch(f, pt->peer_node))
		return 0;
	pf = oc_ftree_vswitch_pf_port(f, pt->peer_node);
	return pf && pf != pt->peer_port;
}

/* The LID in the port's PortInfo (OpenSM's copy, read this sweep). */
static uint16_t lid_of(osm_subn_t *subn, uint64_t guid)
{
	osm_port_t *port = osm_get_port_by_guid(subn, cl_hton64(guid));

	return port ? oc_osm_snapshot_ca_lid(port->p_physp) : 0;
}

static void fill_seen(osm_subn_t *subn, const struct oc_fabric *f,
		      const struct aliases *al, struct oc_port_seen *seen,
		      uint32_t *n)
{
	uint32_t node;
	unsigned p;

	for (node = 0; node < f->num_nodes; node++) {
		if (oc_is_switch(f, node))
			continue;
		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			const struct oc_port *pt = oc_port(f, node, p);
			struct oc_port_seen *s;

			if (pt->peer_node == OC_NONE)
				continue; /* detached: not in the subnet */
			s = &seen[(*n)++];
			s->guid = pt->guid;
			s->lid = lid_of(subn, pt->guid);
			s->is_vf = is_vf(f, pt);
			s->alias = alias_of(al, pt->guid);
		}
	}
}

/* Every switch's port 0, as a port that is no VF: a VM whose LID a
 * switch has is held (rule 2), never reserved over the switch's. */
static void fill_switches(osm_subn_t *subn, struct oc_port_seen *seen,
			  uint32_t *n)
{
	cl_qmap_t *tbl = &subn->sw_guid_tbl;
	osm_switch_t *sw;

	for (sw = (osm_switch_t *)cl_qmap_head(tbl);
	     sw != (osm_switch_t *)cl_qmap_end(tbl);
	     sw = (osm_switch_t *)cl_qmap_next(&sw->map_item)) {
		osm_physp_t *p0 = osm_node_get_physp_ptr(sw->p_node, 0);
		struct oc_port_seen *s = &seen[(*n)++];

		memset(s, 0, sizeof(*s));
		s->guid = cl_ntoh64(osm_physp_get_port_guid(p0));
		s->lid = cl_ntoh16(osm_physp_get_base_lid(p0));
	}
}

struct oc_port_seen *oc_osm_ports_seen(osm_subn_t *subn,
				       struct oc_osm_gi_read *gi, uint32_t *n,
				       struct oc_err *err)
{
	struct oc_osm_snapshot *snap = oc_osm_snapshot_take_links(subn, err);
	struct oc_port_seen *seen = NULL;
	struct aliases al = {0};

	*n = 0;
	if (!snap)
		return NULL;
	seen = calloc(snap->f->num_ports + cl_qmap_count(&subn->sw_guid_tbl) +
			      1,
		      sizeof(*seen));
	if (!seen || aliases_read(subn, &al)) {
		free(seen);
		seen = NULL;
		oc_err_set(err, "out of memory");
	} else {
		fill_seen(subn, snap->f, &al, seen, n);
		fill_switches(subn, seen, n);
		oc_osm_gi_read_fill(gi, seen, *n);
	}
	aliases_free(&al);
	oc_osm_snapshot_free(snap);
	return seen;
}

/* The VM file puts a VM with vGUID guid on port port. */
static int predicted(const struct oc_vm_table *vms, uint64_t guid,
		     uint64_t port)
{
	uint32_t i = vms ? oc_hash_get64(vms->by_guid, port) : OC_NONE;

	return i != OC_NONE && vms->vms[i].vguid == guid;
}

int oc_osm_aliases_unpredicted(osm_subn_t *subn, const struct oc_vm_table *vms,
			       char *why, size_t len)
{
	cl_qmap_t *tbl = &subn->alias_port_guid_tbl;
	osm_alias_guid_t *a = NULL;

	while ((a = alias_next(tbl, a))) {
		uint64_t guid = cl_ntoh64(a->alias_guid), port;

		if (!is_alias(a))
			continue;
		port = cl_ntoh64(a->p_base_port->guid);
		if (predicted(vms, guid, port))
			continue;
		snprintf(why, len,
			 "port 0x%016" PRIx64
			 " carries alias GUID 0x%016" PRIx64
			 ", which the VM file does not give a VM there (a VM "
			 "moved or booted under a registry some SM kept)",
			 port, guid);
		return 1;
	}
	return 0;
}
