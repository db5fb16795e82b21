/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * cmd_plan.c - "osmcloud plan": live-migration reconfiguration offline.
 *
 * Routes a topology with vswitch_ftree, then migrates VMs with the
 * planner (reconf.h): given migrations (--migrate VF:HV, each plan
 * printed) and/or N random ones (--random N --seed S).  Each method keeps
 * its own LFTs, so ItRC and FTreeMinRC are compared over the same
 * migrations; the fabric's LID owners move once per migration.  Prints
 * what the papers measure: switches updated per migration, LFT SMPs per
 * swap or copy, the SMPs of a full reconfiguration and FTreeMinRC's
 * switch-marking time.  On a fabric without vSwitches only the marking is
 * measured, on random leaf pairs.
 *
 * This file runs those steps in order; plan_args.c reads the options,
 * plan_session.c holds the fabric and does the migrations, plan_report.c
 * prints the figures (plan.h).
 */
#include <stdio.h>

#include "commands.h"
#include "plan.h"
#include "plan_json.h"

/* The --migrate ones in order, each plan printed. */
static int run_named(struct plan_session *s, struct oc_err *err)
{
	struct oc_migrate_op op;
	unsigned i;
	int m;

	for (i = 0; i < s->a->num_migrate; i++) {
		if (plan_named_op(s, s->a->migrate[i], &op, err))
			return -1;
		plan_print_op(s, &op);
		if (plan_migrate(s, &op, 0, err))
			return -1;
		for (m = 0; m < PLAN_NUM_METHODS; m++)
			if (s->a->use[m])
				plan_print_plan(s, m);
	}
	return 0;
}

/* --random N from --seed S, then the tallied figures. */
static int run_random(struct plan_session *s, struct oc_err *err)
{
	struct oc_migrate_op op;
	unsigned long i;
	int m;

	if (!s->num_vms || s->num_hvs < 2)
		return oc_err_set(err,
				  "no VM to migrate (%u VMs, %u "
				  "hypervisors)",
				  s->num_vms, s->num_hvs);
	for (m = 0; m < PLAN_NUM_METHODS; m++)
		if (plan_tally_init(&s->tally[m], s->a->random))
			return oc_err_set(err, "out of memory");
	s->rng = s->a->seed;
	for (i = 0; i < s->a->random; i++) {
		if (plan_random_op(s, &op))
			return oc_err_set(err, "no hypervisor has a free VF");
		if (plan_migrate(s, &op, 1, err))
			return -1;
	}
	if (s->json)
		plan_json_put(s, s->json, "random",
			      json_pack("{s:I, s:s, s:I}", "migrations",
					(json_int_t)s->a->random, "lid",
					s->a->dynamic ? "copies" : "swaps",
					"seed", (json_int_t)s->a->seed));
	else
		printf("%lu random migrations (LID %s, seed %lu):\n",
		       s->a->random, s->a->dynamic ? "copies" : "swaps",
		       s->a->seed);
	plan_print_tallies(s);
	return 0;
}

static int run(struct plan_session *s, struct oc_err *err)
{
	if (plan_session_setup(s, err))
		return 2;
	plan_print_fabric(s);
	if (plan_report_marking(s, err))
		return 1;
	if (!s->ft->num_vswitches)
		return 0;
	if (run_named(s, err))
		return 1;
	if (s->a->random && run_random(s, err))
		return 1;
	if (s->a->verify && plan_verify_all(s, err))
		return 1;
	return 0;
}

int cmd_plan(int argc, char **argv)
{
	struct plan_args a = {0};
	struct plan_session s = {.a = &a};
	struct oc_err err = {.msg = "out of memory"};
	int ret = plan_parse_args(argc, argv, &a);

	if (ret)
		return ret;
	if (a.json && plan_json_start(&s)) {
		fprintf(stderr, "osmcloud plan: out of memory\n");
		plan_session_teardown(&s);
		return 2;
	}
	ret = run(&s, &err);
	if (ret)
		fprintf(stderr, "osmcloud plan: %s\n", err.msg);
	/* the report so far, also of a failed migration or check */
	if (a.json && ret != 2 && plan_json_print(&s))
		ret = 2;
	plan_session_teardown(&s);
	return ret;
}
