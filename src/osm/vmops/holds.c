/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * holds.c - the VMs this SM holds (see holds.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmops/holds.h"

void oc_osm_holds_mark(struct oc_osm_holds *h, enum oc_hold_finder finder)
{
	uint32_t i;

	for (i = 0; i < h->count; i++)
		if (h->v[i].finder == finder)
			h->v[i].stale = 1;
}

static struct oc_osm_hold *find(const struct oc_osm_holds *h,
				enum oc_hold_finder finder, const char *name)
{
	uint32_t i;

	for (i = 0; i < h->count; i++)
		if (h->v[i].finder == finder && !strcmp(h->v[i].name, name))
			return &h->v[i];
	return NULL;
}

static struct oc_osm_hold *append(struct oc_osm_holds *h)
{
	if (h->count == h->cap) {
		uint32_t cap = h->cap ? 2 * h->cap : 8;
		struct oc_osm_hold *v = realloc(h->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		h->v = v;
		h->cap = cap;
	}
	return &h->v[h->count++];
}

int oc_osm_holds_add(struct oc_osm_holds *h, enum oc_hold_finder finder,
		     const char *name, const char *why)
{
	struct oc_osm_hold *e = find(h, finder, name);
	int had = e != NULL;

	if (!e && !(e = append(h)))
		return -1;
	snprintf(e->name, sizeof(e->name), "%s", name);
	snprintf(e->why, sizeof(e->why), "%s", why);
	e->finder = finder;
	e->stale = 0;
	return had;
}

void oc_osm_holds_sweep(struct oc_osm_holds *h, enum oc_hold_finder finder)
{
	uint32_t i, kept = 0;

	for (i = 0; i < h->count; i++)
		if (h->v[i].finder != finder || !h->v[i].stale)
			h->v[kept++] = h->v[i];
	h->count = kept;
}

uint32_t oc_osm_holds_count(const struct oc_osm_holds *h,
			    enum oc_hold_finder finder)
{
	uint32_t i, n = 0;

	for (i = 0; i < h->count; i++)
		n += h->v[i].finder == finder;
	return n;
}

const char *oc_osm_holds_first(const struct oc_osm_holds *h,
			       enum oc_hold_finder finder)
{
	uint32_t i;

	for (i = 0; i < h->count; i++)
		if (h->v[i].finder == finder)
			return h->v[i].why;
	return NULL;
}

const char *oc_osm_holds_why(const struct oc_osm_holds *h, const char *name)
{
	uint32_t i;

	for (i = 0; name && i < h->count; i++)
		if (!strcmp(h->v[i].name, name))
			return h->v[i].why;
	return NULL;
}

void oc_osm_holds_free(struct oc_osm_holds *h)
{
	free(h->v);
	memset(h, 0, sizeof(*h));
}
