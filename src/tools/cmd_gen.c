/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_gen.c - "osmcloud gen": write an ibsim topology file for a fat-tree
 * (k-ary n-tree or PGFT), optionally multi-core, with vSwitch hypervisors,
 * I/O CAs, missing hosts and missing links, chosen or random (--seed).  The generator itself is in
 * src/core/gen/gen*.c; this file only maps the command line onto it.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "gen/gen.h"
#include "json_report.h"

/* ibsim's defaults (ibsim -N, -S, -P) */
#define IBSIM_MAX_NODES 2048
#define IBSIM_MAX_SWITCHES 256
#define IBSIM_MAX_PORTS 13312
#define OSM_MAX_UCAST_LID 0xbfff

static void gen_usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud gen SHAPE [options] [-o FILE]\n"
		"Writes an ibsim topology file: fixed GUIDs, every link on both ends.\n"
		"\n"
		"shape (one of):\n"
		"  -k, --kary K           k-ary n-tree: K down and K up ports per switch\n"
		"                         (roots: K down)\n"
		"  -n, --levels N         switch levels of the k-ary n-tree (default 3)\n"
		"  --pgft 'h;m1,..,mh;w1,..,wh[;p1,..,ph]'\n"
		"                         PGFT in Zahavi's notation: level 0 = hosts,\n"
		"                         level h = roots; m_l children per level-l switch,\n"
		"                         w_l parents per level-(l-1) node, p_l parallel\n"
		"                         links (all 1 when left out: an XGFT).  The k-ary\n"
		"                         n-tree is 'n;k,..,k;1,k,..,k;1,..,1'\n"
		"  -H, --hosts-per-leaf N hosts per leaf (replaces m1)\n"
		"\n"
		"multi-core fat-trees:\n"
		"  --cores C              C copies (cores) of the shape, each with its\n"
		"                         own hosts; core c holds switches\n"
		"                         sw-L<l>-<c*n_l>.. (n_l per core and level)\n"
		"  --core-links top|leaf  horizontal links between switch j of core c and\n"
		"                         switch j of core c+1: between the roots (top,\n"
		"                         the default) or the leaves (leaf); on the ports\n"
		"                         after the up ports, to core c-1 first\n"
		"\n"
		"hosts as vSwitch hypervisors:\n"
		"  --vswitch VFS          every host is a switch hv<i> (up ports first,\n"
		"                         then the PF CA hv<i>-pf, then VF CAs hv<i>-vf<j>)\n"
		"                         with VFS VFs\n"
		"  --vf-counts N,N,..     same, VF counts cycled over the hypervisors\n"
		"\n"
		"extras and defects (LEAF = leaf index or sw-L1-<index>):\n"
		"  --io-cas LEAF:N[,..]   N one-port I/O CAs io-<k> on that leaf, on the\n"
		"                         ports after its up ports (repeatable)\n"
		"  --drop-hosts LEAF:N[,..]  leave out the last N hosts of that leaf\n"
		"                         (their leaf ports stay free; names keep gaps;\n"
		"                         repeatable)\n"
		"  --drop-link NAME:PORT  leave out the link on that port (repeatable)\n"
		"  --spare-ports N        N free ports on every leaf, after the others\n"
		"  --radix N              every physical switch has N ports (e.g. 36)\n"
		"\n"
		"random defects (the same --seed and options give the same bytes; the\n"
		"file's header names what the seed chose):\n"
		"  --seed S               seed of the random choices (default 1)\n"
		"  --hostless-leaves N    N random leaves lose all their hosts (one leaf\n"
		"                         keeps its hosts)\n"
		"  --missing-hosts N      N random hosts left out, anywhere\n"
		"  --random-io N[:WHERE]  N I/O CAs io-<k> (after those of --io-cas), each\n"
		"                         on a random free port of a random physical\n"
		"                         switch; WHERE: any (default), leaves, or upper\n"
		"                         (above the leaves: I/O nodes beside vSwitches;\n"
		"                         without vSwitches, CAs there break rule R4); a\n"
		"                         switch without a free port gets one more port,\n"
		"                         except with --radix\n"
		"  --cut-links N          N random cables between physical switches left\n"
		"                         out (parallel and horizontal ones too; after\n"
		"                         --drop-link), never one whose loss would split\n"
		"                         the switches: every switch stays connected\n"
		"\n"
		"output:\n"
		"  -o, --output FILE      write here (default: standard output)\n"
		"  -q, --quiet            no summary on standard error (counts, and the\n"
		"                         ibsim -N/-S/-P limits a big fabric needs)\n"
		"  --json                 instead of the summary, what was written as\n"
		"                         one JSON object on standard output (needs -o)\n"
		"  -h, --help             this text\n"
		"\n"
		"Names: switches sw-L<level>-<i> (L1 = leaves .. L<h> = roots), hosts\n"
		"ca-<i> or hv<i>, I/O CAs io-<k>; names double as NodeDescriptions.  The\n"
		"first host's CA comes first in the file: ibsim's default attach point.\n"
		"GUIDs: switches 0x0002c903<level:8><i:24> (vSwitches level 0), host CAs\n"
		"and PFs 0x0002c904<i<<4>, VFs 0x0002c905<(i<<8|j)<<4>, I/O CAs\n"
		"0x0002c906<k<<4>; CA port GUID = node GUID + port.\n"
		"\n"
		"examples:\n"
		"  osmcloud gen --kary 4 --levels 3 -o ft.net\n"
		"  osmcloud gen --pgft '3;18,18,36;1,18,18;1,1,1' --radix 36 -o big.net\n"
		"  osmcloud gen --pgft '2;3,4;1,2' --vswitch 4 -o vswitch-ft.net\n"
		"  osmcloud gen --pgft '2;18,36;1,18' --radix 36 -o 648-port.net\n"
		"  osmcloud gen --kary 4 --levels 2 --cores 2 --core-links leaf\n"
		"  osmcloud gen --kary 4 --levels 3 --seed 7 --cut-links 3 --random-io 2\n"
		"Exit status: 0 written, 1 write error, 2 bad options.\n");
}

static const struct option gen_options[] = {
	{"kary", required_argument, NULL, 'k'},
	{"levels", required_argument, NULL, 'n'},
	{"pgft", required_argument, NULL, 0},
	{"hosts-per-leaf", required_argument, NULL, 'H'},
	{"vswitch", required_argument, NULL, 0},
	{"vf-counts", required_argument, NULL, 0},
	{"io-cas", required_argument, NULL, 0},
	{"drop-hosts", required_argument, NULL, 0},
	{"drop-link", required_argument, NULL, 0},
	{"spare-ports", required_argument, NULL, 0},
	{"radix", required_argument, NULL, 0},
	{"cores", required_argument, NULL, 0},
	{"core-links", required_argument, NULL, 0},
	{"seed", required_argument, NULL, 0},
	{"hostless-leaves", required_argument, NULL, 0},
	{"missing-hosts", required_argument, NULL, 0},
	{"random-io", required_argument, NULL, 0},
	{"cut-links", required_argument, NULL, 0},
	{"output", required_argument, NULL, 'o'},
	{"quiet", no_argument, NULL, 'q'},
	{"json", no_argument, NULL, 'j'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

/* The long name of a short option. */
static const char *long_name(int c)
{
	const struct option *o;

	for (o = gen_options; o->name; o++)
		if (o->val == c)
			return o->name;
	return NULL;
}

struct gen_args {
	struct oc_gen_params params;
	const char *out;
	int quiet;
	int json;
};

/* 0 to go on, else the exit status + 1 (so that 0 can mean "go on"). */
static int parse_args(int argc, char **argv, struct gen_args *a)
{
	struct oc_err err;
	int c, index;

	oc_gen_params_init(&a->params);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":k:n:H:o:qh", gen_options,
				&index)) != -1) {
		const char *name = c ? long_name(c) : gen_options[index].name;

		if (c == 'h') {
			gen_usage(stdout);
			return 1;
		} else if (c == 'o') {
			a->out = optarg;
		} else if (c == 'q') {
			a->quiet = 1;
		} else if (c == 'j') {
			a->json = 1;
		} else if (c == '?' || c == ':' || !name) {
			fprintf(stderr,
				"osmcloud gen: bad option or missing "
				"value: '%s' (see --help)\n",
				argv[optind - 1]);
			return 3;
		} else if (oc_gen_set_option(&a->params, name, optarg, &err)) {
			fprintf(stderr, "osmcloud gen: %s\n", err.msg);
			return 3;
		}
	}
	if (optind < argc) {
		fprintf(stderr,
			"osmcloud gen: unexpected argument '%s' (see "
			"--help)\n",
			argv[optind]);
		return 3;
	}
	if (a->json && !a->out) {
		fprintf(stderr, "osmcloud gen: --json needs -o FILE (the "
				"topology would share standard output)\n");
		return 3;
	}
	return 0;
}

/* Ports as ibsim counts them (switches have port 0) and LIDs as opensm
 * needs them (switches one, CAs one per port). */
static void count_ports(const struct oc_fabric *f, unsigned *ports,
			unsigned *lids)
{
	uint32_t n;

	*ports = *lids = 0;
	for (n = 0; n < f->num_nodes; n++) {
		int sw = oc_is_switch(f, n);

		*ports += f->nodes[n].num_ports + sw;
		*lids += sw ? 1 : f->nodes[n].num_ports;
	}
}

static void print_summary(const struct oc_gen_params *p,
			  const struct oc_fabric *f,
			  const struct oc_gen_stats *st)
{
	unsigned ports, lids;
	char shape[160], cores[64] = "";

	count_ports(f, &ports, &lids);
	oc_gen_shape_string(p, shape, sizeof(shape));
	if (st->cores > 1)
		snprintf(cores, sizeof(cores), " x %u cores (%u %s links)",
			 st->cores, st->core_links,
			 p->core_links == OC_GEN_CORE_LINKS_LEAF ? "leaf"
								 : "top");
	fprintf(stderr,
		"osmcloud gen: %s%s: %u switches, %u CAs, %u nodes, "
		"%u links, %u LIDs\n",
		shape, cores, f->num_switches, f->num_nodes - f->num_switches,
		f->num_nodes, st->links, lids);
	if (f->num_nodes > IBSIM_MAX_NODES ||
	    f->num_switches > IBSIM_MAX_SWITCHES || ports > IBSIM_MAX_PORTS)
		fprintf(stderr,
			"osmcloud gen: beyond ibsim's defaults, run "
			"ibsim -N %u -S %u -P %u%s\n",
			f->num_nodes, f->num_switches, ports,
			lids >= 30720 ? " -L 49152" : "");
	if (lids > OSM_MAX_UCAST_LID)
		fprintf(stderr,
			"osmcloud gen: warning: %u LIDs, more than "
			"the %u unicast LIDs of a subnet\n",
			lids, OSM_MAX_UCAST_LID);
}

/* What gen wrote, for --json. */
static json_t *gen_json(const struct gen_args *a, const struct oc_fabric *f,
			const struct oc_gen_stats *st)
{
	const struct oc_gen_params *p = &a->params;
	unsigned ports, lids;
	char shape[160];

	count_ports(f, &ports, &lids);
	oc_gen_shape_string(p, shape, sizeof(shape));
	return json_pack(
		"{s:o, s:o, s:I, s:I, s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, "
		"s:I, s:I, s:I, s:b}",
		"output", oc_json_text(a->out), "shape", oc_json_text(shape),
		"seed", (json_int_t)p->seed, "cores", (json_int_t)st->cores,
		"core_links_at",
		p->core_links == OC_GEN_CORE_LINKS_LEAF ? "leaf" : "top",
		"core_links", (json_int_t)st->core_links, "switches",
		(json_int_t)f->num_switches, "cas",
		(json_int_t)(f->num_nodes - f->num_switches), "nodes",
		(json_int_t)f->num_nodes, "hosts", (json_int_t)st->hosts, "vfs",
		(json_int_t)st->vfs, "io_cas", (json_int_t)st->io_cas, "links",
		(json_int_t)st->links, "cut_links", (json_int_t)st->cut_links,
		"lids", (json_int_t)lids, "beyond_ibsim_defaults",
		f->num_nodes > IBSIM_MAX_NODES ||
			f->num_switches > IBSIM_MAX_SWITCHES ||
			ports > IBSIM_MAX_PORTS);
}

/* Returns the exit status. */
static int write_file(const struct gen_args *a)
{
	FILE *out = a->out ? fopen(a->out, "w") : stdout;
	struct oc_err err;
	int ret;

	if (!out) {
		fprintf(stderr, "osmcloud gen: %s: %s\n", a->out,
			strerror(errno));
		return 1;
	}
	ret = oc_gen_write(&a->params, out, &err);
	if (a->out && fclose(out) && !ret)
		ret = oc_err_set(&err, "%s: %s", a->out, strerror(errno));
	if (ret) {
		fprintf(stderr, "osmcloud gen: %s\n", err.msg);
		return 1;
	}
	return 0;
}

int cmd_gen(int argc, char **argv)
{
	struct gen_args a = {.out = NULL};
	struct oc_gen_stats st;
	struct oc_fabric *f;
	struct oc_err err;
	int ret = parse_args(argc, argv, &a);

	if (ret)
		return ret - 1;
	/* bad parameters show up while building: exit 2 before any output */
	f = oc_gen_build(&a.params, &st, &err);
	if (!f) {
		fprintf(stderr, "osmcloud gen: %s\n", err.msg);
		return 2;
	}
	if (!a.quiet && !a.json)
		print_summary(&a.params, f, &st);
	ret = write_file(&a);
	if (!ret && a.json)
		ret = json_report_print("gen", gen_json(&a, f, &st));
	oc_fabric_free(f);
	return ret;
}
