/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vmfile.c - the VM table and its file format (see vmfile.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/regular_file.h"
#include "model/fabric.h"
#include "base/hash.h"
#include "base/textscan.h"
#include "io/vmfile.h"

struct oc_vm_table *oc_vm_table_new(void)
{
	struct oc_vm_table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->by_guid = oc_hash_new();
	t->by_name = oc_hash_new();
	t->name_hash = oc_hash_string;
	if (!t->by_guid || !t->by_name) {
		oc_vm_table_free(t);
		return NULL;
	}
	return t;
}

void oc_vm_table_free(struct oc_vm_table *t)
{
	if (!t)
		return;
	oc_hash_free(t->by_guid);
	oc_hash_free(t->by_name);
	free(t->vms);
	free(t);
}

const struct oc_vm *oc_vm_table_find(const struct oc_vm_table *t,
				     uint64_t vf_guid)
{
	uint32_t i = oc_hash_get64(t->by_guid, vf_guid);

	return i == OC_NONE ? NULL : &t->vms[i];
}

/* A VM of that name: equal names, not only equal hashes. */
static int find_name(const struct oc_vm_table *t, const char *name)
{
	uint32_t i = oc_hash_get64(t->by_name, t->name_hash(name));

	while (i != OC_NONE && strcmp(t->vms[i].name, name))
		i = t->vms[i].name_next;
	return i != OC_NONE;
}

/* Indexes VM t->count by its VF and its name (in front of the names of
 * the same hash). */
static int index_vm(struct oc_vm_table *t, struct oc_vm *vm)
{
	uint64_t key = t->name_hash(vm->name);

	vm->name_next = oc_hash_get64(t->by_name, key);
	if (oc_hash_put64(t->by_guid, vm->vf_guid, t->count))
		return -1;
	if (oc_hash_set64(t->by_name, key, t->count)) {
		oc_hash_del64(t->by_guid, vm->vf_guid);
		return -1;
	}
	return 0;
}

int oc_vm_table_add(struct oc_vm_table *t, uint64_t vf_guid, const char *name,
		    double weight, struct oc_err *err)
{
	struct oc_vm *vm;

	if (oc_vm_name_check(name, err))
		return -1;
	if (!(weight >= 0) || !(weight <= OC_VM_WEIGHT_MAX))
		return oc_err_set(err,
				  "VM \"%s\": weight must be positive and "
				  "at most %d",
				  name, OC_VM_WEIGHT_MAX);
	if (oc_vm_table_find(t, vf_guid))
		return oc_err_set(err, "VF 0x%016" PRIx64 " holds two VMs",
				  vf_guid);
	if (find_name(t, name))
		return oc_err_set(err, "duplicate VM name \"%s\"", name);
	if (t->count == t->cap) {
		uint32_t cap = t->cap ? t->cap * 2 : 64;
		void *p = realloc(t->vms, sizeof(*t->vms) * cap);

		if (!p)
			return oc_err_set(err, "out of memory");
		t->vms = p;
		t->cap = cap;
	}
	vm = &t->vms[t->count];
	vm->vf_guid = vf_guid;
	snprintf(vm->name, sizeof(vm->name), "%s", name);
	vm->weight = weight;
	vm->vguid = 0;
	vm->line = 0;
	if (index_vm(t, vm))
		return oc_err_set(err, "out of memory");
	t->count++;
	return 0;
}

static int parse_weight(const char *s, double *weight)
{
	char *end;

	errno = 0;
	*weight = strtod(s, &end);
	return errno || *end || !(*weight >= OC_VM_WEIGHT_MIN) ||
			       !(*weight <= OC_VM_WEIGHT_MAX)
		       ? -1
		       : 0;
}

/* The last field may be "vguid=GUID"; takes it off the field count. */
static int parse_vguid_field(char **fields, int *n, uint64_t *vguid,
			     struct oc_err *err)
{
	const char *f = fields[*n - 1];

	*vguid = 0;
	if (*n < 3 || strncmp(f, "vguid=", 6))
		return 0;
	if (oc_parse_hex64(f + 6, vguid) || !*vguid)
		return oc_err_set(
			err, "bad vGUID \"%s\" (want 0x + hex, not 0)", f + 6);
	(*n)--;
	return 0;
}

/* One line: "GUID NAME [WEIGHT] [vguid=GUID]"; comments and blank lines
 * give no VM. */
static int parse_vm_line(struct oc_vm_table *t, char *line, unsigned lineno,
			 struct oc_err *err)
{
	char *fields[5], *save = NULL, *hash = strchr(line, '#');
	uint64_t guid, vguid = 0;
	double weight = 0;
	int n = 0;

	if (hash)
		*hash = '\0';
	for (char *tok = strtok_r(line, " \t\r\n", &save); tok && n < 5;
	     tok = strtok_r(NULL, " \t\r\n", &save))
		fields[n++] = tok;
	if (n == 0)
		return 0;
	if (n >= 3 && parse_vguid_field(fields, &n, &vguid, err))
		return -1;
	if (n < 2 || n > 3)
		return oc_err_set(err,
				  "expected \"<VF GUID> <VM name> "
				  "[weight] [vguid=<GUID>]\", got %d fields",
				  n);
	if (oc_parse_hex64(fields[0], &guid))
		return oc_err_set(err, "bad VF GUID \"%s\" (want 0x + hex)",
				  fields[0]);
	if (n == 3 && parse_weight(fields[2], &weight))
		return oc_err_set(err,
				  "bad weight \"%s\" (want a number from %g "
				  "to %d)",
				  fields[2], OC_VM_WEIGHT_MIN,
				  OC_VM_WEIGHT_MAX);
	if (oc_vm_table_add(t, guid, fields[1], weight, err))
		return -1;
	t->vms[t->count - 1].vguid = vguid;
	t->vms[t->count - 1].line = lineno;
	return 0;
}

struct load_ctx {
	struct oc_vm_table *table;
	const char *path;
	oc_vm_line_fn *bad_line; /* NULL: a bad line fails the load */
	void *bad_ctx;
};

/* One line; a bad one is passed to bad_line ("FILE:LINE: problem") and
 * skipped when there is one. */
static int load_line(void *arg, char *line, unsigned lineno, struct oc_err *err)
{
	struct load_ctx *c = arg;

	if (!parse_vm_line(c->table, line, lineno, err))
		return 0;
	if (!c->bad_line)
		return -1;
	oc_err_at(err, c->path, lineno, err->msg, NULL);
	c->bad_line(c->bad_ctx, err->msg);
	return 0;
}

static int load_into(struct oc_vm_table *t, FILE *in, const char *path,
		     oc_vm_line_fn *bad_line, void *ctx, struct oc_err *err)
{
	struct load_ctx c = {t, path, bad_line, ctx};

	return oc_read_lines(in, path, load_line, &c, err);
}

static int load_file(struct oc_vm_table *t, const char *path,
		     oc_vm_line_fn *bad_line, void *ctx, struct oc_err *err)
{
	struct oc_vm_table *staged = oc_vm_table_new();
	FILE *in;
	uint32_t i;
	int ret;

	if (!staged)
		return oc_err_set(err, "%s: out of memory", path);
	in = oc_fopen_regular(path, OC_OPEN_FOLLOW, OC_INPUT_MAX_BYTES, err);
	if (!in) {
		oc_vm_table_free(staged);
		return -1;
	}
	ret = load_into(staged, in, path, bad_line, ctx, err);
	fclose(in);
	/* merge only a fully parsed file that clashes with nothing, so an
	 * error changes nothing */
	for (i = 0; !ret && i < staged->count; i++) {
		const struct oc_vm *vm = &staged->vms[i];

		if (oc_vm_table_find(t, vm->vf_guid) || find_name(t, vm->name))
			ret = oc_err_set(err,
					 "%s: VM \"%s\" is already "
					 "known",
					 path, vm->name);
	}
	for (i = 0; !ret && i < staged->count; i++) {
		const struct oc_vm *vm = &staged->vms[i];

		ret = oc_vm_table_add(t, vm->vf_guid, vm->name, vm->weight,
				      err);
		if (!ret) {
			t->vms[t->count - 1].vguid = vm->vguid;
			t->vms[t->count - 1].line = vm->line;
		}
	}
	oc_vm_table_free(staged);
	return ret;
}

int oc_vm_table_load(struct oc_vm_table *t, const char *path,
		     struct oc_err *err)
{
	return load_file(t, path, NULL, NULL, err);
}

int oc_vm_table_load_lenient(struct oc_vm_table *t, const char *path,
			     oc_vm_line_fn *bad_line, void *ctx,
			     struct oc_err *err)
{
	return load_file(t, path, bad_line, ctx, err);
}

/* ------------------------------------------------------------ names */

int oc_vm_name_check(const char *name, struct oc_err *err)
{
	size_t len = strlen(name), i;

	if (!len || len >= OC_VM_NAME_MAX)
		return oc_err_set(err, "VM name of %zu characters (1 to %d)",
				  len, OC_VM_NAME_MAX - 1);
	for (i = 0; i < len; i++) {
		unsigned char c = name[i];

		/* printable ASCII without blanks: nothing a log line or a
		 * terminal would interpret, one word in the state file */
		if (c <= ' ' || c >= 0x7f || c == '#')
			return oc_err_set(err,
					  "VM name: character %zu is %s "
					  "(printable characters only, no "
					  "blank or '#')",
					  i + 1,
					  c == ' '   ? "a blank"
					  : c == '#' ? "'#'"
						     : "not printable");
	}
	return 0;
}
