/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * takeover.c - the VM registry when this SM becomes master (see
 * takeover.h).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <opensm/osm_port.h>

#include "base/clock.h"
#include "analysis/ftree.h"
#include "osm_internals.h"
#include "plugin.h"
#include "vm/reconcile.h"
#include "routing/snapshot.h"
#include "vmops/takeover.h"
#include "vmops/vguid.h"

static int same_file(const struct oc_osm_takeover *t, const struct stat *st)
{
	return t->dev == st->st_dev && t->ino == st->st_ino &&
	       t->size == st->st_size &&
	       t->mtime.tv_sec == st->st_mtim.tv_sec &&
	       t->mtime.tv_nsec == st->st_mtim.tv_nsec;
}

void oc_osm_takeover_note_file(struct oc_osm_plugin *p)
{
	struct oc_osm_takeover *t = &p->takeover;
	struct stat st;

	t->noted = p->vmstate.path && !stat(p->vmstate.path, &st);
	if (!t->noted)
		return;
	t->dev = st.st_dev;
	t->ino = st.st_ino;
	t->size = st.st_size;
	t->mtime = st.st_mtim;
}

int oc_osm_takeover_file_fresh(struct oc_osm_plugin *p, struct oc_err *err)
{
	struct stat st;

	if (!p->takeover.noted || stat(p->vmstate.path, &st) ||
	    same_file(&p->takeover, &st))
		return 0;
	return oc_err_set(err,
			  "the state file %s changed since this SM read it "
			  "(another SM wrote it?): this SM's registry may be "
			  "stale and will not overwrite it; it is read again "
			  "when this SM next becomes master",
			  p->vmstate.path);
}

/* OpenSM's alias GUIDs (other than a port's own): port GUID -> index
 * into aliases[]. */
struct aliases {
	struct oc_hash *by_port;
	uint64_t *guid;
	uint32_t count;
};

static int aliases_read(osm_subn_t *subn, struct aliases *al)
{
	cl_qmap_t *tbl = &subn->alias_port_guid_tbl;
	osm_alias_guid_t *a;

	al->count = 0;
	al->by_port = oc_hash_new();
	al->guid = calloc(cl_qmap_count(tbl) + 1, sizeof(*al->guid));
	if (!al->by_port || !al->guid)
		return -1;
	for (a = (osm_alias_guid_t *)cl_qmap_head(tbl);
	     a != (osm_alias_guid_t *)cl_qmap_end(tbl);
	     a = (osm_alias_guid_t *)cl_qmap_next(&a->map_item)) {
		if (!a->p_base_port || a->alias_guid == a->p_base_port->guid)
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

/* Every CA port of the snapshot: GUID, LID, VF or not, alias GUID. */
static struct oc_port_seen *ports_seen(osm_subn_t *subn,
				       const struct oc_fabric *f, uint32_t *n)
{
	struct oc_port_seen *seen = calloc(f->num_ports + 1, sizeof(*seen));
	struct aliases al = {0};
	uint32_t node;
	unsigned p;

	*n = 0;
	if (!seen || aliases_read(subn, &al)) {
		free(seen);
		aliases_free(&al);
		return NULL;
	}
	for (node = 0; node < f->num_nodes; node++) {
		if (oc_is_switch(f, node))
			continue;
		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			const struct oc_port *pt = oc_port(f, node, p);
			struct oc_port_seen *s = &seen[(*n)++];

			s->guid = pt->guid;
			s->lid = pt->active ? pt->lid : 0;
			s->is_vf = is_vf(f, pt);
			s->alias = alias_of(&al, pt->guid);
		}
	}
	aliases_free(&al);
	return seen;
}

/* The registry to reconcile: the state file as it is now (the old
 * master's last word when it is shared), else the one in memory. */
static struct oc_vmreg *registry_now(struct oc_osm_plugin *p, int *from_file)
{
	struct oc_vmreg *reg = oc_vmreg_new();
	struct oc_err why;
	int ret, version;

	*from_file = 0;
	if (!reg)
		return NULL;
	ret = oc_vmreg_load(reg, p->vmstate.path, &version, &why);
	if (!ret) {
		*from_file = 1;
		return reg;
	}
	if (ret < 0)
		oc_osm_err(&p->log, OC_ERR_INPUT,
			   "osmcloud: becoming master: option state: %s; "
			   "reconciling the registry read earlier instead",
			   why.msg);
	oc_vmreg_free(reg);
	return NULL;
}

static void log_fixes(struct oc_osm_plugin *p, const struct oc_vmreg *reg,
		      const struct oc_fixes *fx)
{
	char line[512];
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

/* Replaces the registry by the reconciled one, reserves its LIDs, saves
 * it when the fabric corrected it. */
static void adopt(struct oc_osm_plugin *p, struct oc_vmreg *fixed,
		  const struct oc_fixes *fx, int from_file)
{
	struct oc_osm_vmstate *vs = &p->vmstate;
	struct oc_err why;

	oc_vmreg_free(vs->reg);
	vs->reg = fixed;
	vs->ready = 1;
	oc_osm_vmstate_reserve_lids(fixed, p->osm);
	oc_osmi_guid2lid_store(p->osm);
	if ((fx->count || !from_file) && oc_vmreg_save(fixed, vs->path, &why))
		oc_osm_err(&p->log, OC_ERR_OUTPUT,
			   "osmcloud: reconcile: the registry was NOT saved: "
			   "%s",
			   why.msg);
	oc_osm_takeover_note_file(p);
}

/* Under osm->lock and vmstate.lock. */
static void reconcile_locked(struct oc_osm_plugin *p)
{
	struct oc_osm_vmstate *vs = &p->vmstate;
	struct oc_osm_snapshot *snap;
	struct oc_vmreg *base, *fixed = NULL;
	struct oc_port_seen *seen = NULL;
	struct oc_fixes fx = {0};
	double t0 = oc_now_ms();
	struct oc_err err;
	uint32_t n = 0;
	int from_file;

	base = registry_now(p, &from_file);
	if (!base && !vs->ready)
		return; /* no state yet: seeded at the first routing run */
	snap = oc_osm_snapshot_take(&p->osm->subn, &err);
	if (snap)
		seen = ports_seen(&p->osm->subn, snap->f, &n);
	if (!snap || !seen ||
	    oc_reconcile(base ?: vs->reg, seen, n, &fixed, &fx, &err)) {
		oc_osm_err(&p->log, OC_ERR_SNAPSHOT,
			   "osmcloud: becoming master: the registry cannot be "
			   "reconciled with the fabric: %s; keeping it as read",
			   snap && seen ? err.msg : "no model of the subnet");
	} else {
		log_fixes(p, base ?: vs->reg, &fx);
		oc_osm_info(&p->log,
			    "osmcloud: master: registry %s reconciled with "
			    "the fabric (%u CA ports): %u VMs, %u corrected, "
			    "%u notes, in %.1f ms",
			    vs->path, n, fixed->count, fx.moved,
			    fx.count - fx.moved, oc_now_ms() - t0);
		adopt(p, fixed, &fx, from_file);
	}
	oc_fixes_free(&fx);
	free(seen);
	oc_osm_snapshot_free(snap);
	oc_vmreg_free(base);
}

static void reconcile(struct oc_osm_plugin *p)
{
	osm_opensm_t *osm = p->osm;

	CL_PLOCK_EXCL_ACQUIRE(&osm->lock);
	pthread_mutex_lock(&p->vmstate.lock);
	reconcile_locked(p);
	pthread_mutex_unlock(&p->vmstate.lock);
	CL_PLOCK_RELEASE(&osm->lock);
}

void oc_osm_takeover_event(struct oc_osm_plugin *p, osm_epi_event_id_t id)
{
	osm_subn_t *subn = &p->osm->subn;

	if (id == OSM_EVENT_ID_STATE_CHANGE &&
	    subn->sm_state != IB_SMINFO_STATE_MASTER &&
	    subn->sm_state != IB_SMINFO_STATE_DISCOVERING) {
		p->takeover.reconciled = 0;
		return;
	}
	if (id != OSM_EVENT_ID_HEAVY_SWEEP_DONE || !p->vmstate.path ||
	    (p->takeover.reconciled && !subn->coming_out_of_standby))
		return;
	p->takeover.reconciled = 1;
	reconcile(p);
}
