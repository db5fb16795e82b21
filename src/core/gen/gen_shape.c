/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gen_shape.c - the generator's fat-tree shape: which PGFT the options
 * describe, whether its switches and hosts can have that many ports, and
 * the node numbering of gen.h.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gen/gen_shape.h"

/* Port GUIDs of a CA are node GUID + port inside a 16-GUID block. */
#define MAX_HOST_PORTS 15

static int pick_shape(const struct oc_gen_params *p, struct gen_shape *s,
		      struct oc_err *err)
{
	unsigned l;

	if (p->kary && p->levels)
		return oc_err_set(err, "--kary and --pgft: give one shape, not "
				       "both");
	if (!p->kary && !p->levels)
		return oc_err_set(err, "no shape: give --kary K [--levels N] "
				       "or --pgft 'h;m1,..;w1,..;p1,..'");
	memset(s, 0, sizeof(*s));
	s->h = p->kary ? p->kary_levels : p->levels;
	for (l = 1; l <= s->h; l++) {
		s->m[l] = p->kary ? p->kary : p->m[l];
		s->w[l] = p->kary ? (l == 1 ? 1 : p->kary) : p->w[l];
		s->p[l] = p->kary ? 1 : p->p[l];
	}
	if (p->hosts_per_leaf)
		s->m[1] = p->hosts_per_leaf;
	s->cores = p->cores ? p->cores : 1;
	if (p->core_links_given && s->cores < 2)
		return oc_err_set(err, "--core-links: a single core has no "
				       "horizontal links; give --cores 2 or "
				       "more");
	if (s->cores > 1)
		s->linked = p->core_links == OC_GEN_CORE_LINKS_LEAF ? 1 : s->h;
	return 0;
}

/* The option that set the shape, for error messages. */
static const char *shape_option(const struct oc_gen_params *p, unsigned l)
{
	if (l == 1 && p->hosts_per_leaf)
		return "--hosts-per-leaf";
	return p->kary ? "--kary" : "--pgft";
}

static void count_nodes(struct gen_shape *s)
{
	unsigned l, i;

	s->wprod[0] = 1;
	for (l = 1; l <= s->h; l++)
		s->wprod[l] = s->wprod[l - 1] * s->w[l];
	for (l = 0; l <= s->h; l++) {
		s->core_count[l] = s->wprod[l];
		for (i = l + 1; i <= s->h; i++)
			s->core_count[l] *= s->m[i];
		/* saturated: switches_and_hosts refuses it anyway */
		s->count[l] = s->core_count[l] > OC_GEN_MAX_NODES
				      ? (uint64_t)OC_GEN_MAX_NODES + 1
				      : s->core_count[l] * s->cores;
		s->down[l] = l ? s->m[l] * s->p[l] : 0;
		s->up[l] = l < s->h ? s->w[l + 1] * s->p[l + 1] : 0;
	}
}

/* Nodes without VFs and I/O CAs; saturates instead of overflowing. */
static uint64_t switches_and_hosts(const struct gen_shape *s)
{
	uint64_t total = 0;
	unsigned l;

	for (l = 0; l <= s->h; l++) {
		if (s->count[l] > OC_GEN_MAX_NODES)
			return (uint64_t)OC_GEN_MAX_NODES + 1;
		total += s->count[l];
	}
	return total;
}

static int check_switch_ports(const struct oc_gen_params *p,
			      const struct gen_shape *s, struct oc_err *err)
{
	unsigned l;

	for (l = 1; l <= s->h; l++) {
		unsigned spare = l == 1 ? p->spare_ports : 0;
		unsigned horiz = l == s->linked ? (s->cores > 2 ? 2 : 1) : 0;
		unsigned need = s->down[l] + s->up[l] + horiz + spare;
		unsigned max = p->radix ? p->radix : OC_MAX_PORTS;
		const char *option = p->radix ? "--radix" : shape_option(p, l);
		char horizontal[32] = "";

		if (horiz)
			snprintf(horizontal, sizeof(horizontal),
				 "%u horizontal, ", horiz);
		if (need > max)
			return oc_err_set(err,
					  "%s: level-%u switches need %u ports "
					  "(%u down, %u up, %s%u spare), more "
					  "than %u",
					  option, l, need, s->down[l], s->up[l],
					  horizontal, spare, max);
	}
	return 0;
}

static unsigned max_vfs(const struct oc_gen_params *p)
{
	unsigned i, max = 0;

	for (i = 0; i < p->num_vf_counts; i++)
		if (p->vf_counts[i] > max)
			max = p->vf_counts[i];
	return max;
}

static int check_host_ports(const struct oc_gen_params *p,
			    const struct gen_shape *s, struct oc_err *err)
{
	unsigned up = s->up[0];

	if (!p->vswitch && up > MAX_HOST_PORTS)
		return oc_err_set(
			err,
			"--pgft: hosts need %u ports (w1*p1), at most "
			"%u are supported",
			up, MAX_HOST_PORTS);
	if (p->vswitch && up + 1 + max_vfs(p) > OC_MAX_PORTS)
		return oc_err_set(err,
				  "--%s: a vSwitch with %u up ports, a PF and "
				  "%u VFs needs more than %u ports",
				  p->vswitch == OC_GEN_VSWITCH_LIST
					  ? "vf-counts"
					  : "vswitch",
				  up, max_vfs(p), OC_MAX_PORTS);
	return 0;
}

int gen_shape_resolve(const struct oc_gen_params *p, struct gen_shape *s,
		      struct oc_err *err)
{
	uint64_t nodes;

	if (pick_shape(p, s, err))
		return -1;
	count_nodes(s);
	if (check_switch_ports(p, s, err) || check_host_ports(p, s, err))
		return -1;
	nodes = switches_and_hosts(s);
	if (nodes > OC_GEN_MAX_NODES)
		return oc_err_set(err, "%s: more than %u switches and hosts",
				  shape_option(p, 0), OC_GEN_MAX_NODES);
	return 0;
}

uint64_t gen_shape_parent(const struct gen_shape *s, unsigned l, uint64_t child,
			  unsigned b, unsigned *slot)
{
	uint64_t core = child / s->core_count[l - 1];
	uint64_t local = child % s->core_count[l - 1];
	uint64_t below = s->wprod[l - 1];
	uint64_t a_digits = local / below, b_digits = local % below;

	*slot = (unsigned)(a_digits % s->m[l]);
	return core * s->core_count[l] + a_digits / s->m[l] * s->wprod[l] +
	       b * below + b_digits;
}

static void append_list(char *buf, size_t size, const unsigned *v, unsigned h,
			char sep)
{
	size_t len = strlen(buf);
	unsigned l;

	for (l = 1; l <= h && len < size; l++) {
		snprintf(buf + len, size - len, "%u%c", v[l],
			 l < h ? ',' : sep);
		len += strlen(buf + len);
	}
}

void oc_gen_shape_string(const struct oc_gen_params *p, char *buf, size_t size)
{
	struct gen_shape s;

	if (!size)
		return;
	buf[0] = '\0';
	if (pick_shape(p, &s, NULL))
		return;
	snprintf(buf, size, "PGFT(%u;", s.h);
	append_list(buf, size, s.m, s.h, ';');
	append_list(buf, size, s.w, s.h, ';');
	append_list(buf, size, s.p, s.h, ')');
}
