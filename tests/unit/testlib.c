/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * testlib.c - helpers shared by the unit tests.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "route/engine.h"
#include "model/lft_hop.h"
#include "testlib.h"
#include "io/topo.h"

struct oc_fabric *tl_fabric_err(const char *text, struct oc_err *err)
{
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	struct oc_fabric *f;

	assert_non_null(in);
	f = oc_topo_read(in, "test.net", err);
	fclose(in);
	if (f && oc_fabric_assign_lids(f, err)) {
		oc_fabric_free(f);
		return NULL;
	}
	return f;
}

struct oc_fabric *tl_fabric(const char *text)
{
	struct oc_err err = {{0}};
	struct oc_fabric *f = tl_fabric_err(text, &err);

	if (!f)
		fail_msg("topology: %s", err.msg);
	return f;
}

int tl_walk(const struct oc_fabric *f, const struct oc_lfts *t, uint32_t sw,
	    unsigned lid)
{
	struct oc_lft_hop h;
	int hops;

	for (hops = 0; hops < 64; hops++) {
		enum oc_hop_kind kind = oc_lft_hop(f, t, sw, lid, &h);

		if (kind != OC_HOP_SWITCH)
			return oc_lft_hop_delivers(f, lid, kind, &h) ? hops
								     : -1;
		sw = h.next_sw;
	}
	return -1;
}

uint32_t tl_sw(const struct oc_fabric *f, const char *name)
{
	uint32_t n = oc_fabric_find_name(f, name);

	assert_int_not_equal(n, OC_NONE);
	assert_true(oc_is_switch(f, n));
	return f->nodes[n].sw_index;
}

unsigned tl_lid(const struct oc_fabric *f, const char *name)
{
	uint32_t n = oc_fabric_find_name(f, name);

	assert_int_not_equal(n, OC_NONE);
	return oc_port(f, n, oc_is_switch(f, n) ? 0 : 1)->lid;
}

struct oc_lfts *tl_route(const struct oc_fabric *f)
{
	struct oc_engine_input in = {.f = f};
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);
	struct oc_route_stats s;
	struct oc_err err = {{0}};

	assert_non_null(t);
	if (oc_vswitch_ftree_engine.route(&in, t, &s, &err))
		fail_msg("routing failed: %s", err.msg);
	return t;
}

void tl_set(const struct oc_fabric *f, struct oc_lfts *t, const char *sw,
	    const char *dest, uint8_t port)
{
	oc_lft_row(t, tl_sw(f, sw))[tl_lid(f, dest)] = port;
}

void tl_three_leaf_credit_loop(const struct oc_fabric *f, struct oc_lfts *t)
{
	tl_set(f, t, "C", "a1", 1);
	tl_set(f, t, "S1", "a1", 2);
	tl_set(f, t, "B", "a1", 2);
	tl_set(f, t, "C", "b1", 2);
	tl_set(f, t, "S2", "b1", 1);
	tl_set(f, t, "A", "b1", 1);
}

static char scratch[] = "/tmp/osmcloud-unit.XXXXXX";

int tl_scratch_setup(void **state)
{
	return mkdtemp(scratch) ? 0 : -1;
}

int tl_scratch_teardown(void **state)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", scratch);
	return system(cmd);
}

const char *tl_path(const char *name)
{
	static char paths[16][512];
	static unsigned next;
	char *buf = paths[next++ % 16];

	snprintf(buf, sizeof(paths[0]), "%s/%s", scratch, name);
	return buf;
}

void tl_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}
