/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * engine_run.c - the one skeleton every routing engine runs (see
 * engine_run.h).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "route/engine_run.h"

static double ms_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) * 1e3 +
	       (t1.tv_nsec - t0->tv_nsec) / 1e6;
}

int oc_engine_route_phases(const struct oc_engine_policy *p, void *run,
			   struct oc_err *err)
{
	int ret = p->route_end_nodes ? p->route_end_nodes(run, err) : 0;

	if (ret)
		return ret;
	if (p->route_io_nodes)
		p->route_io_nodes(run);
	if (p->route_switch_lids)
		p->route_switch_lids(run);
	return p->complete ? p->complete(run, err) : 0;
}

/* Steps 2-7. */
static int route(const struct oc_engine_policy *p, void *run,
		 struct oc_err *err)
{
	int ret = p->setup ? p->setup(run, err) : 0;

	if (!ret)
		ret = oc_engine_route_phases(p, run, err);
	if (!ret && p->check)
		ret = p->check(run, err);
	return ret;
}

/* The analysis with the CN/I-O lists; when they make no fat-tree of the
 * fabric (a CN on a spine, no CN at all), without them: bad optional
 * input costs its feature, never the routing. */
static struct oc_ftree *analyze(const struct oc_engine_input *in,
				struct oc_err *err)
{
	struct oc_ftree_opts opts = {in->root_guids, in->num_roots, in->cas};
	struct oc_ftree *ft = oc_ftree_analyze(in->f, &opts, err);
	char msg[sizeof(err->msg) + 96];

	if (ft || !oc_ca_lists_given(&in->cas))
		return ft;
	snprintf(msg, sizeof(msg),
		 "the compute/I-O node lists (cn_guid_file, io_guid_file) "
		 "are not used: with them %s",
		 err->msg);
	if (in->warn)
		in->warn(in->warn_ctx, msg);
	memset(&opts.cas, 0, sizeof(opts.cas));
	return oc_ftree_analyze(in->f, &opts, err);
}

int oc_engine_run(const struct oc_engine_policy *p, void *run,
		  const struct oc_engine_input *in,
		  struct oc_route_stats *stats, struct oc_err *err)
{
	struct oc_ftree *ft;
	struct timespec t0;
	int ret;

	memset(stats, 0, sizeof(*stats));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ft = analyze(in, err);
	stats->analyze_ms = ms_since(&t0);
	if (!ft)
		return -1;
	stats->leaves = ft->num_leaves;
	stats->vswitches = ft->num_vswitches;
	ret = p->accept ? p->accept(run, ft, err) : 0;
	if (!ret) {
		clock_gettime(CLOCK_MONOTONIC, &t0);
		ret = route(p, run, err);
		stats->route_ms = ms_since(&t0);
		if (p->teardown)
			p->teardown(run);
	}
	oc_ftree_free(ft);
	return ret;
}
