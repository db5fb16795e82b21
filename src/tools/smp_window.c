/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smp_window.c - SMPs with at most W outstanding (see smp_window.h).
 *
 * A slot holds one outstanding request: its TID, its index and the time
 * it is given up.  The loop fills free slots in request order, then waits
 * for one answer, or until the earliest slot's deadline (umad2sim has no
 * time-outs of its own; a kernel's umad reports them as a status).  An
 * answer that matches no slot (a late one) is ignored.
 */
#include <string.h>

#include "base/clock.h"
#include "smp_window.h"

struct slot {
	int busy;
	uint32_t tid;
	size_t req;
	double deadline_us;
};

struct window_run {
	struct oc_smp_port *p;
	unsigned method, attr, window;
	int timeout_ms;
	struct oc_smp_req *reqs;
	struct slot slot[OC_SMP_MAX_WINDOW];
	struct oc_smp_run *run;
};

static int send_one(struct window_run *w, struct slot *s, size_t i)
{
	struct oc_smp_req *r = &w->reqs[i];
	double now = oc_now_us();

	if (!w->run->sent)
		w->run->first_us = now;
	if (oc_smp_send(w->p, r->path, w->method, w->attr, r->mod,
			w->method == OC_SMP_SET ? r->data : NULL, w->timeout_ms,
			&s->tid))
		return -1;
	w->run->sent++;
	s->busy = 1;
	s->req = i;
	s->deadline_us = now + 1000.0 * w->timeout_ms;
	return 0;
}

static void settle(struct window_run *w, struct slot *s,
		   const struct oc_smp_answer *a)
{
	struct oc_smp_req *r = &w->reqs[s->req];

	s->busy = 0;
	r->status = a ? a->status : OC_SMP_NO_ANSWER;
	if (!a || a->status == OC_SMP_NO_ANSWER) {
		w->run->timeouts++;
		return;
	}
	w->run->last_us = oc_now_us();
	if (a->status)
		w->run->errors++;
	else if (w->method == OC_SMP_GET)
		memcpy(r->data, a->data, OC_SMP_DATA), w->run->acks++;
	else if (memcmp(r->data, a->data, OC_SMP_DATA))
		w->run->differ++;
	else
		w->run->acks++;
}

static struct slot *slot_of(struct window_run *w, uint32_t tid)
{
	unsigned i;

	for (i = 0; i < w->window; i++)
		if (w->slot[i].busy && w->slot[i].tid == tid)
			return &w->slot[i];
	return NULL;
}

/* The busy slot given up first, NULL when none is busy. */
static struct slot *earliest(struct window_run *w)
{
	struct slot *e = NULL;
	unsigned i;

	for (i = 0; i < w->window; i++)
		if (w->slot[i].busy &&
		    (!e || w->slot[i].deadline_us < e->deadline_us))
			e = &w->slot[i];
	return e;
}

/* One answer, or the earliest deadline passing. */
static void wait_one(struct window_run *w, struct slot *e)
{
	double left_ms = (e->deadline_us - oc_now_us()) / 1000.0;
	struct oc_smp_answer a;
	struct slot *s;

	if (left_ms <= 0 || oc_smp_recv(w->p, (int)left_ms + 1, &a)) {
		if (oc_now_us() >= e->deadline_us)
			settle(w, e, NULL);
		return;
	}
	s = slot_of(w, a.tid);
	if (s && a.attr == w->attr && a.mod == w->reqs[s->req].mod)
		settle(w, s, &a);
}

int oc_smp_window(struct oc_smp_port *p, unsigned method, unsigned attr,
		  struct oc_smp_req *reqs, size_t n, unsigned window,
		  int timeout_ms, struct oc_smp_run *run)
{
	struct window_run w = {.p = p,
			       .method = method,
			       .attr = attr,
			       .window = window,
			       .timeout_ms = timeout_ms,
			       .reqs = reqs,
			       .run = run};
	size_t next = 0;
	struct slot *e;
	unsigned i;

	memset(run, 0, sizeof(*run));
	if (w.window > OC_SMP_MAX_WINDOW)
		w.window = OC_SMP_MAX_WINDOW;
	for (;;) {
		for (i = 0; i < w.window && next < n; i++)
			if (!w.slot[i].busy && send_one(&w, &w.slot[i], next++))
				return -1;
		e = earliest(&w);
		if (!e)
			return 0;
		wait_one(&w, e);
	}
}
