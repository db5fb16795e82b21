/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_reconf_vf.c - the one rule for the VF a VM goes to (reconf_vf.h):
 * an idle VF first, then a free one; the VF asked for; a boot skips a VF
 * whose GUID is a VM's vGUID; and the error text when none is left.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "migrate_env.h"
#include "reconf/reconf_vf.h"

#define K2 "3;2,2,2;1,2,2"

/* The VMs of a test: the VF GUIDs they run on and their vGUIDs. */
struct vms {
	uint64_t on[4];
	uint64_t vguid[4];
};

static int has(const uint64_t *set, uint64_t guid)
{
	int i;

	for (i = 0; i < 4; i++)
		if (set[i] && set[i] == guid)
			return 1;
	return 0;
}

static int runs_vm(const void *ctx, uint64_t guid)
{
	return has(((const struct vms *)ctx)->on, guid);
}

static int is_vguid(const void *ctx, uint64_t guid)
{
	return has(((const struct vms *)ctx)->vguid, guid);
}

static uint64_t guid_of(const struct menv *e, const char *ca)
{
	return oc_port(e->f, menv_node(e, ca), 1)->guid;
}

static uint32_t hv_of(const struct menv *e, const char *name)
{
	return e->f->nodes[menv_node(e, name)].sw_index;
}

/* Asks for a VF; 0 with *pick, or -1 with err. */
static int choose(const struct menv *e, const char *hv,
		  enum oc_vf_purpose purpose, uint64_t want,
		  const struct vms *vms, struct oc_vf_pick *pick,
		  struct oc_err *err)
{
	const struct oc_vf_users users = {runs_vm, is_vguid, vms};
	const struct oc_vf_ask ask = {
		.hv = hv_of(e, hv),
		.purpose = purpose,
		.want_vf = want,
		.vm_name = "vm-a",
		.users = &users,
	};

	return oc_reconf_vf_choose(e->f, e->ft, &ask, pick, err);
}

static void picks(const struct menv *e, const char *hv,
		  enum oc_vf_purpose purpose, uint64_t want,
		  const struct vms *vms, const char *vf, int kind)
{
	struct oc_err err = {{0}};
	struct oc_vf_pick pick;

	if (choose(e, hv, purpose, want, vms, &pick, &err))
		fail_msg("%s: %s", hv, err.msg);
	assert_string_equal(e->f->nodes[pick.node].name, vf);
	assert_int_equal(pick.kind, kind);
	assert_int_equal(pick.guid, guid_of(e, vf));
	assert_int_equal(pick.lid, kind == OC_OP_SWAP ? menv_lid(e, vf) : 0);
	assert_int_equal(oc_peer(e->f, e->f->switches[hv_of(e, hv)],
				 pick.hv_port),
			 pick.node);
}

static void refuses(const struct menv *e, const char *hv,
		    enum oc_vf_purpose purpose, uint64_t want,
		    const struct vms *vms, const char *text)
{
	struct oc_err err = {{0}};
	struct oc_vf_pick pick;

	assert_int_equal(choose(e, hv, purpose, want, vms, &pick, &err), -1);
	if (strcmp(err.msg, text))
		fail_msg("expected \"%s\", got \"%s\"", text, err.msg);
}

/* Prepopulated: the first VF no VM runs on, by a swap. */
static void idle_first(void **state)
{
	struct vms vms = {{0}, {0}};
	struct menv e;

	menv_gen(&e, K2, 3, 0, NULL, 0);
	picks(&e, "hv4", OC_VF_MIGRATE, 0, &vms, "hv4-vf1", OC_OP_SWAP);
	vms.on[0] = guid_of(&e, "hv4-vf1");
	picks(&e, "hv4", OC_VF_MIGRATE, 0, &vms, "hv4-vf2", OC_OP_SWAP);
	/* an idle VF is taken even when a free one comes first */
	oc_port_mut(e.f, menv_node(&e, "hv4-vf2"), 1)->lid = 0;
	picks(&e, "hv4", OC_VF_MIGRATE, 0, &vms, "hv4-vf3", OC_OP_SWAP);
	/* a copy takes only a free VF */
	picks(&e, "hv4", OC_VF_COPY, 0, &vms, "hv4-vf2", OC_OP_COPY);
	menv_free(&e);
}

/* Dynamic: no idle VF, the first VF without a LID, by a copy. */
static void then_free(void **state)
{
	struct vms vms = {{0}, {0}};
	struct menv e;

	menv_gen(&e, K2, 3, 1, NULL, 0);
	vms.on[0] = guid_of(&e, "hv4-vf1");
	picks(&e, "hv4", OC_VF_MIGRATE, 0, &vms, "hv4-vf2", OC_OP_COPY);
	/* an active VF with a LID and no VM is idle */
	vms.on[0] = 0;
	picks(&e, "hv4", OC_VF_MIGRATE, 0, &vms, "hv4-vf1", OC_OP_SWAP);
	/* not active: not idle */
	oc_port_mut(e.f, menv_node(&e, "hv4-vf1"), 1)->active = 0;
	picks(&e, "hv4", OC_VF_MIGRATE, 0, &vms, "hv4-vf2", OC_OP_COPY);
	menv_free(&e);
}

static void wanted_vf(void **state)
{
	struct vms vms = {{0}, {0}};
	char text[160];
	struct menv e;

	menv_gen(&e, K2, 3, 0, NULL, 0);
	picks(&e, "hv4", OC_VF_MIGRATE, guid_of(&e, "hv4-vf3"), &vms, "hv4-vf3",
	      OC_OP_SWAP);
	vms.on[0] = guid_of(&e, "hv4-vf3");
	snprintf(text, sizeof(text),
		 "VF 0x%016llx cannot take VM \"vm-a\": another VM uses it",
		 (unsigned long long)vms.on[0]);
	refuses(&e, "hv4", OC_VF_MIGRATE, vms.on[0], &vms, text);
	/* a VF of another hypervisor is none of hv4's */
	snprintf(text, sizeof(text),
		 "VF 0x%016llx cannot take VM \"vm-a\": another VM uses it",
		 (unsigned long long)guid_of(&e, "hv5-vf1"));
	refuses(&e, "hv4", OC_VF_MIGRATE, guid_of(&e, "hv5-vf1"), &vms, text);
	menv_free(&e);
}

/* A boot's VF GUID becomes the VM's vGUID: not one a VM has already. */
static void boot_skips_vguids(void **state)
{
	struct vms vms = {{0}, {0}};
	char text[160];
	struct menv e;

	menv_gen(&e, K2, 3, 1, NULL, 0);
	vms.vguid[0] = guid_of(&e, "hv4-vf2");
	picks(&e, "hv4", OC_VF_BOOT, 0, &vms, "hv4-vf3", OC_OP_BOOT);
	/* a migration may take it: the GUID stays the VF's */
	vms.on[0] = guid_of(&e, "hv4-vf1");
	picks(&e, "hv4", OC_VF_MIGRATE, 0, &vms, "hv4-vf2", OC_OP_COPY);
	snprintf(text, sizeof(text),
		 "VF 0x%016llx cannot take a boot: a VM uses it, its GUID is "
		 "a VM's vGUID, or it has a LID",
		 (unsigned long long)vms.vguid[0]);
	refuses(&e, "hv4", OC_VF_BOOT, vms.vguid[0], &vms, text);
	vms.vguid[1] = guid_of(&e, "hv4-vf3");
	refuses(&e, "hv4", OC_VF_BOOT, 0, &vms,
		"hypervisor \"hv4\" has no VF up without a LID (boot needs "
		"one: dynamic LID model; a VF whose GUID is a VM's vGUID is "
		"skipped)");
	menv_free(&e);
}

static void none_available(void **state)
{
	struct vms vms = {{0}, {0}}, none = {{0}, {0}};
	char text[80];
	struct menv e;

	menv_gen(&e, K2, 2, 0, NULL, 0);
	vms.on[0] = guid_of(&e, "hv4-vf1");
	vms.on[1] = guid_of(&e, "hv4-vf2");
	refuses(&e, "hv4", OC_VF_MIGRATE, 0, &vms,
		"hypervisor \"hv4\" has no idle VF (every VF with a LID runs "
		"a VM) and no VF up without a LID");
	refuses(&e, "hv4", OC_VF_COPY, 0, &none,
		"hypervisor \"hv4\" has no VF without a LID (with "
		"prepopulated LIDs a VM moves by a swap)");
	snprintf(text, sizeof(text), "switch index %u is not a hypervisor",
		 hv_of(&e, "sw-L1-0"));
	refuses(&e, "sw-L1-0", OC_VF_MIGRATE, 0, &none, text);
	menv_free(&e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(idle_first),
		cmocka_unit_test(then_free),
		cmocka_unit_test(wanted_vf),
		cmocka_unit_test(boot_skips_vguids),
		cmocka_unit_test(none_available),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
