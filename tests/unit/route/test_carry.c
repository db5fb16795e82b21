/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_carry.c - the carry rule (route/carry.h): installed entries whose
 * walk still reaches the LID are kept, whatever the fresh tables say; a
 * cut link's walks are repaired from the fresh tables; a LID no port owns
 * is dropped; an installed loop is replaced; a switch without a known
 * table takes the fresh row; a cable that came back takes the routes the
 * engine puts on it; the carried tables reach every LID without a loop
 * wherever the fresh ones do; and
 * carried tables that close a credit loop break the promise, which is
 * what makes the plugin install the fresh ones instead, and the undo
 * list gives them back exactly.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "route/carry.h"
#include "route/engine.h"
#include "route/promise.h"
#include "testlib.h"

/* TWO_LEVEL_NET without the link A[1] - S1[1]. */
#define TWO_LEVEL_CUT_NET                                               \
	"Switch 4 \"S1\"\n[2] \"B\"[1]\n\n"                             \
	"Switch 4 \"S2\"\n[1] \"A\"[2]\n[2] \"B\"[2]\n\n"               \
	"Switch 4 \"A\"\n[2] \"S2\"[1]\n[3] \"a1\"[1]\n"                \
	"[4] \"a2\"[1]\n\n"                                             \
	"Switch 4 \"B\"\n[1] \"S1\"[2]\n[2] \"S2\"[2]\n[3] \"b1\"[1]\n" \
	"[4] \"b2\"[1]\n\n"                                             \
	"Hca 1 \"a1\"\n[1] \"A\"[3]\n\nHca 1 \"a2\"\n[1] \"A\"[4]\n\n"  \
	"Hca 1 \"b1\"\n[1] \"B\"[3]\n\nHca 1 \"b2\"\n[1] \"B\"[4]\n"

static struct oc_lfts *copy_lfts(const struct oc_lfts *t)
{
	struct oc_lfts *c = oc_lfts_new(t->num_switches, t->max_lid);

	assert_non_null(c);
	memcpy(c->ports, t->ports, (size_t)t->num_switches * t->stride);
	return c;
}

static uint8_t entry(const struct oc_fabric *f, const struct oc_lfts *t,
		     const char *sw, const char *dest)
{
	return oc_lft_row(t, tl_sw(f, sw))[tl_lid(f, dest)];
}

/* What the plugin knows besides the installed tables. */
struct known {
	const uint8_t *trusted; /* NULL: every row known */
	const uint8_t *rising;	/* NULL: no link came up */
};

/* Carries fresh and inst into inst (the carried tables), the way the
 * plugin does: in place on a copy of fresh, inst's rows read as they are;
 * the undo list gives fresh back. */
static void carry_ok(const struct oc_fabric *f, const struct oc_lfts *fresh,
		     struct oc_lfts *inst, const struct known *known,
		     struct oc_carry_stats *st)
{
	const uint8_t **rows = calloc(f->num_switches, sizeof(*rows));
	uint16_t *tops = calloc(f->num_switches, sizeof(*tops));
	struct oc_carry_installed in = {.rows = rows, .tops = tops};
	struct oc_lfts *t = copy_lfts(fresh);
	struct oc_carry_undo undo = {0};
	struct oc_err err = {{0}};
	uint32_t s;

	assert_non_null(rows);
	assert_non_null(tops);
	for (s = 0; s < f->num_switches; s++) {
		if (known && known->trusted && !known->trusted[s])
			continue;
		rows[s] = oc_lft_row(inst, s);
		tops[s] = inst->max_lid;
	}
	in.rising = known ? known->rising : NULL;
	if (oc_carry(f, t, &in, &undo, st, &err))
		fail_msg("carry: %s", err.msg);
	assert_int_equal(st->entries, st->kept + oc_carry_fresh(st));
	assert_int_equal(undo.count, st->differ);
	memcpy(inst->ports, t->ports, (size_t)t->num_switches * t->stride);
	oc_carry_undo_apply(t, &undo);
	assert_memory_equal(t->ports, fresh->ports,
			    (size_t)t->num_switches * t->stride);
	oc_carry_undo_free(&undo);
	oc_lfts_free(t);
	free(rows);
	free(tops);
}

/* The carried tables reach every LID of f from every switch the fresh
 * ones reach it from, without a loop (carry.h). */
static void assert_reaches_all(const struct oc_fabric *f,
			       const struct oc_lfts *fresh,
			       const struct oc_lfts *t)
{
	unsigned lid;
	uint32_t s;

	for (s = 0; s < f->num_switches; s++)
		for (lid = 1; lid <= f->max_lid; lid++)
			if (tl_walk(f, fresh, s, lid) >= 0 &&
			    tl_walk(f, t, s, lid) < 0)
				fail_msg("switch \"%s\" does not reach LID %u",
					 f->nodes[f->switches[s]].name, lid);
}

/* The other root port of a leaf (1 <-> 2). */
static uint8_t other_up(uint8_t p)
{
	return p == 1 ? 2 : 1;
}

/* Installed routes the engine would balance otherwise still work: all
 * kept, the differing ones counted. */
static void working_entries_are_kept(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *fresh = tl_route(f), *inst = copy_lfts(fresh);
	struct oc_carry_stats st;
	uint8_t moved = other_up(entry(f, fresh, "A", "b1"));

	tl_set(f, inst, "A", "b1", moved);
	tl_set(f, inst, "B", "a2", other_up(entry(f, fresh, "B", "a2")));
	carry_ok(f, fresh, inst, NULL, &st);
	assert_int_equal(oc_carry_fresh(&st) + st.gone, 0);
	assert_int_equal(st.kept, st.entries);
	assert_int_equal(st.differ, 2);
	assert_int_equal(entry(f, inst, "A", "b1"), moved);
	assert_reaches_all(f, fresh, inst);
	oc_lfts_free(inst);
	oc_lfts_free(fresh);
	oc_fabric_free(f);
}

/* A cut cable: the walks over it take the fresh entries, the others stay
 * as installed (even where the fresh tables re-balanced them). */
static void cut_link_is_repaired(void **state)
{
	struct oc_fabric *full = tl_fabric(TWO_LEVEL_NET);
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_CUT_NET);
	struct oc_lfts *inst = tl_route(full), *fresh = tl_route(f);
	struct oc_carry_stats st;
	uint8_t b_to_a1;

	assert_int_equal(inst->max_lid, fresh->max_lid);
	/* B sends a1 up to S1, whose only way down to A is cut */
	tl_set(f, inst, "B", "a1", 1);
	tl_set(f, inst, "S1", "a1", 1);
	/* B sends a2 up to S2, which still reaches A */
	tl_set(f, inst, "B", "a2", 2);
	b_to_a1 = entry(f, fresh, "B", "a1");
	carry_ok(f, fresh, inst, NULL, &st);
	assert_int_equal(b_to_a1, 2);
	assert_int_equal(entry(f, inst, "B", "a1"), 2);
	assert_int_equal(entry(f, inst, "B", "a2"), 2);
	assert_int_not_equal(entry(f, inst, "S1", "a1"), 1);
	assert_true(st.broken >= 2);
	assert_int_equal(st.untrusted + st.gone, 0);
	assert_reaches_all(f, fresh, inst);
	oc_lfts_free(inst);
	oc_lfts_free(fresh);
	oc_fabric_free(f);
	oc_fabric_free(full);
}

/* A port gone: its LID's column is the fresh one (dropped). */
static void gone_lid_is_dropped(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *inst = tl_route(f), *fresh;
	uint32_t b2 = oc_fabric_find_name(f, "b2"), s;
	unsigned lid = tl_lid(f, "b2");
	struct oc_carry_stats st;

	oc_port_mut(f, b2, 1)->active = 0;
	fresh = tl_route(f);
	carry_ok(f, fresh, inst, NULL, &st);
	for (s = 0; s < f->num_switches; s++)
		assert_int_equal(oc_lft_row(inst, s)[lid],
				 oc_lft_row(fresh, s)[lid]);
	assert_int_equal(st.gone, f->num_switches);
	assert_int_equal(st.entries, (uint64_t)f->num_switches *
					     (f->max_lid - 1)); /* not b2 */
	oc_lfts_free(inst);
	oc_lfts_free(fresh);
	oc_fabric_free(f);
}

/* An installed loop is no valid walk: the fresh entries replace it. */
static void installed_loop_is_replaced(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *fresh = tl_route(f), *inst = copy_lfts(fresh);
	struct oc_carry_stats st;

	tl_set(f, inst, "S1", "b1", 1); /* down to A */
	tl_set(f, inst, "A", "b1", 1);	/* up to S1 */
	carry_ok(f, fresh, inst, NULL, &st);
	assert_int_equal(entry(f, inst, "S1", "b1"),
			 entry(f, fresh, "S1", "b1"));
	assert_int_equal(entry(f, inst, "A", "b1"), entry(f, fresh, "A", "b1"));
	assert_true(st.broken >= 1); /* S1 at least */
	assert_reaches_all(f, fresh, inst);
	oc_lfts_free(inst);
	oc_lfts_free(fresh);
	oc_fabric_free(f);
}

/* A switch without a known table takes its fresh row; walks through it
 * are not kept either. */
static void untrusted_switch_takes_fresh_row(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *fresh = tl_route(f), *inst = copy_lfts(fresh);
	uint8_t trusted[4] = {1, 1, 1, 1};
	struct known known = {.trusted = trusted};
	uint32_t a = tl_sw(f, "A");
	struct oc_carry_stats st;

	trusted[a] = 0; /* its row reads as no route, as the plugin has it */
	memset(oc_lft_row(inst, a), OC_NO_PATH, inst->stride);
	tl_set(f, inst, "S1", "a1", OC_NO_PATH); /* would be broken anyway */
	carry_ok(f, fresh, inst, &known, &st);
	assert_memory_equal(oc_lft_row(inst, a) + 1, oc_lft_row(fresh, a) + 1,
			    f->max_lid);
	assert_int_equal(st.untrusted, f->max_lid); /* every LID is owned */
	assert_true(st.broken >= 1);		    /* S1 to a1 */
	assert_reaches_all(f, fresh, inst);
	oc_lfts_free(inst);
	oc_lfts_free(fresh);
	oc_fabric_free(f);
}

/* The cable A[1] - S1[1] came back: the entries the engine puts on it
 * are fresh (the balance it had before the cut), with the walks through
 * them; installed walks that avoid it elsewhere stay. */
static void rising_link_takes_its_routes_back(void **state)
{
	struct oc_fabric *cut = tl_fabric(TWO_LEVEL_CUT_NET);
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *inst = tl_route(cut), *fresh = tl_route(f);
	uint32_t a = oc_fabric_find_name(f, "A");
	uint32_t s1 = oc_fabric_find_name(f, "S1");
	uint8_t *rising = calloc(f->num_ports, 1);
	struct known known = {.rising = rising};
	struct oc_carry_stats st;
	unsigned lid;

	rising[oc_port_slot(f, a, 1)] = 1;
	rising[oc_port_slot(f, s1, 1)] = 1;
	carry_ok(f, fresh, inst, &known, &st);
	assert_true(st.rising > 0);
	for (lid = 1; lid <= f->max_lid; lid++) {
		uint8_t want = oc_lft_row(fresh, tl_sw(f, "A"))[lid];

		if (want == 1)
			assert_int_equal(oc_lft_row(inst, tl_sw(f, "A"))[lid],
					 1);
	}
	assert_int_equal(entry(f, inst, "S1", "a1"),
			 entry(f, fresh, "S1", "a1"));
	assert_reaches_all(f, fresh, inst);
	free(rising);
	oc_lfts_free(inst);
	oc_lfts_free(fresh);
	oc_fabric_free(f);
	oc_fabric_free(cut);
}

/* Every column is a valid walk, so all is carried; together the columns
 * close a CA credit loop, which the promise check names: the plugin then
 * installs the fresh tables, which keep the promise. */
static void credit_loop_breaks_the_promise(void **state)
{
	struct oc_fabric *f = tl_fabric(THREE_LEAF_NET);
	struct oc_lfts *fresh = tl_route(f), *inst = copy_lfts(fresh);
	struct oc_err err = {{0}};
	struct oc_carry_stats st;
	char *violation = NULL;

	tl_three_leaf_credit_loop(f, inst);
	carry_ok(f, fresh, inst, NULL, &st);
	assert_int_equal(oc_carry_fresh(&st), 0);
	assert_int_equal(st.differ, 4); /* two of the six are the fresh ones */
	assert_int_equal(oc_promise_check(f, inst, &oc_vswitch_ftree_engine, 0,
					  &violation, &err),
			 1);
	assert_non_null(strstr(violation, "CA traffic credit loop"));
	free(violation);
	assert_int_equal(oc_promise_check(f, fresh, &oc_vswitch_ftree_engine, 0,
					  &violation, &err),
			 0);
	oc_lfts_free(inst);
	oc_lfts_free(fresh);
	oc_fabric_free(f);
}

/* An entry set after the carry (the test build's faults) is given back
 * by the undo list too, a cell set twice to what it held first. */
static void undo_gives_set_entries_back(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *fresh = tl_route(f), *t = copy_lfts(fresh);
	struct oc_carry_undo undo = {0};
	uint32_t a = tl_sw(f, "A");
	unsigned b1 = tl_lid(f, "b1");

	assert_int_equal(oc_carry_undo_set(t, &undo, a, b1, 7), 0);
	assert_int_equal(oc_carry_undo_set(t, &undo, a, b1, 9), 0);
	assert_int_equal(oc_lft_row(t, a)[b1], 9);
	oc_carry_undo_apply(t, &undo);
	assert_memory_equal(t->ports, fresh->ports,
			    (size_t)t->num_switches * t->stride);
	oc_carry_undo_free(&undo);
	oc_lfts_free(t);
	oc_lfts_free(fresh);
	oc_fabric_free(f);
}

static void switch_counts_must_match(void **state)
{
	struct oc_fabric *f = tl_fabric(TWO_LEVEL_NET);
	struct oc_lfts *t = oc_lfts_new(f->num_switches + 1, f->max_lid);
	struct oc_carry_installed in = {0};
	struct oc_carry_undo undo = {0};
	struct oc_err err = {{0}};
	struct oc_carry_stats st;

	assert_int_equal(oc_carry(f, t, &in, &undo, &st, &err), -1);
	assert_string_equal(err.msg,
			    "carry: tables of 5 switches for a fabric of 4");
	oc_lfts_free(t);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(working_entries_are_kept),
		cmocka_unit_test(cut_link_is_repaired),
		cmocka_unit_test(gone_lid_is_dropped),
		cmocka_unit_test(installed_loop_is_replaced),
		cmocka_unit_test(untrusted_switch_takes_fresh_row),
		cmocka_unit_test(rising_link_takes_its_routes_back),
		cmocka_unit_test(credit_loop_breaks_the_promise),
		cmocka_unit_test(undo_gives_set_entries_back),
		cmocka_unit_test(switch_counts_must_match),
	};

	return cmocka_run_group_tests_name("carry", tests, NULL, NULL);
}
