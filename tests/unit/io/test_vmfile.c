/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_vmfile.c - VM file and GUID file parsing, with their errors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "io/guidfile.h"
#include "io/vmfile.h"

static char *write_tmp(const char *text)
{
	char *path = strdup("/tmp/oc-unit-XXXXXX");
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

static void loads_vms(void **state)
{
	char *path = write_tmp("# comment\n0x10 vm-a\n\n0x11 vm-b 0.5 # x\n");
	struct oc_vm_table *t = oc_vm_table_new();
	struct oc_err err = {{0}};

	assert_int_equal(oc_vm_table_load(t, path, &err), 0);
	assert_int_equal(t->count, 2);
	assert_string_equal(oc_vm_table_find(t, 0x10)->name, "vm-a");
	assert_true(oc_vm_table_find(t, 0x10)->weight == 0);
	assert_true(oc_vm_table_find(t, 0x11)->weight == 0.5);
	assert_null(oc_vm_table_find(t, 0x12));
	oc_vm_table_free(t);
	unlink(path);
	free(path);
}

/* vguid= gives a VM a GUID of its own; the others keep 0 (= their VF's). */
static void loads_own_vguids(void **state)
{
	char *path = write_tmp("0x10 vm-a vguid=0xaa01\n0x11 vm-b\n"
			       "0x12 vm-c 0.25 vguid=0xaa03\n");
	struct oc_vm_table *t = oc_vm_table_new();
	struct oc_err err = {{0}};

	assert_int_equal(oc_vm_table_load(t, path, &err), 0);
	assert_int_equal(t->count, 3);
	assert_true(oc_vm_table_find(t, 0x10)->vguid == 0xaa01);
	assert_true(oc_vm_table_find(t, 0x10)->weight == 0);
	assert_true(oc_vm_table_find(t, 0x11)->vguid == 0);
	assert_true(oc_vm_table_find(t, 0x12)->vguid == 0xaa03);
	assert_true(oc_vm_table_find(t, 0x12)->weight == 0.25);
	oc_vm_table_free(t);
	unlink(path);
	free(path);
}

static void expect_vm_error(const char *text, const char *expect)
{
	char *path = write_tmp(text);
	struct oc_vm_table *t = oc_vm_table_new();
	struct oc_err err = {{0}};

	assert_int_equal(oc_vm_table_load(t, path, &err), -1);
	if (!strstr(err.msg, expect) || !strstr(err.msg, path))
		fail_msg("error \"%s\" lacks \"%s\" or the path", err.msg,
			 expect);
	assert_int_equal(t->count, 0); /* nothing half-loaded */
	oc_vm_table_free(t);
	unlink(path);
	free(path);
}

/* The least VM weight is a weight. */
static void vm_weight_at_the_limit(void)
{
	char *path = write_tmp("0x10 a 0.000001\n");
	struct oc_vm_table *t = oc_vm_table_new();
	struct oc_err err = {{0}};

	assert_int_equal(oc_vm_table_load(t, path, &err), 0);
	assert_true(oc_vm_table_find(t, 0x10)->weight == 1e-6);
	oc_vm_table_free(t);
	unlink(path);
	free(path);
}

struct bad_lines {
	unsigned n;
	char first[512];
};

static void note_bad_line(void *ctx, const char *msg)
{
	struct bad_lines *b = ctx;

	if (!b->n++)
		snprintf(b->first, sizeof(b->first), "%s", msg);
}

/* The plugin's reading: a bad line costs that VM only. */
static void lenient_load_skips_bad_lines(void **state)
{
	char *path = write_tmp("0x10 a\n0x11 b\033c\nzz d\n0x12 e 2\n"
			       "0x10 again\n");
	struct oc_vm_table *t = oc_vm_table_new();
	struct bad_lines b = {0};
	struct oc_err err;

	assert_int_equal(
		oc_vm_table_load_lenient(t, path, note_bad_line, &b, &err), 0);
	assert_int_equal(t->count, 2);
	assert_non_null(oc_vm_table_find(t, 0x10));
	assert_true(oc_vm_table_find(t, 0x12)->line == 4);
	assert_int_equal(b.n, 3);
	assert_non_null(strstr(b.first, ":2: VM name: character 2 is not "
					"printable"));
	assert_non_null(strstr(b.first, path));
	oc_vm_table_free(t);
	unlink(path);
	free(path);
}

static void rejects_bad_vm_files(void **state)
{
	expect_vm_error("0x10 vm-a vguid=12\n", "bad vGUID \"12\"");
	expect_vm_error("0x10 vm-a vguid=0x0\n", "bad vGUID \"0x0\"");
	expect_vm_error("0x10 vm-a 1 2 vguid=0x5\n", "got 4 fields");
	expect_vm_error("0x10 a\nzz b\n", ":2: bad VF GUID \"zz\"");
	/* names: printable only, never echoed raw (the escape becomes '?') */
	expect_vm_error("0x10 vm\033[2J\n",
			":1: VM name: character 3 is not printable");
	expect_vm_error("0x10 a\vb\n", ":1: VM name: character 2 is not");
	expect_vm_error("0x10 a\fb\n", ":1: VM name: character 2 is not");
	expect_vm_error("\033[31m a\n", ":1: bad VF GUID \"?[31m\"");
	/* one GUID reader: 1 to 16 hex digits after 0x, no sign */
	expect_vm_error("0x00000000000000000010 a\n",
			"bad VF GUID \"0x00000000000000000010\"");
	expect_vm_error("0x-10 a\n", "bad VF GUID \"0x-10\"");
	expect_vm_error("0x10\n", ":1: expected");
	expect_vm_error("0x10 a 1 extra\n", ":1: expected");
	expect_vm_error("0x10 a -1\n", ":1: bad weight \"-1\"");
	/* huge weights: the router pads leaves one node's weight at a
	 * time, 3e37 would never finish */
	expect_vm_error("0x10 a\n0x11 b 3e37\n",
			":2: bad weight \"3e37\" "
			"(want a number from 1e-06 to 1000)");
	/* a subnormal underflows in strtod: the message gives the limit */
	expect_vm_error("0x10 a 1e-308\n",
			":1: bad weight \"1e-308\" (want a number from 1e-06 "
			"to 1000)");
	expect_vm_error("0x10 a 0.0000009\n", ":1: bad weight \"0.0000009\"");
	vm_weight_at_the_limit();
	expect_vm_error("0x10 a 1000.5\n", ":1: bad weight \"1000.5\"");
	expect_vm_error("0x10 a inf\n", ":1: bad weight \"inf\"");
	expect_vm_error("0x10 a\n0x10 b\n", ":2: VF 0x0000000000000010 holds "
					    "two VMs");
	expect_vm_error("0x10 a\n0x11 a\n", ":2: duplicate VM name \"a\"");
}

/* Every name hashes alike: a table that compared hashes would call the
 * second VM a duplicate of the first. */
static uint64_t same_hash(const char *name)
{
	(void)name;
	return 42;
}

static void names_compared_not_hashes(void **state)
{
	struct oc_vm_table *t = oc_vm_table_new();
	struct oc_err err = {{0}};
	char name[16], want[48];
	unsigned i;

	assert_non_null(t);
	t->name_hash = same_hash;
	for (i = 0; i < 300; i++) {
		snprintf(name, sizeof(name), "vm-%u", i);
		if (oc_vm_table_add(t, 0x100 + i, name, 0, &err))
			fail_msg("%s: %s", name, err.msg);
	}
	assert_int_equal(t->count, 300);
	for (i = 0; i < 300; i += 37) {
		snprintf(name, sizeof(name), "vm-%u", i);
		assert_int_equal(oc_vm_table_add(t, 0x1000 + i, name, 0, &err),
				 -1);
		snprintf(want, sizeof(want), "duplicate VM name \"vm-%u\"", i);
		assert_string_equal(err.msg, want);
	}
	assert_int_equal(t->count, 300);
	assert_string_equal(oc_vm_table_find(t, 0x100 + 299)->name, "vm-299");
	oc_vm_table_free(t);
}

static void loads_guid_lists(void **state)
{
	char *path = write_tmp("0x2c90300000001\n# c\n0x2\n");
	struct oc_err err = {{0}};
	uint64_t *g;
	size_t n;

	assert_int_equal(oc_guid_list_load(path, &g, &n, &err), 0);
	assert_int_equal(n, 2);
	assert_int_equal(g[0], 0x2c90300000001ULL);
	free(g);
	unlink(path);
	free(path);
	path = write_tmp("0x1\nnot-a-guid\n");
	assert_int_equal(oc_guid_list_load(path, &g, &n, &err), -1);
	assert_non_null(strstr(err.msg, ":2: expected one GUID"));
	unlink(path);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(loads_vms),
		cmocka_unit_test(loads_own_vguids),
		cmocka_unit_test(rejects_bad_vm_files),
		cmocka_unit_test(lenient_load_skips_bad_lines),
		cmocka_unit_test(names_compared_not_hashes),
		cmocka_unit_test(loads_guid_lists),
	};

	return cmocka_run_group_tests_name("vmfile", tests, NULL, NULL);
}
