/*
 * reach.c - every switch must forward every reachable CA LID (and, for
 * engines that promise it, reach every switch LID).
 *
 * A CA port on a switch is reachable from every switch of a connected
 * fabric, so an OC_NO_PATH entry for it can only come from an engine that
 * accepted a fabric it cannot route.  The scan goes row by row (one switch
 * at a time) over a precomputed list of the LIDs that must be routed.
 */
#include <stdlib.h>

#include "hops.h"
#include "reach.h"

/* need[lid] = 1 for the LID of an active CA port linked to a switch. */
static uint8_t *lids_to_reach(const struct oc_fabric *f)
{
	uint8_t *need = calloc((size_t)f->max_lid + 1, 1);
	uint32_t lid;

	if (!need)
		return NULL;
	for (lid = 1; lid <= f->max_lid; lid++) {
		const struct oc_lid_owner *o = &f->lid_owner[lid];
		const struct oc_port *p;

		if (o->node == OC_NONE || oc_is_switch(f, o->node))
			continue;
		p = oc_port(f, o->node, o->port);
		need[lid] = p->active && p->peer_node != OC_NONE &&
			    oc_is_switch(f, p->peer_node);
	}
	return need;
}

/* Counts the missing entries; *sw and *lid get the first one. */
static uint64_t count_holes(const struct oc_fabric *f,
			    const struct oc_lfts *lfts, const uint8_t *need,
			    uint32_t *first_sw, uint32_t *first_lid)
{
	uint32_t max = f->max_lid < lfts->max_lid ? f->max_lid : lfts->max_lid;
	uint32_t sw, lid;
	uint64_t holes = 0;

	for (sw = 0; sw < f->num_switches; sw++) {
		const uint8_t *row = oc_lft_row(lfts, sw);

		for (lid = 1; lid <= max; lid++) {
			if (!need[lid] || row[lid] != OC_NO_PATH)
				continue;
			if (!holes++) {
				*first_sw = sw;
				*first_lid = lid;
			}
		}
	}
	return holes;
}

int oc_osm_check_reach(const struct oc_fabric *f, const struct oc_lfts *lfts,
		       struct oc_err *err)
{
	uint8_t *need = lids_to_reach(f);
	uint32_t sw = 0, lid = 0;
	uint64_t holes;

	if (!need)
		return oc_err_set(err, "out of memory");
	holes = count_holes(f, lfts, need, &sw, &lid);
	free(need);
	if (!holes)
		return 0;
	return oc_err_set(err,
			  "%llu switch/CA-LID pairs have no route, e.g. "
			  "switch \"%s\" to LID %u of \"%s\"",
			  (unsigned long long)holes,
			  f->nodes[f->switches[sw]].name, lid,
			  f->nodes[f->lid_owner[lid].node].name);
}

int oc_osm_check_switch_reach(const struct oc_fabric *f, const uint8_t *hops,
			      struct oc_err *err)
{
	uint32_t n = f->num_switches, target, sw, first_sw = 0, first_t = 0;
	uint64_t bad = 0;

	for (target = 0; target < n; target++) {
		if (!oc_switch_lid(f, f->switches[target]))
			continue;
		for (sw = 0; sw < n; sw++) {
			if (hops[(size_t)target * n + sw] !=
			    OC_HOPS_UNREACHABLE)
				continue;
			if (!bad++) {
				first_sw = sw;
				first_t = target;
			}
		}
	}
	if (!bad)
		return 0;
	return oc_err_set(err,
			  "%llu switch/switch-LID pairs have no route, e.g. "
			  "switch \"%s\" to switch \"%s\" (LID %u)",
			  (unsigned long long)bad,
			  f->nodes[f->switches[first_sw]].name,
			  f->nodes[f->switches[first_t]].name,
			  oc_switch_lid(f, f->switches[first_t]));
}
