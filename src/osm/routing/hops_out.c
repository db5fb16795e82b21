/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * hops_out.c - filling sw->hops from the core's switch distances.
 *
 * OpenSM's matrix holds, for every switch LID, one byte per port: the hop
 * count to that switch through the port, and in slot 0 the least of them
 * (0 for the switch's own LID).  Every entry goes through
 * oc_osmi_hops_set() (osm_internals.h): OpenSM's osm_switch_set_hops()
 * for the first entry of each (switch, LID) row, which allocates the row
 * and checks the bounds, the other ports of the same row stored directly,
 * keeping slot 0 the minimum as osm_switch_set_hops() would.  That is one
 * call into OpenSM per (switch, switch LID) instead of one per (switch,
 * port, LID): the matrices OpenSM allocates anyway, with no relaxation
 * rounds.
 *
 * The fill runs on a worker thread while the caller routes (see
 * hops_out.h).  Both only read the fabric snapshot; the worker writes the
 * hop rows of OpenSM's switches and nothing else.  Switches are handed out
 * one at a time from an atomic counter, so the caller can join in once it
 * has routed: every switch (and its rows) is filled by exactly one thread.
 *
 * Only the rows OpenSM reads are filled (model/hop_rows.h): a stub switch
 * (a vSwitch) gets the rows of the switches within
 * OC_HOP_ROWS_STUB_RADIUS hops, every other switch the rows of all
 * switches; with 'full' (the ROUTING log flag, whose
 * opensm-lid-matrix.dump shows every row) all switches get all rows.  A
 * row never filled stays NULL: OpenSM reads it as OSM_NO_PATH.
 *
 * Engines whose switch routes may be longer than the shortest
 * (OC_ENGINE_SWITCH_PATHS: sftree) get their switch-LID rows rewritten
 * afterwards along the routes (oc_osm_hops_along_routes()); the others
 * pay nothing for it.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/clock.h"
#include "model/hop_rows.h"
#include "model/hops.h"
#include "routing/hops_out.h"
#include "osm_internals.h"
#include "log.h"

/* A port of the switch being filled that leads to another switch. */
struct uplink {
	uint8_t port;
	const uint8_t *dist; /* the neighbour's distance row */
};

struct oc_osm_hops {
	const struct oc_osm_snapshot *s;
	/* the fabric as the worker sees it: read-only (oc_port() only) */
	const struct oc_fabric *f;
	uint16_t *lids;	  /* [switch index]: its LID, 0 if none */
	uint32_t *by_lid; /* indexes of the switches with a LID, by LID */
	uint32_t num_by_lid;
	int full;	      /* every row of every switch (hop_rows.h) */
	uint8_t *dist;	      /* oc_switch_distances(), set by the worker */
	atomic_int dist_done; /* dist (or its failure) is published */
	atomic_uint next;     /* next switch index to fill */
	atomic_int stop;      /* failed or cancelled: claim nothing more */
	atomic_uint failed;   /* first switch that failed + 1, 0 if none */
	size_t row_bytes;     /* malloc'ed memory of all rows, about */
	int dist_failed;
	double start_ms, dist_ms;
	pthread_t thread;
	int threaded;
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

/* The switches with a LID in ascending LID order (LIDs are unique). */
static int sort_by_lid(struct oc_osm_hops *h)
{
	uint32_t *at = calloc(IB_LID_UCAST_END_HO + 1, sizeof(*at));
	uint32_t i, lid;

	h->by_lid = malloc(sizeof(uint32_t) * (h->f->num_switches + 1));
	if (!at || !h->by_lid) {
		free(at);
		return -1;
	}
	for (i = 0; i < h->f->num_switches; i++)
		if (h->lids[i] && h->lids[i] <= IB_LID_UCAST_END_HO)
			at[h->lids[i]] = i + 1;
	for (lid = 1; lid <= IB_LID_UCAST_END_HO; lid++)
		if (at[lid])
			h->by_lid[h->num_by_lid++] = at[lid] - 1;
	free(at);
	return 0;
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
	unsigned l;

	for (l = 0; l < num_links; l++) {
		uint8_t d = links[l].dist[t];

		if (d != OC_HOPS_UNREACHABLE &&
		    oc_osmi_hops_set(sw, lid, links[l].port, d + 1))
			return -1;
	}
	return 0;
}

/*
 * Maps the pages of sw->hops (the array of row pointers) that hold the
 * LIDs of the rows to fill writable before osm_switch_set_hops() reads
 * them.  OpenSM zeroes that array with a malloc() + memset() that the
 * compiler turns into calloc(), so on the first sweep its pages are
 * untouched: reading hops[lid] maps the shared zero page, and the write
 * that follows must replace it and flush the TLB of every core running
 * the process, an inter-processor interrupt per page (about 50,000 for
 * 1,728 switches, very slow in a VM).  Prefaulting the pages for writing
 * costs the same page faults without the flushes.  Pages without a row to
 * fill are left alone (they stay the zero page, which takes no memory).
 * Nothing changes if the kernel lacks MADV_POPULATE_WRITE (Linux < 5.14).
 */
static void prefault_pointers(const struct oc_osm_hops *h,
			      const osm_switch_t *sw, int stub,
			      const uint8_t *dist)
{
#ifdef MADV_POPULATE_WRITE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), first = 0, last = 0;
	uint32_t i;

	for (i = 0; i < h->num_by_lid; i++) {
		uint32_t t = h->by_lid[i];
		uintptr_t p;

		if (h->lids[t] >= sw->num_hops)
			break;
		if (!oc_hop_row_needed(stub, dist[t]))
			continue;
		p = (uintptr_t)&sw->hops[h->lids[t]] & ~(page - 1);
		if (first && p <= last + page) {
			last = p;
			continue;
		}
		if (first)
			madvise((void *)first, last + page - first,
				MADV_POPULATE_WRITE);
		first = last = p;
	}
	if (first)
		madvise((void *)first, last + page - first,
			MADV_POPULATE_WRITE);
#else
	(void)h;
	(void)sw;
	(void)stub;
	(void)dist;
#endif
}

/* 1 if switch index i gets only the rows near it (hop_rows.h). */
static int fills_few_rows(const struct oc_osm_hops *h, uint32_t i)
{
	return !h->full && oc_switch_is_stub(h->f, i);
}

static int set_switch_hops(const struct oc_osm_hops *h, uint32_t i,
			   struct uplink *links)
{
	const struct oc_fabric *f = h->f;
	osm_switch_t *sw = h->s->sw[i];
	unsigned num_links = switch_links(f, i, sw, h->dist, links);
	const uint8_t *dist = h->dist + (size_t)i * f->num_switches;
	int stub = fills_few_rows(h, i);
	uint32_t t;

	prefault_pointers(h, sw, stub, dist);
	if (h->lids[i] && oc_osmi_hops_set(sw, h->lids[i], 0, 0))
		return -1;
	for (t = 0; t < f->num_switches; t++)
		if (h->lids[t] && oc_hop_row_needed(stub, dist[t]) &&
		    set_row(sw, h->lids[t], t, links, num_links))
			return -1;
	return 0;
}

/* Heap memory the rows of all switches take, about: one chunk per
 * (switch, switch LID), the few rows of the stubs left out. */
static size_t row_bytes(const struct oc_osm_hops *h)
{
	const struct oc_fabric *f = h->f;
	size_t lids = 0, bytes = 0;
	uint32_t i;

	for (i = 0; i < f->num_switches; i++)
		lids += h->lids[i] != 0;
	for (i = 0; i < f->num_switches; i++)
		if (h->s->sw[i] && !fills_few_rows(h, i))
			bytes += lids *
				 ((h->s->sw[i]->num_ports + 8 + 15) & ~15u);
	return bytes;
}

/*
 * Grows the calling thread's malloc heap by about 'bytes' in large blocks,
 * then frees them all but the last, which is returned (free it when done).
 * glibc grows a thread's heap one mprotect() per page as small chunks are
 * taken from it, and every mprotect() of a multi-threaded process sends a
 * TLB shoot-down to the other cores: for ~200 MB of hop rows, tens of
 * thousands of inter-processor interrupts, very slow in a VM.  Growing in
 * blocks of RESERVE_BLOCK makes that ~30 times fewer; the block kept at the
 * end stops glibc from trimming the space before the rows take it.  Only
 * virtual memory: the pages are touched when the rows are written.
 */
#define RESERVE_BLOCK (120 * 1024) /* below glibc's mmap threshold */
static void *reserve_heap(size_t bytes)
{
	size_t n = bytes / RESERVE_BLOCK, i;
	void **blocks = malloc(sizeof(*blocks) * (n + 1));
	void *last = NULL;

	if (!blocks)
		return NULL;
	for (i = 0; i < n && (blocks[i] = malloc(RESERVE_BLOCK)); i++)
		;
	if (i)
		last = blocks[--i];
	while (i)
		free(blocks[--i]);
	free(blocks);
	return last;
}

/* Fills switches until none is left or the fill stopped. */
static void fill_switches(struct oc_osm_hops *h, size_t reserve)
{
	struct uplink links[OC_MAX_PORTS + 1];
	void *reserved = reserve_heap(reserve);
	uint32_t i;

	while (!atomic_load(&h->stop)) {
		i = atomic_fetch_add(&h->next, 1);
		if (i >= h->f->num_switches)
			break;
		if (!h->s->sw[i] || !set_switch_hops(h, i, links))
			continue;
		atomic_store(&h->stop, 1);
		atomic_store(&h->failed, i + 1);
	}
	free(reserved);
}

static void *worker(void *arg)
{
	struct oc_osm_hops *h = arg;

	h->dist = oc_switch_distances(h->f);
	h->dist_ms = oc_now_ms() - h->start_ms;
	if (!h->dist) {
		h->dist_failed = 1;
		atomic_store(&h->stop, 1);
	}
	atomic_store(&h->dist_done, 1);
	if (h->dist)
		fill_switches(h, h->row_bytes);
	return NULL;
}

static void clear_all(const struct oc_osm_snapshot *s)
{
	uint32_t i;

	for (i = 0; i < s->f->num_switches; i++)
		if (s->sw[i])
			osm_switch_clear_hops(s->sw[i]);
}

struct oc_osm_hops *oc_osm_hops_start(const struct oc_osm_snapshot *s, int full,
				      struct oc_err *err)
{
	struct oc_osm_hops *h = calloc(1, sizeof(*h));

	if (!h)
		goto oom;
	h->s = s;
	h->f = s->f;
	h->full = full;
	h->lids = switch_lids(s->f);
	if (!h->lids || sort_by_lid(h))
		goto oom;
	h->row_bytes = row_bytes(h);
	h->start_ms = oc_now_ms();
	atomic_init(&h->dist_done, 0);
	atomic_init(&h->next, 0);
	atomic_init(&h->stop, 0);
	atomic_init(&h->failed, 0);
	/* without a thread, oc_osm_hops_finish() does all the work */
	h->threaded = !pthread_create(&h->thread, NULL, worker, h);
	return h;
oom:
	if (h) {
		free(h->lids);
		free(h->by_lid);
		free(h);
	}
	oc_err_set(err, "out of memory for the hop matrices");
	return NULL;
}

static void hops_free(struct oc_osm_hops *h)
{
	free(h->dist);
	free(h->lids);
	free(h->by_lid);
	free(h);
}

/* Waits for the worker; the caller helps with the fill if asked to. */
static void hops_wait(struct oc_osm_hops *h, int help)
{
	if (!h->threaded) {
		worker(h);
		return;
	}
	if (help && atomic_load(&h->dist_done) && h->dist)
		fill_switches(h, h->row_bytes / 2);
	pthread_join(h->thread, NULL);
}

int oc_osm_hops_finish(struct oc_osm_hops *h, double *dist_ms,
		       struct oc_err *err)
{
	const struct oc_fabric *f = h->f;
	uint32_t failed;
	int ret = 0;

	hops_wait(h, 1);
	failed = atomic_load(&h->failed);
	*dist_ms = h->dist_ms;
	if (h->dist_failed) {
		ret = oc_err_set(err, "out of memory for switch distances");
	} else if (failed) {
		clear_all(h->s);
		ret = oc_err_set(err,
				 "switch 0x%016" PRIx64 ": cannot set "
				 "its hop matrix (out of memory)",
				 f->nodes[f->switches[failed - 1]].guid);
	}
	hops_free(h);
	return ret;
}

void oc_osm_hops_cancel(struct oc_osm_hops *h)
{
	if (!h)
		return;
	atomic_store(&h->stop, 1);
	if (h->threaded)
		pthread_join(h->thread, NULL);
	clear_all(h->s);
	hops_free(h);
}

/* One switch's row of one switch LID along the route the LFT takes: the
 * rows the fill made are rewritten, the others made if the rule wants
 * them (hop_rows.h, with the route's hops). */
static int set_route_row(osm_switch_t *sw, int stub, uint16_t lid, uint8_t port,
			 uint8_t hops)
{
	if (lid > sw->max_lid_ho)
		return 0; /* the table holds no such LID: nothing to say */
	if (!sw->hops[lid] &&
	    (hops == OC_HOPS_UNREACHABLE || !oc_hop_row_needed(stub, hops)))
		return 0;
	return oc_osmi_hops_set_only(sw, lid, port, hops);
}

int oc_osm_hops_along_routes(const struct oc_osm_snapshot *s,
			     const struct oc_lfts *t, const uint8_t *hops,
			     int full, struct oc_err *err)
{
	const struct oc_fabric *f = s->f;
	uint32_t n = f->num_switches, i, target;

	for (i = 0; i < n; i++) {
		const uint8_t *row = oc_lft_row(t, i);
		int stub = !full && oc_switch_is_stub(f, i);

		if (!s->sw[i])
			continue;
		for (target = 0; target < n; target++) {
			uint16_t lid = oc_switch_lid(f, f->switches[target]);

			if (lid && lid <= t->max_lid &&
			    set_route_row(s->sw[i], stub, lid, row[lid],
					  hops[(size_t)target * n + i])) {
				clear_all(s);
				return oc_err_set(
					err,
					"switch 0x%016" PRIx64 ": cannot "
					"set its hop matrix (out of memory)",
					f->nodes[f->switches[i]].guid);
			}
		}
	}
	return 0;
}
