/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * lidfilter.c - free VFs keep no LID across heavy sweeps (see
 * lidfilter.h).
 */
#include <string.h>

#include "vmops/lidfilter.h"
#include "osm_internals.h"
#include "plugin.h"

int oc_osm_lidfilter_note(struct oc_vmreg *reg, uint64_t guid, uint16_t lid)
{
	if (!lid)
		return oc_vmreg_mark_free(reg, guid);
	oc_vmreg_unmark_free(reg, guid);
	return 0;
}

/* OpenSM's LID manager asks, in the sweeper thread under osm->lock held
 * exclusively (the lock order of the executor: osm->lock, then
 * vmstate.lock). */
static int leave_without_lid(void *ctx, ib_net64_t port_guid)
{
	struct oc_osm_plugin *p = ctx;
	uint64_t guid = cl_ntoh64(port_guid);
	int free_vf;

	pthread_mutex_lock(&p->vmstate.lock);
	free_vf = oc_vmreg_is_free(p->vmstate.reg, guid) &&
		  !oc_vmreg_by_vf(p->vmstate.reg, guid);
	pthread_mutex_unlock(&p->vmstate.lock);
	return free_vf;
}

int oc_osm_lidfilter_register(struct oc_osm_plugin *p)
{
	oc_osmi_set_port_filter_fn set = oc_osmi_port_filter_hook();
	int ret;

	if (!set) {
		oc_osm_info(&p->log,
			    "osmcloud: this opensm has no LID manager port "
			    "filter (stock opensm): VFs left without a LID "
			    "get one again at the next heavy sweep");
		return 0;
	}
	ret = set(leave_without_lid, p);
	if (ret) {
		oc_osm_err(&p->log, OC_ERR_REGISTER,
			   "osmcloud: cannot register the LID manager port "
			   "filter: %s; VFs left without a LID get one again "
			   "at the next heavy sweep",
			   strerror(-ret));
		return 0;
	}
	p->lidfilter.registered = 1;
	oc_osm_info(&p->log, "osmcloud: LID manager port filter registered: "
			     "free VFs stay without a LID");
	return 1;
}

void oc_osm_lidfilter_unregister(struct oc_osm_plugin *p)
{
	oc_osmi_set_port_filter_fn set;

	if (p->lidfilter.registered) {
		set = oc_osmi_port_filter_hook();
		if (set)
			set(NULL, NULL);
		p->lidfilter.registered = 0;
	}
}
