/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_config_check.c - "osmcloud config-check": the plugin's options and
 * every file they name, checked before the administrator restarts
 * opensm, with the plugin's own parser (src/osm/options.c) and readers.
 *
 *   osmcloud config-check OPTIONS|CONFIG-FILE [--topo FILE |
 *                                              --ibsim-dump DUMP]
 *
 * The first argument is the event_plugin_options string, or an opensm
 * configuration file whose event_plugin_options line is read.  With a
 * fabric (an ibsim topology, or an ibsim Dump, whose LIDs are real) the
 * roots must be physical switches, every VM of the VM file and of the
 * state file must sit on a VF port, and (Dump) each recorded LID must be
 * its VF's.  Every problem is listed; exit 0 when there is none, 1 when
 * there are, 2 on a usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "analysis/ftree.h"
#include "io/guidfile.h"
#include "io/ibsim_dump.h"
#include "vm/lid_model.h"
#include "../osm/options.h"
#include "base/path_check.h"
#include "io/policy_file.h"
#include "io/topo.h"
#include "vm/vmreg.h"
#include "io/weights_file.h"

#define CMD "config-check"

struct cc {
	struct oc_osm_opts opts;
	struct oc_fabric *f; /* NULL: no fabric given */
	struct oc_ftree *ft; /* its analysis, NULL when not a fat-tree */
	int real_lids;	     /* f comes from an ibsim Dump */
	unsigned problems;
};

static void problem(struct cc *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void problem(struct cc *c, const char *fmt, ...)
{
	va_list ap;

	c->problems++;
	printf("problem: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud " CMD " OPTIONS|CONFIG-FILE [--topo FILE | "
		"--ibsim-dump DUMP]\n"
		"  OPTIONS      the plugin's event_plugin_options, e.g. "
		"'vms=/etc/opensm/vms.txt state=/var/lib/osmcloud/vms.state'\n"
		"  CONFIG-FILE  an opensm configuration file: its "
		"event_plugin_options line\n"
		"  --topo FILE  check the files against this ibsim topology\n"
		"  --ibsim-dump DUMP  against an ibsim Dump (real LIDs: the "
		"state file's LIDs are compared too)\n"
		"Lists every problem; exit 0 when there is none, 1 when "
		"there are.\n");
}

/* ---- the options ----------------------------------------------------- */

/* The rest of CONFIG-FILE's event_plugin_options line ("" if none). */
static char *options_of_conf(const char *path, struct cc *c)
{
	FILE *in = fopen(path, "r");
	char *line = NULL, *found = NULL;
	size_t cap = 0;
	const char *key = "event_plugin_options";

	if (!in) {
		problem(c, "%s: %s", path, strerror(errno));
		return NULL;
	}
	while (getline(&line, &cap, in) >= 0) {
		char *s = line + strspn(line, " \t");

		if (strncmp(s, key, strlen(key)) ||
		    !strchr(" \t", s[strlen(key)]))
			continue;
		free(found);
		found = strdup(s + strlen(key));
	}
	free(line);
	fclose(in);
	if (!found)
		printf("note: %s has no event_plugin_options line: the "
		       "defaults\n",
		       path);
	return found ? found : strdup("");
}

static int parse_options(struct cc *c, const char *arg)
{
	struct stat st;
	struct oc_err err;
	char *str;
	int ret;

	if (!stat(arg, &st) && S_ISREG(st.st_mode)) {
		printf("reading event_plugin_options from %s\n", arg);
		str = options_of_conf(arg, c);
	} else {
		str = strdup(arg);
	}
	if (!str)
		return -1;
	ret = oc_osm_opts_parse(&c->opts, str, &err);
	free(str);
	if (ret)
		problem(c, "event_plugin_options: %s", err.msg);
	return ret;
}

/* ---- the files ------------------------------------------------------- */

static void check_roots(struct cc *c, const char *path)
{
	struct oc_err err;
	uint64_t *guids = NULL;
	size_t n = 0;
	int ret = c->f ? oc_root_list_load(c->f, path, &guids, &n, &err)
		       : oc_guid_list_load(path, &guids, &n, &err);

	if (ret)
		problem(c, "option roots: %s", err.msg);
	else
		printf("roots: %zu root GUIDs in %s\n", n, path);
	free(guids);
}

static void bad_vm_line(void *ctx, const char *msg)
{
	problem(ctx, "option vms: %s", msg);
}

/* Each VM of t (from path) sits on a VF port of the fabric. */
static void check_vms_on_fabric(struct cc *c, const struct oc_vm_table *t,
				const char *path)
{
	uint32_t i;

	for (i = 0; c->f && i < t->count; i++) {
		const struct oc_vm *vm = &t->vms[i];
		const char *why =
			oc_lid_model_not_a_vf(c->f, c->ft, vm->vf_guid);

		if (why)
			problem(c,
				"option vms: %s:%u: VM \"%s\": 0x%016" PRIx64
				" is not a VF port: %s",
				path, vm->line, vm->name, vm->vf_guid, why);
	}
}

static void check_vms(struct cc *c, const char *path)
{
	struct oc_vm_table *t = oc_vm_table_new();
	struct oc_err err;

	if (!t) {
		problem(c, "option vms: out of memory");
		return;
	}
	if (oc_vm_table_load_lenient(t, path, bad_vm_line, c, &err))
		problem(c, "option vms: %s", err.msg);
	else
		printf("vms: %u VMs in %s\n", t->count, path);
	check_vms_on_fabric(c, t, path);
	oc_vm_table_free(t);
}

/* A recorded VM against the fabric: on a VF, with (Dump) its LID. */
static void check_state_vm(struct cc *c, const char *path,
			   const struct oc_vm_rec *vm)
{
	const char *why = oc_lid_model_not_a_vf(c->f, c->ft, vm->vf_guid);
	unsigned port;
	uint32_t node;

	if (why) {
		problem(c,
			"option state: %s: VM \"%s\": VF 0x%016" PRIx64 ": %s",
			path, vm->name, vm->vf_guid, why);
		return;
	}
	node = oc_fabric_find_port_guid(c->f, vm->vf_guid, &port);
	if (c->real_lids && oc_port(c->f, node, port)->lid != vm->lid)
		problem(c,
			"option state: %s: VM \"%s\" has LID %u, its VF "
			"0x%016" PRIx64 " (%s) has LID %u in the Dump",
			path, vm->name, vm->lid, vm->vf_guid,
			c->f->nodes[node].name, oc_port(c->f, node, port)->lid);
}

static void check_pending(struct cc *c, const char *path)
{
	struct oc_vmreg *r = oc_vmreg_new();
	struct oc_err err;
	int ret = r ? oc_vmreg_load_pending(r, path, &err) : -1;

	if (ret == 0)
		printf("note: %s.pending holds the change of an interrupted "
		       "operation (%u VMs): the plugin takes it at start\n",
		       path, r->count);
	else if (ret < 0)
		printf("note: %s.pending is torn (%s): the plugin removes it "
		       "at start\n",
		       path, r ? err.msg : "out of memory");
	oc_vmreg_free(r);
}

static void check_state(struct cc *c, const char *path)
{
	struct oc_vmreg *r = oc_vmreg_new();
	struct oc_err err;
	uint32_t i;
	int version = 0, ret;

	if (!r || oc_path_check_writable_file("state", path, &err)) {
		problem(c, "%s", r ? err.msg : "option state: out of memory");
		oc_vmreg_free(r);
		return;
	}
	ret = oc_vmreg_load(r, path, &version, &err);
	if (ret < 0)
		problem(c, "option state: %s", err.msg);
	else if (ret > 0)
		printf("state: %s does not exist yet: seeded at the first "
		       "routing run\n",
		       path);
	else
		printf("state: %u VMs and %u free VFs in %s (version %d)\n",
		       r->count, r->num_free, path, version);
	for (i = 0; c->f && i < r->count; i++)
		check_state_vm(c, path, &r->vms[i]);
	check_pending(c, path);
	oc_vmreg_free(r);
}

static void check_policy(struct cc *c, const char *path)
{
	struct oc_err err;
	struct oc_policies *p = oc_policy_file_load(path, &err);

	if (!p)
		problem(c, "option policy: %s", err.msg);
	else
		printf("policy: %u policies in %s\n", p->count, path);
	oc_policies_free(p);
}

static void check_weights(struct cc *c, const char *path)
{
	struct oc_err err;
	struct oc_weights *w = oc_weights_load(path, &err);

	if (!w)
		problem(c, "option weights: %s", err.msg);
	else
		printf("weights: %u node weights in %s\n", w->count, path);
	oc_weights_free(w);
}

static void check_ctl(struct cc *c, const char *path)
{
	struct oc_err err;

	if (oc_path_check_socket("ctl", path, &err))
		problem(c, "%s", err.msg);
	else
		printf("ctl: %s can be the control socket\n", path);
}

static void check_files(struct cc *c)
{
	const struct oc_osm_opts *o = &c->opts;

	if (o->roots_file)
		check_roots(c, o->roots_file);
	if (o->vms_file)
		check_vms(c, o->vms_file);
	if (o->state_file)
		check_state(c, o->state_file);
	if (o->policy_file)
		check_policy(c, o->policy_file);
	if (o->weights_file)
		check_weights(c, o->weights_file);
	if (o->ctl_socket)
		check_ctl(c, o->ctl_socket);
	if (o->sa_path_caching && !o->state_file)
		printf("note: sa_path_caching=on without state=: the PathRecord "
		       "caching flag stays down (no VM registry)\n");
}

/* ---- the fabric ------------------------------------------------------ */

static int load_fabric(struct cc *c, const char *topo, const char *dump)
{
	struct oc_lfts *lfts = NULL;
	struct oc_err err;

	if (!topo && !dump)
		return 0;
	c->f = topo ? oc_topo_load(topo, &err)
		    : oc_ibsim_dump_load(dump, &lfts, &err);
	oc_lfts_free(lfts);
	if (!c->f) {
		fprintf(stderr, "osmcloud " CMD ": %s\n", err.msg);
		return -1;
	}
	c->real_lids = !!dump;
	c->ft = oc_ftree_analyze(c->f, NULL, &err);
	if (!c->ft)
		printf("note: the fabric is no fat-tree (%s): VMs are "
		       "checked to be CA ports only\n",
		       err.msg);
	return 0;
}

static int parse_args(int argc, char **argv, const char **topo,
		      const char **dump)
{
	static const struct option longopts[] = {
		{"topo", required_argument, NULL, 't'},
		{"ibsim-dump", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "t:d:h", longopts, NULL)) != -1) {
		if (ch == 't')
			*topo = optarg;
		else if (ch == 'd')
			*dump = optarg;
		else if (ch == 'h') {
			usage(stdout);
			exit(0);
		} else {
			usage(stderr);
			return -1;
		}
	}
	if (optind != argc - 1 || (*topo && *dump)) {
		usage(stderr);
		return -1;
	}
	return 0;
}

int cmd_config_check(int argc, char **argv)
{
	const char *topo = NULL, *dump = NULL;
	struct cc c;

	memset(&c, 0, sizeof(c));
	if (parse_args(argc, argv, &topo, &dump))
		return 2;
	if (load_fabric(&c, topo, dump))
		return 2;
	if (!parse_options(&c, argv[optind]))
		check_files(&c);
	oc_osm_opts_free(&c.opts);
	oc_ftree_free(c.ft);
	oc_fabric_free(c.f);
	if (c.problems) {
		printf("%u problem(s): opensm would not run the plugin as "
		       "intended\n",
		       c.problems);
		return 1;
	}
	printf("ok: the options and every file they name are usable\n");
	return 0;
}
