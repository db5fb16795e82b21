/*
 * hops_out.c - filling sw->hops from the core's switch distances.
 *
 * OpenSM's matrix holds, for every switch LID, one byte per port: the hop
 * count to that switch through the port, and in slot 0 the least of them
 * (0 for the switch's own LID).  The first entry of each (switch, LID)
 * row goes through osm_switch_set_hops(), which allocates the row and
 * checks the bounds; the other ports of the same row are stored directly,
 * keeping slot 0 the minimum as osm_switch_set_hops() would.  That is one
 * call per (switch, switch LID) instead of one per (switch, port, LID):
 * the matrices OpenSM allocates anyway, with no relaxation rounds.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "hops.h"
#include "hops_out.h"

/* A port of the switch being filled that leads to another switch. */
struct uplink {
	uint8_t port;
	const uint8_t *dist; /* the neighbour's distance row */
};

/* LIDs of all switches by switch index (0: none). */
static uint16_t *switch_lids(const struct oc_fabric *f)
{
	uint16_t *lids = malloc(sizeof(*lids) * (f->num_switches + 1));
	uint32_t i;

	if (!lids)
		return NULL;
	for (i = 0; i < f->num_switches; i++)
		lids[i] = oc_switch_lid(f, f->switches[i]);
	return lids;
}

/* Collects the ports of switch index i that lead to another switch. */
static unsigned switch_links(const struct oc_fabric *f, uint32_t i,
			     const osm_switch_t *sw, const uint8_t *dist,
			     struct uplink *links)
{
	uint32_t node = f->switches[i];
	unsigned p, n = 0;

	for (p = 1; p <= f->nodes[node].num_ports && p < sw->num_ports; p++) {
		uint32_t peer = oc_peer(f, node, p);

		if (peer == OC_NONE || peer == node || !oc_is_switch(f, peer))
			continue;
		links[n].port = p;
		links[n].dist = dist + (size_t)f->nodes[peer].sw_index *
					       f->num_switches;
		n++;
	}
	return n;
}

/* One row: the hops to switch t (LID lid) through every link. */
static int set_row(osm_switch_t *sw, uint16_t lid, uint32_t t,
		   const struct uplink *links, unsigned num_links)
{
	uint8_t *row = NULL, least = OC_HOPS_UNREACHABLE;
	unsigned l;

	for (l = 0; l < num_links; l++) {
		uint8_t d = links[l].dist[t], hops;

		if (d == OC_HOPS_UNREACHABLE)
			continue;
		hops = d + 1;
		if (!row) {
			if (osm_switch_set_hops(sw, lid, links[l].port, hops))
				return -1;
			row = sw->hops[lid];
		} else {
			row[links[l].port] = hops;
		}
		if (hops < least)
			least = hops;
	}
	if (row && row[0] > least)
		row[0] = least;
	return 0;
}

static int set_switch_hops(const struct oc_fabric *f, uint32_t i,
			   osm_switch_t *sw, const uint8_t *dist,
			   const uint16_t *lids, struct uplink *links)
{
	unsigned num_links = switch_links(f, i, sw, dist, links);
	uint32_t t;

	if (lids[i] && osm_switch_set_hops(sw, lids[i], 0, 0))
		return -1;
	for (t = 0; t < f->num_switches; t++)
		if (lids[t] && set_row(sw, lids[t], t, links, num_links))
			return -1;
	return 0;
}

static void clear_all(const struct oc_osm_snapshot *s)
{
	uint32_t i;

	for (i = 0; i < s->f->num_switches; i++)
		if (s->sw[i])
			osm_switch_clear_hops(s->sw[i]);
}

int oc_osm_hops_write(const struct oc_osm_snapshot *s, const uint8_t *dist,
		      struct oc_err *err)
{
	const struct oc_fabric *f = s->f;
	uint16_t *lids = switch_lids(f);
	struct uplink *links = malloc(sizeof(*links) * (OC_MAX_PORTS + 1));
	uint32_t i;
	int ret = 0;

	if (!lids || !links) {
		ret = oc_err_set(err, "out of memory");
		goto out;
	}
	for (i = 0; i < f->num_switches && !ret; i++) {
		if (!s->sw[i] ||
		    !set_switch_hops(f, i, s->sw[i], dist, lids, links))
			continue;
		clear_all(s);
		ret = oc_err_set(err,
				 "switch 0x%016" PRIx64 ": cannot set "
				 "its hop matrix (out of memory)",
				 f->nodes[f->switches[i]].guid);
	}
out:
	free(lids);
	free(links);
	return ret;
}
