/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_config_check.c - "osmcloud config check" (and its older name
 * "osmcloud config-check"): the plugin's options and every file they
 * name, checked before the administrator restarts opensm, with the
 * plugin's own parser (src/osm/options.c) and readers.
 *
 *   osmcloud config check OPTIONS|CONFIG-FILE [--topo FILE |
 *                                              --ibsim-dump DUMP] [--json]
 *
 * The first argument is the event_plugin_options string, or an opensm
 * configuration file read as OpenSM reads it (io/osm_conf.h), whose
 * other lines config_conf.c checks (the plugin named, the engines, the
 * OpenSM files the plugin honours).  With a
 * fabric (an ibsim topology, or an ibsim Dump, whose LIDs are real) the
 * roots must be physical switches, every VM of the VM file and of the
 * state file must sit on a VF port, and (Dump) each recorded LID must be
 * its VF's.  Every problem is listed (config_report.h: text, or JSON
 * with --json); exit 0 when there is none, 1 when there are, 2 on a
 * usage error.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "config_conf.h"
#include "config_report.h"
#include "analysis/ftree.h"
#include "io/guidfile.h"
#include "io/ibsim_dump.h"
#include "io/osm_conf.h"
#include "vm/lid_model.h"
#include "../osm/options.h"
#include "base/path_check.h"
#include "io/policy_file.h"
#include "io/topo.h"
#include "vm/vmreg.h"
#include "io/weights_file.h"

struct cc {
	const char *cmd; /* "config check" or "config-check" */
	struct oc_osm_opts opts;
	struct oc_fabric *f; /* NULL: no fabric given */
	struct oc_ftree *ft; /* its analysis, NULL when not a fat-tree */
	int real_lids;	     /* f comes from an ibsim Dump */
	struct config_report report;
};

#define problem(c, ...) config_problem(&(c)->report, __VA_ARGS__)
#define note(c, ...) config_note(&(c)->report, __VA_ARGS__)
#define checked(c, ...) config_checked(&(c)->report, __VA_ARGS__)

static void usage(FILE *out, const char *cmd)
{
	fprintf(out,
		"usage: osmcloud %s OPTIONS|CONFIG-FILE\n"
		"           [--topo FILE | --ibsim-dump DUMP] [--json]\n"
		"  OPTIONS      the plugin's event_plugin_options, e.g.\n"
		"               'vms=/etc/opensm/vms.txt "
		"state=/var/lib/osmcloud/vms.state'\n"
		"  CONFIG-FILE  an opensm configuration file (opensm.conf), read "
		"as opensm\n"
		"               reads it: its event_plugin_name, "
		"event_plugin_options and\n"
		"               routing_engine lines and the files "
		"root_guid_file,\n"
		"               cn_guid_file, io_guid_file, node_name_map_name "
		"and\n"
		"               dump_files_dir name\n"
		"  --topo FILE  check the files against this ibsim topology\n"
		"  --ibsim-dump DUMP  against an ibsim Dump (real LIDs: the "
		"state file's\n"
		"               LIDs are compared too)\n"
		"  --json       one JSON object: ok, problems, notes, checked\n"
		"Lists every problem; exit 0 when there is none, 1 when there "
		"are, 2 on a\n"
		"usage error.  'osmcloud config-check' is the older name of "
		"'osmcloud config\n"
		"check'.\n",
		cmd);
}

/* ---- the options ----------------------------------------------------- */

static int parse_option_string(struct cc *c, const char *str)
{
	struct oc_err err;
	int ret = oc_osm_opts_parse(&c->opts, str, &err);

	if (ret)
		problem(c, "event_plugin_options: %s", err.msg);
	return ret;
}

/* Both roots= and OpenSM's root_guid_file: say which one is used. */
static void note_two_roots(struct cc *c, const struct oc_osm_conf *conf)
{
	if (c->opts.roots_file && conf->value[OC_CONF_ROOT_GUID_FILE])
		note(c,
		     "roots=%s and root_guid_file %s are both given: the "
		     "plugin uses roots=",
		     c->opts.roots_file, conf->value[OC_CONF_ROOT_GUID_FILE]);
}

/* CONFIG-FILE: its lines, then its event_plugin_options. */
static int parse_conf_file(struct cc *c, const char *path)
{
	struct oc_osm_conf conf;
	struct oc_err err;
	const char *opts;
	int ret;

	checked(c, "reading event_plugin_options from %s", path);
	if (oc_osm_conf_load(&conf, path, &err)) {
		problem(c, "%s", err.msg);
		return -1;
	}
	config_check_conf(&c->report, path, &conf, c->f);
	opts = conf.value[OC_CONF_EVENT_PLUGIN_OPTIONS];
	if (!opts)
		note(c, "%s has no event_plugin_options line: the defaults",
		     path);
	ret = parse_option_string(c, opts);
	if (!ret)
		note_two_roots(c, &conf);
	oc_osm_conf_free(&conf);
	return ret;
}

/* arg: a file, else the option string.  A word without '=' that is no
 * file is a file name mistyped, not an option: say so. */
static int parse_options(struct cc *c, const char *arg)
{
	struct stat st;
	int found = !stat(arg, &st);

	if (found && S_ISREG(st.st_mode))
		return parse_conf_file(c, arg);
	if (!strchr(arg, '=') && strchr(arg, '/')) {
		problem(c, "%s: %s", arg,
			found ? "not a regular file" : "no such file");
		return -1;
	}
	return parse_option_string(c, arg);
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
		checked(c, "roots: %zu root GUIDs in %s", n, path);
	free(guids);
}

static void bad_vm_line(void *ctx, const char *msg)
{
	struct cc *c = ctx;

	problem(c, "option vms: %s", msg);
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
		checked(c, "vms: %u VMs in %s", t->count, path);
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
		note(c,
		     "%s.pending holds the change of an interrupted "
		     "operation (%u VMs, generation %llu): the master takes it "
		     "at its next takeover if it is newer than the state file, "
		     "else removes it",
		     path, r->count, (unsigned long long)r->generation);
	else if (ret < 0)
		note(c,
		     "%s.pending is torn (%s): the master removes it at its "
		     "next takeover",
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
		checked(c,
			"state: %s does not exist yet: seeded at the first "
			"routing run",
			path);
	else
		checked(c, "state: %u VMs and %u free VFs in %s (version %d)",
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
		checked(c, "policy: %u policies in %s", p->count, path);
	oc_policies_free(p);
}

static void check_weights(struct cc *c, const char *path)
{
	struct oc_err err;
	struct oc_weights *w = oc_weights_load(path, &err);

	if (!w)
		problem(c, "option weights: %s", err.msg);
	else
		checked(c, "weights: %u node weights in %s", w->count, path);
	oc_weights_free(w);
}

static void check_ctl(struct cc *c, const char *path)
{
	struct oc_err err;

	if (oc_path_check_socket("ctl", path, &err))
		problem(c, "%s", err.msg);
	else
		checked(c, "ctl: %s can be the control socket", path);
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
		note(c, "sa_path_caching=on without state=: the PathRecord "
			"caching flag stays down (no VM registry)");
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
		fprintf(stderr, "osmcloud %s: %s\n", c->cmd, err.msg);
		return -1;
	}
	c->real_lids = !!dump;
	c->ft = oc_ftree_analyze(c->f, NULL, &err);
	if (!c->ft)
		note(c,
		     "the fabric is no fat-tree (%s): VMs are checked to be "
		     "CA ports only",
		     err.msg);
	return 0;
}

static int parse_args(int argc, char **argv, const char *cmd, const char **topo,
		      const char **dump, int *json)
{
	static const struct option longopts[] = {
		{"topo", required_argument, NULL, 't'},
		{"ibsim-dump", required_argument, NULL, 'd'},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "t:d:jh", longopts, NULL)) != -1) {
		if (ch == 't')
			*topo = optarg;
		else if (ch == 'd')
			*dump = optarg;
		else if (ch == 'j')
			*json = 1;
		else if (ch == 'h') {
			usage(stdout, cmd);
			exit(0);
		} else {
			usage(stderr, cmd);
			return -1;
		}
	}
	if (optind != argc - 1 || (*topo && *dump)) {
		usage(stderr, cmd);
		return -1;
	}
	return 0;
}

/* cmd: the name the user typed, for the messages. */
int config_check_run(int argc, char **argv, const char *cmd)
{
	const char *topo = NULL, *dump = NULL;
	struct cc c;
	int json = 0, status;

	memset(&c, 0, sizeof(c));
	c.cmd = cmd;
	if (parse_args(argc, argv, cmd, &topo, &dump, &json))
		return 2;
	if (config_report_init(&c.report, json)) {
		fprintf(stderr, "osmcloud %s: out of memory\n", cmd);
		return 1;
	}
	if (load_fabric(&c, topo, dump)) {
		config_report_drop(&c.report);
		return 2;
	}
	if (!parse_options(&c, argv[optind]))
		check_files(&c);
	status = config_report_finish(&c.report);
	oc_osm_opts_free(&c.opts);
	oc_ftree_free(c.ft);
	oc_fabric_free(c.f);
	return status;
}

int cmd_config_check(int argc, char **argv)
{
	return config_check_run(argc, argv, "config-check");
}
