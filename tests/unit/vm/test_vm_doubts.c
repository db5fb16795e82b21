/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_vm_doubts.c - a registry record the fabric contradicts (a VM on a
 * PF, a LID of a switch, of the SM, of a port that is no VF) is named
 * with its reason; an absent VF or another VF's LID is no doubt.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "testlib.h"
#include "vm/vm_doubts.h"

static uint64_t guid_of(const struct oc_fabric *f, const char *name)
{
	return oc_port(f, oc_fabric_find_name(f, name), 1)->guid;
}

static void add_vm(struct oc_vmreg *r, const char *name, uint64_t vf,
		   unsigned lid)
{
	struct oc_vm_rec vm = {
		.vguid = 0xaa00 + r->count + 1, .vf_guid = vf, .lid = lid};
	struct oc_err err;

	snprintf(vm.name, sizeof(vm.name), "%s", name);
	assert_int_equal(oc_vmreg_add(r, &vm, &err), 0);
}

static void assert_doubt(const struct oc_vmreg *r, const struct oc_vm_doubt *d,
			 const char *name, const char *part)
{
	assert_string_equal(r->vms[d->vm].name, name);
	if (!strstr(d->why, part))
		fail_msg("\"%s\" does not contain \"%s\"", d->why, part);
}

static void names_each_contradiction(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_ftree *ft = oc_ftree_analyze(f, NULL, NULL);
	struct oc_vmreg *r = oc_vmreg_new();
	struct oc_vm_doubts d = {0};
	struct oc_err err;
	unsigned sm_lid = tl_lid(f, "v4pf"), free_lid = f->max_lid + 1;

	(void)state;
	assert_non_null(ft);
	add_vm(r, "good", guid_of(f, "vm1"), tl_lid(f, "vm1"));
	add_vm(r, "on-pf", guid_of(f, "v1pf"), tl_lid(f, "v1pf"));
	add_vm(r, "switch-lid", guid_of(f, "vm2"), tl_lid(f, "L1"));
	add_vm(r, "sm-lid", guid_of(f, "vm3"), sm_lid);
	add_vm(r, "pf-lid", guid_of(f, "vm4"), tl_lid(f, "v2pf"));
	add_vm(r, "drift", guid_of(f, "vm5"), tl_lid(f, "vm6"));
	add_vm(r, "absent", 0x0002c905deadbee1ull, free_lid);
	assert_int_equal(oc_vm_doubts_find(r, f, ft, sm_lid, &d, &err), 0);
	assert_int_equal(d.count, 4);
	assert_doubt(r, &d.v[0], "on-pf", "is no VF: it is the port of a PF");
	assert_doubt(r, &d.v[1], "switch-lid", "is switch \"L1\"'s");
	assert_doubt(r, &d.v[2], "sm-lid", "is the SM's");
	assert_doubt(r, &d.v[3], "pf-lid", "of \"v2pf\", which is no VF");

	/* the SM's LID unknown: that VM's LID is v4pf's, still no VF's */
	assert_int_equal(oc_vm_doubts_find(r, f, ft, 0, &d, &err), 0);
	assert_int_equal(d.count, 4);
	assert_doubt(r, &d.v[2], "sm-lid", "of \"v4pf\", which is no VF");
	oc_vm_doubts_free(&d);
	oc_vmreg_free(r);
	oc_ftree_free(ft);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_each_contradiction),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
