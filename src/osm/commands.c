/*
 * commands.c - osmcloud's operator commands (see commands.h).
 */
#include <inttypes.h>
#include <string.h>

#include <opensm/osm_node.h>
#include <opensm/osm_port.h>

#include "commands.h"
#include "result.h"
#include "smstate.h"

struct command {
	const char *name;
	const char *args;
	const char *summary;
	int (*run)(struct oc_osm_plugin *p, int argc, char **argv, FILE *out);
	int changes_fabric; /* only the master SM runs it (smstate.h) */
};

static int cmd_help(struct oc_osm_plugin *p, int argc, char **argv, FILE *out);
static int cmd_vms(struct oc_osm_plugin *p, int argc, char **argv, FILE *out);
static int cmd_stats(struct oc_osm_plugin *p, int argc, char **argv, FILE *out);

static const struct command commands[] = {
	{"help", "", "this list", cmd_help, 0},
	{"vms", "", "list the VMs of the registry (state=)", cmd_vms, 0},
	{"migrate", "VM HYPERVISOR [itrc|ftreeminrc]",
	 "move a VM to HYPERVISOR (LID swap or copy)", oc_osm_migrate, 1},
	{"boot", "VM HYPERVISOR [weight] [vguid=GUID]",
	 "give a VF without a LID of HYPERVISOR a free LID", oc_osm_boot, 1},
	{"stop", "VM [itrc|ftreeminrc]", "free the VM's LID", oc_osm_stop, 1},
	{"stats", "", "figures of the last operations", cmd_stats, 0},
};

#define NUM_COMMANDS (sizeof(commands) / sizeof(commands[0]))

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
}

static int cmd_help(struct oc_osm_plugin *p, int argc, char **argv, FILE *out)
{
	oc_osm_command_help(out, 1);
	return 0;
}

/* The node description of the VF port, "?" when it is not in the subnet
 * (the caller holds osm->lock). */
static const char *vf_desc(osm_opensm_t *osm, uint64_t vf_guid)
{
	osm_port_t *port = osm_get_port_by_guid(&osm->subn, cl_hton64(vf_guid));

	return port && port->p_node ? port->p_node->print_desc : "?";
}

static int cmd_vms(struct oc_osm_plugin *p, int argc, char **argv, FILE *out)
{
	struct oc_osm_vmstate *vs = &p->vmstate;
	uint32_t i;

	if (argc != 1) {
		fprintf(out, "usage: osmcloud vms\n");
		return 1;
	}
	if (!vs->path) {
		fprintf(out, "no VM registry: start opensm with "
			     "event_plugin_options state=FILE\n");
		return 1;
	}
	cl_plock_acquire(&p->osm->lock);
	pthread_mutex_lock(&vs->lock);
	fprintf(out, "%-20s %-18s %-18s %-6s %-6s %s\n", "VM", "vGUID",
		"VF port GUID", "LID", "weight", "VF");
	for (i = 0; i < vs->reg->count; i++) {
		const struct oc_vm_rec *vm = &vs->reg->vms[i];

		fprintf(out, "%-20s 0x%016" PRIx64 " 0x%016" PRIx64 " %-6u ",
			vm->name, vm->vguid, vm->vf_guid, vm->lid);
		if (vm->weight > 0)
			fprintf(out, "%-6g ", vm->weight);
		else
			fprintf(out, "%-6s ", "auto");
		fprintf(out, "%s\n", vf_desc(p->osm, vm->vf_guid));
	}
	fprintf(out, "%u VMs%s\n", vs->reg->count,
		vs->ready ? ""
			  : " (the registry is seeded at the first "
			    "routing run)");
	pthread_mutex_unlock(&vs->lock);
	cl_plock_release(&p->osm->lock);
	return 0;
}

static int cmd_stats(struct oc_osm_plugin *p, int argc, char **argv, FILE *out)
{
	if (argc != 1) {
		fprintf(out, "usage: osmcloud stats\n");
		return 1;
	}
	oc_osm_opstats_print(&p->opstats, out);
	return 0;
}

int oc_osm_command(struct oc_osm_plugin *p, int argc, char **argv, FILE *out)
{
	size_t i;

	if (argc < 1) {
		oc_osm_command_help(out, 1);
		return 1;
	}
	for (i = 0; i < NUM_COMMANDS; i++)
		if (!strcmp(argv[0], commands[i].name)) {
			if (commands[i].changes_fabric &&
			    oc_osm_master_gate(p, argv[0], out))
				return OC_RES_NOT_MASTER;
			return commands[i].run(p, argc, argv, out);
		}
	fprintf(out,
		"osmcloud: unknown command \"%s\" (\"osmcloud help\" "
		"lists them)\n",
		argv[0]);
	return 1;
}

int oc_osm_command_split(char *line, char **argv)
{
	char *save = NULL, *word;
	int argc = 0;

	for (word = strtok_r(line, " \t\r\n", &save); word;
	     word = strtok_r(NULL, " \t\r\n", &save)) {
		if (argc == OC_CMD_MAX_ARGS)
			return -1;
		argv[argc++] = word;
	}
	return argc;
}
