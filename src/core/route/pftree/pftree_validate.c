/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pftree_validate.c - pftree_ext's check of the isolation policies
 * (pFTree paper, Algorithm 1 line 13), on the links the LFTs share:
 *   phy-isolation:   the partition's flows share no directed link with
 *                    the flows of another partition;
 *   vlane-isolation: every partition it shares a link with has another SL.
 * Every unmet policy is reported: in strict mode the routing fails with
 * the first one (and the count of the others), in best-effort mode each
 * is passed to in->warn and the routing stands.
 */
#include <stdio.h>
#include <string.h>

#include "route/pftree/pftree_int.h"

struct finding {
	uint32_t links; /* directed links shared */
	uint32_t slot;	/* first of them */
	uint32_t other; /* a partition met there */
};

/* Links where part meets a partition that breaks its policy. */
static void find_breaches(const struct pft_run *run,
			  const struct oc_link_users *u,
			  const struct oc_lane_plan *plan, uint32_t part,
			  struct finding *fd)
{
	uint32_t slot, e;

	memset(fd, 0, sizeof(*fd));
	for (slot = 0; slot < u->num_slots; slot++) {
		int mine = 0, bad = 0;
		uint32_t other = OC_NONE;

		if (u->users[slot] < 2)
			continue;
		for (e = u->head[slot]; e != OC_NONE; e = u->next[e]) {
			uint32_t q = u->part[e];

			if (q == part) {
				mine = 1;
				continue;
			}
			if (run->iso[part] == OC_ISO_PHY ||
			    plan->sl[q] == plan->sl[part]) {
				bad = 1;
				other = q;
			}
		}
		if (!mine || !bad)
			continue;
		if (!fd->links++) {
			fd->slot = slot;
			fd->other = other;
		}
	}
}

/* The node owning port slot, and the port number. */
static const char *slot_name(const struct oc_fabric *f, uint32_t slot,
			     unsigned *port)
{
	uint32_t n;

	for (n = 0; n < f->num_nodes; n++) {
		if (slot >= f->nodes[n].first_port &&
		    slot <= f->nodes[n].first_port + f->nodes[n].num_ports) {
			*port = slot - f->nodes[n].first_port;
			return f->nodes[n].name ? f->nodes[n].name : "?";
		}
	}
	*port = 0;
	return "?";
}

static void describe(const struct pft_run *run, uint32_t part,
		     const struct finding *fd, unsigned sl, char *buf,
		     size_t size)
{
	const struct oc_partition *p = &run->in->parts->parts[part];
	const struct oc_partition *q = &run->in->parts->parts[fd->other];
	unsigned port;
	const char *sw = slot_name(run->f, fd->slot, &port);

	if (run->iso[part] == OC_ISO_PHY)
		snprintf(buf, size,
			 "partition 0x%04x (%s): phy-isolation not met: "
			 "shares %u links with other partitions (first: "
			 "switch %s port %u with partition 0x%04x)",
			 p->pkey, p->name ? p->name : "-", fd->links, sw, port,
			 q->pkey);
	else
		snprintf(buf, size,
			 "partition 0x%04x (%s): vlane-isolation not met: "
			 "shares SL %u with partition 0x%04x on %u links "
			 "(first: switch %s port %u); not enough data VLs",
			 p->pkey, p->name ? p->name : "-", sl, q->pkey,
			 fd->links, sw, port);
}

int pft_validate(const struct pft_run *run, const struct oc_link_users *u,
		 const struct oc_lane_plan *plan, struct oc_err *err)
{
	int strict = !run->in->policies ||
		     run->in->policies->mode == OC_POLICY_STRICT;
	char first[sizeof(err->msg)] = "", msg[sizeof(err->msg)];
	uint32_t part;

	for (part = 0; part < run->nparts; part++) {
		struct finding fd;

		if (!run->tenant[part] || run->iso[part] == OC_ISO_DEFAULT)
			continue;
		find_breaches(run, u, plan, part, &fd);
		if (!fd.links)
			continue;
		describe(run, part, &fd, plan->sl[part], msg, sizeof(msg));
		if (!run->stats->unmet_policies++)
			snprintf(first, sizeof(first), "%s", msg);
		if (!strict && run->in->warn)
			run->in->warn(run->in->warn_ctx, msg);
	}
	if (!strict || !run->stats->unmet_policies)
		return 0;
	if (run->stats->unmet_policies == 1)
		return oc_err_set(err, "pftree_ext (strict): %s", first);
	return oc_err_set(err,
			  "pftree_ext (strict): %s (and %u more unmet "
			  "policies)",
			  first, run->stats->unmet_policies - 1);
}
