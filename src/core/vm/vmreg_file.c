/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vmreg_file.c - the VM registry's state file (format in vmreg.h): load,
 * atomic save, and the staged change written before the fabric moves.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/regular_file.h"
#include "base/textscan.h"
#include "vm/vmreg.h"

#define STATE_MAGIC "osmcloud-vm-state"
/* written; 1 (no free VFs), 2 (no end), 3 (no generation) are read */
#define STATE_VERSION 4
#define FIRST_WITH_FREE 2
#define FIRST_WITH_END 3
#define FIRST_WITH_GENERATION 4
#define PENDING_SUFFIX ".pending"
#define BLANKS " \t\r\n"

/* What a reader has seen so far. */
struct state_reader {
	struct oc_vmreg *r;
	const char *path;
	int version;	/* 0: no header yet */
	int ended;	/* the end line was read */
	int has_gen;	/* the generation line was read */
	unsigned vms;	/* VM lines read */
	unsigned frees; /* free lines read */
	unsigned line;	/* current line */
};

static int blank_or_comment(const char *line)
{
	line += strspn(line, BLANKS);
	return !*line || *line == '#';
}

/* Whether the line's first word is word. */
static int starts_with_word(const char *line, const char *word)
{
	size_t n = strlen(word);

	line += strspn(line, BLANKS);
	return !strncmp(line, word, n) && strchr(BLANKS, line[n]);
}

static unsigned count_fields(const char *line)
{
	unsigned n = 0;

	for (line += strspn(line, BLANKS); *line; n++) {
		line += strcspn(line, BLANKS);
		line += strspn(line, BLANKS);
	}
	return n;
}

static int parse_header(struct state_reader *s, const char *line,
			struct oc_err *err)
{
	if (sscanf(line, STATE_MAGIC " %d", &s->version) != 1) {
		s->version = 0;
		return oc_err_set(
			err, "not an osmcloud VM state file (no \"" STATE_MAGIC
			     "\" header)");
	}
	if (s->version < 1 || s->version > STATE_VERSION)
		return oc_err_set(err,
				  "state file version %d, this osmcloud "
				  "reads versions 1 to %d",
				  s->version, STATE_VERSION);
	return 0;
}

static int parse_free(struct state_reader *s, const char *line,
		      struct oc_err *err)
{
	const struct oc_vm_rec *vm;
	uint64_t guid;
	char tail;

	if (sscanf(line, " free 0x%" SCNx64 " %c", &guid, &tail) != 1 || !guid)
		return oc_err_set(err, "expected \"free <VF port GUID>\" "
				       "(a GUID other than 0)");
	if (oc_vmreg_is_free(s->r, guid))
		return oc_err_set(
			err, "VF 0x%016" PRIx64 " is listed free twice", guid);
	if ((vm = oc_vmreg_by_vf(s->r, guid)))
		return oc_err_set(err,
				  "VF 0x%016" PRIx64 " is listed free but "
				  "VM \"%s\" uses it",
				  guid, vm->name);
	if (oc_vmreg_mark_free(s->r, guid))
		return oc_err_set(err, "out of memory");
	s->frees++;
	return 0;
}

/* "generation N": once, before the VMs. */
static int parse_generation(struct state_reader *s, const char *line,
			    struct oc_err *err)
{
	unsigned long long gen;
	char tail;

	if (sscanf(line, " generation %llu %c", &gen, &tail) != 1)
		return oc_err_set(err, "expected \"generation <number>\"");
	if (s->has_gen || s->vms || s->frees)
		return oc_err_set(err, "the generation line must come once, "
				       "right after the header");
	s->r->generation = gen;
	s->has_gen = 1;
	return 0;
}

/* "end <VMs> <free VFs>": both counts must be what was read. */
static int parse_end(struct state_reader *s, const char *line,
		     struct oc_err *err)
{
	unsigned vms, frees;
	char tail;

	if (sscanf(line, " end %u %u %c", &vms, &frees, &tail) != 2)
		return oc_err_set(err, "expected \"end <VMs> <free VFs>\"");
	if (vms != s->vms || frees != s->frees)
		return oc_err_set(err,
				  "the end line counts %u VMs and %u free "
				  "VFs, the file holds %u and %u: lines are "
				  "missing (the file was cut or edited)",
				  vms, frees, s->vms, s->frees);
	s->ended = 1;
	return 0;
}

static int parse_vm(struct state_reader *s, const char *line,
		    struct oc_err *err)
{
	char name[OC_VM_NAME_MAX + 1], tail;
	struct oc_vm_rec vm;
	unsigned lid;

	memset(&vm, 0, sizeof(vm));
	if (sscanf(line, "%64s 0x%" SCNx64 " 0x%" SCNx64 " %u %lf %c", name,
		   &vm.vguid, &vm.vf_guid, &lid, &vm.weight, &tail) != 5)
		return oc_err_set(err, "expected \"<name> <vGUID> <VF GUID> "
				       "<LID> <weight>\"");
	if (strlen(name) >= OC_VM_NAME_MAX)
		return oc_err_set(err, "VM name longer than %d characters",
				  OC_VM_NAME_MAX - 1);
	strcpy(vm.name, name);
	vm.lid = lid > UINT16_MAX ? 0 : lid;
	if (oc_vmreg_is_free(s->r, vm.vf_guid))
		return oc_err_set(err,
				  "VF 0x%016" PRIx64 " of VM \"%s\" is "
				  "listed free above",
				  vm.vf_guid, vm.name);
	if (oc_vmreg_add(s->r, &vm, err))
		return -1;
	s->vms++;
	return 0;
}

static int parse_line(struct state_reader *s, const char *line,
		      struct oc_err *err)
{
	unsigned fields = count_fields(line);

	if (!s->version)
		return parse_header(s, line, err);
	if (s->ended)
		return oc_err_set(err, "a line after the end line");
	/* a VM line has 5 fields, so a VM may be named "free" or "end" */
	if (s->version >= FIRST_WITH_FREE && fields < 5 &&
	    starts_with_word(line, "free"))
		return parse_free(s, line, err);
	if (s->version >= FIRST_WITH_END && fields < 5 &&
	    starts_with_word(line, "end"))
		return parse_end(s, line, err);
	if (s->version >= FIRST_WITH_GENERATION && fields < 5 &&
	    starts_with_word(line, "generation"))
		return parse_generation(s, line, err);
	return parse_vm(s, line, err);
}

/* What the whole file must have had. */
static int check_complete(const struct state_reader *s, struct oc_err *err)
{
	if (!s->version)
		return oc_err_at(err, s->path, s->line,
				 "empty file (no \"" STATE_MAGIC "\" header)",
				 NULL);
	if (s->version >= FIRST_WITH_END && !s->ended)
		return oc_err_set(err,
				  "%s: cut short: no end line after line %u "
				  "(%u VMs and %u free VFs read; a complete "
				  "file ends with \"end <VMs> <free VFs>\")",
				  s->path, s->line, s->vms, s->frees);
	if (s->version >= FIRST_WITH_GENERATION && !s->has_gen)
		return oc_err_set(err, "%s: no \"generation\" line", s->path);
	return 0;
}

static int read_line(void *ctx, char *line, unsigned lineno, struct oc_err *err)
{
	struct state_reader *s = ctx;

	s->line = lineno;
	return blank_or_comment(line) ? 0 : parse_line(s, line, err);
}

static int read_state(struct state_reader *s, FILE *in, struct oc_err *err)
{
	if (oc_read_lines(in, s->path, read_line, s, err))
		return -1;
	return check_complete(s, err) ? -1 : 0;
}

int oc_vmreg_load(struct oc_vmreg *r, const char *path, int *version,
		  struct oc_err *err)
{
	struct state_reader s = {.r = r, .path = path};
	FILE *in = oc_fopen_regular(path, OC_OPEN_NOFOLLOW, OC_STATE_MAX_BYTES,
				    err);
	int ret;

	if (!in)
		return errno == ENOENT ? 1 : -1;
	ret = read_state(&s, in, err);
	fclose(in);
	if (ret)
		oc_vmreg_clear(r);
	if (version)
		*version = s.version;
	return ret;
}

/* ------------------------------------------------------------ writing */

/* Whether some VM uses a free VF: one hash probe per VM (none should). */
static int free_vf_in_use(const struct oc_vmreg *r)
{
	uint32_t i;

	for (i = 0; i < r->count; i++)
		if (oc_vmreg_is_free(r, r->vms[i].vf_guid))
			return 1;
	return 0;
}

/* The free VFs no VM uses (a used one would make the file unreadable);
 * returns how many were written. */
static unsigned write_free(const struct oc_vmreg *r, FILE *out)
{
	int check = free_vf_in_use(r);
	unsigned n = 0;
	uint32_t i;

	fprintf(out, "# free VFs (left without a LID): free VF-port-GUID\n");
	for (i = 0; i < r->num_free; i++)
		if (!check || !oc_vmreg_by_vf(r, r->free_vfs[i])) {
			fprintf(out, "free 0x%016" PRIx64 "\n", r->free_vfs[i]);
			n++;
		}
	return n;
}

static int write_state(const struct oc_vmreg *r, FILE *out)
{
	unsigned frees;
	uint32_t i;

	fprintf(out,
		STATE_MAGIC " %d\n# one more at every save\ngeneration %llu\n"
			    "# name vGUID VF-port-GUID LID weight\n",
		STATE_VERSION, (unsigned long long)r->generation);
	for (i = 0; i < r->count; i++) {
		const struct oc_vm_rec *vm = &r->vms[i];

		fprintf(out, "%s 0x%016" PRIx64 " 0x%016" PRIx64 " %u %.17g\n",
			vm->name, vm->vguid, vm->vf_guid, vm->lid, vm->weight);
	}
	frees = write_free(r, out);
	fprintf(out, "# complete: end VMs free-VFs\nend %u %u\n", r->count,
		frees);
	return fflush(out) || ferror(out) ? -1 : 0;
}

/* Makes a rename or a new name in the folder durable. */
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

static int suffixed(char *buf, size_t size, const char *path,
		    const char *suffix, struct oc_err *err)
{
	if (snprintf(buf, size, "%s%s", path, suffix) >= (int)size)
		return oc_err_set(err, "%s: path too long", path);
	return 0;
}

/* Writes r to file and syncs it; on error file is removed. */
static int write_synced(const struct oc_vmreg *r, const char *file,
			struct oc_err *err)
{
	FILE *out = fopen(file, "w");
	int ret;

	if (!out)
		return oc_err_set(err, "%s: %s", file, strerror(errno));
	ret = write_state(r, out);
	if (!ret)
		ret = fsync(fileno(out));
	if (fclose(out))
		ret = -1;
	if (ret) {
		oc_err_set(err, "%s: cannot write the VM state: %s", file,
			   strerror(errno));
		unlink(file);
	}
	return ret;
}

static int rename_synced(const char *from, const char *to, struct oc_err *err)
{
	if (rename(from, to))
		return oc_err_set(err, "%s: cannot rename it to %s: %s", from,
				  to, strerror(errno));
	if (sync_dir_of(to))
		return oc_err_set(err,
				  "%s: written, but the directory could "
				  "not be synced: %s",
				  to, strerror(errno));
	return 0;
}

int oc_vmreg_save(struct oc_vmreg *r, const char *path, struct oc_err *err)
{
	char tmp[4096];

	r->generation++;
	if (suffixed(tmp, sizeof(tmp), path, ".tmp", err) ||
	    write_synced(r, tmp, err))
		goto fail;
	if (rename_synced(tmp, path, err)) {
		unlink(tmp);
		goto fail;
	}
	return 0;
fail:
	r->generation--;
	return -1;
}

int oc_vmreg_stage(struct oc_vmreg *next, const char *path, struct oc_err *err)
{
	char pending[4096];

	next->generation++;
	if (suffixed(pending, sizeof(pending), path, PENDING_SUFFIX, err) ||
	    write_synced(next, pending, err))
		goto fail;
	if (sync_dir_of(pending)) {
		oc_err_set(err, "%s: the directory could not be synced: %s",
			   pending, strerror(errno));
		unlink(pending);
		goto fail;
	}
	return 0;
fail:
	next->generation--;
	return -1;
}

int oc_vmreg_commit(const char *path, struct oc_err *err)
{
	char pending[4096];

	if (suffixed(pending, sizeof(pending), path, PENDING_SUFFIX, err))
		return -1;
	return rename_synced(pending, path, err);
}

void oc_vmreg_abort(const char *path)
{
	char pending[4096];

	if (!suffixed(pending, sizeof(pending), path, PENDING_SUFFIX, NULL))
		unlink(pending);
}

int oc_vmreg_load_pending(struct oc_vmreg *r, const char *path,
			  struct oc_err *err)
{
	char pending[4096];

	if (suffixed(pending, sizeof(pending), path, PENDING_SUFFIX, err))
		return -1;
	return oc_vmreg_load(r, pending, NULL, err);
}

/* The header and the generation line of the file at fd (a regular file):
 * 0 with *gen (0 for a file older than version 4), -1 with err. */
static int read_generation(int fd, const char *path, uint64_t *gen,
			   struct oc_err *err)
{
	struct state_reader s = {.path = path};
	struct oc_vmreg probe = {0};
	FILE *in = fdopen(fd, "r");
	char line[256];
	unsigned n;

	if (!in) {
		close(fd);
		return oc_err_set(err, "%s: %s", path, strerror(errno));
	}
	s.r = &probe;
	for (n = 0; n < 8 && fgets(line, sizeof(line), in); n++) {
		if (blank_or_comment(line))
			continue;
		if (!s.version) {
			if (parse_header(&s, line, err))
				break;
			if (s.version < FIRST_WITH_GENERATION)
				break;
			continue;
		}
		if (starts_with_word(line, "generation") &&
		    !parse_generation(&s, line, err))
			break;
		oc_err_set(err, "%s: no \"generation\" line after the header",
			   path);
		break;
	}
	fclose(in);
	if (!s.version || (s.version >= FIRST_WITH_GENERATION && !s.has_gen)) {
		if (!err->msg[0])
			oc_err_set(err, "%s: no header and generation line",
				   path);
		return -1;
	}
	*gen = probe.generation;
	return 0;
}

int oc_vmreg_file_generation(const char *path, uint64_t *gen,
			     struct oc_err *err)
{
	int fd = oc_open_regular(path, OC_OPEN_NOFOLLOW, OC_STATE_MAX_BYTES,
				 err);

	if (fd < 0 && errno == ENOENT) {
		err->msg[0] = '\0';
		return 1;
	}
	if (fd < 0)
		return -1;
	err->msg[0] = '\0';
	return read_generation(fd, path, gen, err);
}
