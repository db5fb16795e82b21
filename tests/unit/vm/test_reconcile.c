/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_reconcile.c - the VM registry against what a new master sees of
 * the fabric (reconcile.h): every rule, its message, the two passes; a
 * LID on two ports, a VM's LID never changed, held VMs.
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

/* Reconciles (with flags) and checks the fixes' count; the caller
 * frees. */
static struct oc_vmreg *run_flags(const struct oc_vmreg *reg,
				  const struct oc_port_seen *seen, unsigned n,
				  unsigned flags, struct oc_fixes *fx,
				  unsigned want_fixes)
{
	struct oc_vmreg *out = NULL;
	char line[1024];
	uint32_t i;

	assert_int_equal(oc_reconcile(reg, seen, n, flags, &out, fx, NULL), 0);
	for (i = 0; i < fx->count; i++) {
		oc_fix_describe(reg, &fx->v[i], line, sizeof(line));
		printf("  fix: %s\n", line);
	}
	assert_int_equal(fx->count, want_fixes);
	return out;
}

static struct oc_vmreg *run(const struct oc_vmreg *reg,
			    const struct oc_port_seen *seen, unsigned n,
			    struct oc_fixes *fx, unsigned want_fixes)
{
	return run_flags(reg, seen, n, 0, fx, want_fixes);
}

/* The one fix's message. */
static const char *said(const struct oc_vmreg *reg, const struct oc_fix *fix)
{
	static char line[1024];

	oc_fix_describe(reg, fix, line, sizeof(line));
	return line;
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

/* The vGUID (alias GUID) places the VM when its VF does not hold its
 * LID; the VM keeps its LID, which OpenSM's LID manager programs on that
 * VF (VF 0, which holds it too, loses it). */
static void moved_by_vguid(void **state)
{
	struct oc_vm_rec v[] = {vm("a", OWN(1), VF(0), 10)};
	struct oc_port_seen seen[] = {
		{VF(0), 0, 0, 1}, {VF(3), 12, OWN(1), 1}, {VF(4), 10, 0, 1}};
	struct oc_vmreg *reg = reg_of(v, 1), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 3, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_MOVED_BY_VGUID);
	assert_int_equal(fx.v[0].holder, VF(4));
	assert_int_equal(fx.moved, 1);
	assert_int_equal(out->vms[0].vf_guid, VF(3));
	assert_int_equal(out->vms[0].lid, 10);
	assert_false(out->vms[0].held);
	assert_string_equal(said(reg, &fx.v[0]),
			    "VM \"a\": the registry had it on VF "
			    "0x0002c90500000001 with LID 10; its vGUID "
			    "0x00aa000000000001 is on VF 0x0002c90500000031 "
			    "(which holds LID 12): moved there, LID 10 kept "
			    "(reserved for that VF: OpenSM's LID manager "
			    "programs it)");
	oc_fixes_free(&fx);
	oc_vmreg_free(out);

	/* its own VF holds its LID: the vGUID elsewhere is stale GUIDInfo
	 * of a VF that came back (OpenSM keeps the first of two) */
	seen[0].lid = 10;
	seen[2].lid = 0;
	out = run(reg, seen, 3, &fx, 0);
	assert_int_equal(out->vms[0].vf_guid, VF(0));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* A LID on a PF is no place for a VM: held, its record kept; a VF not
 * in the subnet whose LID is nowhere: kept (detached), not held. */
static void kept_records(void **state)
{
	struct oc_vm_rec v[] = {vm("a", VF(0), VF(0), 1),
				vm("b", VF(1), VF(1), 11)};
	struct oc_port_seen seen[] = {{PF, 1, 0, 0}};
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 1, &fx, 2);
	assert_int_equal(fx.v[0].kind, OC_FIX_HELD);
	assert_int_equal(fx.v[0].hold, OC_HOLD_NOT_A_VF);
	assert_true(oc_fix_is_error(&fx.v[0]));
	assert_int_equal(fx.v[1].kind, OC_FIX_ABSENT);
	assert_false(oc_fix_is_error(&fx.v[1]));
	assert_int_equal(fx.moved, 0);
	assert_int_equal(fx.held, 1);
	assert_int_equal(out->count, 2);
	assert_int_equal(oc_vmreg_by_name(out, "a")->vf_guid, VF(0));
	assert_int_equal(oc_vmreg_by_name(out, "a")->lid, 1);
	assert_true(oc_vmreg_by_name(out, "a")->held);
	assert_false(oc_vmreg_by_name(out, "b")->held);
	assert_string_equal(
		said(reg, &fx.v[0]),
		"VM \"a\" is held: its LID 1 is on port 0x0002c90400000000, "
		"which is no VF; its record (VF 0x0002c90500000001, LID 1) is "
		"kept and its LID not programmed; operations on it are refused "
		"until a later heavy sweep places it (the state file is read "
		"again then)");
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* Rule 5 (the old rule 3 adopted the idle LID 14): the recorded VF
 * holds a LID nobody claims and the VM's LID is nowhere.  Never
 * adopted: held, or with a trusted registry (a migration of a detached
 * VM cut before OpenSM programmed the destination) kept and reserved. */
static void idle_lid_never_adopted(void **state)
{
	struct oc_vm_rec v[] = {vm("a", VF(0), VF(0), 10)};
	struct oc_port_seen seen[] = {{VF(0), 14, 0, 1}};
	struct oc_vmreg *reg = reg_of(v, 1), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 1, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_HELD);
	assert_int_equal(fx.v[0].hold, OC_HOLD_UNCLAIMED_LID);
	assert_int_equal(out->vms[0].lid, 10);
	assert_int_equal(out->vms[0].vf_guid, VF(0));
	assert_true(out->vms[0].held);
	assert_non_null(strstr(said(reg, &fx.v[0]),
			       "VM \"a\" is held: its LID 10 is on no port "
			       "and its VF 0x0002c90500000001 holds LID 14, "
			       "which no VM of the registry claims"));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);

	out = run_flags(reg, seen, 1, OC_RECONCILE_TRUSTED, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_LID_KEPT);
	assert_false(oc_fix_is_error(&fx.v[0]));
	assert_int_equal(fx.moved, 0);
	assert_int_equal(out->vms[0].lid, 10);
	assert_false(out->vms[0].held);
	assert_string_equal(said(reg, &fx.v[0]),
			    "VM \"a\": its VF 0x0002c90500000001 holds LID "
			    "14: the VM keeps LID 10, reserved for that VF "
			    "(OpenSM's LID manager programs it); no other "
			    "LID is adopted");
	oc_fixes_free(&fx);
	oc_vmreg_free(out);

	/* a VF without a LID runs no addressable VM: kept, untrusted too */
	seen[0].lid = 0;
	out = run(reg, seen, 1, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_LID_KEPT);
	assert_false(out->vms[0].held);
	assert_int_equal(out->vms[0].lid, 10);
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* The master killed while migrating a VM whose VF is detached, after
 * the registry save, before OpenSM's sweep programmed the destination:
 * the registry has the VM on VF 5 with LID 53, VF 5 still holds its
 * idle LID 30, the old VF is gone.  With the vGUID on VF 5 (the old
 * master moved it) the VM is there and keeps 53, trusted or not. */
static void detached_migration_cut_keeps_the_lid(void **state)
{
	struct oc_vm_rec v[] = {vm("a", OWN(1), VF(5), 53)};
	struct oc_port_seen seen[] = {{VF(5), 30, OWN(1), 1}, {PF, 1, 0, 0}};
	struct oc_vmreg *reg = reg_of(v, 1), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 2, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_LID_KEPT);
	assert_int_equal(fx.v[0].vf_lid, 30);
	assert_int_equal(out->vms[0].lid, 53);
	assert_int_equal(out->vms[0].vf_guid, VF(5));
	assert_false(out->vms[0].held);
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* Another VM's vGUID on the VF: held even when trusted. */
static void another_vguid_on_the_vf_holds(void **state)
{
	struct oc_vm_rec v[] = {vm("s", OWN(1), VF(0), 10)};
	struct oc_port_seen seen[] = {{VF(0), 14, OWN(9), 1}};
	struct oc_vmreg *reg = reg_of(v, 1), *out;
	struct oc_fixes fx;

	(void)state;
	out = run_flags(reg, seen, 1, OC_RECONCILE_TRUSTED, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_HELD);
	assert_int_equal(fx.v[0].hold, OC_HOLD_OTHER_VGUID);
	assert_true(out->vms[0].held);
	assert_int_equal(out->vms[0].lid, 10);
	assert_non_null(strstr(said(reg, &fx.v[0]),
			       "carries vGUID 0x00aa000000000009 (OpenSM's "
			       "alias GUID table), not its own "
			       "0x00aa000000000001 (another VM runs there?)"));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* The case: the old VF re-attached before the takeover sweep,
 * so LID 53 is on the VM's VF and on the old VF: the VM stays on its
 * VF (the registry's), LID kept, no error; the same with the ports'
 * order reversed. */
static void lid_on_two_ports_recorded_vf_keeps_it(void **state)
{
	struct oc_vm_rec v[] = {vm("en0-1.3-vf2", VF(2), VF(2), 53),
				vm("b", VF(4), VF(4), 44)};
	struct oc_port_seen seen[] = {
		{VF(3), 53, 0, 1}, {VF(2), 53, 0, 1}, {VF(4), 44, 0, 1}};
	struct oc_port_seen swapped[] = {seen[1], seen[0], seen[2]};
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 3, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_LID_TWICE);
	assert_false(oc_fix_is_error(&fx.v[0]));
	assert_int_equal(fx.v[0].holder, VF(3));
	assert_int_equal(fx.moved, 0);
	assert_int_equal(oc_vmreg_by_name(out, "en0-1.3-vf2")->vf_guid, VF(2));
	assert_int_equal(oc_vmreg_by_name(out, "en0-1.3-vf2")->lid, 53);
	assert_false(oc_vmreg_by_name(out, "en0-1.3-vf2")->held);
	assert_string_equal(said(reg, &fx.v[0]),
			    "VM \"en0-1.3-vf2\": its LID 53 is on its VF "
			    "0x0002c90500000021 and on port 0x0002c90500000031 "
			    "too (a VF re-attached with a stale LID, or a swap "
			    "cut in the middle): the VM keeps it on its VF "
			    "(reserved: OpenSM's LID manager gives the other "
			    "port another LID)");
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	out = run(reg, swapped, 3, &fx, 1);
	assert_int_equal(fx.v[0].holder, VF(3));
	assert_int_equal(oc_vmreg_by_name(out, "en0-1.3-vf2")->vf_guid, VF(2));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* A swap cut in the middle: the VM's LID 10 reached VF 5 but VF 0 still
 * holds it too.  The applied pending has the VM on VF 5: it stays there;
 * a registry that never saw the swap keeps it on VF 0. */
static void torn_swap_follows_the_registry(void **state)
{
	struct oc_vm_rec moved[] = {vm("a", VF(0), VF(5), 10)};
	struct oc_vm_rec before[] = {vm("a", VF(0), VF(0), 10)};
	struct oc_port_seen seen[] = {{VF(0), 10, 0, 1}, {VF(5), 10, 0, 1}};
	struct oc_vmreg *reg = reg_of(moved, 1), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 2, &fx, 1);
	assert_int_equal(out->vms[0].vf_guid, VF(5));
	assert_int_equal(fx.v[0].holder, VF(0));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
	reg = reg_of(before, 1);
	out = run(reg, seen, 2, &fx, 1);
	assert_int_equal(out->vms[0].vf_guid, VF(0));
	assert_int_equal(fx.v[0].holder, VF(5));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* The LID on two ports, neither the recorded VF nor one with the vGUID:
 * held, naming both; with the vGUID on one of them, the VM is there. */
static void lid_on_two_other_ports(void **state)
{
	struct oc_vm_rec v[] = {vm("a", OWN(1), VF(0), 10)};
	struct oc_port_seen seen[] = {
		{VF(0), 0, 0, 1}, {VF(5), 10, 0, 1}, {VF(6), 10, 0, 1}};
	struct oc_vmreg *reg = reg_of(v, 1), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 3, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_HELD);
	assert_int_equal(fx.v[0].hold, OC_HOLD_TWO_PORTS);
	assert_true(out->vms[0].held);
	assert_int_equal(out->vms[0].vf_guid, VF(0));
	assert_non_null(strstr(said(reg, &fx.v[0]),
			       "its LID 10 is on ports 0x0002c90500000051 and "
			       "0x0002c90500000061, neither its VF "
			       "0x0002c90500000001 nor a VF with its vGUID "
			       "0x00aa000000000001: which one runs it cannot "
			       "be told"));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);

	seen[2].alias = OWN(1);
	out = run(reg, seen, 3, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_MOVED_BY_VGUID);
	assert_int_equal(out->vms[0].vf_guid, VF(6));
	assert_int_equal(out->vms[0].lid, 10);
	assert_int_equal(fx.v[0].holder, VF(5));
	assert_false(out->vms[0].held);
	oc_fixes_free(&fx);
	oc_vmreg_free(out);

	/* the vGUID's VF has it, and so does a PF: held */
	seen[1].is_vf = 0;
	out = run(reg, seen, 3, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_HELD);
	assert_int_equal(fx.v[0].hold, OC_HOLD_NOT_A_VF);
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* Per-SM copies: s was stopped after the copy and t booted on its VF
 * (unknown to this registry, LID 40): s is held, never placed with
 * t's LID; the generation and the free VFs carry over. */
static void stopped_vm_never_takes_a_running_vms_vf(void **state)
{
	struct oc_vm_rec v[] = {vm("s", VF(1), VF(1), 11),
				vm("b", VF(2), VF(2), 12)};
	struct oc_port_seen seen[] = {{VF(1), 40, 0, 1}, {VF(2), 12, 0, 1}};
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;

	(void)state;
	reg->generation = 41;
	assert_int_equal(oc_vmreg_mark_free(reg, VF(7)), 0);
	out = run(reg, seen, 2, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_HELD);
	assert_int_equal(oc_vmreg_by_name(out, "s")->lid, 11);
	assert_true(oc_vmreg_by_name(out, "s")->held);
	assert_null(oc_vmreg_by_lid(out, 40));
	assert_false(oc_vmreg_by_name(out, "b")->held);
	assert_int_equal(out->generation, 41);
	assert_true(oc_vmreg_is_free(out, VF(7)));
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
	assert_int_equal(oc_reconcile(reg, seen, N, 0, &out, &fx, NULL), 0);
	assert_int_equal(fx.count, N);
	assert_int_equal(fx.moved, N);
	assert_int_equal(out->count, N);
	assert_int_equal(oc_vmreg_by_name(out, "vm-0")->vf_guid, VF(N - 1));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
	free(seen);
}

/* The ports' own GUIDInfo (read at the takeover) as vGUID evidence. */
#define BOOTED 0x00bb000000000001ull /* a VM unknown to the registry */

/* Case b of the failover matrix: a stale copy's s (no vGUID of its own)
 * on VF 1 with LID 42; s was stopped and a VM booted there, which took
 * LID 42 and put its vGUID at index 1: s is held, not placed with the
 * booted VM's LID; b, whose VF carries b's own vGUID, stays. */
static void read_unknown_vguid_holds(void **state)
{
	struct oc_vm_rec v[] = {vm("s", VF(1), VF(1), 42),
				vm("b", OWN(2), VF(2), 12)};
	struct oc_port_seen seen[] = {{VF(1), 42, 0, 1, 1, BOOTED},
				      {VF(2), 12, 0, 1, 1, OWN(2)}};
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 2, &fx, 1);
	assert_int_equal(fx.v[0].kind, OC_FIX_HELD);
	assert_int_equal(fx.v[0].hold, OC_HOLD_UNKNOWN_VGUID);
	assert_true(oc_vmreg_by_name(out, "s")->held);
	assert_int_equal(oc_vmreg_by_name(out, "s")->lid, 42);
	assert_false(oc_vmreg_by_name(out, "b")->held);
	assert_non_null(strstr(said(reg, &fx.v[0]),
			       "holds its LID 42 but carries vGUID "
			       "0x00bb000000000001 (index 1 of the port's own "
			       "GUIDInfo)"));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* Index 1 is the VM's own vGUID, or the port's GUID, or 0: placed. */
static void read_own_vguid_places(void **state)
{
	struct oc_vm_rec v[] = {vm("a", OWN(1), VF(1), 42),
				vm("c", VF(3), VF(3), 43),
				vm("d", VF(4), VF(4), 44)};
	struct oc_port_seen seen[] = {{VF(1), 42, 0, 1, 1, OWN(1)},
				      {VF(3), 43, 0, 1, 1, VF(3)},
				      {VF(4), 44, 0, 1, 1, 0}};
	struct oc_vmreg *reg = reg_of(v, 3), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 3, &fx, 0);
	assert_false(oc_vmreg_by_name(out, "a")->held);
	assert_false(oc_vmreg_by_name(out, "c")->held);
	assert_false(oc_vmreg_by_name(out, "d")->held);
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* A port that did not answer gives no evidence: placed as before (what
 * gi_index1 holds is not looked at). */
static void no_answer_as_before(void **state)
{
	struct oc_vm_rec v[] = {vm("s", VF(1), VF(1), 42)};
	struct oc_port_seen seen[] = {{VF(1), 42, 0, 1, 0, BOOTED}};
	struct oc_vmreg *reg = reg_of(v, 1), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 1, &fx, 0);
	assert_false(out->vms[0].held);
	assert_int_equal(out->vms[0].vf_guid, VF(1));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* A known VM's vGUID left at index 1 of s's VF (a move cut between its
 * PortInfo and GUIDInfo SMPs) is stale GUIDInfo: s, whose VF holds its
 * LID, stays; t is where its own LID is. */
static void read_known_vguid_is_stale(void **state)
{
	struct oc_vm_rec v[] = {vm("s", VF(1), VF(1), 42),
				vm("t", OWN(3), VF(3), 43)};
	struct oc_port_seen seen[] = {{VF(1), 42, 0, 1, 1, OWN(3)},
				      {VF(3), 43, 0, 1, 1, OWN(3)}};
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;

	(void)state;
	out = run(reg, seen, 2, &fx, 0);
	assert_false(oc_vmreg_by_name(out, "s")->held);
	assert_int_equal(oc_vmreg_by_name(out, "t")->vf_guid, VF(3));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* Rules 1 and 5 with the port's evidence: a's vGUID read on VF 5 moves
 * it there; s's VF, which holds an idle LID, carries another vGUID:
 * held even when trusted. */
static void read_vguid_rules_1_and_5(void **state)
{
	struct oc_vm_rec v[] = {vm("a", OWN(1), VF(0), 10),
				vm("s", OWN(2), VF(2), 12)};
	struct oc_port_seen seen[] = {{VF(0), 14, 0, 1, 1, 0},
				      {VF(5), 0, 0, 1, 1, OWN(1)},
				      {VF(2), 15, 0, 1, 1, OWN(9)}};
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;

	(void)state;
	out = run_flags(reg, seen, 3, OC_RECONCILE_TRUSTED, &fx, 2);
	assert_int_equal(fx.v[0].kind, OC_FIX_MOVED_BY_VGUID);
	assert_int_equal(oc_vmreg_by_name(out, "a")->vf_guid, VF(5));
	assert_int_equal(oc_vmreg_by_name(out, "a")->lid, 10);
	assert_int_equal(fx.v[1].hold, OC_HOLD_OTHER_VGUID);
	assert_true(oc_vmreg_by_name(out, "s")->held);
	assert_non_null(strstr(said(reg, &fx.v[1]),
			       "(index 1 of the port's own GUIDInfo)"));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* One run of the case below: b stays on VF 3 with LID 23, a stays on VF
 * 1 with LID 10 (want: rule 4 or 5), nobody is dropped or held, and no
 * VM is recorded on VF 3 with a's LID (it is not reserved for VF 3). */
static void rule_0_wins(const struct oc_vm_rec *v, unsigned a_at,
			const struct oc_port_seen *seen, unsigned n,
			enum oc_fix_kind want)
{
	struct oc_vmreg *reg = reg_of(v, 2), *out;
	struct oc_fixes fx;

	out = run(reg, seen, n, &fx, 1);
	assert_int_equal(fx.v[0].vm, a_at);
	assert_int_equal(fx.v[0].kind, want);
	assert_int_equal(fx.v[0].new_vf, VF(1));
	assert_int_equal(fx.moved, 0);
	assert_int_equal(fx.held, 0);
	assert_int_equal(out->count, 2);
	assert_int_equal(oc_vmreg_by_name(out, "b")->vf_guid, VF(3));
	assert_int_equal(oc_vmreg_by_name(out, "b")->lid, 23);
	assert_false(oc_vmreg_by_name(out, "b")->held);
	assert_int_equal(oc_vmreg_by_name(out, "a")->vf_guid, VF(1));
	assert_int_equal(oc_vmreg_by_name(out, "a")->lid, 10);
	assert_false(oc_vmreg_by_name(out, "a")->held);
	assert_int_equal(oc_vmreg_by_vf(out, VF(3))->lid, 23);
	assert_int_equal(oc_vmreg_by_lid(out, 10)->vf_guid, VF(1));
	oc_fixes_free(&fx);
	oc_vmreg_free(out);
	oc_vmreg_free(reg);
}

/* The real migration order: a (vGUID OWN(1), LID 10) left VF 3 while VF
 * 3 was detached, so VF 3's index 1 still reads OWN(1); VF 3 came back
 * and b (no vGUID of its own) booted on it with LID 23; a's VF 1 is
 * detached again.  Rule 0 places b on VF 3 and wins over a's stale vGUID
 * there: a falls through to rule 4 (kept, VF 1 detached), or rule 5 once
 * VF 1 is back without a LID; in both registry orders (a before b, b
 * before a), with the vGUID read from the port, and in OpenSM's alias
 * table too. */
static void stale_vguid_on_reattached_vf_loses_to_rule_0(void **state)
{
	struct oc_vm_rec ab[] = {vm("a", OWN(1), VF(1), 10),
				 vm("b", VF(3), VF(3), 23)};
	struct oc_vm_rec ba[] = {ab[1], ab[0]};
	struct oc_port_seen seen[] = {{VF(3), 23, 0, 1, 1, OWN(1)},
				      {VF(1), 0, 0, 1, 1, 0}};

	(void)state;
	rule_0_wins(ab, 0, seen, 1, OC_FIX_ABSENT);
	rule_0_wins(ba, 1, seen, 1, OC_FIX_ABSENT);
	rule_0_wins(ab, 0, seen, 2, OC_FIX_LID_KEPT);
	rule_0_wins(ba, 1, seen, 2, OC_FIX_LID_KEPT);
	seen[0].alias = OWN(1);
	rule_0_wins(ab, 0, seen, 1, OC_FIX_ABSENT);
	rule_0_wins(ba, 1, seen, 1, OC_FIX_ABSENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(matching_fabric_changes_nothing),
		cmocka_unit_test(moved_by_lid),
		cmocka_unit_test(moved_by_vguid),
		cmocka_unit_test(kept_records),
		cmocka_unit_test(idle_lid_never_adopted),
		cmocka_unit_test(detached_migration_cut_keeps_the_lid),
		cmocka_unit_test(another_vguid_on_the_vf_holds),
		cmocka_unit_test(lid_on_two_ports_recorded_vf_keeps_it),
		cmocka_unit_test(torn_swap_follows_the_registry),
		cmocka_unit_test(lid_on_two_other_ports),
		cmocka_unit_test(stopped_vm_never_takes_a_running_vms_vf),
		cmocka_unit_test(placed_first_then_dropped),
		cmocka_unit_test(free_vf_taken_by_a_vm_is_no_longer_free),
		cmocka_unit_test(many_vms),
		cmocka_unit_test(read_unknown_vguid_holds),
		cmocka_unit_test(read_own_vguid_places),
		cmocka_unit_test(no_answer_as_before),
		cmocka_unit_test(read_known_vguid_is_stale),
		cmocka_unit_test(read_vguid_rules_1_and_5),
		cmocka_unit_test(stale_vguid_on_reattached_vf_loses_to_rule_0),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
