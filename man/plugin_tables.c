/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * plugin_tables.c - the tables of osmcloud-plugin(5), printed as troff
 * from the tables the plugin itself uses, so the page cannot drift from
 * the code:
 *
 *   plugin_tables options    every option (src/osm/options.c)
 *   plugin_tables opensm     the opensm.conf lines the plugin reads
 *   plugin_tables engines    every engine the plugin registers
 *                            (oc_engines), with its paragraph below
 *   plugin_tables log-codes  every ERR OCnn code (src/osm/log_codes.c)
 *
 * An engine without a paragraph here fails the build, naming it.
 */
#include <stdio.h>
#include <string.h>

#include "../src/osm/log_codes.h"
#include "../src/osm/options.h"
#include "route/engine.h"

/* What each engine does, beyond its one-line summary. */
static const struct {
	const char *name;
	const char *what;
} engine_text[] = {
	{"vswitch_ftree",
	 "Every hypervisor is a small switch carrying a PF and VF ports. "
	 "Every VM is routed on its "
	 "own with a weight (1/VMs of its hypervisor by default; from vms= or "
	 "the registry), PF paths are balanced too, idle VFs follow their PF, "
	 "and both the prepopulated and the dynamic LID model route. Without "
	 "vSwitches it routes a fat-tree of compute and I/O nodes. Its "
	 "promise: every CA LID reached from every switch, no credit loop in "
	 "CA traffic."},
	{"sftree",
	 "The pairs of switches up/down routing cannot join go through one "
	 "leaf switch, the subtree root, away from the SM's leaf; multi-core trees "
	 "joined at their leaves or roots route too. Its promise adds every "
	 "switch LID and switch-sourced traffic, but for the switch pairs it "
	 "declares unserved (logged as a warning)."},
	{"pftree",
	 "For multi-tenant fabrics: keeps the tenants of OpenSM's partitions.conf on separate links and gives "
	 "tenants that must share a link their own SL and VL (path_sl; the "
	 "SL-to-VL tables need qos TRUE)."},
	{"pftree_ext",
	 "The policies come from policy= (phy-isolation, vlane-isolation, def-isolation): in mode strict a "
	 "policy that cannot be met refuses the fabric (ERR OC11), in mode "
	 "best-effort a warning names it and routing goes on."},
	{"pftree_wt",
	 "The weights come from weights= (osmcloud weights learns them from "
	 "the ports' receive counters); a node the file does not name "
	 "weighs 1."},
};

#define NUM_ENGINE_TEXTS (sizeof(engine_text) / sizeof(engine_text[0]))

/* text for troff: a backslash is \e, a line never starts with a dot or
 * an apostrophe (the text has no newlines). */
static void text(const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", stdout);
	for (; *s; s++)
		if (*s == '\\')
			fputs("\\e", stdout);
		else
			putchar(*s);
}

/* A tag on a line of its own, then its indented text (up to end()). */
static void item(const char *bold, const char *italic)
{
	printf(".PP\n\\fB");
	text(bold);
	printf("\\fR");
	if (italic) {
		printf("\\fI");
		text(italic);
		printf("\\fR");
	}
	printf("\n.RS\n");
}

static void end(void)
{
	printf(".RE\n");
}

static void paragraph(const char *s)
{
	text(s);
	printf("\n");
}

static int options(void)
{
	const struct oc_osm_opt_desc *o;
	char key[64];

	for (o = oc_osm_opt_table; o->name; o++) {
		snprintf(key, sizeof(key), "%s=", o->name);
		item(key, o->value);
		paragraph(o->what);
		printf(".br\nDefault: ");
		text(o->def);
		printf(".\n.br\nExample: \\fB%s=", o->name);
		text(o->example);
		printf("\\fR\n");
		end();
	}
	return 0;
}

static int opensm_lines(void)
{
	const struct oc_osm_conf_desc *d;

	for (d = oc_osm_conf_table; d->name; d++) {
		item(d->name, NULL);
		paragraph(d->what);
		printf(".br\nExample: \\fB%s ", d->name);
		text(d->example);
		printf("\\fR\n");
		end();
	}
	return 0;
}

static const char *engine_what(const char *name)
{
	size_t i;

	for (i = 0; i < NUM_ENGINE_TEXTS; i++)
		if (!strcmp(engine_text[i].name, name))
			return engine_text[i].what;
	return NULL;
}

static int engines(void)
{
	const struct oc_engine *const *e;

	for (e = oc_engines; *e; e++) {
		const char *what = engine_what((*e)->name);

		if (!what) {
			fprintf(stderr,
				"plugin_tables: engine %s has no paragraph in "
				"man/plugin_tables.c\n",
				(*e)->name);
			return 1;
		}
		item((*e)->name, NULL);
		printf("\\fI");
		text((*e)->summary);
		printf("\\fR.\n.br\n");
		paragraph(what);
		end();
	}
	return 0;
}

static int log_codes(void)
{
	const struct oc_osm_log_code *c;
	char code[16];

	for (c = oc_osm_log_codes; c->code; c++) {
		snprintf(code, sizeof(code), "ERR %s", c->code);
		item(code, NULL);
		paragraph(c->when);
		end();
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*print)(void);
	} tables[] = {
		{"options", options},
		{"opensm", opensm_lines},
		{"engines", engines},
		{"log-codes", log_codes},
	};
	size_t i;

	for (i = 0; argc == 2 && i < sizeof(tables) / sizeof(tables[0]); i++)
		if (!strcmp(argv[1], tables[i].name))
			return tables[i].print();
	fprintf(stderr,
		"usage: plugin_tables options|opensm|engines|log-codes\n");
	return 2;
}
