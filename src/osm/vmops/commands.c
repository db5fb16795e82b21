/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * commands.c - osmcloud's operator commands (see commands.h).
 */
#include <config.h>

#include <inttypes.h>
#include <string.h>

#include <opensm/osm_node.h>
#include <opensm/osm_port.h>

#include "vmops/commands.h"
#include "io/json_out.h"
#include "osmcloud/ctl.h"
#include "vmops/smstate.h"

static enum oc_result cmd_help(struct oc_osm_plugin *p, int argc, char **argv,
			       struct oc_cmd_out *out);
static enum oc_result cmd_version(struct oc_osm_plugin *p, int argc,
				  char **argv, struct oc_cmd_out *out);
static enum oc_result cmd_vms(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out);
static enum oc_result cmd_stats(struct oc_osm_plugin *p, int argc, char **argv,
				struct oc_cmd_out *out);

static const char *const no_members[] = {NULL};
static const char *const migrate_members[] = {"vm", "dest", "?method", NULL};
static const char *const boot_members[] = {"vm", "dest", "?weight", "=vguid",
					   NULL};
static const char *const stop_members[] = {"vm", "?method", "=from", NULL};
static const char *const apply_members[] = {"vm", NULL};

static const struct oc_cmd commands[] = {
	{"help", "", "this list", 0, no_members, cmd_help},
	{"version", "", "the protocol version and the software's", 0,
	 no_members, cmd_version},
	{"vms", "", "list the VMs of the registry (state=)", 0, no_members,
	 cmd_vms},
	{"migrate", "VM DEST [itrc|ftreeminrc]",
	 "move a VM to DEST (LID swap or copy); DEST: a hypervisor's "
	 "description, host name, node-name-map name or node GUID, or a "
	 "VF's port GUID",
	 1, migrate_members, oc_osm_migrate},
	{"prepare", "VM DEST [itrc|ftreeminrc]",
	 "plan a migrate while the VM still runs; nothing is sent", 1,
	 migrate_members, oc_osm_prepare},
	{"apply", "VM",
	 "send the migrate prepared for VM (once it has stopped)", 1,
	 apply_members, oc_osm_apply},
	{"boot", "VM DEST [weight] [vguid=GUID]",
	 "give a VF without a LID of DEST a free LID", 1, boot_members,
	 oc_osm_boot},
	{"stop", "VM [itrc|ftreeminrc] [from=DEST]",
	 "free the VM's LID (with from=: only if it runs there)", 1,
	 stop_members, oc_osm_stop},
	{"stats", "", "figures of the last operations", 0, no_members,
	 cmd_stats},
};

#define NUM_COMMANDS (sizeof(commands) / sizeof(commands[0]))

const struct oc_cmd *oc_osm_command_find(const char *name)
{
	size_t i;

	for (i = 0; i < NUM_COMMANDS; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

void oc_osm_command_help(FILE *out, int detail)
{
	size_t i;

	fprintf(out, "osmcloud <command>         osmcloud's VM commands "
		     "(\"osmcloud help\")\n");
	if (!detail)
		return;
	for (i = 0; i < NUM_COMMANDS; i++)
		fprintf(out, "  osmcloud %s %-14s %s\n", commands[i].name,
			commands[i].args, commands[i].summary);
	fprintf(out, "A word with blanks goes in double quotes: "
		     "migrate vm-1 \"hv5 mlx5_0\"\n");
}

static enum oc_result usage(const char *name, struct oc_cmd_out *out)
{
	fprintf(out->text, "usage: osmcloud %s\n", name);
	return OC_RES_BAD_REQUEST;
}

static enum oc_result cmd_help(struct oc_osm_plugin *p, int argc, char **argv,
			       struct oc_cmd_out *out)
{
	if (argc != 1)
		return usage("help", out);
	oc_osm_command_help(out->text, 1);
	return OC_RES_DONE;
}

static enum oc_result cmd_version(struct oc_osm_plugin *p, int argc,
				  char **argv, struct oc_cmd_out *out)
{
	json_t *ops;
	size_t i;

	if (argc != 1)
		return usage("version", out);
	fprintf(out->text, "%s %d (osmcloud %s, %s)\n", OC_CTL_PROTOCOL,
		OC_CTL_VERSION, PACKAGE_VERSION, p->osm->osm_version);
	if (!out->json)
		return OC_RES_DONE;
	ops = json_array();
	for (i = 0; ops && i < NUM_COMMANDS; i++)
		if (json_array_append_new(ops, json_string(commands[i].name)))
			break;
	if (!ops || i < NUM_COMMANDS ||
	    json_object_update_new(
		    out->json,
		    json_pack("{s:s, s:i, s:s, s:o, s:o}", "protocol",
			      OC_CTL_PROTOCOL, "version", OC_CTL_VERSION,
			      "osmcloud", PACKAGE_VERSION, "opensm",
			      oc_json_text(p->osm->osm_version), "ops",
			      json_incref(ops)))) {
		json_decref(ops);
		fprintf(out->text, "out of memory for the reply\n");
		return OC_RES_REFUSED;
	}
	json_decref(ops);
	return OC_RES_DONE;
}

/* The node description of the VF port, "?" when it is not in the subnet
 * (the caller holds osm->lock). */
static const char *vf_desc(osm_opensm_t *osm, uint64_t vf_guid)
{
	osm_port_t *port = osm_get_port_by_guid(&osm->subn, cl_hton64(vf_guid));

	return port && port->p_node ? port->p_node->print_desc : "?";
}

static void vm_line(osm_opensm_t *osm, const struct oc_vm_rec *vm, FILE *out)
{
	fprintf(out, "%-20s 0x%016" PRIx64 " 0x%016" PRIx64 " %-6u ", vm->name,
		vm->vguid, vm->vf_guid, vm->lid);
	if (vm->weight > 0)
		fprintf(out, "%-6g ", vm->weight);
	else
		fprintf(out, "%-6s ", "auto");
	fprintf(out, "%s\n", vf_desc(osm, vm->vf_guid));
}

static json_t *vm_json(struct oc_osm_plugin *p, const struct oc_vm_rec *vm)
{
	const char *held = oc_osm_holds_why(&p->vmstate.holds, vm->name);
	char vguid[24], vf_guid[24];
	json_t *o;

	snprintf(vguid, sizeof(vguid), "0x%016" PRIx64, vm->vguid);
	snprintf(vf_guid, sizeof(vf_guid), "0x%016" PRIx64, vm->vf_guid);
	o = json_pack("{s:o, s:s, s:s, s:I, s:o, s:o}", "name",
		      oc_json_text(vm->name), "vguid", vguid, "vf_guid",
		      vf_guid, "lid", (json_int_t)vm->lid, "weight",
		      oc_json_fixed(vm->weight, 6), "vf",
		      oc_json_text(vf_desc(p->osm, vm->vf_guid)));
	if (o && held && json_object_set_new(o, "held", oc_json_text(held))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* The registry's state: "registry" (reconciled or unreconciled),
 * "registry_why", "held" (the held VMs' names); -1: out of memory. */
static int registry_json(const struct oc_osm_plugin *p, json_t *reply)
{
	char why[OC_TAKEOVER_WHY_MAX];
	const char *state = oc_osm_takeover_status(p, why, sizeof(why));
	json_t *held = json_array();
	uint32_t i;

	for (i = 0; held && i < p->vmstate.holds.count; i++)
		if (json_array_append_new(
			    held, oc_json_text(p->vmstate.holds.v[i].name))) {
			json_decref(held);
			held = NULL;
		}
	return json_object_set_new(reply, "registry", json_string(state)) ||
	       json_object_set_new(reply, "registry_why", oc_json_text(why)) ||
	       json_object_set_new(reply, "held", held);
}

/* The registry's state for people. */
static void registry_line(const struct oc_osm_plugin *p, FILE *out)
{
	char why[OC_TAKEOVER_WHY_MAX];
	const char *state = oc_osm_takeover_status(p, why, sizeof(why));

	fprintf(out, "registry: %s: %s\n", state, why);
}

/* The vms reply's members: every VM, whether the registry is seeded and
 * reconciled; -1: out of memory. */
static int vms_json(struct oc_osm_plugin *p, json_t *reply)
{
	const struct oc_osm_vmstate *vs = &p->vmstate;
	json_t *vms = json_array();
	uint32_t i;

	for (i = 0; vms && i < vs->reg->count; i++)
		if (json_array_append_new(vms, vm_json(p, &vs->reg->vms[i]))) {
			json_decref(vms);
			vms = NULL;
		}
	return json_object_set_new(reply, "vms", vms) ||
	       json_object_set_new(reply, "seeded", json_boolean(vs->ready)) ||
	       registry_json(p, reply);
}

static enum oc_result cmd_vms(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out)
{
	struct oc_osm_vmstate *vs = &p->vmstate;
	enum oc_result res = OC_RES_DONE;
	uint32_t i;

	if (argc != 1)
		return usage("vms", out);
	if (!vs->path) {
		fprintf(out->text, "no VM registry: start opensm with "
				   "event_plugin_options state=FILE\n");
		return OC_RES_REFUSED;
	}
	cl_plock_acquire(&p->osm->lock);
	pthread_mutex_lock(&vs->lock);
	fprintf(out->text, "%-20s %-18s %-18s %-6s %-6s %s\n", "VM", "vGUID",
		"VF port GUID", "LID", "weight", "VF");
	for (i = 0; i < vs->reg->count; i++)
		vm_line(p->osm, &vs->reg->vms[i], out->text);
	if (out->json && vms_json(p, out->json))
		res = OC_RES_REFUSED;
	fprintf(out->text, "%u VMs%s\n", vs->reg->count,
		vs->ready ? "" : " (no registry yet: see the registry line)");
	registry_line(p, out->text);
	if (res != OC_RES_DONE)
		fprintf(out->text, "out of memory for the reply\n");
	pthread_mutex_unlock(&vs->lock);
	cl_plock_release(&p->osm->lock);
	return res;
}

static enum oc_result cmd_stats(struct oc_osm_plugin *p, int argc, char **argv,
				struct oc_cmd_out *out)
{
	enum oc_result res = OC_RES_DONE;

	if (argc != 1)
		return usage("stats", out);
	oc_osm_opstats_print(&p->opstats, out->text);
	if (out->json && json_object_set_new(out->json, "ops",
					     oc_osm_opstats_json(&p->opstats)))
		res = OC_RES_REFUSED;
	if (p->vmstate.path) {
		pthread_mutex_lock(&p->vmstate.lock);
		registry_line(p, out->text);
		if (out->json && registry_json(p, out->json))
			res = OC_RES_REFUSED;
		pthread_mutex_unlock(&p->vmstate.lock);
	}
	if (res != OC_RES_DONE)
		fprintf(out->text, "out of memory for the reply\n");
	return res;
}

/* Every word printable ASCII (blanks allowed): nothing an answer or a
 * log line echoes can drive a terminal.  The word is not echoed. */
static int words_printable(int argc, char **argv, FILE *out)
{
	const char *c;
	int i;

	for (i = 0; i < argc; i++)
		for (c = argv[i]; *c; c++)
			if (*c < 0x20 || *c > 0x7e) {
				fprintf(out,
					"osmcloud: word %d, character %d is "
					"not printable ASCII\n",
					i + 1, (int)(c - argv[i]) + 1);
				return 0;
			}
	return 1;
}

enum oc_result oc_osm_command(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out)
{
	const struct oc_cmd *cmd;

	if (!words_printable(argc, argv, out->text))
		return OC_RES_BAD_REQUEST;
	if (argc < 1) {
		oc_osm_command_help(out->text, 1);
		return OC_RES_BAD_REQUEST;
	}
	cmd = oc_osm_command_find(argv[0]);
	if (!cmd) {
		fprintf(out->text,
			"osmcloud: unknown command \"%s\" (\"osmcloud help\" "
			"lists them)\n",
			argv[0]);
		return OC_RES_BAD_REQUEST;
	}
	if (cmd->changes_fabric && oc_osm_master_gate(p, argv[0], out->text))
		return OC_RES_NOT_MASTER;
	return cmd->run(p, argc, argv, out);
}

/* The next word at *s: quoted ("...", no escapes) or up to a blank. */
static char *next_word(char **s, int *bad_quote)
{
	char *w = *s + strspn(*s, " \t\r\n"), *end;

	if (!*w)
		return NULL;
	if (*w == '"') {
		end = strchr(++w, '"');
		if (!end) {
			*bad_quote = 1;
			return NULL;
		}
	} else {
		end = w + strcspn(w, " \t\r\n");
	}
	*s = *end ? end + 1 : end;
	*end = '\0';
	return w;
}

int oc_osm_command_split(char *line, char **argv)
{
	int argc = 0, bad_quote = 0;
	char *word;

	while ((word = next_word(&line, &bad_quote))) {
		if (argc == OC_CMD_MAX_ARGS)
			return -1;
		argv[argc++] = word;
	}
	return bad_quote ? -2 : argc;
}
