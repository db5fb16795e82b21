/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * check_tenants.c - tenant metrics for "osmcloud check" (see
 * check_tenants.h).
 */
#include <stdio.h>
#include <string.h>

#include "check_tenants.h"
#include "io/json_out.h"

#define DEFAULT_ROUNDS 100
#define EBB_SEED 20161

int tenant_check_run(const struct tenant_args *a, const char *victim,
		     unsigned rounds, const struct oc_fabric *f,
		     const struct oc_lfts *t, struct tenant_check *tc)
{
	struct oc_err err;

	memset(tc, 0, sizeof(*tc));
	if (tenant_args_load(a, f, "check", &tc->ti))
		return 2;
	if (tc->ti.parts) {
		if (oc_tenant_metrics(f, t, tc->ti.parts, tc->ti.policies,
				      &tc->rep, &err))
			goto fail;
		tc->has_parts = 1;
	}
	if (tc->ti.weights) {
		if (oc_receiver_contention(f, t, tc->ti.parts, tc->ti.weights,
					   &tc->cont, &err))
			goto fail;
		tc->has_contention = 1;
	}
	if (victim) {
		tc->victim = tenant_find(tc->ti.parts, victim, "check");
		if (tc->victim == OC_PART_NONE)
			return 2;
		tc->rounds = rounds ? rounds : DEFAULT_ROUNDS;
		if (oc_victim_ebb(f, t, tc->ti.parts, tc->victim, tc->rounds,
				  EBB_SEED, &tc->ebb_quiet, &tc->ebb_noisy,
				  &err))
			goto fail;
		tc->has_ebb = 1;
	}
	return 0;
fail:
	fprintf(stderr, "osmcloud check: %s\n", err.msg);
	return 2;
}

static const char *part_name(const struct tenant_check *tc, uint32_t part)
{
	const char *n = tc->ti.parts->parts[part].name;

	return n ? n : "-";
}

void tenant_check_print(const struct tenant_check *tc)
{
	uint32_t i;

	if (tc->has_parts) {
		printf("tenants: %u partitions, %u directed links shared by "
		       "two or more, %u phy-isolation partitions not alone\n",
		       tc->rep.count, tc->rep.links_shared,
		       tc->rep.phy_not_alone);
		for (i = 0; i < tc->rep.count; i++) {
			const struct oc_part_metrics *m = &tc->rep.parts[i];

			printf("  partition 0x%04x %s (%s): %u members, %u "
			       "links used, %u shared%s\n",
			       tc->ti.parts->parts[m->part].pkey,
			       part_name(tc, m->part),
			       oc_isolation_name(m->isolation), m->members,
			       m->links_used, m->links_shared,
			       m->isolation == OC_ISO_PHY
				       ? (m->alone ? ", alone" : ", NOT alone")
				       : "");
		}
	}
	if (tc->has_contention)
		printf("receivers: %u; contended links up %u, down %u; total "
		       "contention up %llu, down %llu\n",
		       tc->cont.receivers, tc->cont.contended_up,
		       tc->cont.contended_down,
		       (unsigned long long)tc->cont.total_up,
		       (unsigned long long)tc->cont.total_down);
	if (tc->has_ebb)
		printf("victim 0x%04x EBB over %u random bisections: quiet "
		       "%.3f, with the other partitions %.3f\n",
		       tc->ti.parts->parts[tc->victim].pkey, tc->rounds,
		       tc->ebb_quiet, tc->ebb_noisy);
}

static json_t *json_part(const struct tenant_check *tc,
			 const struct oc_part_metrics *m)
{
	char pkey[8];

	snprintf(pkey, sizeof(pkey), "0x%04x",
		 tc->ti.parts->parts[m->part].pkey);
	return json_pack("{s:s, s:o, s:s, s:I, s:I, s:I, s:b}", "pkey", pkey,
			 "name", oc_json_text(part_name(tc, m->part)), "policy",
			 oc_isolation_name(m->isolation), "members",
			 (json_int_t)m->members, "links_used",
			 (json_int_t)m->links_used, "links_shared",
			 (json_int_t)m->links_shared, "alone", m->alone);
}

static int json_parts(const struct tenant_check *tc, json_t *obj)
{
	json_t *parts = json_array();
	uint32_t i;

	for (i = 0; parts && i < tc->rep.count; i++)
		if (json_array_append_new(parts,
					  json_part(tc, &tc->rep.parts[i])))
			break;
	if (!parts || i < tc->rep.count) {
		json_decref(parts);
		return -1;
	}
	return json_object_update_new(
		obj,
		json_pack("{s:I, s:I, s:o}", "links_shared",
			  (json_int_t)tc->rep.links_shared, "phy_not_alone",
			  (json_int_t)tc->rep.phy_not_alone, "partitions",
			  parts));
}

static int json_contention(const struct tenant_check *tc, json_t *obj)
{
	return json_object_update_new(
		obj,
		json_pack("{s:I, s:I, s:I, s:I, s:I}", "receivers",
			  (json_int_t)tc->cont.receivers, "contended_links_up",
			  (json_int_t)tc->cont.contended_up,
			  "contended_links_down",
			  (json_int_t)tc->cont.contended_down, "contention_up",
			  (json_int_t)tc->cont.total_up, "contention_down",
			  (json_int_t)tc->cont.total_down));
}

static int json_ebb(const struct tenant_check *tc, json_t *obj)
{
	char pkey[8];

	snprintf(pkey, sizeof(pkey), "0x%04x",
		 tc->ti.parts->parts[tc->victim].pkey);
	return json_object_update_new(
		obj, json_pack("{s:s, s:I, s:o, s:o}", "victim", pkey,
			       "ebb_rounds", (json_int_t)tc->rounds,
			       "ebb_quiet", oc_json_fixed(tc->ebb_quiet, 4),
			       "ebb_noisy", oc_json_fixed(tc->ebb_noisy, 4)));
}

json_t *tenant_check_json(const struct tenant_check *tc)
{
	json_t *obj = json_object();

	if (obj && ((tc->has_parts && json_parts(tc, obj)) ||
		    (tc->has_contention && json_contention(tc, obj)) ||
		    (tc->has_ebb && json_ebb(tc, obj)))) {
		json_decref(obj);
		return NULL;
	}
	return obj;
}

void tenant_check_free(struct tenant_check *tc)
{
	oc_tenant_report_free(&tc->rep);
	tenant_inputs_free(&tc->ti);
}
