/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gen_options.c - the generator's options in their string form (the
 * osmcloud gen command line) turned into struct oc_gen_params.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"

#define MAX_PORT_COUNT OC_MAX_PORTS

void oc_gen_params_init(struct oc_gen_params *p)
{
	memset(p, 0, sizeof(*p));
	p->kary_levels = 3;
	p->seed = 1;
}

/* Reads a decimal number in 0..max at *s and advances *s past it. */
static int read_number(const char **s, unsigned long max, unsigned *out)
{
	unsigned long v;
	char *end;

	if (**s < '0' || **s > '9')
		return -1;
	errno = 0;
	v = strtoul(*s, &end, 10);
	if (errno || v > max)
		return -1;
	*s = end;
	*out = (unsigned)v;
	return 0;
}

/* A whole string that is one number in min..max. */
static int parse_count(const char *option, const char *value, unsigned min,
		       unsigned max, unsigned *out, struct oc_err *err)
{
	const char *s = value;

	if (read_number(&s, max, out) || *s || *out < min)
		return oc_err_set(err, "--%s: \"%s\" is not a number in %u..%u",
				  option, value, min, max);
	return 0;
}

/* "n1,n2,.." with every n in min..max; at most max_items numbers; *s is
 * left at the first character after the list. */
static int read_list(const char **s, unsigned min, unsigned max,
		     unsigned *items, unsigned max_items, unsigned *count)
{
	*count = 0;
	for (;;) {
		unsigned v;

		if (*count == max_items || read_number(s, max, &v) || v < min)
			return -1;
		items[(*count)++] = v;
		if (**s != ',')
			return 0;
		(*s)++;
	}
}

static int pgft_error(const char *value, const char *problem,
		      struct oc_err *err)
{
	return oc_err_set(err,
			  "--pgft \"%s\": %s; expected h;m1,..;w1,..;"
			  "p1,.. with h lists of h numbers (the p list may be "
			  "left out: all 1)",
			  value, problem);
}

/* One ';'-led list of exactly h numbers, each 1..MAX_PORT_COUNT, into
 * out[1..h]. */
static int read_pgft_list(const char **s, const char *value, char name,
			  unsigned h, unsigned *out, struct oc_err *err)
{
	unsigned items[OC_GEN_MAX_LIST], count;
	char problem[96];

	if (**s != ';') {
		snprintf(problem, sizeof(problem), "list %c is missing", name);
		return pgft_error(value, problem, err);
	}
	(*s)++;
	if (read_list(s, 1, MAX_PORT_COUNT, items, OC_GEN_MAX_LIST, &count) ||
	    (**s && **s != ';')) {
		snprintf(problem, sizeof(problem),
			 "list %c must hold numbers "
			 "in 1..%u",
			 name, MAX_PORT_COUNT);
		return pgft_error(value, problem, err);
	}
	if (count != h) {
		snprintf(problem, sizeof(problem),
			 "list %c has %u numbers, "
			 "h is %u",
			 name, count, h);
		return pgft_error(value, problem, err);
	}
	memcpy(out + 1, items, h * sizeof(*items));
	return 0;
}

static int parse_pgft(struct oc_gen_params *p, const char *value,
		      struct oc_err *err)
{
	unsigned h, i;
	const char *s = value;

	if (read_number(&s, OC_GEN_MAX_LEVELS, &h) || h < 1)
		return pgft_error(value, "h must be 1..8", err);
	if (read_pgft_list(&s, value, 'm', h, p->m, err) ||
	    read_pgft_list(&s, value, 'w', h, p->w, err))
		return -1;
	if (*s) {
		if (read_pgft_list(&s, value, 'p', h, p->p, err))
			return -1;
	} else {
		for (i = 1; i <= h; i++)
			p->p[i] = 1;
	}
	if (*s)
		return pgft_error(value, "text after the p list", err);
	p->levels = h;
	return 0;
}

/* "42" or "sw-L1-42". */
static int read_leaf(const char **s, uint32_t *leaf)
{
	unsigned v;

	if (!strncmp(*s, "sw-L1-", 6))
		*s += 6;
	if (read_number(s, UINT32_MAX - 1, &v))
		return -1;
	*leaf = v;
	return 0;
}

/* "LEAF:N[,LEAF:N]" appended to list[*num]. */
static int parse_leaf_counts(const char *option, const char *value,
			     struct oc_gen_leaf_count *list, unsigned *num,
			     struct oc_err *err)
{
	const char *s = value;

	for (;;) {
		struct oc_gen_leaf_count *lc = &list[*num];

		if (*num == OC_GEN_MAX_LIST)
			return oc_err_set(err, "--%s: more than %u entries",
					  option, OC_GEN_MAX_LIST);
		if (read_leaf(&s, &lc->leaf) || *s != ':')
			return oc_err_set(err,
					  "--%s \"%s\": expected LEAF:N"
					  "[,LEAF:N..], LEAF a leaf index or "
					  "sw-L1-<index>",
					  option, value);
		s++;
		if (read_number(&s, MAX_PORT_COUNT, &lc->count) ||
		    (*s && *s != ','))
			return oc_err_set(err,
					  "--%s \"%s\": the count after "
					  "':' must be a number in 0..%u",
					  option, value, MAX_PORT_COUNT);
		(*num)++;
		if (!*s)
			return 0;
		s++;
	}
}

/* "NAME:PORT" (the last ':' separates). */
static int parse_port_ref(struct oc_gen_params *p, const char *value,
			  struct oc_err *err)
{
	struct oc_gen_port_ref *ref = &p->drop_links[p->num_drop_links];
	const char *colon = strrchr(value, ':'), *s;
	size_t len = colon ? (size_t)(colon - value) : 0;

	if (p->num_drop_links == OC_GEN_MAX_LIST)
		return oc_err_set(err, "--drop-link: more than %u links",
				  OC_GEN_MAX_LIST);
	s = colon ? colon + 1 : NULL;
	if (!len || len >= sizeof(ref->node) ||
	    read_number(&s, MAX_PORT_COUNT, &ref->port) || *s || ref->port < 1)
		return oc_err_set(err,
				  "--drop-link \"%s\": expected NAME:PORT "
				  "(a node name and a port number 1..%u)",
				  value, MAX_PORT_COUNT);
	memcpy(ref->node, value, len);
	ref->node[len] = '\0';
	p->num_drop_links++;
	return 0;
}

static int vf_counts_given(const struct oc_gen_params *p, const char *option,
			   struct oc_err *err)
{
	if (!p->num_vf_counts)
		return 0;
	return oc_err_set(err,
			  "--%s: VF counts already given (use either "
			  "--vswitch or --vf-counts, once)",
			  option);
}

/* --vswitch N: every hypervisor has N VFs. */
static int parse_vswitch(struct oc_gen_params *p, const char *value,
			 struct oc_err *err)
{
	if (vf_counts_given(p, "vswitch", err) ||
	    parse_count("vswitch", value, 0, MAX_PORT_COUNT, &p->vf_counts[0],
			err))
		return -1;
	p->num_vf_counts = 1;
	p->vswitch = OC_GEN_VSWITCH_EACH;
	return 0;
}

/* --vf-counts N,N,..: cycled over the hypervisors. */
static int parse_vf_counts(struct oc_gen_params *p, const char *value,
			   struct oc_err *err)
{
	const char *s = value;

	if (vf_counts_given(p, "vf-counts", err))
		return -1;
	if (read_list(&s, 0, MAX_PORT_COUNT, p->vf_counts, OC_GEN_MAX_LIST,
		      &p->num_vf_counts) ||
	    *s) {
		p->num_vf_counts = 0;
		return oc_err_set(err,
				  "--vf-counts \"%s\": expected N[,N..], "
				  "VFs per hypervisor in 0..%u, at most %u "
				  "numbers",
				  value, MAX_PORT_COUNT, OC_GEN_MAX_LIST);
	}
	p->vswitch = OC_GEN_VSWITCH_LIST;
	return 0;
}

/* --core-links top|leaf */
static int parse_core_links(struct oc_gen_params *p, const char *value,
			    struct oc_err *err)
{
	if (!strcmp(value, "top"))
		p->core_links = OC_GEN_CORE_LINKS_TOP;
	else if (!strcmp(value, "leaf"))
		p->core_links = OC_GEN_CORE_LINKS_LEAF;
	else
		return oc_err_set(err,
				  "--core-links \"%s\": expected top (between "
				  "the roots of neighbouring cores) or leaf "
				  "(between their leaves)",
				  value);
	p->core_links_given = 1;
	return 0;
}

/* --seed S: any 64-bit number, in decimal. */
static int parse_seed(struct oc_gen_params *p, const char *value,
		      struct oc_err *err)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(value, &end, 10);
	if (*value < '0' || *value > '9' || *end || errno)
		return oc_err_set(err,
				  "--seed: \"%s\" is not a number in "
				  "0..18446744073709551615",
				  value);
	p->seed = v;
	return 0;
}

/* --random-io N[:any|:leaves|:upper] */
static int parse_random_io(struct oc_gen_params *p, const char *value,
			   struct oc_err *err)
{
	static const char *const where[] = {"any", "leaves", "upper"};
	const char *s = value;
	unsigned i;

	if (!read_number(&s, OC_GEN_MAX_NODES, &p->random_io)) {
		p->random_io_where = OC_GEN_IO_ANY;
		if (!*s)
			return 0;
		for (i = 0; *s == ':' && i < 3; i++)
			if (!strcmp(s + 1, where[i])) {
				p->random_io_where = i;
				return 0;
			}
	}
	return oc_err_set(
		err,
		"--random-io \"%s\": expected N[:any|:leaves|:upper], "
		"N a number in 0..%u",
		value, OC_GEN_MAX_NODES);
}

/* The options of the random defects (gen_random.c); 1 when option is
 * none of them. */
static int set_random_option(struct oc_gen_params *p, const char *option,
			     const char *value, struct oc_err *err)
{
	if (!strcmp(option, "seed"))
		return parse_seed(p, value, err);
	if (!strcmp(option, "random-io"))
		return parse_random_io(p, value, err);
	if (!strcmp(option, "hostless-leaves"))
		return parse_count(option, value, 0, OC_GEN_MAX_NODES,
				   &p->hostless_leaves, err);
	if (!strcmp(option, "missing-hosts"))
		return parse_count(option, value, 0, OC_GEN_MAX_NODES,
				   &p->missing_hosts, err);
	if (!strcmp(option, "cut-links"))
		return parse_count(option, value, 0, OC_GEN_MAX_NODES,
				   &p->cut_links, err);
	return 1;
}

int oc_gen_set_option(struct oc_gen_params *p, const char *option,
		      const char *value, struct oc_err *err)
{
	int ret;

	if (!value)
		return oc_err_set(err, "--%s: missing value", option);
	if (!strcmp(option, "kary"))
		return parse_count(option, value, 1, MAX_PORT_COUNT, &p->kary,
				   err);
	if (!strcmp(option, "levels"))
		return parse_count(option, value, 1, OC_GEN_MAX_LEVELS,
				   &p->kary_levels, err);
	if (!strcmp(option, "pgft"))
		return parse_pgft(p, value, err);
	if (!strcmp(option, "hosts-per-leaf"))
		return parse_count(option, value, 1, MAX_PORT_COUNT,
				   &p->hosts_per_leaf, err);
	if (!strcmp(option, "vswitch"))
		return parse_vswitch(p, value, err);
	if (!strcmp(option, "vf-counts"))
		return parse_vf_counts(p, value, err);
	if (!strcmp(option, "io-cas"))
		return parse_leaf_counts(option, value, p->io_cas,
					 &p->num_io_cas, err);
	if (!strcmp(option, "drop-hosts"))
		return parse_leaf_counts(option, value, p->drop_hosts,
					 &p->num_drop_hosts, err);
	if (!strcmp(option, "drop-link"))
		return parse_port_ref(p, value, err);
	if (!strcmp(option, "spare-ports"))
		return parse_count(option, value, 0, MAX_PORT_COUNT,
				   &p->spare_ports, err);
	if (!strcmp(option, "radix"))
		return parse_count(option, value, 1, MAX_PORT_COUNT, &p->radix,
				   err);
	if (!strcmp(option, "cores"))
		return parse_count(option, value, 1, OC_GEN_MAX_CORES,
				   &p->cores, err);
	if (!strcmp(option, "core-links"))
		return parse_core_links(p, value, err);
	ret = set_random_option(p, option, value, err);
	if (ret <= 0)
		return ret;
	return oc_err_set(err, "unknown generator option --%s", option);
}
