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
#include "io/ctl_json.h"
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
	size_t i;

	if (argc != 1)
		return usage("version", out);
	fprintf(out->text, "%s %d (osmcloud %s, %s)\n", OC_CTL_PROTOCOL,
		OC_CTL_VERSION, PACKAGE_VERSION, p->osm->osm_version);
	if (!out->json)
		return OC_RES_DONE;
	fprintf(out->json,
		",\"protocol\":\"%s\",\"version\":%d,\"osmcloud\":\"%s\","
		"\"opensm\":",
		OC_CTL_PROTOCOL, OC_CTL_VERSION, PACKAGE_VERSION);
	oc_json_quote(out->json, p->osm->osm_version);
	fprintf(out->json, ",\"ops\":[");
	for (i = 0; i < NUM_COMMANDS; i++)
		fprintf(out->json, "%s\"%s\"", i ? "," : "", commands[i].name);
	fprintf(out->json, "]");
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

static void vm_json(osm_opensm_t *osm, const struct oc_vm_rec *vm, FILE *out)
{
	fprintf(out, "{\"name\":");
	oc_json_quote(out, vm->name);
	fprintf(out,
		",\"vguid\":\"0x%016" PRIx64 "\",\"vf_guid\":\"0x%016" PRIx64
		"\",\"lid\":%u,\"weight\":%g,\"vf\":",
		vm->vguid, vm->vf_guid, vm->lid, vm->weight);
	oc_json_quote(out, vf_desc(osm, vm->vf_guid));
	fputc('}', out);
}

static enum oc_result cmd_vms(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out)
{
	struct oc_osm_vmstate *vs = &p->vmstate;
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
	if (out->json)
		fprintf(out->json, ",\"vms\":[");
	for (i = 0; i < vs->reg->count; i++) {
		vm_line(p->osm, &vs->reg->vms[i], out->text);
		if (out->json) {
			fprintf(out->json, i ? "," : "");
			vm_json(p->osm, &vs->reg->vms[i], out->json);
		}
	}
	if (out->json)
		fprintf(out->json, "],\"seeded\":%s",
			vs->ready ? "true" : "false");
	fprintf(out->text, "%u VMs%s\n", vs->reg->count,
		vs->ready ? ""
			  : " (the registry is seeded at the first "
			    "routing run)");
	pthread_mutex_unlock(&vs->lock);
	cl_plock_release(&p->osm->lock);
	return OC_RES_DONE;
}

static enum oc_result cmd_stats(struct oc_osm_plugin *p, int argc, char **argv,
				struct oc_cmd_out *out)
{
	if (argc != 1)
		return usage("stats", out);
	oc_osm_opstats_print(&p->opstats, out->text);
	return OC_RES_DONE;
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
