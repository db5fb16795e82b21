/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_reconcile.c - the VM registry against what a new master sees of
 * the fabric (reconcile.h): every rule, its message, the two passes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "vm/reconcile.h"

#define VF(i) (0x0002c90500000001ull + 0x10 * (i))
#define PF 0x0002c90400000000ull
#define OWN(i) (0x00aa000000000000ull + (i))

static struct oc_vmreg *reg_of(const struct oc_vm_rec *v, unsigned n)
{
	struct oc_vmreg *r = oc_vmreg_new();
	unsigned i;

	assert_non_null(r);
	for (i = 0; i < n; i++)
		assert_int_equal(oc_vmreg_add(r, &v[i], NULL), 0);
	return r;
}

static struct oc_vm_rec vm(const char *name, uint64_t vguid, uint64_t vf,
			   uint16_t lid)
{
	struct oc_vm_rec r;

	memset(&r, 0, sizeof(r));
	snprintf(r.name, sizeof(r.name), "%s", name);
	r.vguid = vguid;
	r.vf_guid = vf;
	r.lid = lid;
	return r;
}

/* Reconciles and checks the fixes' count; the caller frees. */
static struct oc_vmreg *run(const struct oc_vmreg *reg,
			    const struct oc_port_seen *seen, unsigned n,
			    struct oc_fixes *fx, unsigned want_fixes)
{
	struct oc_vmreg *out = NULL;
	char line[512];
	uint32_t i;

	assert_int_equal(oc_reconcile(reg, seen, n, &out, fx, NULL), 0);
	for (i = 0; i < fx->count; i++) {
		oc_fix_describe(reg, &fx->v[i], line, sizeof(line));
		printf("  fix: %s\n", line);
	}
	assert_int_equal(fx->count, want_fixes);
	return out;
}

static void matching_fabric_changes_nothing(void **state)
{
	struct oc_vm_rec v[] = {vm("a", VF(0), VF(0), 10),
				vm("b", OWN(1), VF(1), 11)};
	struct oc_port_seen seen[] = {
		{VF(0), 10, 0, 1}, {VF(1), 11, OWN(1), 1}, {PF, 1, 0, 0}};
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 3, &fx, 0);
	assert_int_equal(out->count, 2);
	assert_int_equal(fx.moved, 0);
	assert_int_equal(oc_vmreg_by_name(out, "b")->vf_guid, VF(1));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* Two swaps the stale registry missed: a moved to VF 5 (VF 5's idle LID
 * 20 went to VF 0), then b moved onto VF 0 (LID 20 went to VF 1). */
static void moved_by_lid(void **state)
{
	struct oc_vm_rec v[] = {vm("a", VF(0), VF(0), 10),
				vm("b", VF(1), VF(1), 30)};
	struct oc_port_seen seen[] = {
		{VF(0), 30, 0, 1}, {VF(1), 20, 0, 1}, {VF(5), 10, 0, 1}};
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;
	char line[512];

	(void)state;
	out = run(reg, seen, 3, &fx, 2);
	assert_int_equal(fx.moved, 2);
	assert_int_equal(fx.v[0].kind, OC_FIX_MOVED_BY_LID);
	assert_int_equal(oc_vmreg_by_name(out, "a")->vf_guid, VF(5));
	assert_int_equal(oc_vmreg_by_name(out, "a")->lid, 10);
	assert_int_equal(oc_vmreg_by_name(out, "a")->vguid, VF(0));
	assert_int_equal(oc_vmreg_by_name(out, "b")->vf_guid, VF(0));
	oc_fix_describe(reg, &fx.v[0], line, sizeof(line));
	assert_string_equal(line, "VM \"a\": the registry had it on VF "
				  "0x0002c90500000001; its LID 10 is on VF "
				  "0x0002c90500000051: moved there");
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* The vGUID (alias GUID) wins over the LID; the VM takes that VF's LID. */
static void moved_by_vguid(void **state)
{
	struct oc_vm_rec v[] = {vm("a", OWN(1), VF(0), 10)};
	struct oc_port_seen seen[] = {{VF(0), 10, 0, 1},
				      {VF(3), 12, OWN(1), 1}};
	struct oc_vmreg *reg = reg_of(v, 1), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 2, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_MOVED_BY_VGUID);
	assert_int_equal(out->vms[0].vf_guid, VF(3));
	assert_int_equal(out->vms[0].lid, 12);
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* A LID on a PF is no place for a VM: reported, kept; a VF not in the
 * subnet whose LID is nowhere: kept (detached). */
static void kept_records(void **state)
{
	struct oc_vm_rec v[] = {vm("a", VF(0), VF(0), 1),
				vm("b", VF(1), VF(1), 11)};
	struct oc_port_seen seen[] = {{PF, 1, 0, 0}};
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 1, &fx, 2);
	assert_int_equal(fx.v[0].kind, OC_FIX_LID_ELSEWHERE);
	assert_true(oc_fix_is_error(&fx.v[0]));
	assert_int_equal(fx.v[1].kind, OC_FIX_ABSENT);
	assert_false(oc_fix_is_error(&fx.v[1]));
	assert_int_equal(fx.moved, 0);
	assert_int_equal(out->count, 2);
	assert_int_equal(oc_vmreg_by_name(out, "a")->vf_guid, VF(0));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* The recorded VF holds a LID nobody claims and the VM's is nowhere. */
static void lid_from_vf(void **state)
{
	struct oc_vm_rec v[] = {vm("a", VF(0), VF(0), 10)};
	struct oc_port_seen seen[] = {{VF(0), 14, 0, 1}};
	struct oc_vmreg *reg = reg_of(v, 1), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 1, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_LID_FROM_VF);
	assert_int_equal(out->vms[0].lid, 14);
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* a's LID is nowhere and its recorded VF now holds b's LID: b (placed
 * by evidence) keeps the VF, a is dropped and says so; the free VF b
 * took stops being free, the other stays. */
static void placed_first_then_dropped(void **state)
{
	struct oc_vm_rec v[] = {vm("a", VF(0), VF(0), 10),
				vm("b", VF(1), VF(1), 30)};
	struct oc_port_seen seen[] = {{VF(0), 30, 0, 1}};
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;

	(void)state;
	assert_int_equal(oc_vmreg_mark_free(reg, VF(7)), 0);
	out = run(reg, seen, 1, &fx, 2);
	assert_int_equal(fx.v[0].kind, OC_FIX_DROPPED);
	assert_true(oc_fix_is_error(&fx.v[0]));
	assert_int_equal(fx.v[1].kind, OC_FIX_MOVED_BY_LID);
	assert_int_equal(out->count, 1);
	assert_int_equal(out->vms[0].vf_guid, VF(0));
	assert_true(oc_vmreg_is_free(out, VF(7)));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

static void free_vf_taken_by_a_vm_is_no_longer_free(void **state)
{
	struct oc_vm_rec v[] = {vm("a", VF(0), VF(0), 10)};
	struct oc_port_seen seen[] = {{VF(2), 10, 0, 1}};
	struct oc_vmreg *reg = reg_of(v, 1), *out;
	struct oc_fixes fx;

	(void)state;
	assert_int_equal(oc_vmreg_mark_free(reg, VF(2)), 0);
	out = run(reg, seen, 1, &fx, 1);
	assert_int_equal(out->vms[0].vf_guid, VF(2));
	assert_false(oc_vmreg_is_free(out, VF(2)));
	assert_int_equal(out->num_free, 0);
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* 40,000 VMs, every one moved: linear, and every one placed. */
static void many_vms(void **state)
{
	enum { N = 40000 };
	struct oc_port_seen *seen = calloc(N, sizeof(*seen));
	struct oc_vmreg *reg = oc_vmreg_new(), *out = NULL;
	struct oc_fixes fx;
	struct oc_vm_rec r;
	unsigned i;

	(void)state;
	assert_non_null(seen);
	for (i = 0; i < N; i++) {
		char name[32];

		snprintf(name, sizeof(name), "vm-%u", i);
		r = vm(name, VF(i), VF(i), (uint16_t)(i + 1));
		assert_int_equal(oc_vmreg_add(reg, &r, NULL), 0);
		seen[i].guid = VF(i);
		seen[i].lid = (uint16_t)((i + 1) % N + 1);
		seen[i].is_vf = 1;
	}
	assert_int_equal(oc_reconcile(reg, seen, N, &out, &fx, NULL), 0);
	assert_int_equal(fx.count, N);
	assert_int_equal(fx.moved, N);
	assert_int_equal(out->count, N);
	assert_int_equal(oc_vmreg_by_name(out, "vm-0")->vf_guid, VF(N - 1));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
	free(seen);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(matching_fabric_changes_nothing),
		cmocka_unit_test(moved_by_lid),
		cmocka_unit_test(moved_by_vguid),
		cmocka_unit_test(kept_records),
		cmocka_unit_test(lid_from_vf),
		cmocka_unit_test(placed_first_then_dropped),
		cmocka_unit_test(free_vf_taken_by_a_vm_is_no_longer_free),
		cmocka_unit_test(many_vms),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
