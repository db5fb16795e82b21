/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_flag_rule.c - when the SM raises the PathRecord caching flag
 * (src/core/sa/flag_rule.c): up only when every condition holds, and
 * otherwise the first missing one, in the order of docs/plugin.md's
 * table.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sa/flag_rule.h"

static const struct oc_saflag_facts all_good = {
	.option_on = true,
	.can_flag = true,
	.registry_given = true,
	.registry_off = false,
	.routed = true,
	.routed_by_us = true,
};

static void up_when_every_condition_holds(void **state)
{
	assert_int_equal(oc_saflag_decide(&all_good), OC_SAFLAG_UP);
}

/* Each condition broken alone gives its own reason. */
static void each_condition_alone(void **state)
{
	struct oc_saflag_facts f;

	f = all_good, f.option_on = false;
	assert_int_equal(oc_saflag_decide(&f), OC_SAFLAG_OPTION_OFF);
	f = all_good, f.can_flag = false;
	assert_int_equal(oc_saflag_decide(&f), OC_SAFLAG_NO_HOOK);
	f = all_good, f.registry_given = false;
	assert_int_equal(oc_saflag_decide(&f), OC_SAFLAG_NO_REGISTRY);
	f = all_good, f.registry_off = true;
	assert_int_equal(oc_saflag_decide(&f), OC_SAFLAG_REGISTRY_OFF);
	f = all_good, f.routed = false;
	assert_int_equal(oc_saflag_decide(&f), OC_SAFLAG_NOT_ROUTED);
	f = all_good, f.routed_by_us = false;
	assert_int_equal(oc_saflag_decide(&f), OC_SAFLAG_FOREIGN_ENGINE);
}

/* Over all 64 combinations: up exactly once, and a reason is the first
 * broken condition in the table's order. */
static void first_broken_condition_wins(void **state)
{
	unsigned m, ups = 0;

	for (m = 0; m < 64; m++) {
		struct oc_saflag_facts f = {
			.option_on = m & 1,
			.can_flag = m & 2,
			.registry_given = m & 4,
			.registry_off = !(m & 8),
			.routed = m & 16,
			.routed_by_us = m & 32,
		};
		enum oc_saflag_why want = OC_SAFLAG_UP;
		unsigned bit;

		for (bit = 0; bit < 6 && want == OC_SAFLAG_UP; bit++)
			if (!(m & (1u << bit)))
				want = (enum oc_saflag_why)(bit + 1);
		assert_int_equal(oc_saflag_decide(&f), want);
		ups += want == OC_SAFLAG_UP;
	}
	assert_int_equal(ups, 1);
}

static void every_reason_has_a_text(void **state)
{
	int why;

	for (why = 0; why < OC_SAFLAG_WHY_COUNT; why++)
		assert_true(strlen(oc_saflag_why_text(why)) > 10);
	assert_string_equal(oc_saflag_why_text(OC_SAFLAG_WHY_COUNT), "?");
	assert_non_null(
		strstr(oc_saflag_why_text(OC_SAFLAG_NO_REGISTRY), "state="));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(up_when_every_condition_holds),
		cmocka_unit_test(each_condition_alone),
		cmocka_unit_test(first_broken_condition_wins),
		cmocka_unit_test(every_reason_has_a_text),
	};

	return cmocka_run_group_tests_name("flag_rule", tests, NULL, NULL);
}
