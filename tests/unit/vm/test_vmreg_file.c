/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_vmreg_file.c - the registry's indexes under churn, the state
 * file's end line (a cut file is refused), the staged change written
 * before the fabric moves, names that never reach a message raw, and
 * seeding that leaves out only the VMs it cannot place.
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

/* The file's lines, at most max, into lines (malloc'd); the count. */
static unsigned read_lines(const char *path, char **lines, unsigned max)
{
	FILE *in = fopen(path, "r");
	char buf[512];
	unsigned n = 0;

	assert_non_null(in);
	while (n < max && fgets(buf, sizeof(buf), in))
		lines[n++] = strdup(buf);
	fclose(in);
	return n;
}

static struct oc_vm_rec rec(const char *name, uint64_t vguid, uint64_t vf,
			    unsigned lid)
{
	struct oc_vm_rec vm = {.vguid = vguid, .vf_guid = vf, .lid = lid};

	snprintf(vm.name, sizeof(vm.name), "%s", name);
	return vm;
}

static struct oc_vmreg *some_vms(unsigned n)
{
	struct oc_vmreg *r = oc_vmreg_new();
	struct oc_err err;
	char name[32];
	unsigned i;

	for (i = 0; i < n; i++) {
		struct oc_vm_rec vm;

		snprintf(name, sizeof(name), "vm-%u", i);
		vm = rec(name, 0x1000 + i, 0x100000 + i, 100 + i);
		assert_int_equal(oc_vmreg_add(r, &vm, &err), 0);
	}
	return r;
}

/* Every record is found by each of its keys, at its own slot. */
static void assert_indexed(const struct oc_vmreg *r)
{
	uint32_t i;

	for (i = 0; i < r->count; i++) {
		const struct oc_vm_rec *vm = &r->vms[i];

		assert_ptr_equal(oc_vmreg_by_name(r, vm->name), vm);
		assert_ptr_equal(oc_vmreg_by_vguid(r, vm->vguid), vm);
		assert_ptr_equal(oc_vmreg_by_vf(r, vm->vf_guid), vm);
		assert_ptr_equal(oc_vmreg_by_lid(r, vm->lid), vm);
	}
}

/* Removes and moves keep the four indexes right, and a clone has its
 * own. */
static void indexes_follow_removes_and_moves(void **state)
{
	struct oc_vmreg *r = some_vms(5000), *c;
	struct oc_err err;
	char name[32];
	unsigned i;

	for (i = 0; i < 5000; i += 3) {
		snprintf(name, sizeof(name), "vm-%u", i);
		assert_int_equal(oc_vmreg_remove(r, name, &err), 0);
		assert_null(oc_vmreg_by_name(r, name));
		assert_null(oc_vmreg_by_lid(r, 100 + i));
		assert_null(oc_vmreg_by_vf(r, 0x100000 + i));
		assert_null(oc_vmreg_by_vguid(r, 0x1000 + i));
	}
	assert_int_equal(r->count, 3333);
	assert_indexed(r);
	/* vm-1 moves onto the VF and LID vm-0 left */
	assert_int_equal(oc_vmreg_place(r, "vm-1", 0x100000, 100, &err), 0);
	assert_null(oc_vmreg_by_vf(r, 0x100001));
	assert_null(oc_vmreg_by_lid(r, 101));
	assert_string_equal(oc_vmreg_by_lid(r, 100)->name, "vm-1");
	assert_int_equal(oc_vmreg_place(r, "vm-1", 0x100002, 9, &err), -1);
	assert_string_equal(err.msg, "VF 0x0000000000100002 of VM \"vm-1\" "
				     "already holds VM \"vm-2\"");
	assert_int_equal(oc_vmreg_place(r, "vm-1", 0x7, 102, &err), -1);
	assert_string_equal(err.msg,
			    "LID 102 of VM \"vm-1\" is already VM \"vm-2\"'s");
	assert_int_equal(oc_vmreg_place(r, "vm-1", 0x7, 0, &err), -1);
	assert_int_equal(oc_vmreg_place(r, "nope", 0x7, 5, &err), -1);
	assert_string_equal(oc_vmreg_by_lid(r, 100)->name, "vm-1");
	assert_indexed(r);
	c = oc_vmreg_clone(r);
	assert_non_null(c);
	assert_int_equal(oc_vmreg_remove(c, "vm-1", &err), 0);
	assert_non_null(oc_vmreg_by_name(r, "vm-1"));
	assert_int_equal(c->count, r->count - 1);
	assert_indexed(c);
	oc_vmreg_clear(r);
	assert_int_equal(r->count, 0);
	assert_null(oc_vmreg_by_name(r, "vm-2"));
	oc_vmreg_free(c);
	oc_vmreg_free(r);
}

/* Eight hashes for all names: long chains of names sharing a hash. */
static uint64_t eight_hashes(const char *name)
{
	return name[strlen(name) - 1] % 8;
}

/* Names of one hash are different VMs: each is found by its own name,
 * through adds, removes from every place in a chain, re-adds and a
 * clone; a real duplicate is still refused. */
static void names_of_one_hash(void **state)
{
	struct oc_vmreg *r = oc_vmreg_new(), *c;
	struct oc_err err;
	struct oc_vm_rec vm;
	char name[32];
	unsigned i;

	r->name_hash = eight_hashes;
	for (i = 0; i < 2000; i++) {
		snprintf(name, sizeof(name), "vm-%u", i);
		vm = rec(name, 0x1000 + i, 0x100000 + i, 100 + i);
		assert_int_equal(oc_vmreg_add(r, &vm, &err), 0);
	}
	assert_indexed(r);
	vm = rec("vm-7", 0x9999, 0x99999, 9);
	assert_int_equal(oc_vmreg_add(r, &vm, &err), -1);
	assert_string_equal(err.msg, "VM \"vm-7\" already exists");
	for (i = 0; i < 2000; i += 3) { /* heads, middles and tails */
		snprintf(name, sizeof(name), "vm-%u", i);
		assert_int_equal(oc_vmreg_remove(r, name, &err), 0);
		assert_null(oc_vmreg_by_name(r, name));
	}
	assert_int_equal(r->count, 1333);
	assert_indexed(r);
	for (i = 1998; i > 0; i -= 3) { /* back, in the other order */
		snprintf(name, sizeof(name), "vm-%u", i);
		vm = rec(name, 0x1000 + i, 0x100000 + i, 100 + i);
		assert_int_equal(oc_vmreg_add(r, &vm, &err), 0);
	}
	assert_int_equal(oc_vmreg_place(r, "vm-1", 0x100000, 100, &err), 0);
	assert_indexed(r);
	c = oc_vmreg_clone(r);
	assert_non_null(c);
	assert_int_equal(c->count, r->count);
	assert_indexed(c);
	oc_vmreg_free(c);
	oc_vmreg_free(r);
}

/* Version 3 ends with "end VMs free-VFs"; 40,000 VMs round-trip, and
 * load in well under a second (OpenSM's lock is held meanwhile: the
 * look-ups by name, vGUID, VF and LID are hash probes, linear in all). */
static void writes_the_end_line(void **state)
{
	struct oc_vmreg *r = some_vms(40000), *back = oc_vmreg_new();
	const char *path = tl_path("big.state");
	struct oc_err err;
	char line[128] = "", last[128] = "";
	int version = 0;
	FILE *in;

	assert_int_equal(oc_vmreg_mark_free(r, 0x77), 0);
	assert_int_equal(oc_vmreg_save(r, path, &err), 0);
	in = fopen(path, "r");
	assert_non_null(in);
	while (fgets(line, sizeof(line), in))
		strcpy(last, line);
	fclose(in);
	assert_string_equal(last, "end 40000 1\n");
	/* how fast: bench/registry.sh (figures, not a timed test) */
	assert_int_equal(oc_vmreg_load(back, path, &version, &err), 0);
	assert_int_equal(version, 4);
	assert_int_equal(back->count, 40000);
	assert_true(oc_vmreg_is_free(back, 0x77));
	assert_indexed(back);
	oc_vmreg_free(back);
	oc_vmreg_free(r);
}

/* A file cut at any line boundary is refused, naming what is missing,
 * and leaves the registry empty. */
static void refuses_a_cut_file(void **state)
{
	struct oc_vmreg *r = some_vms(4), *back = oc_vmreg_new();
	const char *path = tl_path("whole.state"), *cut = tl_path("cut.state");
	char *lines[32], text[4096];
	struct oc_err err;
	unsigned n, k, i;

	assert_int_equal(oc_vmreg_mark_free(r, 0x55), 0);
	assert_int_equal(oc_vmreg_save(r, path, &err), 0);
	n = read_lines(path, lines, 32);
	assert_string_equal(lines[n - 1], "end 4 1\n");
	for (k = 1; k < n; k++) {
		text[0] = '\0';
		for (i = 0; i < k; i++)
			strcat(text, lines[i]);
		tl_write_file(cut, text);
		assert_int_equal(oc_vmreg_load(back, cut, NULL, &err), -1);
		assert_non_null(strstr(err.msg, "cut.state: cut short: no end "
						"line after line"));
		assert_int_equal(back->count, 0);
		assert_int_equal(back->num_free, 0);
	}
	/* a VM line taken out in the middle: the counts tell */
	text[0] = '\0';
	for (i = 0; i < n; i++)
		if (i != 4) /* the first VM line */
			strcat(text, lines[i]);
	tl_write_file(cut, text);
	assert_int_equal(oc_vmreg_load(back, cut, NULL, &err), -1);
	assert_non_null(strstr(err.msg,
			       "the end line counts 4 VMs and 1 free VFs, the "
			       "file holds 3 and 1: lines are missing"));
	for (i = 0; i < n; i++)
		free(lines[i]);
	oc_vmreg_free(back);
	oc_vmreg_free(r);
}

static void refuses_bad_end_lines(void **state)
{
	struct {
		const char *text, *msg;
	} bad[] = {
		{"osmcloud-vm-state 3\nend 0 0\nvm-a 0x1 0x2 3 0\n",
		 "bad.state:3: a line after the end line"},
		{"osmcloud-vm-state 3\nend 0 x\n",
		 "bad.state:2: expected \"end <VMs> <free VFs>\""},
		{"osmcloud-vm-state 3\nvm-a 0x1 0x2 3 0\nend 2 0\n",
		 "bad.state:3: the end line counts 2 VMs"},
		/* a name with an escape sequence: named by line, not echoed */
		{"osmcloud-vm-state 3\nvm\033[2J 0x1 0x2 3 0\nend 1 0\n",
		 "bad.state:2: VM name: character 3 is not printable"},
		/* a vertical tab splits the name into two fields */
		{"osmcloud-vm-state 3\nvm\vx 0x1 0x2 3 0\nend 1 0\n",
		 "bad.state:2: expected \"<name> <vGUID>"},
		{"osmcloud-vm-state 3\nvm\fx 0x1 0x2 3 0\nend 1 0\n",
		 "bad.state:2: expected \"<name> <vGUID>"},
	};
	struct oc_vmreg *r = oc_vmreg_new();
	const char *path = tl_path("bad.state");
	struct oc_err err;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		tl_write_file(path, bad[i].text);
		assert_int_equal(oc_vmreg_load(r, path, NULL, &err), -1);
		assert_non_null(strstr(err.msg, bad[i].msg));
		assert_null(strchr(err.msg, '\033'));
		assert_int_equal(r->count, 0);
	}
	oc_vmreg_free(r);
}

/* Every save and every stage writes the generation + 1; a version-3
 * file reads as generation 0; the generation line is checked. */
static void generation_counts_saves(void **state)
{
	struct oc_vmreg *r = some_vms(2), *back = oc_vmreg_new(), *next;
	const char *path = tl_path("gen.state");
	struct oc_err err;
	uint64_t gen = 99;

	assert_int_equal(oc_vmreg_file_generation(path, &gen, &err), 1);
	assert_int_equal(oc_vmreg_save(r, path, &err), 0);
	assert_int_equal(r->generation, 1);
	assert_int_equal(oc_vmreg_save(r, path, &err), 0);
	assert_int_equal(r->generation, 2);
	assert_int_equal(oc_vmreg_file_generation(path, &gen, &err), 0);
	assert_int_equal(gen, 2);
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->generation, 2);
	next = oc_vmreg_clone(back);
	assert_int_equal(next->generation, 2);
	assert_int_equal(oc_vmreg_stage(next, path, &err), 0);
	assert_int_equal(next->generation, 3);
	oc_vmreg_clear(back);
	assert_int_equal(back->generation, 0);
	assert_int_equal(oc_vmreg_load_pending(back, path, &err), 0);
	assert_int_equal(back->generation, 3); /* the state file's + 1 */
	assert_int_equal(oc_vmreg_commit(path, &err), 0);
	assert_int_equal(oc_vmreg_file_generation(path, &gen, &err), 0);
	assert_int_equal(gen, 3);
	/* a save that fails keeps the generation */
	assert_int_equal(oc_vmreg_save(r, tl_path("no/such/dir/x.state"), &err),
			 -1);
	assert_int_equal(r->generation, 2);

	tl_write_file(path, "osmcloud-vm-state 3\nvm-a 0x1 0x2 3 0\nend 1 0\n");
	gen = 99;
	assert_int_equal(oc_vmreg_file_generation(path, &gen, &err), 0);
	assert_int_equal(gen, 0);
	oc_vmreg_clear(back);
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->generation, 0);
	/* a VM may be named "generation" (five fields) */
	tl_write_file(path, "osmcloud-vm-state 4\ngeneration 7\n"
			    "generation 0x1 0x2 3 0\nend 1 0\n");
	oc_vmreg_clear(back);
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->generation, 7);
	assert_non_null(oc_vmreg_by_name(back, "generation"));
	/* not a regular file: refused without blocking on it */
	assert_int_equal(mkfifo(tl_path("gen.fifo"), 0600), 0);
	assert_int_equal(
		oc_vmreg_file_generation(tl_path("gen.fifo"), &gen, &err), -1);
	assert_non_null(strstr(err.msg, "not a regular file"));
	unlink(tl_path("gen.fifo"));
	oc_vmreg_free(next);
	oc_vmreg_free(back);
	oc_vmreg_free(r);
}

static void refuses_bad_generation_lines(void **state)
{
	struct {
		const char *text, *msg;
	} bad[] = {
		{"osmcloud-vm-state 4\nvm-a 0x1 0x2 3 0\nend 1 0\n",
		 "no \"generation\" line"},
		{"osmcloud-vm-state 4\ngeneration x\nend 0 0\n",
		 "bad.state:2: expected \"generation <number>\""},
		{"osmcloud-vm-state 4\ngeneration 1\ngeneration 2\nend 0 0\n",
		 "bad.state:3: the generation line must come once"},
		{"osmcloud-vm-state 4\nvm-a 0x1 0x2 3 0\ngeneration 2\nend 1 "
		 "0\n",
		 "bad.state:3: the generation line must come once, right after "
		 "the header"},
	};
	struct oc_vmreg *r = oc_vmreg_new();
	const char *path = tl_path("bad.state");
	struct oc_err err;
	uint64_t gen;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		tl_write_file(path, bad[i].text);
		assert_int_equal(oc_vmreg_load(r, path, NULL, &err), -1);
		assert_non_null(strstr(err.msg, bad[i].msg));
		assert_int_equal(r->count, 0);
	}
	tl_write_file(path, "osmcloud-vm-state 4\nvm-a 0x1 0x2 3 0\n");
	assert_int_equal(oc_vmreg_file_generation(path, &gen, &err), -1);
	assert_non_null(strstr(err.msg, "no \"generation\" line"));
	tl_write_file(path, "");
	assert_int_equal(oc_vmreg_file_generation(path, &gen, &err), -1);
	oc_vmreg_free(r);
}

/* Version 2 files (no end line) still load. */
static void reads_version_2(void **state)
{
	struct oc_vmreg *r = oc_vmreg_new();
	const char *path = tl_path("v2.state");
	struct oc_err err;
	int version = 0;

	tl_write_file(path, "osmcloud-vm-state 2\nvm-a 0x1 0x2 3 0\n"
			    "end 0x3 0x4 5 0\nfree 0x9\n");
	assert_int_equal(oc_vmreg_load(r, path, &version, &err), 0);
	assert_int_equal(version, 2);
	assert_int_equal(r->count, 2); /* a VM named "end" */
	assert_non_null(oc_vmreg_by_name(r, "end"));
	assert_true(oc_vmreg_is_free(r, 0x9));
	oc_vmreg_free(r);
}

/* stage writes PATH.pending only; commit replaces PATH; abort drops the
 * pending file; a stage that cannot write leaves PATH as it was. */
static void stages_then_commits(void **state)
{
	struct oc_vmreg *r = some_vms(3), *next, *back = oc_vmreg_new();
	const char *path = tl_path("op.state"),
		   *pending = tl_path("op.state.pending");
	struct oc_err err;

	assert_int_equal(oc_vmreg_save(r, path, &err), 0);
	next = oc_vmreg_clone(r);
	assert_int_equal(oc_vmreg_remove(next, "vm-0", &err), 0);
	assert_int_equal(oc_vmreg_stage(next, path, &err), 0);
	assert_int_equal(access(pending, F_OK), 0);
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->count, 3); /* PATH untouched */
	oc_vmreg_clear(back);
	assert_int_equal(oc_vmreg_load_pending(back, path, &err), 0);
	assert_int_equal(back->count, 2);
	oc_vmreg_clear(back);
	assert_int_equal(oc_vmreg_commit(path, &err), 0);
	assert_int_equal(access(pending, F_OK), -1);
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->count, 2);
	oc_vmreg_clear(back);
	assert_int_equal(oc_vmreg_load_pending(back, path, &err), 1);

	/* aborted: PATH keeps the committed state */
	assert_int_equal(oc_vmreg_stage(r, path, &err), 0);
	oc_vmreg_abort(path);
	assert_int_equal(access(pending, F_OK), -1);
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->count, 2);
	oc_vmreg_clear(back);

	/* the pending file cannot be written: refused, PATH intact */
	assert_int_equal(mkdir(pending, 0700), 0);
	assert_int_equal(oc_vmreg_stage(r, path, &err), -1);
	assert_non_null(strstr(err.msg, "op.state.pending"));
	assert_int_equal(rmdir(pending), 0);
	assert_int_equal(oc_vmreg_load(back, path, NULL, &err), 0);
	assert_int_equal(back->count, 2);
	oc_vmreg_clear(back);

	/* a torn pending file (a crash while staging) does not load */
	tl_write_file(pending, "osmcloud-vm-state 3\nvm-9 0x1 0x2 3 0\n");
	assert_int_equal(oc_vmreg_load_pending(back, path, &err), -1);
	assert_non_null(strstr(err.msg, "cut short"));
	oc_vmreg_free(next);
	oc_vmreg_free(back);
	oc_vmreg_free(r);
}

struct skipped {
	unsigned n;
	char what[4][160];
};

static void note_skip(void *ctx, const struct oc_vm *vm, const char *why)
{
	struct skipped *s = ctx;

	if (s->n < 4)
		snprintf(s->what[s->n], sizeof(s->what[0]), "%s: %s", vm->name,
			 why);
	s->n++;
}

/* A PF's GUID or a GUID of no port costs that VM only. */
static void seeding_leaves_out_bad_vms_only(void **state)
{
	struct oc_fabric *f = tl_fabric(FIG2_NET);
	struct oc_ftree *ft = oc_ftree_analyze(f, NULL, NULL);
	struct oc_vm_table *t = oc_vm_table_new();
	struct oc_vmreg *r = oc_vmreg_new();
	struct skipped s = {0};
	struct oc_err err;

	assert_non_null(ft);
	assert_int_equal(
		oc_vm_table_add(
			t, oc_port(f, oc_fabric_find_name(f, "vm1"), 1)->guid,
			"good", 0, &err),
		0);
	assert_int_equal(
		oc_vm_table_add(
			t, oc_port(f, oc_fabric_find_name(f, "v1pf"), 1)->guid,
			"on-pf", 0, &err),
		0);
	assert_int_equal(oc_vm_table_add(t, 0x4242, "ghost", 0, &err), 0);
	assert_int_equal(oc_vmreg_seed(r, t, f, ft, note_skip, &s, &err), 0);
	assert_int_equal(r->count, 1);
	assert_non_null(oc_vmreg_by_name(r, "good"));
	assert_int_equal(s.n, 2);
	assert_string_equal(s.what[0],
			    "on-pf: it is the port of a PF, not of a VF");
	assert_string_equal(s.what[1],
			    "ghost: no port of the topology has this GUID");
	oc_vmreg_free(r);
	oc_vm_table_free(t);
	oc_ftree_free(ft);
	oc_fabric_free(f);
}

/* A state file or a .pending that is no regular file is refused at
 * once (a FIFO would block opensm's reader under its lock, a link to
 * /dev/zero never ends), naming the path and what it is; a missing one
 * is "no state yet". */
static void state_files_are_files(void **state)
{
	const char *fifo = tl_path("fifo.state"), *link = tl_path("zero.state"),
		   *pending = tl_path("p.state.pending");
	struct oc_vmreg *r = oc_vmreg_new();
	struct oc_err err;

	(void)state;
	assert_int_equal(mkfifo(fifo, 0600), 0);
	alarm(10); /* a blocking open ends the test, not the suite */
	assert_int_equal(oc_vmreg_load(r, fifo, NULL, &err), -1);
	alarm(0);
	assert_non_null(strstr(err.msg, "fifo.state: is a FIFO, not a "
					"regular file"));
	assert_int_equal(symlink("/dev/zero", link), 0);
	assert_int_equal(oc_vmreg_load(r, link, NULL, &err), -1);
	assert_non_null(strstr(err.msg, "zero.state: is a symbolic link"));
	assert_int_equal(mkfifo(pending, 0600), 0);
	alarm(10);
	assert_int_equal(oc_vmreg_load_pending(r, tl_path("p.state"), &err),
			 -1);
	alarm(0);
	assert_non_null(strstr(err.msg, "p.state.pending: is a FIFO"));
	assert_int_equal(oc_vmreg_load(r, tl_path("none.state"), NULL, &err),
			 1);
	assert_int_equal(r->count, 0);
	oc_vmreg_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(indexes_follow_removes_and_moves),
		cmocka_unit_test(names_of_one_hash),
		cmocka_unit_test(writes_the_end_line),
		cmocka_unit_test(refuses_a_cut_file),
		cmocka_unit_test(refuses_bad_end_lines),
		cmocka_unit_test(reads_version_2),
		cmocka_unit_test(generation_counts_saves),
		cmocka_unit_test(refuses_bad_generation_lines),
		cmocka_unit_test(stages_then_commits),
		cmocka_unit_test(seeding_leaves_out_bad_vms_only),
		cmocka_unit_test(state_files_are_files),
	};

	return cmocka_run_group_tests(tests, tl_scratch_setup,
				      tl_scratch_teardown);
}
