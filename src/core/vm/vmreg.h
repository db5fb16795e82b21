/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * vmreg.h - the VM registry: every VM the cloud runs and where it is.
 *
 * One record per VM: its name, its virtual port GUID (vGUID, which moves
 * with the VM), the port GUID of the VF it uses now, its LID (which also
 * moves with it: peers never re-resolve paths) and its routing weight.
 * The registry lives in a state file written atomically: a crash or a
 * power cut at any point leaves either the old or the new file, never a
 * torn one.  The VM file (vmfile.h) seeds it the first time.
 *
 * It also holds the *free VFs* of the dynamic LID model: VF ports the
 * plugin left without a LID (the VF of a stop, the old VF of a LID copy)
 * until a boot or a copy gives them one again.  Kept in the state file,
 * they stay free across an opensm restart (the patched opensm's LID
 * manager filter asks the registry, see src/osm/vmops/lidfilter.h).
 *
 * State file format (text: the header, the generation line, one VM a
 * line, then one line per free VF, then the end line with both counts):
 *     osmcloud-vm-state 4
 *     generation 17
 *     # name vGUID VF-port-GUID LID weight
 *     vm-17 0x0002c90500001011 0x0002c90500001011 23 0
 *     free 0x0002c90500001012
 *     end 1 1
 * Weight 0 means the default (1/number of VMs on the hypervisor).  A
 * file without its end line, or whose counts differ from the lines
 * read, was cut short and is refused.  The generation grows by one at
 * every save and every staged change (PATH.pending holds the state
 * file's generation + 1), so that a registry can be told newer than
 * another (docs/failover.md).  Versions 1 (no free lines), 2 (no end
 * line) and 3 (no generation line: generation 0) are still read.  Lines
 * are told apart by their number of fields: "free" and "generation"
 * have two, "end" three, a VM five (so a VM may be named "free", "end"
 * or "generation").
 *
 * Every look-up is a hash probe (40,000 VMs load in milliseconds).  The
 * indexes follow the records: change a record's name, vGUID, VF or LID
 * only through oc_vmreg_place() (or remove and add), never by writing
 * the fields.
 */
#ifndef OC_VMREG_H
#define OC_VMREG_H

#include <stdint.h>

#include "model/fabric.h"
#include "analysis/ftree.h"
#include "base/hash.h"
#include "io/vmfile.h"

struct oc_vm_rec {
	char name[OC_VM_NAME_MAX];
	uint64_t vguid;	    /* the VM's own port GUID, moves with it */
	uint64_t vf_guid;   /* physical port GUID of the VF it uses now */
	uint16_t lid;	    /* its LID, moves with it */
	double weight;	    /* 0: default */
	int held;	    /* the takeover's reconcile could not place it
			     * safely: kept, operations on it refused
			     * (reconcile.h); never saved, 0 when read */
	uint32_t name_next; /* the registry's: the next record whose name
			     * has the same hash (OC_NONE) */
};

struct oc_vmreg {
	struct oc_vm_rec *vms;
	uint32_t count;
	uint32_t cap;
	/* record index by name, vGUID, VF and LID; by_name maps a name's
	 * hash to the last record added with it, the records of one hash
	 * chain through name_next, and a look-up compares the names */
	struct oc_hash *by_name, *by_vguid, *by_vf, *by_lid;
	/* oc_hash_string(); a test may set another while the registry is
	 * empty, to make names collide */
	uint64_t (*name_hash)(const char *name);
	uint64_t *free_vfs; /* free VFs' port GUIDs, unordered */
	uint32_t num_free, free_cap;
	struct oc_hash *free_index; /* free VF GUID -> index in free_vfs */
	uint64_t generation; /* of the state file it was read from or last
			      * written to (0: none, or older than version
			      * 4); copied by clone */
};

/* NULL when out of memory. */
struct oc_vmreg *oc_vmreg_new(void);
void oc_vmreg_free(struct oc_vmreg *r);
/* Forgets every VM and every free VF. */
void oc_vmreg_clear(struct oc_vmreg *r);
/* A copy with its own indexes; NULL when out of memory. */
struct oc_vmreg *oc_vmreg_clone(const struct oc_vmreg *r);

/* VM names follow oc_vm_name_check() (io/vmfile.h), the one rule. */

/* Adds a VM; fails (naming the clash) when its name, vGUID, VF or LID is
 * already taken by another VM, or a field is out of range. */
int oc_vmreg_add(struct oc_vmreg *r, const struct oc_vm_rec *vm,
		 struct oc_err *err);
/* Removes the VM by name; -1 when unknown.  The last record takes its
 * slot (pointers to records are not stable across a remove). */
int oc_vmreg_remove(struct oc_vmreg *r, const char *name, struct oc_err *err);
/* Moves the VM named name to the VF vf_guid with LID lid (a migration, a
 * correction from the fabric); fails, changing nothing, when another VM
 * holds that VF or LID or the values are out of range. */
int oc_vmreg_place(struct oc_vmreg *r, const char *name, uint64_t vf_guid,
		   unsigned lid, struct oc_err *err);

/* Look-ups, one hash probe each; NULL when absent. */
struct oc_vm_rec *oc_vmreg_by_name(const struct oc_vmreg *r, const char *name);
struct oc_vm_rec *oc_vmreg_by_vguid(const struct oc_vmreg *r, uint64_t vguid);
struct oc_vm_rec *oc_vmreg_by_vf(const struct oc_vmreg *r, uint64_t vf_guid);
struct oc_vm_rec *oc_vmreg_by_lid(const struct oc_vmreg *r, unsigned lid);
/* The two questions of the VF chooser (struct oc_vf_users of
 * reconf/reconf_vf.h) asked of a registry (reg: a struct oc_vmreg *):
 * does a VM run on this VF, is this GUID a VM's vGUID. */
int oc_vmreg_runs_vm(const void *reg, uint64_t vf_guid);
int oc_vmreg_is_vguid(const void *reg, uint64_t guid);

/* The free VFs (vmreg_free.c).  A look-up is a hash probe: OpenSM's LID
 * manager asks once per port at every heavy sweep.  mark returns 0 also
 * when vf_guid is already free, -1 when out of memory; unmark of a VF
 * that is not free does nothing.  A free VF that a VM uses is never
 * saved as free (the LID manager filter ignores it as well). */
int oc_vmreg_mark_free(struct oc_vmreg *r, uint64_t vf_guid);
void oc_vmreg_unmark_free(struct oc_vmreg *r, uint64_t vf_guid);
int oc_vmreg_is_free(const struct oc_vmreg *r, uint64_t vf_guid);
/* Forgets every free VF. */
void oc_vmreg_clear_free(struct oc_vmreg *r);

/* The state file (vmreg_file.c). */

/* Reads a state file into an empty registry.  Returns 1 when the file
 * does not exist (no state yet), 0 when read, -1 on an error naming the
 * file, line and problem (the registry is then left empty, free VFs
 * included).  A free VF that a VM of the file uses is such an error, and
 * so is a file of version 3 or later without its end line or whose end
 * line's counts differ from what was read (a file cut short).  *version
 * (may be NULL) gets the file's version. */
int oc_vmreg_load(struct oc_vmreg *r, const char *path, int *version,
		  struct oc_err *err);

/* Writes the state file atomically: PATH.tmp, fsync, rename over PATH,
 * fsync of the directory, with r's generation + 1 (r's generation is
 * then that).  On error PATH keeps its old contents, r its generation. */
int oc_vmreg_save(struct oc_vmreg *r, const char *path, struct oc_err *err);

/* The generation of the state file at path, read from its first lines
 * only (cheap: the freshness check of every operation): 0 with *gen (0
 * for a file of version 3 or older), 1 when the file does not exist,
 * -1 with err (not a regular file, no header, no generation line). */
int oc_vmreg_file_generation(const char *path, uint64_t *gen,
			     struct oc_err *err);

/* A change in two steps, so that a registry is on disk before the
 * fabric is touched: stage writes the registry as it will be to
 * PATH.pending, with next's generation + 1 (next's generation is then
 * that), and syncs it and its folder (-1 with err: nothing staged, PATH
 * untouched, next's generation unchanged); commit renames PATH.pending over PATH and syncs the
 * folder; abort removes PATH.pending.  A PATH.pending found at load time
 * is the change of an operation that was interrupted after staging:
 * oc_vmreg_load_pending() reads it (1: none, 0: read, -1: unreadable,
 * i.e. torn before it was synced, so its operation sent nothing). */
int oc_vmreg_stage(struct oc_vmreg *next, const char *path, struct oc_err *err);
int oc_vmreg_commit(const char *path, struct oc_err *err);
void oc_vmreg_abort(const char *path);
int oc_vmreg_load_pending(struct oc_vmreg *r, const char *path,
			  struct oc_err *err);

/* Called for each VM that seeding leaves out, with the reason. */
typedef void oc_vm_skip_fn(void *ctx, const struct oc_vm *vm, const char *why);

/* Seeds an empty registry from a VM file's table: each VM's vGUID is the
 * port GUID of the VF it starts on, its LID that port's LID in f.  A VM
 * whose VF is not a VF port of f (ft: the fat-tree analysis of f, or
 * NULL to check only that it is a CA port), has no LID, or clashes is
 * passed to skip and left out; without skip it fails the seeding. */
int oc_vmreg_seed(struct oc_vmreg *r, const struct oc_vm_table *vms,
		  const struct oc_fabric *f, const struct oc_ftree *ft,
		  oc_vm_skip_fn *skip, void *ctx, struct oc_err *err);

/* The routing view: VF port GUID -> weight, for the engines.  NULL when
 * out of memory. */
struct oc_vm_table *oc_vmreg_table(const struct oc_vmreg *r);

#endif
