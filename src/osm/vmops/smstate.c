/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smstate.c - is this opensm the subnet's master SM (see smstate.h)?
 */
#include <inttypes.h>
#include <stdio.h>

#include <opensm/osm_node.h>
#include <opensm/osm_port.h>

#include "plugin.h"
#include "osmcloud/ctl.h"
#include "vmops/smstate.h"

const char *oc_osm_sm_state_name(struct oc_osm_plugin *p)
{
	switch (p->osm->subn.sm_state) {
	case IB_SMINFO_STATE_NOTACTIVE:
		return "NOT ACTIVE";
	case IB_SMINFO_STATE_DISCOVERING:
		return "DISCOVERING";
	case IB_SMINFO_STATE_STANDBY:
		return "STANDBY";
	case IB_SMINFO_STATE_MASTER:
		return "MASTER";
	default:
		return "UNKNOWN";
	}
}

/* The master's port GUID: the SM a standby polls, else the one OpenSM
 * recorded when it found a master. */
static uint64_t master_guid(const osm_opensm_t *osm)
{
	if (osm->sm.polling_sm_guid)
		return cl_ntoh64(osm->sm.polling_sm_guid);
	return cl_ntoh64(osm->sm.master_sm_guid);
}

/* locked: the caller holds osm->lock. */
static void describe_master(osm_opensm_t *osm, char *buf, size_t len,
			    int locked)
{
	uint64_t guid = master_guid(osm);
	uint16_t lid = cl_ntoh16(osm->subn.master_sm_base_lid);
	const char *desc = NULL;
	osm_port_t *port;

	if (!guid && !lid) {
		snprintf(buf, len, "unknown");
		return;
	}
	if (!locked)
		cl_plock_acquire(&osm->lock);
	port = guid ? osm_get_port_by_guid(&osm->subn, cl_hton64(guid)) : NULL;
	if (port && port->p_node)
		desc = port->p_node->print_desc;
	if (port && port->p_physp && !lid)
		lid = cl_ntoh16(osm_physp_get_base_lid(port->p_physp));
	if (desc)
		snprintf(buf, len,
			 "\"%s\" (port GUID 0x%016" PRIx64 ", LID %u)", desc,
			 guid, lid);
	else if (guid)
		snprintf(buf, len, "port GUID 0x%016" PRIx64 " (LID %u)", guid,
			 lid);
	else
		snprintf(buf, len, "LID %u", lid);
	if (!locked)
		cl_plock_release(&osm->lock);
}

static int is_master(struct oc_osm_plugin *p, char *desc, size_t len,
		     int locked)
{
	osm_opensm_t *osm = p->osm;

	if (osm->subn.sm_state == IB_SMINFO_STATE_MASTER)
		return 1;
	if (desc && len)
		describe_master(osm, desc, len, locked);
	return 0;
}

int oc_osm_sm_is_master(struct oc_osm_plugin *p, char *master_desc, size_t len)
{
	return is_master(p, master_desc, len, 0);
}

int oc_osm_sm_is_master_locked(struct oc_osm_plugin *p, char *master_desc,
			       size_t len)
{
	return is_master(p, master_desc, len, 1);
}

int oc_osm_sm_not_master_why(struct oc_osm_plugin *p, char *buf, size_t len,
			     int locked)
{
	char master[160];

	if (is_master(p, master, sizeof(master), locked))
		return 0;
	snprintf(buf, len,
		 "this SM is not master (state %s); the master is %s: send "
		 "commands that change the fabric to the master's plugin",
		 oc_osm_sm_state_name(p), master);
	return 1;
}

int oc_osm_master_gate(struct oc_osm_plugin *p, const char *cmd, FILE *out)
{
	char why[320];

	if (!oc_osm_sm_not_master_why(p, why, sizeof(why), 0))
		return 0;
	fprintf(out, "osmcloud %s: refused: %s\n", cmd, why);
	oc_osm_info(&p->log, "osmcloud: %s refused: %s", cmd, why);
	return OC_RES_NOT_MASTER;
}
