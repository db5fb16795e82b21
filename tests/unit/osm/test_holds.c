/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_holds.c - the list of held VMs (src/osm/vmops/holds.h): each
 * finder's pass (mark, add, sweep), the reason asked by name, many VMs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "vmops/holds.h"

static void a_pass_replaces_only_its_finders_holds(void **state)
{
	struct oc_osm_holds h = {0};

	(void)state;
	assert_int_equal(oc_osm_holds_add(&h, OC_HOLD_BY_TAKEOVER, "vm-a",
					  "two ports"),
			 0);
	assert_int_equal(
		oc_osm_holds_add(&h, OC_HOLD_BY_ROUTING, "vm-a", "on a PF"), 0);
	assert_int_equal(oc_osm_holds_add(&h, OC_HOLD_BY_ROUTING, "vm-b",
					  "the SM's LID"),
			 0);
	/* the routing check's next pass finds vm-a again, not vm-b */
	oc_osm_holds_mark(&h, OC_HOLD_BY_ROUTING);
	assert_int_equal(oc_osm_holds_add(&h, OC_HOLD_BY_ROUTING, "vm-a",
					  "on a PF still"),
			 1);
	oc_osm_holds_sweep(&h, OC_HOLD_BY_ROUTING);
	assert_null(oc_osm_holds_why(&h, "vm-b"));
	assert_string_equal(oc_osm_holds_why(&h, "vm-a"), "two ports");
	assert_int_equal(oc_osm_holds_count(&h, OC_HOLD_BY_ROUTING), 1);
	assert_int_equal(oc_osm_holds_count(&h, OC_HOLD_BY_TAKEOVER), 1);
	/* the takeover's next pass holds nothing: only its entry goes */
	oc_osm_holds_mark(&h, OC_HOLD_BY_TAKEOVER);
	oc_osm_holds_sweep(&h, OC_HOLD_BY_TAKEOVER);
	assert_string_equal(oc_osm_holds_why(&h, "vm-a"), "on a PF still");
	assert_null(oc_osm_holds_first(&h, OC_HOLD_BY_TAKEOVER));
	assert_null(oc_osm_holds_why(&h, NULL));
	oc_osm_holds_free(&h);
}

/* 20,000 held VMs (a stale registry at a takeover): every one found by
 * name through the growth of the list and a sweep of every other one. */
static void many_vms(void **state)
{
	struct oc_osm_holds h = {0};
	char name[32];
	unsigned i;

	(void)state;
	for (i = 0; i < 20000; i++) {
		snprintf(name, sizeof(name), "vm-%u", i);
		assert_int_equal(oc_osm_holds_add(&h, OC_HOLD_BY_TAKEOVER, name,
						  name),
				 0);
	}
	oc_osm_holds_mark(&h, OC_HOLD_BY_TAKEOVER);
	for (i = 0; i < 20000; i += 2) {
		snprintf(name, sizeof(name), "vm-%u", i);
		assert_int_equal(oc_osm_holds_add(&h, OC_HOLD_BY_TAKEOVER, name,
						  name),
				 1);
	}
	oc_osm_holds_sweep(&h, OC_HOLD_BY_TAKEOVER);
	assert_int_equal(oc_osm_holds_count(&h, OC_HOLD_BY_TAKEOVER), 10000);
	for (i = 0; i < 20000; i++) {
		snprintf(name, sizeof(name), "vm-%u", i);
		if (i % 2)
			assert_null(oc_osm_holds_why(&h, name));
		else
			assert_string_equal(oc_osm_holds_why(&h, name), name);
	}
	oc_osm_holds_free(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_pass_replaces_only_its_finders_holds),
		cmocka_unit_test(many_vms),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
