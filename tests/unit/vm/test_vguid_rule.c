/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_vguid_rule.c - a VM's own GUID may be no GUID a port of the
 * subnet has, had since the plugin started or has in guid2lid, nor 0
 * or all ones.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "testlib.h"
#include "vm/vguid_rule.h"

#define OWN 0x00aa000000000001ull

static void assert_refused(const char *why, const char *part)
{
	assert_non_null(why);
	if (!strstr(why, part))
		fail_msg("\"%s\" does not contain \"%s\"", why, part);
}

static void zero_and_all_ones(void **state)
{
	(void)state;
	assert_refused(oc_vguid_refusal(0, 0, NULL, 0), "is 0, no GUID");
	assert_refused(oc_vguid_refusal(UINT64_MAX, 0, NULL, 0),
		       "is all ones, a reserved GUID");
	assert_null(oc_vguid_refusal(OWN, 0, NULL, 0));
}

static void a_port_now_or_in_guid2lid(void **state)
{
	(void)state;
	assert_refused(oc_vguid_refusal(OWN, 1, NULL, 0),
		       "the port GUID of a port of the subnet");
	assert_refused(oc_vguid_refusal(OWN, 0, NULL, 1),
		       "is known to OpenSM's guid2lid");
}

/* A port seen in an earlier snapshot and down now keeps its GUID: every
 * node and port GUID of each snapshot is remembered. */
static void a_port_seen_before(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_hash *seen = oc_hash_new();
	uint32_t i, guids = 0;

	(void)state;
	assert_non_null(seen);
	assert_int_equal(oc_guids_seen_add(seen, f), 0);
	for (i = 0; i < f->num_ports; i++)
		if (f->ports[i].guid && ++guids)
			assert_refused(oc_vguid_refusal(f->ports[i].guid, 0,
							seen, 0),
				       "since this SM started");
	assert_true(guids > 8);
	for (i = 0; i < f->num_nodes; i++)
		assert_non_null(oc_vguid_refusal(f->nodes[i].guid, 0, seen, 0));
	assert_null(oc_vguid_refusal(OWN, 0, seen, 0));
	oc_hash_free(seen);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(zero_and_all_ones),
		cmocka_unit_test(a_port_now_or_in_guid2lid),
		cmocka_unit_test(a_port_seen_before),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
