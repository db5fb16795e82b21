/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pftree_fixtures.c - fabrics and helpers of pftree_fixtures.h.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pftree_fixtures.h"
#include "verify/tenant_links.h"
#include "testlib.h"
#include "verify/verify.h"

#define MAX_HOSTS 16

static unsigned split(const char *list, char names[][16])
{
	char copy[256], *save = NULL, *tok;
	unsigned n = 0;

	snprintf(copy, sizeof(copy), "%s", list);
	for (tok = strtok_r(copy, " ", &save); tok && n < MAX_HOSTS;
	     tok = strtok_r(NULL, " ", &save))
		snprintf(names[n++], 16, "%s", tok);
	return n;
}

struct oc_fabric *pf_two_roots(const char *const *hosts, unsigned leaves)
{
	char names[MAX_HOSTS][16], *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	struct oc_fabric *f;
	unsigned l, k, n;
	const char *roots[2] = {"R2", "R1"};

	assert_non_null(out);
	for (k = 0; k < 2; k++) {
		fprintf(out, "Switch %u \"%s\"\n", leaves, roots[k]);
		for (l = 0; l < leaves; l++)
			fprintf(out, "[%u] \"L%u\"[%u]\n", l + 1, l + 1,
				k ? 1 : 2);
		fprintf(out, "\n");
	}
	for (l = 0; l < leaves; l++) {
		n = split(hosts[l], names);
		fprintf(out,
			"Switch %u \"L%u\"\n[1] \"R1\"[%u]\n[2] \"R2\"[%u]\n",
			n + 2, l + 1, l + 1, l + 1);
		for (k = 0; k < n; k++)
			fprintf(out, "[%u] \"%s\"[1]\n", k + 3, names[k]);
		fprintf(out, "\n");
	}
	for (l = 0; l < leaves; l++) {
		n = split(hosts[l], names);
		for (k = 0; k < n; k++)
			fprintf(out, "Hca 1 \"%s\"\n[1] \"L%u\"[%u]\n\n",
				names[k], l + 1, k + 3);
	}
	fclose(out);
	f = tl_fabric(text);
	free(text);
	return f;
}

struct oc_partitions *pf_parts(const struct oc_fabric *f, const char *spec)
{
	struct oc_partitions *ps = oc_partitions_new();
	char copy[512], *save = NULL, *stmt;
	struct oc_err err;

	assert_non_null(ps);
	snprintf(copy, sizeof(copy), "%s", spec);
	for (stmt = strtok_r(copy, ";", &save); stmt;
	     stmt = strtok_r(NULL, ";", &save)) {
		char *colon = strchr(stmt, ':'), *s2 = NULL, *m, name[16];
		unsigned pkey = (unsigned)strtoul(stmt, NULL, 16);
		uint32_t part;

		assert_non_null(colon);
		snprintf(name, sizeof(name), "p%u", pkey);
		part = oc_partitions_add(ps, (uint16_t)pkey, name, 0, &err);
		assert_int_not_equal(part, OC_PART_NONE);
		for (m = strtok_r(colon + 1, ",", &s2); m;
		     m = strtok_r(NULL, ",", &s2)) {
			uint32_t node = oc_fabric_find_name(f, m);

			if (node == OC_NONE)
				fail_msg("no CA \"%s\"", m);
			assert_int_equal(oc_partitions_add_member(
						 ps, part,
						 oc_port(f, node, 1)->guid, 1,
						 &err),
					 0);
		}
	}
	return ps;
}

struct oc_lfts *pf_route(const char *engine, struct oc_engine_input *in,
			 struct oc_route_stats *stats, struct oc_err *err)
{
	const struct oc_engine *e = oc_engine_find(engine);
	struct oc_lfts *t = oc_lfts_new(in->f->num_switches, in->f->max_lid);
	struct oc_route_stats local;

	assert_non_null(e);
	assert_non_null(t);
	if (e->route(in, t, stats ? stats : &local, err)) {
		oc_lfts_free(t);
		return NULL;
	}
	return t;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "A>B" for the link leaving slot. */
static char *link_name(const struct oc_fabric *f, uint32_t slot)
{
	uint32_t n;
	char *s = NULL;

	for (n = 0; n < f->num_nodes; n++) {
		uint32_t first = f->nodes[n].first_port;

		if (slot < first || slot > first + f->nodes[n].num_ports)
			continue;
		assert_true(asprintf(&s, "%s>%s", f->nodes[n].name,
				     f->nodes[f->ports[slot].peer_node].name) >
			    0);
		break;
	}
	return s;
}

char *pf_links(const struct oc_fabric *f, const struct oc_lfts *t,
	       const struct oc_partitions *ps, uint32_t part)
{
	struct oc_link_users u = {0};
	struct oc_err err;
	char **names = calloc(f->num_ports + 1, sizeof(char *)), *out;
	uint32_t slot, e, n = 0, i;
	size_t len = 1;

	assert_non_null(names);
	assert_int_equal(oc_link_users_build(&u, f, t, ps, &err), 0);
	for (slot = 0; slot < u.num_slots; slot++)
		for (e = u.head[slot]; e != OC_NONE; e = u.next[e])
			if (u.part[e] == part)
				names[n++] = link_name(f, slot);
	qsort(names, n, sizeof(char *), cmp_str);
	for (i = 0; i < n; i++)
		len += strlen(names[i]) + 1;
	out = calloc(len, 1);
	assert_non_null(out);
	for (i = 0; i < n; i++) {
		if (i)
			strcat(out, " ");
		strcat(out, names[i]);
		free(names[i]);
	}
	free(names);
	oc_link_users_free(&u);
	return out;
}

const char *pf_next(const struct oc_fabric *f, const struct oc_lfts *t,
		    const char *from, const char *dest)
{
	uint32_t sw = tl_sw(f, from);
	uint8_t port = oc_lft_row(t, sw)[tl_lid(f, dest)];

	return f->nodes[oc_peer(f, f->switches[sw], port)].name;
}

void pf_assert_valid(const struct oc_fabric *f, const struct oc_lfts *t)
{
	struct oc_verify_report r;
	struct oc_err err;

	assert_int_equal(oc_verify(f, t, &r, &err), 0);
	assert_int_equal(r.ca.lids_unreachable, 0);
	assert_int_equal(r.ca.loops + r.sw.loops, 0);
	assert_int_equal(r.cdg_ca_cycle.len, 0);
	assert_int_equal(r.ca_pairs_nonminimal, 0);
	oc_verify_report_free(&r);
}
