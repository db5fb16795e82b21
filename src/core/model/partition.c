/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * partition.c - the tables of partition.h: partitions with members,
 * isolation policies, node weights and lane plans.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/fabric.h"
#include "base/hash.h"
#include "model/partition.h"

/* Grows *arr (elements of size sz) to hold one more than *count. */
static int grow(void **arr, uint32_t count, uint32_t *cap, size_t sz)
{
	uint32_t ncap;
	void *p;

	if (count < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 16;
	p = realloc(*arr, sz * ncap);
	if (!p)
		return -1;
	*arr = p;
	*cap = ncap;
	return 0;
}

struct oc_partitions *oc_partitions_new(void)
{
	return calloc(1, sizeof(struct oc_partitions));
}

void oc_partitions_free(struct oc_partitions *ps)
{
	uint32_t i;

	if (!ps)
		return;
	for (i = 0; i < ps->count; i++) {
		free(ps->parts[i].name);
		free(ps->parts[i].members);
		free(ps->parts[i].full);
	}
	free(ps->parts);
	free(ps);
}

uint32_t oc_partitions_find(const struct oc_partitions *ps, uint16_t pkey)
{
	uint32_t i;

	pkey &= OC_PKEY_MASK;
	for (i = 0; i < ps->count; i++)
		if (ps->parts[i].pkey == pkey)
			return i;
	return OC_PART_NONE;
}

uint32_t oc_partitions_add(struct oc_partitions *ps, uint16_t pkey,
			   const char *name, uint8_t sl, struct oc_err *err)
{
	struct oc_partition *p;

	pkey &= OC_PKEY_MASK;
	if (oc_partitions_find(ps, pkey) != OC_PART_NONE) {
		oc_err_set(err, "P_Key 0x%04x defined twice", pkey);
		return OC_PART_NONE;
	}
	if (grow((void **)&ps->parts, ps->count, &ps->cap, sizeof(*p))) {
		oc_err_set(err, "out of memory");
		return OC_PART_NONE;
	}
	p = &ps->parts[ps->count];
	memset(p, 0, sizeof(*p));
	p->pkey = pkey;
	p->sl = sl;
	if (name && !(p->name = strdup(name))) {
		oc_err_set(err, "out of memory");
		return OC_PART_NONE;
	}
	return ps->count++;
}

int oc_partitions_add_member(struct oc_partitions *ps, uint32_t part,
			     uint64_t port_guid, int full, struct oc_err *err)
{
	struct oc_partition *p = &ps->parts[part];
	uint32_t i, cap;

	for (i = 0; i < p->num_members; i++) {
		if (p->members[i] == port_guid) {
			p->full[i] |= full ? 1 : 0;
			return 0;
		}
	}
	cap = p->cap_members;
	if (grow((void **)&p->members, p->num_members, &cap,
		 sizeof(*p->members)))
		return oc_err_set(err, "out of memory");
	if (cap != p->cap_members) {
		uint8_t *nf = realloc(p->full, cap);

		if (!nf)
			return oc_err_set(err, "out of memory");
		p->full = nf;
		p->cap_members = cap;
	}
	p->members[p->num_members] = port_guid;
	p->full[p->num_members++] = full ? 1 : 0;
	return 0;
}

struct oc_policies *oc_policies_new(void)
{
	return calloc(1, sizeof(struct oc_policies));
}

void oc_policies_free(struct oc_policies *p)
{
	uint32_t i;

	if (!p)
		return;
	for (i = 0; i < p->count; i++)
		free(p->entries[i].name);
	free(p->entries);
	free(p);
}

static const struct oc_pkey_policy *find_policy(const struct oc_policies *p,
						uint16_t pkey, const char *name)
{
	uint32_t i;

	for (i = 0; i < p->count; i++) {
		const struct oc_pkey_policy *e = &p->entries[i];

		if (e->name ? name && !strcmp(e->name, name) : e->pkey == pkey)
			return e;
	}
	return NULL;
}

int oc_policies_add(struct oc_policies *p, uint16_t pkey, const char *name,
		    enum oc_isolation iso, struct oc_err *err)
{
	struct oc_pkey_policy *e;

	pkey = name ? 0 : pkey & OC_PKEY_MASK;
	if (find_policy(p, pkey, name)) {
		if (name)
			return oc_err_set(err,
					  "partition \"%s\" has a policy "
					  "already",
					  name);
		return oc_err_set(err, "P_Key 0x%04x has a policy already",
				  pkey);
	}
	if (grow((void **)&p->entries, p->count, &p->cap, sizeof(*e)))
		return oc_err_set(err, "out of memory");
	e = &p->entries[p->count];
	memset(e, 0, sizeof(*e));
	e->pkey = pkey;
	e->isolation = iso;
	if (name && !(e->name = strdup(name)))
		return oc_err_set(err, "out of memory");
	p->count++;
	return 0;
}

enum oc_isolation oc_policies_get(const struct oc_policies *p,
				  const struct oc_partition *part)
{
	const struct oc_pkey_policy *e;

	if (!p)
		return OC_ISO_DEFAULT;
	e = find_policy(p, part->pkey, NULL);
	if (!e && part->name)
		e = find_policy(p, 0xffff, part->name);
	return e ? (enum oc_isolation)e->isolation : OC_ISO_DEFAULT;
}

const char *oc_isolation_name(enum oc_isolation iso)
{
	switch (iso) {
	case OC_ISO_PHY:
		return "phy-isolation";
	case OC_ISO_VLANE:
		return "vlane-isolation";
	default:
		return "def-isolation";
	}
}

const char *oc_policy_mode_name(enum oc_policy_mode mode)
{
	return mode == OC_POLICY_BEST_EFFORT ? "best-effort" : "strict";
}

struct oc_weights *oc_weights_new(void)
{
	struct oc_weights *w = calloc(1, sizeof(*w));

	if (w && !(w->index = oc_hash_new())) {
		free(w);
		return NULL;
	}
	return w;
}

void oc_weights_free(struct oc_weights *w)
{
	if (!w)
		return;
	oc_hash_free(w->index);
	free(w->guids);
	free(w->weight);
	free(w);
}

int oc_weights_set(struct oc_weights *w, uint64_t port_guid, double weight,
		   struct oc_err *err)
{
	uint32_t i = oc_hash_get64(w->index, port_guid), cap;

	if (!(weight > 0) || !isfinite(weight))
		return oc_err_set(err,
				  "port 0x%016" PRIx64 ": weight must be "
				  "a number > 0",
				  port_guid);
	if (i != OC_NONE) {
		w->weight[i] = weight;
		return 0;
	}
	cap = w->cap;
	if (grow((void **)&w->guids, w->count, &cap, sizeof(*w->guids)))
		return oc_err_set(err, "out of memory");
	if (cap != w->cap) {
		double *nw = realloc(w->weight, sizeof(double) * cap);

		if (!nw)
			return oc_err_set(err, "out of memory");
		w->weight = nw;
		w->cap = cap;
	}
	if (oc_hash_put64(w->index, port_guid, w->count))
		return oc_err_set(err, "out of memory");
	w->guids[w->count] = port_guid;
	w->weight[w->count++] = weight;
	return 0;
}

double oc_weights_get(const struct oc_weights *w, uint64_t port_guid)
{
	uint32_t i;

	if (!w)
		return 1;
	i = oc_hash_get64(w->index, port_guid);
	return i == OC_NONE ? 1 : w->weight[i];
}

int oc_weights_has(const struct oc_weights *w, uint64_t port_guid)
{
	return w && oc_hash_get64(w->index, port_guid) != OC_NONE;
}

int oc_lane_plan_reset(struct oc_lane_plan *plan, uint32_t count,
		       struct oc_err *err)
{
	oc_lane_plan_clear(plan);
	plan->sl = calloc(count + 1, 1);
	if (!plan->sl)
		return oc_err_set(err, "out of memory");
	plan->count = count;
	plan->num_vls = 1;
	return 0;
}

void oc_lane_plan_clear(struct oc_lane_plan *plan)
{
	free(plan->sl);
	plan->sl = NULL;
	plan->count = 0;
	plan->num_vls = 0;
}
