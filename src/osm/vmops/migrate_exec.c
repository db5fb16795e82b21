/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * migrate_exec.c - the migrate, boot and stop commands (see
 * migrate_exec.h): arguments, then the shared executor.
 */
#include <stdlib.h>
#include <string.h>

#include "vmops/commands.h"
#include "vmops/dest.h"
#include "vmops/migrate_exec.h"
#include "vmops/op_exec.h"
#include "plugin.h"
#include "base/textscan.h"
#include "io/vmfile.h"

void oc_osm_migrator_init(struct oc_osm_migrator *m)
{
	pthread_mutex_init(&m->busy, NULL);
}

void oc_osm_migrator_destroy(struct oc_osm_migrator *m)
{
	oc_osm_prepared_drop(&m->prepared);
	oc_osm_model_drop(&m->model);
	pthread_mutex_destroy(&m->busy);
}

void oc_osm_migrator_event(struct oc_osm_plugin *p, osm_epi_event_id_t id)
{
	struct oc_osm_migrator *m = &p->migrator;

	if (id != OSM_EVENT_ID_HEAVY_SWEEP_START &&
	    id != OSM_EVENT_ID_UCAST_ROUTING_DONE)
		return;
	if (pthread_mutex_trylock(&m->busy))
		return; /* the command checks the generation */
	if (m->model.m.snap)
		oc_osm_info(&p->log,
			    "osmcloud: the VM commands' kept model is freed "
			    "(%s; it served %u command%s)",
			    id == OSM_EVENT_ID_HEAVY_SWEEP_START
				    ? "a heavy sweep started"
				    : "OpenSM routed the fabric",
			    m->model.uses, m->model.uses == 1 ? "" : "s");
	oc_osm_model_drop(&m->model);
	pthread_mutex_unlock(&m->busy);
}

static void exec_init(struct oc_exec *x, struct oc_osm_plugin *p,
		      const char *cmd, struct oc_cmd_out *out)
{
	memset(x, 0, sizeof(*x));
	x->p = p;
	x->osm = p->osm;
	x->cmd = cmd;
	x->o = out;
	x->method = OC_RECONF_FTREEMINRC;
	x->src_hv = x->dst_hv = OC_NONE;
}

static enum oc_result bad_request(const struct oc_exec *x, const char *fmt,
				  const char *arg)
{
	fprintf(x->o->text, "osmcloud %s: ", x->cmd);
	fprintf(x->o->text, fmt, arg);
	fputc('\n', x->o->text);
	return OC_RES_BAD_REQUEST;
}

/* The VM name and DEST (when given) follow their rules. */
static int check_names(const struct oc_exec *x, const char *dest,
		       const char *what)
{
	struct oc_err err;

	if (oc_vm_name_check(x->vm_name, &err) ||
	    (dest && oc_dest_check(dest, what, &err))) {
		bad_request(x, "%s", err.msg);
		return -1;
	}
	return 0;
}

/* Checked last: the request is well-formed, this plugin cannot run it. */
static int need_registry(const struct oc_exec *x)
{
	if (x->p->vmstate.path)
		return 0;
	fprintf(x->o->text,
		"osmcloud %s: refused: no VM registry: start opensm with "
		"event_plugin_options state=FILE\n",
		x->cmd);
	return -1;
}

static int parse_method(struct oc_exec *x, const char *s)
{
	if (!oc_reconf_method_parse(s, &x->method))
		return 0;
	bad_request(x, "unknown method \"%s\" (itrc or ftreeminrc)", s);
	return -1;
}

/* migrate and prepare: VM DEST [METHOD]. */
static enum oc_result migrate_like(struct oc_exec *x, int argc, char **argv)
{
	if (argc < 3 || argc > 4) {
		fprintf(x->o->text,
			"osmcloud %s: usage: osmcloud %s VM DEST "
			"[itrc|ftreeminrc]\n",
			x->cmd, x->cmd);
		return OC_RES_BAD_REQUEST;
	}
	x->vm_name = argv[1];
	x->hv_name = argv[2];
	if (check_names(x, x->hv_name, "DEST") ||
	    (argc == 4 && parse_method(x, argv[3])))
		return OC_RES_BAD_REQUEST;
	if (need_registry(x))
		return OC_RES_REFUSED;
	return oc_exec_run(x, oc_exec_targets_migrate);
}

enum oc_result oc_osm_migrate(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out)
{
	struct oc_exec x;

	exec_init(&x, p, "migrate", out);
	x.may_take = 1;
	return migrate_like(&x, argc, argv);
}

enum oc_result oc_osm_prepare(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out)
{
	struct oc_exec x;

	exec_init(&x, p, "prepare", out);
	x.prepare_only = 1;
	return migrate_like(&x, argc, argv);
}

/* The prepared migration's DEST and method, copied (the kept plan may be
 * dropped while the request runs). */
static int prepared_request(struct oc_exec *x, char *dest, size_t size)
{
	const struct oc_osm_prepared *pp;

	pthread_mutex_lock(&x->p->migrator.busy);
	pp = oc_osm_prepared_of(&x->p->migrator.prepared, x->vm_name);
	if (pp) {
		snprintf(dest, size, "%s", pp->dest);
		x->method = pp->method;
	}
	pthread_mutex_unlock(&x->p->migrator.busy);
	return pp ? 0 : -1;
}

enum oc_result oc_osm_apply(struct oc_osm_plugin *p, int argc, char **argv,
			    struct oc_cmd_out *out)
{
	char dest[OC_DEST_MAX];
	struct oc_exec x;

	exec_init(&x, p, "apply", out);
	x.may_take = 1;
	if (argc != 2)
		return bad_request(&x, "%susage: osmcloud apply VM", "");
	x.vm_name = argv[1];
	if (check_names(&x, NULL, NULL))
		return OC_RES_BAD_REQUEST;
	if (need_registry(&x))
		return OC_RES_REFUSED;
	if (prepared_request(&x, dest, sizeof(dest))) {
		fprintf(out->text,
			"osmcloud apply: refused: no migration of VM \"%s\" is "
			"prepared (osmcloud prepare VM DEST first, or "
			"migrate)\n",
			x.vm_name);
		return OC_RES_REFUSED;
	}
	x.hv_name = dest;
	return oc_exec_run(&x, oc_exec_targets_migrate);
}

/* 0 (the default) or a VM file's weight range. */
static int parse_weight(const char *s, double *w)
{
	char *end;

	*w = strtod(s, &end);
	if (end == s || *end)
		return -1;
	return *w == 0 || (*w >= OC_VM_WEIGHT_MIN && *w <= OC_VM_WEIGHT_MAX)
		       ? 0
		       : -1;
}

/* As vguid= in the VM file: 0x + 1 to 16 hex digits, not 0. */
static int parse_vguid(const char *s, uint64_t *guid)
{
	return oc_parse_hex64(s, guid) || !*guid ? -1 : 0;
}

/* The optional arguments of boot: [weight] [vguid=GUID]. */
static int boot_options(struct oc_exec *x, int argc, char **argv)
{
	int i;

	for (i = 3; i < argc; i++) {
		if (!strncmp(argv[i], "vguid=", 6)) {
			if (!parse_vguid(argv[i] + 6, &x->vguid))
				continue;
			bad_request(x, "bad vGUID \"%s\" (0x + hex, not 0)",
				    argv[i] + 6);
			return -1;
		}
		if (i == 3 && !parse_weight(argv[i], &x->weight))
			continue;
		fprintf(x->o->text,
			"osmcloud boot: bad weight \"%s\" (0 for the "
			"default, or a number from %g to %g)\n",
			argv[i], OC_VM_WEIGHT_MIN, (double)OC_VM_WEIGHT_MAX);
		return -1;
	}
	return 0;
}

enum oc_result oc_osm_boot(struct oc_osm_plugin *p, int argc, char **argv,
			   struct oc_cmd_out *out)
{
	struct oc_exec x;

	exec_init(&x, p, "boot", out);
	x.method = OC_RECONF_ITRC; /* boot updates every switch anyway */
	if (argc < 3 || argc > 5)
		return bad_request(&x,
				   "%susage: osmcloud boot VM DEST "
				   "[weight] [vguid=GUID]",
				   "");
	x.vm_name = argv[1];
	x.hv_name = argv[2];
	if (check_names(&x, x.hv_name, "DEST") || boot_options(&x, argc, argv))
		return OC_RES_BAD_REQUEST;
	if (need_registry(&x))
		return OC_RES_REFUSED;
	return oc_exec_run(&x, oc_exec_targets_boot);
}

/* The optional arguments of stop: [itrc|ftreeminrc] [from=DEST]. */
static int stop_options(struct oc_exec *x, int argc, char **argv)
{
	int i;

	for (i = 2; i < argc; i++) {
		if (!strncmp(argv[i], "from=", 5) && !x->from_name) {
			x->from_name = argv[i] + 5;
			continue;
		}
		if (i == 2) {
			if (parse_method(x, argv[i]))
				return -1;
			continue;
		}
		bad_request(x, "unexpected argument \"%s\"", argv[i]);
		return -1;
	}
	return 0;
}

enum oc_result oc_osm_stop(struct oc_osm_plugin *p, int argc, char **argv,
			   struct oc_cmd_out *out)
{
	struct oc_exec x;

	exec_init(&x, p, "stop", out);
	if (argc < 2 || argc > 4)
		return bad_request(&x,
				   "%susage: osmcloud stop VM "
				   "[itrc|ftreeminrc] [from=DEST]",
				   "");
	x.vm_name = argv[1];
	if (stop_options(&x, argc, argv) ||
	    check_names(&x, x.from_name, "from="))
		return OC_RES_BAD_REQUEST;
	if (need_registry(&x))
		return OC_RES_REFUSED;
	return oc_exec_run(&x, oc_exec_targets_stop);
}
