/*
 * migrate_exec.c - the migrate, boot and stop commands (see
 * migrate_exec.h): arguments, then the shared executor.
 */
#include <stdlib.h>
#include <string.h>

#include "migrate_exec.h"
#include "op_exec.h"
#include "plugin.h"
#include "textscan.h"
#include "vmfile.h"

void oc_osm_migrator_init(struct oc_osm_migrator *m)
{
	pthread_mutex_init(&m->busy, NULL);
}

void oc_osm_migrator_destroy(struct oc_osm_migrator *m)
{
	pthread_mutex_destroy(&m->busy);
}

static int need_registry(const struct oc_exec *x, FILE *out)
{
	if (x->p->vmstate.path)
		return 0;
	fprintf(out,
		"osmcloud %s: no VM registry: start opensm with "
		"event_plugin_options state=FILE\n",
		x->cmd);
	return -1;
}

static void exec_init(struct oc_exec *x, struct oc_osm_plugin *p,
		      const char *cmd)
{
	memset(x, 0, sizeof(*x));
	x->p = p;
	x->osm = p->osm;
	x->cmd = cmd;
	x->method = OC_RECONF_FTREEMINRC;
	x->src_hv = x->dst_hv = OC_NONE;
}

int oc_osm_migrate(struct oc_osm_plugin *p, int argc, char **argv, FILE *out)
{
	struct oc_exec x;

	exec_init(&x, p, "migrate");
	if (argc < 3 || argc > 4) {
		fprintf(out, "usage: osmcloud migrate VM HYPERVISOR "
			     "[itrc|ftreeminrc]\n");
		return 1;
	}
	x.vm_name = argv[1];
	x.hv_name = argv[2];
	if (argc == 4 && oc_reconf_method_parse(argv[3], &x.method)) {
		fprintf(out,
			"osmcloud migrate: unknown method \"%s\" (itrc or "
			"ftreeminrc)\n",
			argv[3]);
		return 1;
	}
	if (need_registry(&x, out))
		return 1;
	return oc_exec_run(&x, oc_exec_targets_migrate, out);
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
static int boot_options(struct oc_exec *x, int argc, char **argv, FILE *out)
{
	int i;

	for (i = 3; i < argc; i++) {
		if (!strncmp(argv[i], "vguid=", 6)) {
			if (!parse_vguid(argv[i] + 6, &x->vguid))
				continue;
			fprintf(out,
				"osmcloud boot: bad vGUID \"%s\" (0x + hex, "
				"not 0)\n",
				argv[i] + 6);
			return -1;
		}
		if (i == 3 && !parse_weight(argv[i], &x->weight))
			continue;
		fprintf(out,
			"osmcloud boot: bad weight \"%s\" (0 for the "
			"default, or a number from %g to %g)\n",
			argv[i], OC_VM_WEIGHT_MIN, (double)OC_VM_WEIGHT_MAX);
		return -1;
	}
	return 0;
}

int oc_osm_boot(struct oc_osm_plugin *p, int argc, char **argv, FILE *out)
{
	struct oc_exec x;

	exec_init(&x, p, "boot");
	x.method = OC_RECONF_ITRC; /* boot updates every switch anyway */
	if (argc < 3 || argc > 5) {
		fprintf(out, "usage: osmcloud boot VM HYPERVISOR [weight] "
			     "[vguid=GUID]\n");
		return 1;
	}
	x.vm_name = argv[1];
	x.hv_name = argv[2];
	if (strlen(x.vm_name) >= OC_VM_NAME_MAX) {
		fprintf(out, "osmcloud boot: VM name longer than %d bytes\n",
			OC_VM_NAME_MAX - 1);
		return 1;
	}
	if (boot_options(&x, argc, argv, out) || need_registry(&x, out))
		return 1;
	return oc_exec_run(&x, oc_exec_targets_boot, out);
}

int oc_osm_stop(struct oc_osm_plugin *p, int argc, char **argv, FILE *out)
{
	struct oc_exec x;

	exec_init(&x, p, "stop");
	if (argc < 2 || argc > 3) {
		fprintf(out, "usage: osmcloud stop VM [itrc|ftreeminrc]\n");
		return 1;
	}
	x.vm_name = argv[1];
	if (argc == 3 && oc_reconf_method_parse(argv[2], &x.method)) {
		fprintf(out,
			"osmcloud stop: unknown method \"%s\" (itrc or "
			"ftreeminrc)\n",
			argv[2]);
		return 1;
	}
	if (need_registry(&x, out))
		return 1;
	return oc_exec_run(&x, oc_exec_targets_stop, out);
}
