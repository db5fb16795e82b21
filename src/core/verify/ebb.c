/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ebb.c - effective bisection bandwidth over random bisections (see
 * ebb.h).
 *
 * Once per call each endpoint's source link (its CA port's slot) and
 * attach switch are looked up; a round then shuffles endpoint indices,
 * walks the n/2 flows once (flow_round.c stores their paths and loads),
 * takes each flow's worst link from the stored path and resets only the
 * loads it touched.
 */
#include <stdlib.h>
#include <string.h>

#include "verify/ebb.h"
#include "verify/flow_round.h"

#define DEFAULT_SEED 0x9e3779b97f4a7c15ULL

struct endpoint {
	uint16_t lid;
	uint32_t slot; /* the CA port: its link to the switch */
	uint32_t sw;   /* switch index of the switch it hangs off */
};

/* Why lid is not an endpoint, or NULL when it is one. */
static const char *not_endpoint(const struct oc_fabric *f, uint16_t lid)
{
	const struct oc_lid_owner *o;
	const struct oc_port *p;

	if (!lid || lid > f->max_lid || f->lid_owner[lid].node == OC_NONE)
		return "no port of the fabric has it";
	o = &f->lid_owner[lid];
	if (oc_is_switch(f, o->node))
		return "it is a switch's LID, not a CA port's";
	p = oc_port(f, o->node, o->port);
	if (!p->active)
		return "its CA port is not active";
	if (p->peer_node == OC_NONE || !oc_is_switch(f, p->peer_node))
		return "its CA port is not linked to a switch";
	return NULL;
}

static int endpoint_error(const struct oc_fabric *f, uint16_t lid, uint32_t i,
			  uint32_t n, const char *why, struct oc_err *err)
{
	const struct oc_lid_owner *o =
		lid && lid <= f->max_lid ? &f->lid_owner[lid] : NULL;

	if (o && o->node != OC_NONE)
		return oc_err_set(err,
				  "EBB endpoint %u of %u: LID %u (\"%s\" port "
				  "%u): %s",
				  i + 1, n, lid, f->nodes[o->node].name,
				  o->port, why);
	return oc_err_set(err, "EBB endpoint %u of %u: LID %u: %s", i + 1, n,
			  lid, why);
}

/* Fills e[0..n-1]; refuses a LID that is not a CA port's or is named
 * twice. */
static int resolve(const struct oc_fabric *f, const uint16_t *lids, uint32_t n,
		   struct endpoint *e, struct oc_err *err)
{
	uint32_t *seen = calloc((size_t)f->max_lid + 1, sizeof(*seen));
	uint32_t i;
	int ret = 0;

	if (!seen)
		return oc_err_set(err, "out of memory");
	for (i = 0; i < n && !ret; i++) {
		const char *why = not_endpoint(f, lids[i]);

		if (why) {
			ret = endpoint_error(f, lids[i], i, n, why, err);
		} else if (seen[lids[i]]) {
			ret = oc_err_set(err,
					 "EBB endpoints %u and %u of %u: LID "
					 "%u named twice",
					 seen[lids[i]], i + 1, n, lids[i]);
		} else {
			const struct oc_lid_owner *o = &f->lid_owner[lids[i]];
			const struct oc_port *p = oc_port(f, o->node, o->port);

			seen[lids[i]] = i + 1;
			e[i].lid = lids[i];
			e[i].slot = oc_port_slot(f, o->node, o->port);
			e[i].sw = f->nodes[p->peer_node].sw_index;
		}
	}
	free(seen);
	return ret;
}

/* One random bisection: the mean bandwidth of its flows. */
static double one_round(struct oc_flow_round *fr, const struct endpoint *e,
			uint32_t *order, uint32_t n, uint64_t *state,
			uint32_t *unreachable)
{
	uint32_t i, half = n / 2;
	double sum = 0;

	oc_flow_shuffle(order, n, state);
	for (i = 0; i < half; i++) {
		const struct endpoint *src = &e[order[i]];

		if (oc_flow_round_add(fr, src->slot, src->sw,
				      e[order[half + i]].lid, 1))
			(*unreachable)++;
	}
	for (i = 0; i < half; i++)
		sum += oc_flow_round_bandwidth(fr, i);
	oc_flow_round_clear(fr);
	return sum / half;
}

static int check_args(uint32_t n, const struct oc_ebb_opts *o,
		      struct oc_err *err)
{
	if (n < 2)
		return oc_err_set(err,
				  "EBB needs at least 2 endpoints (one sends, "
				  "one receives), got %u",
				  n);
	if (!o->rounds)
		return oc_err_set(err, "EBB needs at least 1 round, got 0");
	return 0;
}

static void run_rounds(struct oc_flow_round *fr, const struct endpoint *e,
		       uint32_t *order, uint32_t n, const struct oc_ebb_opts *o,
		       struct oc_ebb_result *r, double *per_round)
{
	uint64_t state = o->seed ? o->seed : DEFAULT_SEED;
	double sum = 0;
	uint32_t i;

	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = 0; i < o->rounds; i++) {
		double v = one_round(fr, e, order, n, &state, &r->unreachable);

		if (per_round)
			per_round[i] = v;
		sum += v;
		if (!i || v < r->min)
			r->min = v;
		if (!i || v > r->max)
			r->max = v;
	}
	r->mean = sum / o->rounds;
}

int oc_ebb_rounds(const struct oc_fabric *f, const struct oc_lfts *t,
		  const uint16_t *lids, uint32_t n, const struct oc_ebb_opts *o,
		  struct oc_ebb_result *r, double *per_round,
		  struct oc_err *err)
{
	struct endpoint *e;
	uint32_t *order;
	struct oc_flow_round fr;
	int ret;

	memset(r, 0, sizeof(*r));
	if (check_args(n, o, err))
		return -1;
	e = malloc(sizeof(*e) * n);
	order = malloc(sizeof(*order) * n);
	if (!e || !order || oc_flow_round_init(&fr, f, t, n / 2)) {
		free(e);
		free(order);
		return oc_err_set(err, "out of memory");
	}
	ret = resolve(f, lids, n, e, err);
	if (!ret) {
		r->rounds = o->rounds;
		r->flows = n / 2;
		run_rounds(&fr, e, order, n, o, r, per_round);
	}
	oc_flow_round_free(&fr);
	free(e);
	free(order);
	return ret;
}

int oc_ebb(const struct oc_fabric *f, const struct oc_lfts *t,
	   const uint16_t *lids, uint32_t n, const struct oc_ebb_opts *o,
	   struct oc_ebb_result *r, struct oc_err *err)
{
	return oc_ebb_rounds(f, t, lids, n, o, r, NULL, err);
}

int oc_ebb_all_ca_lids(const struct oc_fabric *f, uint16_t **lids, uint32_t *n,
		       struct oc_err *err)
{
	uint32_t lid, count = 0;

	*lids = malloc(sizeof(**lids) * ((size_t)f->max_lid + 1));
	*n = 0;
	if (!*lids)
		return oc_err_set(err, "out of memory");
	for (lid = 1; lid <= f->max_lid; lid++)
		if (!not_endpoint(f, (uint16_t)lid))
			(*lids)[count++] = (uint16_t)lid;
	*n = count;
	return 0;
}
