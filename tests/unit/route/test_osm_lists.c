/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_osm_lists.c - OpenSM's cn_guid_file and io_guid_file in
 * vswitch_ftree (analysis/ca_role.h): only CNs are compute nodes, I/O
 * wins over CN, every CA is still reached, lists that make no fat-tree
 * are dropped with a warning; and the dump file of a run
 * (route/route_dump.h): roots, CA kinds, loads that add up.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "route/engine.h"
#include "route/route_dump.h"
#include "testlib.h"

static uint64_t port_guid(const struct oc_fabric *f, const char *ca)
{
	return oc_port(f, oc_fabric_find_name(f, ca), 1)->guid;
}

static uint64_t node_guid(const struct oc_fabric *f, const char *name)
{
	return f->nodes[oc_fabric_find_name(f, name)].guid;
}

static int warnings;
static char last_warning[1024];

static void warn(void *ctx, const char *msg)
{
	warnings++;
	snprintf(last_warning, sizeof(last_warning), "%s", msg);
}

static struct oc_lfts *route_with(const struct oc_engine *e,
				  const struct oc_fabric *f,
				  const struct oc_ca_lists *cas,
				  struct oc_route_stats *s)
{
	struct oc_engine_input in = {.f = f, .cas = *cas, .warn = warn};
	struct oc_lfts *t = oc_lfts_new(f->num_switches, f->max_lid);
	struct oc_err err = {{0}};

	assert_non_null(t);
	if (e->route(&in, t, s, &err))
		fail_msg("routing failed: %s", err.msg);
	return t;
}

static struct oc_lfts *route(const struct oc_fabric *f,
			     const struct oc_ca_lists *cas,
			     struct oc_route_stats *s)
{
	return route_with(&oc_vswitch_ftree_engine, f, cas, s);
}

/* Every switch reaches every CA: no list leaves a hole. */
static void reaches_every_ca(const struct oc_fabric *f, const struct oc_lfts *t)
{
	const char *cas[] = {"a1", "a2", "b1", "b2"};
	uint32_t sw;
	size_t i;

	for (sw = 0; sw < f->num_switches; sw++)
		for (i = 0; i < 4; i++)
			if (tl_walk(f, t, sw, tl_lid(f, cas[i])) < 0)
				fail_msg("switch %u does not reach %s", sw,
					 cas[i]);
}

static void only_cns_are_compute_nodes(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	/* a1 by its port GUID, b1 by its node GUID */
	uint64_t cn[] = {port_guid(f, "a1"), node_guid(f, "b1")};
	struct oc_ca_lists cas = {cn, 2, NULL, 0};
	struct oc_route_stats s;
	struct oc_lfts *t = route(f, &cas, &s);

	assert_int_equal(s.compute_nodes, 2);
	assert_int_equal(s.io_nodes, 2);
	assert_int_equal(warnings, 0);
	reaches_every_ca(f, t);
	oc_lfts_free(t);
	/* sftree is vswitch_ftree underneath: the same split */
	t = route_with(&oc_sftree_engine, f, &cas, &s);
	assert_int_equal(s.compute_nodes, 2);
	assert_int_equal(s.io_nodes, 2);
	reaches_every_ca(f, t);
	oc_lfts_free(t);
	assert_true(oc_engine_uses_ca_lists(&oc_sftree_engine));
	assert_false(oc_engine_uses_ca_lists(&oc_pftree_engine));
	oc_fabric_free(f);
}

static void io_wins_over_cn(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	uint64_t cn[] = {port_guid(f, "a1"), port_guid(f, "b1")};
	uint64_t io[] = {port_guid(f, "a1"), port_guid(f, "b2")};
	struct oc_ca_lists cas = {cn, 2, io, 2};
	struct oc_route_stats s;
	struct oc_lfts *t = route(f, &cas, &s);

	assert_int_equal(s.compute_nodes, 1); /* b1 */
	assert_int_equal(s.io_nodes, 3);
	reaches_every_ca(f, t);
	oc_lfts_free(t);
	/* an I/O list alone: the others stay compute nodes */
	cas = (struct oc_ca_lists){NULL, 0, io, 2};
	t = route(f, &cas, &s);
	assert_int_equal(s.compute_nodes, 2);
	assert_int_equal(s.io_nodes, 2);
	reaches_every_ca(f, t);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* A CN list naming no CA of the fabric leaves no compute node: the
 * lists are dropped, with one warning, and the fabric is routed. */
static void lists_without_a_fat_tree_are_dropped(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	uint64_t cn[] = {0x1234};
	struct oc_ca_lists cas = {cn, 1, NULL, 0};
	struct oc_route_stats s;
	struct oc_lfts *t;

	warnings = 0;
	t = route(f, &cas, &s);
	assert_int_equal(warnings, 1);
	assert_non_null(strstr(last_warning, "the compute/I-O node lists "
					     "(cn_guid_file, io_guid_file) "
					     "are not used: with them not a "
					     "fat-tree"));
	assert_int_equal(s.compute_nodes, 4);
	reaches_every_ca(f, t);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

/* The lines of kind in the dump text, counted. */
static unsigned count_kind(const char *text, const char *kind)
{
	size_t n = strlen(kind);
	unsigned c = 0;
	const char *l;

	for (l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
		c += !strncmp(l, kind, n) && l[n] == ' ';
	return c;
}

/* Sum of the CA-LIDS of switch guid's load lines. */
static unsigned ca_lids_of(const char *text, uint64_t guid)
{
	char prefix[64];
	const char *l;
	unsigned port, sum = 0, lids;
	unsigned long long peer;
	char dir[16];

	snprintf(prefix, sizeof(prefix), "load 0x%016llx ",
		 (unsigned long long)guid);
	for (l = strstr(text, prefix); l; l = strstr(l + 1, prefix)) {
		assert_int_equal(sscanf(l + strlen(prefix), "%u %llx %15s %u",
					&port, &peer, dir, &lids),
				 4);
		sum += lids;
	}
	return sum;
}

/* The dump has CA ca's line (port GUID, LID) with this kind. */
static void has_ca_line(const char *text, const struct oc_fabric *f,
			const char *ca, const char *kind)
{
	char line[160];

	snprintf(line, sizeof(line), "\nca 0x%016llx %u %s ",
		 (unsigned long long)port_guid(f, ca), tl_lid(f, ca), kind);
	if (!strstr(text, line))
		fail_msg("no line \"%s\" in the dump", line + 1);
}

static void dump_lists_roots_cas_and_loads(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	uint64_t cn[] = {port_guid(f, "a1"), port_guid(f, "b1")};
	struct oc_ca_lists cas = {cn, 2, NULL, 0};
	struct oc_ftree_opts ft = {.cas = cas};
	struct oc_route_stats s;
	struct oc_lfts *t = route(f, &cas, &s);
	struct oc_route_dump_info info = {
		.engine = "vswitch_ftree", .version = "test", .ft = &ft};
	struct oc_err err = {{0}};
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	uint32_t sw;

	assert_non_null(out);
	if (oc_route_dump_write(out, f, t, &info, &err))
		fail_msg("%s", err.msg);
	fclose(out);
	assert_non_null(strstr(text, "\nengine vswitch_ftree\nroots detected "
				     "2\n"));
	assert_int_equal(count_kind(text, "root"), 2);
	assert_int_equal(count_kind(text, "switch"), 4);
	assert_int_equal(count_kind(text, "ca"), 4);
	assert_int_equal(count_kind(text, "load"), 12);
	assert_non_null(strstr(text, "\nend 4 4 12\n"));
	for (sw = 0; sw < f->num_switches; sw++)
		assert_int_equal(
			ca_lids_of(text, f->nodes[f->switches[sw]].guid), 4);
	has_ca_line(text, f, "a1", "compute");
	has_ca_line(text, f, "b1", "compute");
	has_ca_line(text, f, "a2", "io");
	has_ca_line(text, f, "b2", "io");
	free(text);
	oc_lfts_free(t);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(only_cns_are_compute_nodes),
		cmocka_unit_test(io_wins_over_cn),
		cmocka_unit_test(lists_without_a_fat_tree_are_dropped),
		cmocka_unit_test(dump_lists_roots_cas_and_loads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
