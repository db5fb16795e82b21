/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gen_describe.c - the header of a generated topology file: an osmcloud
 * gen command line that makes the same file, the naming, and the node
 * counts; and oc_gen_write, which puts it in front of the fabric.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"

static void describe_shape(const struct oc_gen_params *p, FILE *out)
{
	char shape[160];

	if (p->kary) {
		fprintf(out, " --kary %u --levels %u", p->kary, p->kary_levels);
		if (p->hosts_per_leaf)
			fprintf(out, " --hosts-per-leaf %u", p->hosts_per_leaf);
		return;
	}
	oc_gen_shape_string(p, shape, sizeof(shape));
	/* "PGFT(h;..)" -> --pgft 'h;..' */
	shape[strlen(shape) - 1] = '\0';
	fprintf(out, " --pgft '%s'", shape + 5);
}

static void describe_list(FILE *out, const char *option,
			  const struct oc_gen_leaf_count *list, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		fprintf(out, "%s%u:%u", i ? "," : option, list[i].leaf,
			list[i].count);
}

static void describe_count(FILE *out, const char *option, unsigned n)
{
	if (n)
		fprintf(out, " %s %u", option, n);
}

/* The random defects, after the seed when there is one. */
static void describe_random(const struct oc_gen_params *p, FILE *out)
{
	static const char *const where[] = {"", ":leaves", ":upper"};

	if (!p->hostless_leaves && !p->missing_hosts && !p->random_io &&
	    !p->cut_links)
		return;
	fprintf(out, " --seed %" PRIu64, p->seed);
	describe_count(out, "--hostless-leaves", p->hostless_leaves);
	describe_count(out, "--missing-hosts", p->missing_hosts);
	if (p->random_io)
		fprintf(out, " --random-io %u%s", p->random_io,
			where[p->random_io_where]);
	describe_count(out, "--cut-links", p->cut_links);
}

static void describe_options(const struct oc_gen_params *p, FILE *out)
{
	unsigned i;

	fprintf(out, "made by: osmcloud gen");
	describe_shape(p, out);
	if (p->vswitch && p->num_vf_counts == 1)
		fprintf(out, " --vswitch %u", p->vf_counts[0]);
	for (i = 0; p->vswitch && p->num_vf_counts > 1 && i < p->num_vf_counts;
	     i++)
		fprintf(out, "%s%u", i ? "," : " --vf-counts ",
			p->vf_counts[i]);
	describe_list(out, " --io-cas ", p->io_cas, p->num_io_cas);
	describe_list(out, " --drop-hosts ", p->drop_hosts, p->num_drop_hosts);
	for (i = 0; i < p->num_drop_links; i++)
		fprintf(out, " --drop-link %s:%u", p->drop_links[i].node,
			p->drop_links[i].port);
	if (p->cores > 1)
		fprintf(out, " --cores %u --core-links %s", p->cores,
			p->core_links == OC_GEN_CORE_LINKS_LEAF ? "leaf"
								: "top");
	if (p->spare_ports)
		fprintf(out, " --spare-ports %u", p->spare_ports);
	if (p->radix)
		fprintf(out, " --radix %u", p->radix);
	describe_random(p, out);
	fprintf(out, "\n");
}

/* "cores: 2 (core c: sw-L<l>-<c*n_l>.., ...), 4 horizontal links ..." */
static void describe_cores(const struct oc_gen_params *p,
			   const struct oc_gen_stats *st, FILE *out)
{
	int leaf = p->core_links == OC_GEN_CORE_LINKS_LEAF;
	unsigned l;

	fprintf(out, "cores: %u, core c holds", st->cores);
	for (l = 1; l <= st->levels; l++)
		fprintf(out, " sw-L%u-<c*%u>..", l,
			st->switches[l] / st->cores);
	fprintf(out,
		" and its hosts; %u horizontal links join %s j of core c and "
		"core c+1\n",
		st->core_links, leaf ? "leaf" : "root");
}

static void describe_counts(const struct oc_gen_params *p,
			    const struct oc_gen_stats *st, FILE *out)
{
	char shape[160];
	unsigned l;

	oc_gen_shape_string(p, shape, sizeof(shape));
	fprintf(out,
		"shape: %s; level 0 = hosts, sw-L1 = leaves .. sw-L%u "
		"= roots\nswitches:",
		shape, st->levels);
	for (l = 1; l <= st->levels; l++)
		fprintf(out, " L%u %u", l, st->switches[l]);
	if (p->vswitch)
		fprintf(out,
			"\nhypervisors: %u (vSwitch hv<i>, PF hv<i>-pf, "
			"VFs hv<i>-vf<j>), VFs: %u",
			st->hosts, st->vfs);
	else
		fprintf(out, "\nhosts: %u (ca-<i>)", st->hosts);
	fprintf(out, ", I/O CAs: %u (io-<k>)\n", st->io_cas);
	if (st->cores > 1)
		describe_cores(p, st, out);
	fprintf(out, "nodes: %u, links: %u", st->nodes, st->links);
	if (st->cut_links)
		fprintf(out, " (%u cut by --cut-links)", st->cut_links);
	fprintf(out, "\n");
}

/* The fabric, and in *random what its random defects chose (a line for
 * each kind, "" without any). */
static struct oc_fabric *build_logged(const struct oc_gen_params *p,
				      struct oc_gen_stats *st, char **random,
				      struct oc_err *err)
{
	size_t len = 0;
	FILE *log = open_memstream(random, &len);
	struct oc_fabric *f;

	if (!log) {
		oc_err_set(err, "out of memory");
		return NULL;
	}
	f = oc_gen_build_logged(p, st, log, err);
	fclose(log);
	if (!*random) {
		oc_fabric_free(f);
		oc_err_set(err, "out of memory");
		return NULL;
	}
	return f;
}

int oc_gen_write(const struct oc_gen_params *p, FILE *out, struct oc_err *err)
{
	struct oc_gen_stats st;
	char *comment = NULL, *random = NULL;
	struct oc_fabric *f = build_logged(p, &st, &random, err);
	size_t len = 0;
	FILE *text;
	int ret;

	if (!f) {
		free(random);
		return -1;
	}
	text = open_memstream(&comment, &len);
	if (!text) {
		free(random);
		oc_fabric_free(f);
		return oc_err_set(err, "out of memory");
	}
	fprintf(text, "ibsim topology written by osmcloud gen\n");
	describe_options(p, text);
	describe_counts(p, &st, text);
	fputs(random, text);
	free(random);
	/* glibc: a failed last realloc leaves comment NULL, fclose 0 */
	if (fclose(text) || !comment)
		ret = oc_err_set(err, "out of memory");
	else
		ret = oc_gen_write_fabric(f, comment, out, err);
	free(comment);
	oc_fabric_free(f);
	return ret;
}
