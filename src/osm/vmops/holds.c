/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * holds.c - the VMs this SM holds (see holds.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmops/holds.h"

/* The name indexes anew: after v[] moved (grown or compacted). */
static void reindex(struct oc_osm_holds *h)
{
	unsigned f;
	uint32_t i;

	for (f = 0; f < OC_HOLD_FINDERS; f++) {
		oc_hash_free(h->by_name[f]);
		h->by_name[f] = oc_hash_new();
	}
	for (i = 0; i < h->count; i++) {
		struct oc_hash **ix = &h->by_name[h->v[i].finder];

		if (*ix && oc_hash_put_str(*ix, h->v[i].name, i)) {
			oc_hash_free(*ix); /* no memory: scan instead */
			*ix = NULL;
		}
	}
}

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

	if (h->by_name[finder]) {
		i = oc_hash_get_str(h->by_name[finder], name);
		return i == OC_NONE ? NULL : &h->v[i];
	}
	for (i = 0; i < h->count; i++)
		if (h->v[i].finder == finder && !strcmp(h->v[i].name, name))
			return &h->v[i];
	return NULL;
}

/* A new entry of finder for name; NULL out of memory. */
static struct oc_osm_hold *append(struct oc_osm_holds *h,
				  enum oc_hold_finder finder, const char *name)
{
	struct oc_osm_hold *e;

	if (h->count == h->cap) {
		uint32_t cap = h->cap ? 2 * h->cap : 8;
		struct oc_osm_hold *v = realloc(h->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		h->v = v;
		h->cap = cap;
	}
	e = &h->v[h->count++];
	snprintf(e->name, sizeof(e->name), "%s", name);
	e->finder = finder;
	return e;
}

int oc_osm_holds_add(struct oc_osm_holds *h, enum oc_hold_finder finder,
		     const char *name, const char *why)
{
	struct oc_osm_hold *e = find(h, finder, name), *old_v = h->v;
	int had = e != NULL;

	if (!e && !(e = append(h, finder, name)))
		return -1;
	snprintf(e->why, sizeof(e->why), "%s", why);
	e->stale = 0;
	if (had)
		return 1;
	if (h->v != old_v || !h->by_name[finder] ||
	    oc_hash_put_str(h->by_name[finder], e->name, h->count - 1))
		reindex(h); /* v[] moved, or no index yet */
	return 0;
}

void oc_osm_holds_sweep(struct oc_osm_holds *h, enum oc_hold_finder finder)
{
	uint32_t i, kept = 0;

	for (i = 0; i < h->count; i++)
		if (h->v[i].finder != finder || !h->v[i].stale)
			h->v[kept++] = h->v[i];
	if (kept == h->count)
		return;
	h->count = kept;
	reindex(h);
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
	unsigned f;

	for (f = 0; name && f < OC_HOLD_FINDERS; f++) {
		const struct oc_osm_hold *e = find(h, f, name);

		if (e)
			return e->why;
	}
	return NULL;
}

void oc_osm_holds_free(struct oc_osm_holds *h)
{
	unsigned f;

	for (f = 0; f < OC_HOLD_FINDERS; f++)
		oc_hash_free(h->by_name[f]);
	free(h->v);
	memset(h, 0, sizeof(*h));
}
