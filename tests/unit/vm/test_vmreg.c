/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_vmreg.c - the VM registry and its atomically written state file.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "fixtures.h"
#include "testlib.h"
#include "vm/vmreg.h"

static struct oc_vm_rec rec(const char *name, uint64_t vguid, uint64_t vf,
			    unsigned lid, double weight)
{
	struct oc_vm_rec vm = {
		.vguid = vguid, .vf_guid = vf, .lid = lid, .weight = weight};

	snprintf(vm.name, sizeof(vm.name), "%s", name);
	return vm;
}

static struct oc_vmreg *two_vms(void)
{
	struct oc_vmreg *r = oc_vmreg_new();
	struct oc_vm_rec a = rec("web-1", 0x100, 0x11, 5, 0);
	struct oc_vm_rec b = rec("db-1", 0x200, 0x21, 70, 0.3);
	struct oc_err err;

	assert_int_equal(oc_vmreg_add(r, &a, &err), 0);
	assert_int_equal(oc_vmreg_add(r, &b, &err), 0);
	return r;
}

static void add_find_remove(void **state)
{
	struct oc_vmreg *r = two_vms();
	struct oc_err err;

	assert_string_equal(oc_vmreg_by_vf(r, 0x21)->name, "db-1");
	assert_string_equal(oc_vmreg_by_lid(r, 5)->name, "web-1");
	assert_null(oc_vmreg_by_name(r, "nope"));
	assert_int_equal(oc_vmreg_remove(r, "web-1", &err), 0);
	assert_null(oc_vmreg_by_name(r, "web-1"));
	assert_int_equal(r->count, 1);
	assert_int_equal(oc_vmreg_remove(r, "web-1", &err), -1);
	assert_string_equal(err.msg, "no VM named \"web-1\"");
	oc_vmreg_free(r);
}

static void refuses_clashes(void **state)
{
	struct oc_vmreg *r = two_vms();
	struct {
		struct oc_vm_rec vm;
		const char *msg;
	} bad[] = {
		{rec("web-1", 0x300, 0x31, 9, 0),
		 "VM \"web-1\" already exists"},
		{rec("x", 0x100, 0x31, 9, 0),
		 "vGUID 0x0000000000000100 of VM \"x\" is already VM "
		 "\"web-1\"'s"},
		{rec("x", 0x300, 0x21, 9, 0),
		 "VF 0x0000000000000021 of VM \"x\" already holds VM \"db-1\""},
		{rec("x", 0x300, 0x31, 70, 0),
		 "LID 70 of VM \"x\" is already VM \"db-1\"'s"},
		{rec("x", 0x300, 0x31, 0, 0),
		 "VM \"x\": LID 0 is not a unicast LID"},
		{rec("a b", 0x300, 0x31, 9, 0),
		 "VM name: character 2 is a blank (printable characters "
		 "only, no blank or '#')"},
		{rec("a\033[2Jb", 0x300, 0x31, 9, 0),
		 "VM name: character 2 is not printable (printable characters "
		 "only, no blank or '#')"},
		{rec("a\vb", 0x300, 0x31, 9, 0),
		 "VM name: character 2 is not printable (printable characters "
		 "only, no blank or '#')"},
	};
	struct oc_err err;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(oc_vmreg_add(r, &bad[i].vm, &err), -1);
		assert_string_equal(err.msg, bad[i].msg);
	}
	assert_int_equal(r->count, 2);
	oc_vmreg_free(r);
}

static void round_trips_through_the_state_file(void **state)
{
	struct oc_vmreg *r = two_vms(), *back = oc_vmreg_new();
	const char *path = tl_path("round.state");
	struct oc_err err;
	uint32_t i;

	assert_int_equal(oc_vmreg_save(r, path, &err), 0);
	assert_int_equal(access(tl_path("round.state.tmp"), F_OK), -1);
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->count, r->count);
	for (i = 0; i < r->count; i++)
		assert_memory_equal(&back->vms[i], &r->vms[i],
				    sizeof(r->vms[i]));
	oc_vmreg_free(back);
	oc_vmreg_free(r);
}

/* Many marks and unmarks: the hash and the array stay in step. */
static void marks_and_unmarks_free_vfs(void **state)
{
	struct oc_vmreg *r = oc_vmreg_new();
	uint64_t g;

	for (g = 1; g <= 3000; g++)
		assert_int_equal(oc_vmreg_mark_free(r, g * 0x100), 0);
	assert_int_equal(oc_vmreg_mark_free(r, 0x100), 0); /* again */
	assert_int_equal(r->num_free, 3000);
	for (g = 2; g <= 3000; g += 2)
		oc_vmreg_unmark_free(r, g * 0x100);
	oc_vmreg_unmark_free(r, 0x42); /* never free */
	assert_int_equal(r->num_free, 1500);
	for (g = 1; g <= 3000; g++)
		assert_int_equal(oc_vmreg_is_free(r, g * 0x100), (int)(g & 1));
	for (g = 0; g < r->num_free; g++)
		assert_true(oc_vmreg_is_free(r, r->free_vfs[g]));
	oc_vmreg_clear_free(r);
	assert_int_equal(r->num_free, 0);
	assert_false(oc_vmreg_is_free(r, 0x100));
	oc_vmreg_free(r);
}

/* Version 2 keeps the free VFs; a VF a VM uses is not saved as free. */
static void round_trips_free_vfs(void **state)
{
	struct oc_vmreg *r = two_vms(), *back = oc_vmreg_new();
	struct oc_vm_rec named_free = rec("free", 0x300, 0x31, 9, 0);
	const char *path = tl_path("free.state");
	struct oc_err err;
	char line[256];
	FILE *in;

	assert_int_equal(oc_vmreg_add(r, &named_free, &err), 0);
	assert_int_equal(oc_vmreg_mark_free(r, 0x12), 0);
	assert_int_equal(oc_vmreg_mark_free(r, 0x22), 0);
	assert_int_equal(oc_vmreg_mark_free(r, 0x11), 0); /* web-1's VF */
	assert_int_equal(oc_vmreg_save(r, path, &err), 0);
	in = fopen(path, "r");
	assert_non_null(in);
	assert_non_null(fgets(line, sizeof(line), in));
	assert_string_equal(line, "osmcloud-vm-state 4\n");
	fclose(in);

	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->count, 3);
	assert_int_equal(oc_vmreg_by_name(back, "free")->vf_guid, 0x31);
	assert_int_equal(back->num_free, 2);
	assert_true(oc_vmreg_is_free(back, 0x12));
	assert_true(oc_vmreg_is_free(back, 0x22));
	assert_false(oc_vmreg_is_free(back, 0x11));
	oc_vmreg_free(back);
	oc_vmreg_free(r);
}

/* Files of version 1 (before free VFs were saved) still load. */
static void reads_version_1(void **state)
{
	struct oc_vmreg *r = oc_vmreg_new();
	const char *path = tl_path("v1.state");
	struct oc_err err;

	tl_write_file(path, "osmcloud-vm-state 1\n"
			    "# name vGUID VF-port-GUID LID weight\n"
			    "vm-a 0x1 0x2 3 0\nvm-b 0x4 0x5 6 0.5\n");
	assert_int_equal(oc_vmreg_load(r, path, NULL, &err), 0);
	assert_int_equal(r->count, 2);
	assert_int_equal(oc_vmreg_by_name(r, "vm-b")->lid, 6);
	assert_int_equal(r->num_free, 0);
	oc_vmreg_free(r);
}

static void missing_state_is_not_an_error(void **state)
{
	struct oc_vmreg *r = oc_vmreg_new();
	struct oc_err err;

	assert_int_equal(oc_vmreg_load(r, tl_path("none.state"), NULL, &err),
			 1);
	assert_int_equal(r->count, 0);
	oc_vmreg_free(r);
}

static void bad_state_files_name_file_and_line(void **state)
{
	struct {
		const char *text, *msg;
	} bad[] = {
		{"",
		 "bad.state:0: empty file (no \"osmcloud-vm-state\" header)"},
		{"hello\n", "bad.state:1: not an osmcloud VM state file (no "
			    "\"osmcloud-vm-state\" header)"},
		{"osmcloud-vm-state 5\n",
		 "bad.state:1: state file version 5, this osmcloud reads "
		 "versions 1 to 4"},
		{"osmcloud-vm-state 0\n",
		 "bad.state:1: state file version 0, this osmcloud reads "
		 "versions 1 to 4"},
		{"osmcloud-vm-state 2\nfree 0x5\nfree\n",
		 "bad.state:3: expected \"free <VF port GUID>\" (a GUID other "
		 "than 0)"},
		{"osmcloud-vm-state 2\nfree 0x0\n",
		 "bad.state:2: expected \"free <VF port GUID>\""},
		{"osmcloud-vm-state 2\nfree 42\n",
		 "bad.state:2: expected \"free <VF port GUID>\""},
		{"osmcloud-vm-state 2\nfree 0x5\nfree 0x5\n",
		 "bad.state:3: VF 0x0000000000000005 is listed free twice"},
		{"osmcloud-vm-state 2\nvm-a 0x1 0x2 3 0\nfree 0x2\n",
		 "bad.state:3: VF 0x0000000000000002 is listed free but VM "
		 "\"vm-a\" uses it"},
		{"osmcloud-vm-state 2\nfree 0x2\nvm-a 0x1 0x2 3 0\n",
		 "bad.state:3: VF 0x0000000000000002 of VM \"vm-a\" is listed "
		 "free above"},
		{"osmcloud-vm-state 1\nfree 0x5\n",
		 "bad.state:2: expected \"<name> <vGUID> <VF GUID> <LID> "
		 "<weight>\""},
		{"osmcloud-vm-state 1\n# c\nvm-a 0x1 0x2 3 0\nvm-b 0x4 0x5\n",
		 "bad.state:4: expected \"<name> <vGUID> <VF GUID> <LID> "
		 "<weight>\""},
		{"osmcloud-vm-state 1\nvm-a 0x1 0x2 3 0\nvm-b 0x4 0x5 3 0\n",
		 "bad.state:3: LID 3 of VM \"vm-b\" is already VM \"vm-a\"'s"},
		{"osmcloud-vm-state 2\nvm-a 0x1 0x2 3 1e30\n",
		 "bad.state:2: VM \"vm-a\": bad weight (at most 1000)"},
	};
	struct oc_vmreg *r = oc_vmreg_new();
	const char *path = tl_path("bad.state");
	struct oc_err err;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		tl_write_file(path, bad[i].text);
		assert_int_equal(oc_vmreg_load(r, path, NULL, &err), -1);
		assert_non_null(strstr(err.msg, bad[i].msg));
		assert_int_equal(r->count, 0);
		assert_int_equal(r->num_free, 0); /* all or nothing */
		assert_false(oc_vmreg_is_free(r, 0x5));
	}
	oc_vmreg_free(r);
}

/* A save that cannot complete leaves the old state; a crash's leftover
 * temporary file is ignored by load and replaced by the next save. */
static void failed_save_keeps_the_old_state(void **state)
{
	struct oc_vmreg *r = two_vms(), *back = oc_vmreg_new();
	const char *path = tl_path("keep.state");
	char tmp[600];
	struct oc_err err;

	assert_int_equal(oc_vmreg_save(r, path, &err), 0);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	assert_int_equal(mkdir(tmp, 0700), 0); /* tmp cannot be a file now */
	assert_int_equal(oc_vmreg_remove(r, "db-1", &err), 0);
	assert_int_equal(oc_vmreg_save(r, path, &err), -1);
	assert_non_null(strstr(err.msg, "keep.state.tmp"));
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->count, 2);
	assert_int_equal(rmdir(tmp), 0);

	tl_write_file(tmp, "osmcloud-vm-state 3\ntorn line");
	oc_vmreg_clear(back);
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->count, 2);
	assert_int_equal(oc_vmreg_save(r, path, &err), 0);
	oc_vmreg_clear(back);
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->count, 1);
	assert_int_equal(access(tmp, F_OK), -1);
	oc_vmreg_free(back);
	oc_vmreg_free(r);
}

static void seeds_from_the_vm_file(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_vm_table *t = oc_vm_table_new(), *view;
	struct oc_vmreg *r = oc_vmreg_new();
	uint32_t vm1 = oc_fabric_find_name(f, "vm1");
	uint64_t vf = oc_port(f, vm1, 1)->guid;
	struct oc_err err;

	assert_int_equal(oc_vm_table_add(t, vf, "alpha", 0.25, &err), 0);
	assert_int_equal(oc_vmreg_seed(r, t, f, NULL, NULL, NULL, &err), 0);
	assert_int_equal(r->count, 1);
	assert_int_equal(r->vms[0].lid, tl_lid(f, "vm1"));
	assert_true(r->vms[0].vguid == vf && r->vms[0].vf_guid == vf);
	view = oc_vmreg_table(r);
	assert_non_null(view);
	assert_true(oc_vm_table_find(view, vf)->weight == 0.25);
	oc_vm_table_free(view);

	assert_int_equal(oc_vm_table_add(t, 0x4242, "ghost", 0, &err), 0);
	oc_vmreg_clear(r);
	assert_int_equal(oc_vmreg_seed(r, t, f, NULL, NULL, NULL, &err), -1);
	assert_string_equal(err.msg, "VM \"ghost\": VF 0x0000000000004242: "
				     "no port of the topology has this GUID");
	oc_vmreg_free(r);
	oc_vm_table_free(t);
	oc_fabric_free(f);
}

/* A vGUID of its own is recorded; one that is some port's GUID is not. */
static void seeds_own_vguids(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_vm_table *t = oc_vm_table_new();
	struct oc_vmreg *r = oc_vmreg_new();
	uint64_t vf1 = oc_port(f, oc_fabric_find_name(f, "vm1"), 1)->guid;
	uint64_t vf2 = oc_port(f, oc_fabric_find_name(f, "vm2"), 1)->guid;
	struct oc_err err;

	assert_int_equal(oc_vm_table_add(t, vf1, "alpha", 0, &err), 0);
	t->vms[0].vguid = 0xaa01;
	assert_int_equal(oc_vmreg_seed(r, t, f, NULL, NULL, NULL, &err), 0);
	assert_true(r->vms[0].vguid == 0xaa01 && r->vms[0].vf_guid == vf1);

	t->vms[0].vguid = vf2;
	oc_vmreg_clear(r);
	assert_int_equal(oc_vmreg_seed(r, t, f, NULL, NULL, NULL, &err), -1);
	assert_non_null(strstr(err.msg, "is the port GUID of a port"));
	oc_vmreg_free(r);
	oc_vm_table_free(t);
	oc_fabric_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(add_find_remove),
		cmocka_unit_test(refuses_clashes),
		cmocka_unit_test(round_trips_through_the_state_file),
		cmocka_unit_test(marks_and_unmarks_free_vfs),
		cmocka_unit_test(round_trips_free_vfs),
		cmocka_unit_test(reads_version_1),
		cmocka_unit_test(missing_state_is_not_an_error),
		cmocka_unit_test(bad_state_files_name_file_and_line),
		cmocka_unit_test(failed_save_keeps_the_old_state),
		cmocka_unit_test(seeds_from_the_vm_file),
		cmocka_unit_test(seeds_own_vguids),
	};

	return cmocka_run_group_tests(tests, tl_scratch_setup,
				      tl_scratch_teardown);
}
