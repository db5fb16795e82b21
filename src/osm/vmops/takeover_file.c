/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * takeover_file.c - the state file at a takeover (see takeover.h): its
 * identity and generation noted whenever this SM reads or writes it, the
 * freshness check before every operation, and the registry a new master
 * reconciles: the state file, or the PATH.pending of an interrupted
 * operation when it is provably newer.
 */
#include <inttypes.h>
#include <stdio.h>
#include <sys/stat.h>

#include "plugin.h"
#include "vmops/takeover.h"

static int same_file(const struct oc_osm_takeover *t, const struct stat *st)
{
	return t->dev == st->st_dev && t->ino == st->st_ino &&
	       t->size == st->st_size &&
	       t->mtime.tv_sec == st->st_mtim.tv_sec &&
	       t->mtime.tv_nsec == st->st_mtim.tv_nsec;
}

void oc_osm_takeover_note_file(struct oc_osm_plugin *p)
{
	struct oc_osm_takeover *t = &p->takeover;
	struct oc_err why;
	struct stat st;

	t->noted = p->vmstate.path != NULL;
	if (!t->noted)
		return;
	t->existed = !stat(p->vmstate.path, &st) &&
		     !oc_vmreg_file_generation(p->vmstate.path, &t->generation,
					       &why);
	if (!t->existed) {
		t->generation = 0;
		return;
	}
	t->dev = st.st_dev;
	t->ino = st.st_ino;
	t->size = st.st_size;
	t->mtime = st.st_mtim;
}

/* 1 when the state file is not the one noted (written by another SM
 * since, or restored); what it is now in *gen (0 when absent). */
static int file_changed(struct oc_osm_plugin *p, uint64_t *gen)
{
	const struct oc_osm_takeover *t = &p->takeover;
	struct oc_err why;
	struct stat st;
	int exists = !stat(p->vmstate.path, &st);

	*gen = 0;
	if (exists && oc_vmreg_file_generation(p->vmstate.path, gen, &why))
		return 1; /* not readable as ours: not the file noted */
	if (exists != t->existed)
		return 1;
	return exists && (!same_file(t, &st) || *gen != t->generation);
}

void oc_osm_takeover_note_try(struct oc_osm_plugin *p)
{
	struct oc_osm_takeover *t = &p->takeover;

	t->tried_exists = !stat(p->vmstate.path, &t->tried);
}

int oc_osm_takeover_file_since_try(struct oc_osm_plugin *p)
{
	const struct oc_osm_takeover *t = &p->takeover;
	struct stat st;
	int exists = !stat(p->vmstate.path, &st);

	if (exists != t->tried_exists)
		return 1;
	return exists &&
	       (st.st_dev != t->tried.st_dev || st.st_ino != t->tried.st_ino ||
		st.st_size != t->tried.st_size ||
		st.st_mtim.tv_sec != t->tried.st_mtim.tv_sec ||
		st.st_mtim.tv_nsec != t->tried.st_mtim.tv_nsec);
}

int oc_osm_takeover_file_fresh(struct oc_osm_plugin *p, struct oc_err *err)
{
	uint64_t gen;

	if (!p->takeover.noted || !file_changed(p, &gen))
		return 0;
	return oc_err_set(err,
			  "the state file %s changed since this SM read it "
			  "(generation %" PRIu64 " there, %" PRIu64
			  " read or written here; another SM wrote it?): this "
			  "SM's registry may be stale and will not overwrite "
			  "it; it is read again when this SM next becomes "
			  "master",
			  p->vmstate.path, gen, p->takeover.generation);
}

int oc_osm_takeover_file_foreign(struct oc_osm_plugin *p)
{
	uint64_t gen;

	return p->takeover.noted && file_changed(p, &gen);
}

/* PATH.pending (an operation interrupted after staging) against the
 * state file r holds (have: whether there was one): taken when it is
 * provably newer (its generation above the file's), else removed.  1
 * when taken (r holds it now), 0 when none or removed. */
static int take_pending(struct oc_osm_plugin *p, struct oc_vmreg **r, int have)
{
	const char *path = p->vmstate.path;
	struct oc_vmreg *pend = oc_vmreg_new();
	struct oc_err why;
	int ret = pend ? oc_vmreg_load_pending(pend, path, &why) : 1;

	if (ret < 0)
		oc_osm_err(&p->log, OC_ERR_INPUT,
			   "osmcloud: %s; an operation was interrupted while "
			   "staging its change, before it sent anything: the "
			   "staged file is removed",
			   why.msg);
	else if (!ret && have && pend->generation <= (*r)->generation)
		oc_osm_err(&p->log, OC_ERR_INPUT,
			   "osmcloud: %s.pending (generation %" PRIu64
			   ") is not newer than %s (generation %" PRIu64
			   "): a leftover of an older change; removed, not "
			   "applied",
			   path, pend->generation, path, (*r)->generation);
	if (ret || (have && pend->generation <= (*r)->generation)) {
		if (ret <= 0)
			oc_vmreg_abort(path);
		oc_vmreg_free(pend);
		return 0;
	}
	oc_osm_err(&p->log, OC_ERR_INPUT,
		   "osmcloud: %s.pending (generation %" PRIu64
		   "): an operation was interrupted after staging its change: "
		   "taking it (%u VMs) in place of %s (generation %" PRIu64
		   "); reconciled with the fabric now",
		   path, pend->generation, pend->count, path,
		   have ? (*r)->generation : 0);
	if (oc_vmreg_commit(path, &why))
		oc_osm_err(&p->log, OC_ERR_OUTPUT, "osmcloud: %s", why.msg);
	oc_vmreg_free(*r);
	*r = pend;
	return 1;
}

int oc_osm_takeover_registry(struct oc_osm_plugin *p, struct oc_vmreg **reg,
			     int *pending, struct oc_err *err)
{
	struct oc_vmreg *r = oc_vmreg_new();
	struct oc_err why;
	int ret;

	*reg = NULL;
	*pending = 0;
	if (!r)
		return oc_err_set(err, "out of memory");
	ret = oc_vmreg_load(r, p->vmstate.path, NULL, &why);
	if (ret < 0) {
		oc_vmreg_free(r);
		return oc_err_set(err, "the state file cannot be read: %s",
				  why.msg);
	}
	*pending = take_pending(p, &r, ret == 0);
	if (ret > 0 && !*pending) {
		oc_vmreg_free(r);
		return 1;
	}
	*reg = r;
	return 0;
}
