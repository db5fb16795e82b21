/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * plan.h - what the files of "osmcloud plan" share: its options, the
 * session (the routed fabric, its VMs and each method's LFTs) and the
 * figures tallied over random migrations.
 *
 * plan_args.c reads the options, plan_session.c loads and routes the
 * fabric and chooses and performs migrations, plan_report.c prints plans,
 * tallies, marking times and the verifier's figures; cmd_plan.c runs the
 * steps in order.  Internal to the tool: nothing else includes it.
 */
#ifndef OC_PLAN_H
#define OC_PLAN_H

#include <stdint.h>
#include <time.h>

#include <jansson.h>

#include "base/error.h"
#include "model/fabric.h"
#include "analysis/ftree.h"
#include "model/lft.h"
#include "reconf/reconf.h"
#include "io/vmfile.h"
#include "vm/vmreg.h"

#define PLAN_MAX_MIGRATE 64
#define PLAN_NUM_METHODS 2 /* ItRC and FTreeMinRC */

struct plan_args {
	const char *topo;
	const char *dump; /* an ibsim Dump: fabric, LIDs and LFTs as live */
	const char *vms;
	const char *state; /* the plugin's registry (state file) */
	const char *roots;
	int dynamic;
	unsigned long random;
	unsigned long seed;
	int use[PLAN_NUM_METHODS]; /* by enum oc_reconf_method */
	const char *migrate[PLAN_MAX_MIGRATE];
	unsigned num_migrate;
	int verify;
	int quiet;
	int json; /* one JSON object on stdout instead of the text */
};

/* Figures of one method over the random migrations. */
struct plan_tally {
	uint64_t switches, vswitches, smps;
	uint32_t switches_max, vswitches_max;
	uint32_t blocks_min, blocks_max, smps_min, smps_max;
	uint32_t fallbacks;
	double *select_us; /* per migration */
	double *plan_us;
	uint32_t runs;
};

struct plan_session {
	const struct plan_args *a;
	struct oc_fabric *f;
	struct oc_vm_table *vms;
	struct oc_vmreg *reg; /* --state: the registry, else NULL */
	struct oc_lfts *live; /* --dump: the LFTs read, else NULL */
	struct oc_ftree *ft;
	struct oc_reconf *rc;
	struct oc_lfts *t[PLAN_NUM_METHODS];
	struct oc_plan plan[PLAN_NUM_METHODS];
	struct plan_tally tally[PLAN_NUM_METHODS];
	uint16_t *vm_lids;
	uint32_t num_vms;
	uint32_t *hvs; /* vSwitch indices */
	uint32_t num_hvs;
	uint64_t rng;
	double route_ms;
	/* --json: the report (plan_report.c fills it instead of printing)
	 * and its "migrations" array; NULL members after out of memory */
	json_t *json;
	json_t *migrations;
	int json_bad;
};

/* ---- plan_args.c ---- */

/* Fills a from argv; 0, or the exit status after printing why (2).
 * --help prints the usage and exits. */
int plan_parse_args(int argc, char **argv, struct plan_args *a);

/* ---- plan_session.c ---- */

/* Loads the fabric and VMs, routes them with vswitch_ftree into each
 * method's LFTs and lists the VMs and hypervisors. */
int plan_session_setup(struct plan_session *s, struct oc_err *err);
void plan_session_teardown(struct plan_session *s);

/* "VF:HV" (or, with --state, "VM:HV") to an operation. */
int plan_named_op(const struct plan_session *s, const char *spec,
		  struct oc_migrate_op *op, struct oc_err *err);

/* A random VM to a random other hypervisor with a free VF; -1 if none. */
int plan_random_op(struct plan_session *s, struct oc_migrate_op *op);

/* Plans op with every method in use, applies each to its own LFTs and
 * moves the LIDs; tallies when record. */
int plan_migrate(struct plan_session *s, const struct oc_migrate_op *op,
		 int record, struct oc_err *err);

/* ---- plan_report.c ---- */

int plan_tally_init(struct plan_tally *t, unsigned long runs);
void plan_tally_add(struct plan_tally *t, const struct oc_plan *p, double us);

/* Milliseconds since t0 (CLOCK_MONOTONIC). */
double plan_ms_since(const struct timespec *t0);

void plan_print_op(struct plan_session *s, const struct oc_migrate_op *op);
void plan_print_plan(struct plan_session *s, int m);
/* Sorts the tallied times to take their medians. */
void plan_print_tallies(struct plan_session *s);
void plan_print_fabric(struct plan_session *s);

/* FTreeMinRC's marking times; on a fabric without vSwitches also over
 * random leaf pairs. */
int plan_report_marking(struct plan_session *s, struct oc_err *err);

/* Verifies each method's LFTs; fails if one has unreachable LIDs, loops
 * or a credit loop. */
int plan_verify_all(struct plan_session *s, struct oc_err *err);

/* --json: starts the report (0, or -1 out of memory) and prints it (the
 * exit status: 0, or 2 said on stderr). */
int plan_json_start(struct plan_session *s);
int plan_json_print(struct plan_session *s);

#endif
