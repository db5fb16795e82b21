/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * guidinfo_read.c - GUIDInfo block 0 read from the VF ports at a takeover
 * (see guidinfo_read.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <opensm/osm_port.h>

#include "base/clock.h"
#include "osm_internals.h"
#include "plugin.h"
#include "vmops/guidinfo_read.h"
#include "vmops/takeover_view.h"

enum { GI_ASKED, GI_READ, GI_BAD };

#define WAIT_BASE_MS 1000 /* OpenSM's time-out and retries: 4 x 200 ms */
#define WAIT_PER_VF_US 500
#define WAIT_MAX_MS 5000

static void forget(struct oc_osm_gi_read *gr)
{
	oc_hash_free(gr->by_port);
	free(gr->index1);
	free(gr->state);
	gr->by_port = NULL;
	gr->index1 = NULL;
	gr->state = NULL;
	gr->asked = gr->answered = gr->bad = 0;
}

/* A response to one of the plugin's Gets: noted, under gr->lock. */
static void note(struct oc_osm_gi_read *gr, uint64_t port, int bad,
		 uint64_t index1)
{
	uint32_t i;

	pthread_mutex_lock(&gr->lock);
	i = gr->by_port ? oc_hash_get64(gr->by_port, port) : OC_NONE;
	if (i != OC_NONE && i < gr->asked && gr->state[i] == GI_ASKED) {
		gr->state[i] = bad ? GI_BAD : GI_READ;
		gr->index1[i] = index1;
		gr->answered++;
		gr->bad += bad != 0;
		if (gr->answered == gr->asked)
			pthread_cond_broadcast(&gr->answered_cond);
	}
	pthread_mutex_unlock(&gr->lock);
}

/* The SM's dispatcher thread: every GUIDInfo response. */
static void receive(void *ctx, void *data)
{
	struct oc_osm_plugin *p = ctx;
	osm_madw_t *madw = data;
	const ib_smp_t *smp = osm_madw_get_smp_ptr(madw);
	const osm_gi_context_t *gc = osm_madw_get_gi_context_ptr(madw);
	const ib_guid_info_t *gi = ib_smp_get_payload_ptr(smp);

	if (!gc->set_method && smp->attr_mod == 0)
		note(&p->gi_read, cl_ntoh64(gc->port_guid),
		     ib_smp_get_status(smp) != 0, cl_ntoh64(gi->guid[1]));
	oc_osmi_sm_gi_default(&p->osm->sm, madw);
}

int oc_osm_gi_read_start(struct oc_osm_plugin *p)
{
	struct oc_osm_gi_read *gr = &p->gi_read;
	pthread_condattr_t attr;
	int ret;

	pthread_mutex_init(&gr->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&gr->answered_cond, &attr);
	pthread_condattr_destroy(&attr);
	ret = oc_osmi_sm_gi_handler_take(&p->osm->sm, receive, p);
	if (ret) {
		oc_osm_err(&p->log, OC_ERR_REGISTER,
			   "osmcloud: cannot take over the SM's GUIDInfo "
			   "receiver: %s; a takeover reconciles with OpenSM's "
			   "alias GUID table only",
			   ret == -EBUSY    ? "another plugin already did"
			   : ret == -ENOENT ? "this opensm's SM has none"
					    : "out of memory");
		return -1;
	}
	gr->own_receiver = 1;
	return 0;
}

void oc_osm_gi_read_stop(struct oc_osm_plugin *p)
{
	struct oc_osm_gi_read *gr = &p->gi_read;

	if (!gr->own_receiver)
		return;
	if (oc_osmi_sm_gi_handler_give_back(&p->osm->sm))
		oc_osm_err(&p->log, OC_ERR_NOMEM,
			   "osmcloud: cannot give the SM's GUIDInfo receiver "
			   "back to OpenSM");
	gr->own_receiver = 0;
	pthread_mutex_lock(&gr->lock);
	forget(gr);
	pthread_mutex_unlock(&gr->lock);
	pthread_cond_destroy(&gr->answered_cond);
	pthread_mutex_destroy(&gr->lock);
}

/* The slots for the VFs of seen, under gr->lock; -1 out of memory. */
static int make_slots(struct oc_osm_gi_read *gr,
		      const struct oc_port_seen *seen, uint32_t n)
{
	forget(gr);
	gr->by_port = oc_hash_new();
	gr->index1 = calloc(n + 1, sizeof(*gr->index1));
	gr->state = calloc(n + 1, sizeof(*gr->state));
	return gr->by_port && gr->index1 && gr->state ? 0 : -1;
}

static int ask_one(osm_opensm_t *osm, uint64_t guid)
{
	osm_port_t *port = osm_get_port_by_guid(&osm->subn, cl_hton64(guid));
	osm_physp_t *ph = port ? port->p_physp : NULL;
	osm_madw_context_t ctx;

	if (!ph)
		return -1;
	memset(&ctx, 0, sizeof(ctx));
	ctx.gi_context.node_guid = osm_node_get_node_guid(port->p_node);
	ctx.gi_context.port_guid = osm_physp_get_port_guid(ph);
	ctx.gi_context.port_num = osm_physp_get_port_num(ph);
	return osm_req_get(&osm->sm, osm_physp_get_dr_path_ptr(ph),
			   IB_MAD_ATTR_GUID_INFO, 0, FALSE,
			   ib_port_info_get_m_key(&ph->port_info), 0,
			   CL_DISP_MSGID_NONE, &ctx) == IB_SUCCESS
		       ? 0
		       : -1;
}

/* Under OpenSM's lock: one Get per VF; the number asked. */
static uint32_t ask(struct oc_osm_plugin *p)
{
	struct oc_osm_gi_read *gr = &p->gi_read;
	struct oc_port_seen *seen;
	struct oc_err err;
	uint32_t n = 0, i;

	seen = oc_osm_ports_seen(&p->osm->subn, NULL, &n, &err);
	pthread_mutex_lock(&gr->lock);
	if (!seen || make_slots(gr, seen, n))
		forget(gr);
	for (i = 0; gr->by_port && i < n; i++) {
		if (!seen[i].is_vf ||
		    oc_hash_set64(gr->by_port, seen[i].guid, gr->asked))
			continue;
		gr->state[gr->asked++] = GI_ASKED;
	}
	pthread_mutex_unlock(&gr->lock);
	/* sent outside gr->lock: an answer may come at once */
	for (i = 0; gr->by_port && i < n; i++)
		if (seen[i].is_vf && ask_one(p->osm, seen[i].guid))
			note(gr, seen[i].guid, 1, 0);
	free(seen);
	return gr->asked;
}

/* How long the read waits for asked answers, in ms. */
static double wait_ms(uint32_t asked)
{
	double ms = WAIT_BASE_MS + (double)asked * WAIT_PER_VF_US / 1000;

	return ms > WAIT_MAX_MS ? WAIT_MAX_MS : ms;
}

/* The monotonic clock's time ms from now, for pthread_cond_timedwait. */
static struct timespec monotonic_in(double ms)
{
	struct timespec ts;
	long ns;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ns = ts.tv_nsec + (long)(ms * 1e6);
	ts.tv_sec += ns / 1000000000L;
	ts.tv_nsec = ns % 1000000000L;
	return ts;
}

void oc_osm_gi_read_fabric(struct oc_osm_plugin *p)
{
	struct oc_osm_gi_read *gr = &p->gi_read;
	double t0 = oc_now_ms(), until, left;
	uint32_t asked;

	if (!gr->own_receiver)
		return;
	CL_PLOCK_EXCL_ACQUIRE(&p->osm->lock);
	asked = ask(p);
	CL_PLOCK_RELEASE(&p->osm->lock);
	until = oc_now_ms() + wait_ms(asked);
	pthread_mutex_lock(&gr->lock);
	/* in steps of 100 ms at most: opensm's exit (osm_exit_flag) never
	 * waits for the deadline */
	while (gr->answered < gr->asked && !osm_exit_flag &&
	       (left = until - oc_now_ms()) > 0) {
		struct timespec step = monotonic_in(left < 100 ? left : 100);

		pthread_cond_timedwait(&gr->answered_cond, &gr->lock, &step);
	}
	oc_osm_info(&p->log,
		    "osmcloud: takeover: GUIDInfo block 0 read from %u VFs "
		    "in %.1f ms: %u answered, %u with an error status, %u "
		    "did not answer (no vGUID evidence from those)",
		    asked, oc_now_ms() - t0, gr->answered - gr->bad, gr->bad,
		    gr->asked - gr->answered);
	pthread_mutex_unlock(&gr->lock);
}

void oc_osm_gi_read_fill(struct oc_osm_gi_read *gr, struct oc_port_seen *seen,
			 uint32_t n)
{
	uint32_t i, at;

	if (!gr || !gr->own_receiver)
		return;
	pthread_mutex_lock(&gr->lock);
	for (i = 0; gr->by_port && i < n; i++) {
		at = oc_hash_get64(gr->by_port, seen[i].guid);
		if (at == OC_NONE || at >= gr->asked ||
		    gr->state[at] != GI_READ)
			continue;
		seen[i].gi_read = 1;
		seen[i].gi_index1 = gr->index1[at];
	}
	pthread_mutex_unlock(&gr->lock);
}
