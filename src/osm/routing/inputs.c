/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * inputs.c - loading the roots=, vms=, policy= and weights= files.
 */
#include <stdlib.h>
#include <string.h>

#include "io/guidfile.h"
#include "routing/inputs.h"
#include "io/policy_file.h"
#include "io/weights_file.h"

static int load_roots(struct oc_osm_inputs *in, const char *path,
		      struct oc_err *err)
{
	struct oc_err why;

	if (oc_guid_list_load(path, &in->roots, &in->num_roots, &why))
		return oc_err_set(err, "option roots: %s", why.msg);
	return 0;
}

/* A bad line of the VM file costs that VM only. */
static void bad_vm_line(void *ctx, const char *msg)
{
	const struct oc_osm_log *log = ctx;

	oc_osm_err(log, OC_ERR_INPUT,
		   "osmcloud: option vms: %s; this line is skipped, the "
		   "other VMs are routed",
		   msg);
}

/* A VM file that cannot be read costs its VMs, not the plugin: they
 * are routed as idle VFs (no VMs from it) until it can be read. */
static int load_vms(struct oc_osm_inputs *in, const char *path,
		    const struct oc_osm_log *log, struct oc_err *err)
{
	struct oc_err why;

	in->vms = oc_vm_table_new();
	if (!in->vms)
		return oc_err_set(err, "option vms: %s: out of memory", path);
	if (!oc_vm_table_load_lenient(in->vms, path, bad_vm_line, (void *)log,
				      &why))
		return 0;
	oc_osm_err(log, OC_ERR_INPUT,
		   "osmcloud: option vms: %s; no VMs from this file until "
		   "it can be read (a registry is not seeded from it), "
		   "routing goes on",
		   why.msg);
	oc_vm_table_free(in->vms);
	in->vms = oc_vm_table_new();
	in->vms_unread = 1;
	if (!in->vms)
		return oc_err_set(err, "option vms: %s: out of memory", path);
	return 0;
}

static int load_policies(struct oc_osm_inputs *in, const char *path,
			 struct oc_err *err)
{
	struct oc_err why;

	in->policies = oc_policy_file_load(path, &why);
	if (!in->policies)
		return oc_err_set(err, "option policy: %s", why.msg);
	return 0;
}

static int load_weights(struct oc_osm_inputs *in, const char *path,
			struct oc_err *err)
{
	struct oc_err why;

	in->weights = oc_weights_load(path, &why);
	if (!in->weights)
		return oc_err_set(err, "option weights: %s", why.msg);
	return 0;
}

int oc_osm_inputs_load(struct oc_osm_inputs *in, const struct oc_osm_opts *opts,
		       const struct oc_osm_log *log, struct oc_err *err)
{
	memset(in, 0, sizeof(*in));
	if ((opts->roots_file && load_roots(in, opts->roots_file, err)) ||
	    (opts->vms_file && load_vms(in, opts->vms_file, log, err)) ||
	    (opts->policy_file && load_policies(in, opts->policy_file, err)) ||
	    (opts->weights_file && load_weights(in, opts->weights_file, err))) {
		oc_osm_inputs_clear(in);
		return -1;
	}
	return 0;
}

int oc_osm_inputs_reload(struct oc_osm_inputs *in,
			 const struct oc_osm_opts *opts,
			 const struct oc_osm_log *log, struct oc_err *err)
{
	struct oc_osm_inputs fresh;

	struct oc_vm_table *last_good;

	if (oc_osm_inputs_load(&fresh, opts, log, err))
		return -1;
	if (fresh.vms_unread && in->vms && !in->vms_unread) {
		last_good = in->vms;
		in->vms = fresh.vms;
		fresh.vms = last_good;
		oc_osm_info(log,
			    "osmcloud: option vms: routing with the %u "
			    "VMs last read from it",
			    last_good->count);
	}
	oc_osm_inputs_clear(in);
	*in = fresh;
	return 0;
}

void oc_osm_inputs_clear(struct oc_osm_inputs *in)
{
	free(in->roots);
	oc_vm_table_free(in->vms);
	oc_policies_free(in->policies);
	oc_weights_free(in->weights);
	memset(in, 0, sizeof(*in));
}
