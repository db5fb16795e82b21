/*
 * vmreg.c - the VM registry and its state file (see vmreg.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "textscan.h"
#include "vmreg.h"

#define STATE_MAGIC "osmcloud-vm-state"
#define STATE_VERSION 2 /* written; 1 (no free VFs) is still read */

struct oc_vmreg *oc_vmreg_new(void)
{
	return calloc(1, sizeof(struct oc_vmreg));
}

void oc_vmreg_free(struct oc_vmreg *r)
{
	if (!r)
		return;
	oc_vmreg_clear_free(r);
	free(r->vms);
	free(r);
}

struct oc_vm_rec *oc_vmreg_by_name(const struct oc_vmreg *r, const char *name)
{
	uint32_t i;

	for (i = 0; i < r->count; i++)
		if (!strcmp(r->vms[i].name, name))
			return &r->vms[i];
	return NULL;
}

struct oc_vm_rec *oc_vmreg_by_vf(const struct oc_vmreg *r, uint64_t vf_guid)
{
	uint32_t i;

	for (i = 0; i < r->count; i++)
		if (r->vms[i].vf_guid == vf_guid)
			return &r->vms[i];
	return NULL;
}

struct oc_vm_rec *oc_vmreg_by_lid(const struct oc_vmreg *r, unsigned lid)
{
	uint32_t i;

	for (i = 0; i < r->count; i++)
		if (r->vms[i].lid == lid)
			return &r->vms[i];
	return NULL;
}

static struct oc_vm_rec *by_vguid(const struct oc_vmreg *r, uint64_t vguid)
{
	uint32_t i;

	for (i = 0; i < r->count; i++)
		if (r->vms[i].vguid == vguid)
			return &r->vms[i];
	return NULL;
}

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

static int check_fields(const struct oc_vm_rec *vm, struct oc_err *err)
{
	if (oc_vm_name_check(vm->name, err))
		return -1;
	if (!vm->vguid || !vm->vf_guid)
		return oc_err_set(err,
				  "VM \"%s\": vGUID and VF GUID must not "
				  "be 0",
				  vm->name);
	if (!vm->lid || vm->lid > OC_MAX_UCAST_LID)
		return oc_err_set(err, "VM \"%s\": LID %u is not a unicast LID",
				  vm->name, vm->lid);
	if (!(vm->weight >= 0) || !(vm->weight <= OC_VM_WEIGHT_MAX))
		return oc_err_set(err, "VM \"%s\": bad weight (at most %d)",
				  vm->name, OC_VM_WEIGHT_MAX);
	return 0;
}

static int check_clash(const struct oc_vmreg *r, const struct oc_vm_rec *vm,
		       struct oc_err *err)
{
	const struct oc_vm_rec *other;

	if (oc_vmreg_by_name(r, vm->name))
		return oc_err_set(err, "VM \"%s\" already exists", vm->name);
	if ((other = by_vguid(r, vm->vguid)))
		return oc_err_set(err,
				  "vGUID 0x%016" PRIx64 " of VM \"%s\" "
				  "is already VM \"%s\"'s",
				  vm->vguid, vm->name, other->name);
	if ((other = oc_vmreg_by_vf(r, vm->vf_guid)))
		return oc_err_set(err,
				  "VF 0x%016" PRIx64 " of VM \"%s\" "
				  "already holds VM \"%s\"",
				  vm->vf_guid, vm->name, other->name);
	if ((other = oc_vmreg_by_lid(r, vm->lid)))
		return oc_err_set(err,
				  "LID %u of VM \"%s\" is already VM "
				  "\"%s\"'s",
				  vm->lid, vm->name, other->name);
	return 0;
}

int oc_vmreg_add(struct oc_vmreg *r, const struct oc_vm_rec *vm,
		 struct oc_err *err)
{
	if (check_fields(vm, err) || check_clash(r, vm, err))
		return -1;
	if (r->count == r->cap) {
		uint32_t cap = r->cap ? 2 * r->cap : 64;
		struct oc_vm_rec *p = realloc(r->vms, cap * sizeof(*p));

		if (!p)
			return oc_err_set(err, "out of memory");
		r->vms = p;
		r->cap = cap;
	}
	r->vms[r->count++] = *vm;
	return 0;
}

int oc_vmreg_remove(struct oc_vmreg *r, const char *name, struct oc_err *err)
{
	struct oc_vm_rec *vm = oc_vmreg_by_name(r, name);

	if (!vm)
		return oc_err_set(err, "no VM named \"%s\"", name);
	*vm = r->vms[--r->count];
	return 0;
}

/* ------------------------------------------------------------ state file */

static int parse_rec(char *line, struct oc_vm_rec *vm, struct oc_err *err)
{
	char name[OC_VM_NAME_MAX + 1], tail;
	unsigned lid;

	memset(vm, 0, sizeof(*vm));
	if (sscanf(line, "%64s 0x%" SCNx64 " 0x%" SCNx64 " %u %lf %c", name,
		   &vm->vguid, &vm->vf_guid, &lid, &vm->weight, &tail) != 5)
		return oc_err_set(err, "expected \"<name> <vGUID> <VF GUID> "
				       "<LID> <weight>\"");
	if (strlen(name) >= OC_VM_NAME_MAX)
		return oc_err_set(err, "VM name longer than %d characters",
				  OC_VM_NAME_MAX - 1);
	strcpy(vm->name, name);
	vm->lid = lid > UINT16_MAX ? 0 : lid;
	return 0;
}

static int blank_or_comment(const char *line)
{
	line += strspn(line, " \t\r\n");
	return !*line || *line == '#';
}

static int parse_header(const char *line, int *version, struct oc_err *err)
{
	if (sscanf(line, STATE_MAGIC " %d", version) != 1)
		return oc_err_set(
			err, "not an osmcloud VM state file (no \"" STATE_MAGIC
			     "\" header)");
	if (*version < 1 || *version > STATE_VERSION)
		return oc_err_set(err,
				  "state file version %d, this osmcloud "
				  "reads versions 1 to %d",
				  *version, STATE_VERSION);
	return 0;
}

/* "free <GUID>" (version 2); a VM named "free" has five fields. */
static int is_free_line(const char *line)
{
	const char *blanks = " \t\r\n";
	unsigned fields = 0;

	line += strspn(line, blanks);
	if (strncmp(line, "free", 4) || !strchr(blanks, line[4]))
		return 0;
	for (; *line; fields++) {
		line += strcspn(line, blanks);
		line += strspn(line, blanks);
	}
	return fields < 5;
}

static int parse_free(struct oc_vmreg *r, const char *line, struct oc_err *err)
{
	const struct oc_vm_rec *vm;
	uint64_t guid;
	char tail;

	if (sscanf(line, " free 0x%" SCNx64 " %c", &guid, &tail) != 1 || !guid)
		return oc_err_set(err, "expected \"free <VF port GUID>\" "
				       "(a GUID other than 0)");
	if (oc_vmreg_is_free(r, guid))
		return oc_err_set(
			err, "VF 0x%016" PRIx64 " is listed free twice", guid);
	if ((vm = oc_vmreg_by_vf(r, guid)))
		return oc_err_set(err,
				  "VF 0x%016" PRIx64 " is listed free but "
				  "VM \"%s\" uses it",
				  guid, vm->name);
	return oc_vmreg_mark_free(r, guid) ? oc_err_set(err, "out of memory")
					   : 0;
}

static int parse_vm(struct oc_vmreg *r, char *line, struct oc_err *err)
{
	struct oc_vm_rec vm;

	if (parse_rec(line, &vm, err))
		return -1;
	if (oc_vmreg_is_free(r, vm.vf_guid))
		return oc_err_set(err,
				  "VF 0x%016" PRIx64 " of VM \"%s\" is "
				  "listed free above",
				  vm.vf_guid, vm.name);
	return oc_vmreg_add(r, &vm, err);
}

static int read_state(struct oc_vmreg *r, FILE *in, const char *path,
		      struct oc_err *err)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	int version = 0, ret = 0;

	while (!ret && getline(&line, &cap, in) >= 0) {
		lineno++;
		if (blank_or_comment(line))
			continue;
		if (!version)
			ret = parse_header(line, &version, err);
		else if (version >= 2 && is_free_line(line))
			ret = parse_free(r, line, err);
		else
			ret = parse_vm(r, line, err);
	}
	if (ret)
		oc_err_at(err, path, lineno, err->msg, NULL);
	else
		ret = oc_read_to_end(in, path, lineno + 1, err);
	free(line);
	if (!ret && !version)
		ret = oc_err_at(err, path, lineno,
				"empty file (no \"" STATE_MAGIC "\" header)",
				NULL);
	return ret ? -1 : 0;
}

int oc_vmreg_load(struct oc_vmreg *r, const char *path, struct oc_err *err)
{
	FILE *in = fopen(path, "r");
	int ret;

	if (!in && errno == ENOENT)
		return 1;
	if (!in)
		return oc_err_set(err, "%s: %s", path, strerror(errno));
	ret = read_state(r, in, path, err);
	fclose(in);
	if (ret) {
		r->count = 0;
		oc_vmreg_clear_free(r);
	}
	return ret;
}

/* Whether some VM uses a free VF: one hash probe per VM (none should). */
static int free_vf_in_use(const struct oc_vmreg *r)
{
	uint32_t i;

	for (i = 0; i < r->count; i++)
		if (oc_vmreg_is_free(r, r->vms[i].vf_guid))
			return 1;
	return 0;
}

/* The free VFs no VM uses (a used one would make the file unreadable). */
static void write_free(const struct oc_vmreg *r, FILE *out)
{
	int check = free_vf_in_use(r);
	uint32_t i;

	fprintf(out, "# free VFs (left without a LID): free VF-port-GUID\n");
	for (i = 0; i < r->num_free; i++)
		if (!check || !oc_vmreg_by_vf(r, r->free_vfs[i]))
			fprintf(out, "free 0x%016" PRIx64 "\n", r->free_vfs[i]);
}

static int write_state(const struct oc_vmreg *r, FILE *out)
{
	uint32_t i;

	fprintf(out, STATE_MAGIC " %d\n# name vGUID VF-port-GUID LID weight\n",
		STATE_VERSION);
	for (i = 0; i < r->count; i++) {
		const struct oc_vm_rec *vm = &r->vms[i];

		fprintf(out, "%s 0x%016" PRIx64 " 0x%016" PRIx64 " %u %.17g\n",
			vm->name, vm->vguid, vm->vf_guid, vm->lid, vm->weight);
	}
	write_free(r, out);
	return fflush(out) || ferror(out) ? -1 : 0;
}

/* Makes the rename itself durable. */
static int sync_dir_of(const char *path)
{
	char *copy = strdup(path);
	int fd, ret = -1;

	if (!copy)
		return -1;
	fd = open(dirname(copy), O_RDONLY | O_DIRECTORY);
	if (fd >= 0) {
		ret = fsync(fd);
		close(fd);
	}
	free(copy);
	return ret;
}

int oc_vmreg_save(const struct oc_vmreg *r, const char *path,
		  struct oc_err *err)
{
	char tmp[4096];
	FILE *out;
	int ret;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return oc_err_set(err, "%s: path too long", path);
	out = fopen(tmp, "w");
	if (!out)
		return oc_err_set(err, "%s: %s", tmp, strerror(errno));
	ret = write_state(r, out);
	if (!ret)
		ret = fsync(fileno(out));
	if (fclose(out))
		ret = -1;
	if (!ret)
		ret = rename(tmp, path);
	if (ret) {
		oc_err_set(err, "%s: cannot write the VM state: %s", path,
			   strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (sync_dir_of(path))
		return oc_err_set(err,
				  "%s: written, but the directory could "
				  "not be synced: %s",
				  path, strerror(errno));
	return 0;
}

/* ------------------------------------------------------------ views */

int oc_vmreg_seed(struct oc_vmreg *r, const struct oc_vm_table *vms,
		  const struct oc_fabric *f, struct oc_err *err)
{
	uint32_t i, node;
	unsigned port;

	for (i = 0; i < vms->count; i++) {
		const struct oc_vm *vm = &vms->vms[i];
		struct oc_vm_rec rec = {.vguid = vm->vguid ? vm->vguid
							   : vm->vf_guid,
					.vf_guid = vm->vf_guid,
					.weight = vm->weight};

		if (rec.vguid != vm->vf_guid &&
		    oc_fabric_find_port_guid(f, rec.vguid, &port) != OC_NONE)
			return oc_err_set(err,
					  "VM \"%s\": vGUID 0x%016" PRIx64
					  " is the port GUID of a port of the "
					  "fabric",
					  vm->name, rec.vguid);
		node = oc_fabric_find_port_guid(f, vm->vf_guid, &port);
		if (node == OC_NONE || oc_is_switch(f, node))
			return oc_err_set(err,
					  "VM \"%s\": VF 0x%016" PRIx64
					  " is not a CA port of the fabric",
					  vm->name, vm->vf_guid);
		rec.lid = oc_port(f, node, port)->lid;
		if (!rec.lid)
			return oc_err_set(err,
					  "VM \"%s\": VF 0x%016" PRIx64
					  " (%s) has no LID",
					  vm->name, vm->vf_guid,
					  f->nodes[node].name);
		snprintf(rec.name, sizeof(rec.name), "%s", vm->name);
		if (oc_vmreg_add(r, &rec, err))
			return -1;
	}
	return 0;
}

struct oc_vm_table *oc_vmreg_table(const struct oc_vmreg *r)
{
	struct oc_vm_table *t = oc_vm_table_new();
	struct oc_err err;
	uint32_t i;

	for (i = 0; t && i < r->count; i++)
		if (oc_vm_table_add(t, r->vms[i].vf_guid, r->vms[i].name,
				    r->vms[i].weight, &err)) {
			oc_vm_table_free(t);
			return NULL;
		}
	return t;
}
