/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_migrate_errors.c - operations the planner refuses: each fails with
 * an error naming the problem and leaves the LFTs and the fabric as they
 * were; a plan that no longer matches the fabric is not committed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"
#include "migrate_env.h"
#include "testlib.h"

#define K2 "3;2,2,2;1,2,2"

/* Plans op, expects failure with want in the message and no change. */
static void refused(struct menv *e, struct oc_migrate_op op, int method,
		    const char *want)
{
	struct menv_snapshot snap;
	struct oc_err err = {{0}};
	struct oc_plan p;

	oc_plan_init(&p);
	menv_snap(e, &snap);
	assert_int_equal(oc_reconf_run(e->rc, e->t, &op, method, &p, &err), -1);
	if (!strstr(err.msg, want))
		fail_msg("expected \"%s\", got \"%s\"", want, err.msg);
	menv_same(e, &snap);
	assert_int_equal(oc_reconf_commit(e->rc, &p, &err), -1);
	assert_non_null(strstr(err.msg, "empty plan"));
	menv_same(e, &snap);
	menv_snap_free(&snap);
	oc_plan_release(&p);
}

static struct oc_migrate_op op_of(int kind, uint16_t lid, uint16_t peer)
{
	struct oc_migrate_op op = {kind, lid, peer, OC_NONE};

	return op;
}

static void bad_swaps(void **state)
{
	struct menv e;
	uint16_t vf1, vf2, pf;

	menv_gen(&e, K2, 2, 0, NULL, 0);
	vf1 = menv_lid(&e, "hv0-vf1");
	vf2 = menv_lid(&e, "hv0-vf2");
	pf = menv_lid(&e, "hv3-pf");
	refused(&e, op_of(OC_OP_SWAP, 0, vf1), 0, "LID 0 is not in use");
	refused(&e, op_of(OC_OP_SWAP, vf1, 999), 1, "LID 999 is not in use");
	refused(&e, op_of(OC_OP_SWAP, menv_lid(&e, "sw-L1-0"), vf2), 0,
		"is switch \"sw-L1-0\", not a VM");
	refused(&e, op_of(OC_OP_SWAP, pf, vf1), 1,
		"the PF of hypervisor \"hv3\", not a VF");
	refused(&e, op_of(OC_OP_SWAP, vf1, pf), 0, "not a VF");
	refused(&e, op_of(OC_OP_SWAP, vf1, vf1), 1,
		"destination equals source");
	refused(&e, op_of(OC_OP_SWAP, vf1, vf2), 0,
		"already runs on hypervisor \"hv0\"");
	refused(&e, op_of(99, vf1, vf2), 0, "unknown operation");
	refused(&e, op_of(OC_OP_SWAP, vf1, menv_lid(&e, "hv5-vf2")), 7,
		"unknown method");
	menv_free(&e);
}

static void bad_copies_and_boots(void **state)
{
	struct oc_migrate_op op;
	struct menv e, dyn;
	uint16_t vm;

	/* prepopulated: every VF has a LID, a VM moves by a swap */
	menv_gen(&e, K2, 2, 0, NULL, 0);
	vm = menv_lid(&e, "hv0-vf1");
	refused(&e, op_of(OC_OP_COPY, vm, menv_lid(&e, "hv4-pf")), 1,
		"hypervisor \"hv4\" has no VF without a LID");
	refused(&e, op_of(OC_OP_BOOT, vm, menv_lid(&e, "hv4-pf")), 0,
		"is in use by \"hv0-vf1\"");
	menv_free(&e);

	menv_gen(&dyn, K2, 2, 1, NULL, 0);
	vm = menv_lid(&dyn, "hv0-vf1");
	refused(&dyn, op_of(OC_OP_COPY, vm, menv_lid(&dyn, "hv4-vf1")), 1,
		"a VF of hypervisor \"hv4\", not a PF");
	refused(&dyn, op_of(OC_OP_COPY, vm, menv_lid(&dyn, "hv0-pf")), 0,
		"destination equals source");
	op = op_of(OC_OP_COPY, vm, menv_lid(&dyn, "hv4-pf"));
	op.vf = menv_node(&dyn, "hv4-vf1");
	refused(&dyn, op, 0, "VF \"hv4-vf1\" already has LID");
	op.vf = menv_node(&dyn, "hv5-vf2");
	refused(&dyn, op, 1, "\"hv5-vf2\" is not a VF of hypervisor \"hv4\"");
	op.vf = menv_node(&dyn, "hv4-pf");
	refused(&dyn, op, 0, "\"hv4-pf\" is the PF of hypervisor \"hv4\"");
	op.vf = menv_node(&dyn, "sw-L1-0");
	refused(&dyn, op, 0, "is not a VF");
	refused(&dyn,
		op_of(OC_OP_BOOT, dyn.t->stride, menv_lid(&dyn, "hv4-pf")), 1,
		"beyond the forwarding tables");
	refused(&dyn, op_of(OC_OP_BOOT, 0, menv_lid(&dyn, "hv4-pf")), 1,
		"LID 0 out of range");
	refused(&dyn, op_of(OC_OP_STOP, menv_lid(&dyn, "hv4-pf"), 0), 0,
		"not a VF");
	refused(&dyn, op_of(OC_OP_STOP, dyn.f->max_lid + 1, 0), 1,
		"not in use");
	menv_free(&dyn);
}

/* CAs on a plain fat-tree are not VFs. */
static void plain_tree_has_no_vfs(void **state)
{
	struct menv e;

	menv_text(&e, TWO_LEVEL_NET);
	refused(&e, op_of(OC_OP_SWAP, menv_lid(&e, "a1"), menv_lid(&e, "b1")),
		0, "CA \"a1\", which is not behind a vSwitch");
	menv_free(&e);
}

static void tables_must_fit(void **state)
{
	struct oc_lfts *small;
	struct oc_err err = {{0}};
	struct oc_migrate_op op;
	struct oc_plan p;
	struct menv e;
	uint16_t max;

	menv_gen(&e, K2, 2, 0, NULL, 0);
	oc_plan_init(&p);
	op = op_of(OC_OP_SWAP, menv_lid(&e, "hv0-vf1"),
		   menv_lid(&e, "hv5-vf2"));
	small = oc_lfts_new(3, e.f->max_lid);
	assert_int_equal(oc_reconf_plan(e.rc, small, &op, 0, &p, &err), -1);
	assert_non_null(strstr(err.msg, "LFTs of 3 switches"));
	oc_lfts_free(small);
	/* a LID the tables do not reach */
	max = e.t->max_lid;
	e.t->max_lid = (op.lid > op.peer_lid ? op.lid : op.peer_lid) - 1;
	refused(&e, op, 1, "has no LFT entries");
	e.t->max_lid = max;
	oc_plan_release(&p);
	menv_free(&e);
}

/* Appends printf-style text to a growing buffer. */
static void put(char **buf, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(*buf + *len, 8192 - *len, fmt, ap);
	va_end(ap);
	assert_true(n > 0 && *len + n < 8192);
	*len += n;
}

/* A 3-level tree whose middles pick their roots crosswise (M0: R0, R1;
 * M1: R2, R3; M2: R0, R2; M3: R1, R3): a fat-tree, but not one that
 * OpenSM's tuples describe.  One hypervisor per leaf. */
static char *crosswise_net(void)
{
	static const int up[4][2] = {{0, 1}, {2, 3}, {0, 2}, {1, 3}};
	static const int down_port[4][2] = {{3, 4}, {3, 4}, {3, 4}, {3, 4}};
	char *buf = malloc(8192);
	size_t len = 0;
	int r, m, l, k;

	assert_non_null(buf);
	for (r = 0; r < 4; r++) {
		put(&buf, &len, "Switch 2 \"R%d\"\n", r);
		for (k = 0, m = 0; m < 4; m++)
			for (l = 0; l < 2; l++)
				if (up[m][l] == r)
					put(&buf, &len, "[%d] \"M%d\"[%d]\n",
					    ++k, m, down_port[m][l]);
		put(&buf, &len, "\n");
	}
	for (m = 0; m < 4; m++) {
		int pod = m < 2 ? 0 : 2, slot = m % 2 + 1;

		put(&buf, &len,
		    "Switch 4 \"M%d\"\n[1] \"L%d\"[%d]\n[2] \"L%d\"[%d]\n", m,
		    pod, slot, pod + 1, slot);
		for (l = 0; l < 2; l++) {
			int root = up[m][l], port = 1;

			for (k = 0; k < m; k++)
				port += up[k][0] == root || up[k][1] == root;
			put(&buf, &len, "[%d] \"R%d\"[%d]\n", 3 + l, root,
			    port);
		}
		put(&buf, &len, "\n");
	}
	for (l = 0; l < 4; l++) {
		int mid = l < 2 ? 0 : 2, slot = l % 2 + 1;

		put(&buf, &len,
		    "Switch 3 \"L%d\"\n[1] \"M%d\"[%d]\n[2] \"M%d\"[%d]\n"
		    "[3] \"h%d\"[1]\n\n",
		    l, mid, slot, mid + 1, slot, l);
		put(&buf, &len,
		    "Switch 4 \"h%d\"\n[1] \"L%d\"[3]\n[2] \"h%dpf\"[1]\n"
		    "[3] \"h%da\"[1]\n[4] \"h%db\"[1]\n\n",
		    l, l, l, l, l);
		put(&buf, &len,
		    "Hca 1 \"h%dpf\"\n[1] \"h%d\"[2]\n\nHca 1 \"h%da\"\n"
		    "[1] \"h%d\"[3]\n\nHca 1 \"h%db\"\n[1] \"h%d\"[4]\n\n",
		    l, l, l, l, l, l);
	}
	return buf;
}

/* Without tuples FTreeMinRC refuses, naming the link; ItRC works. */
static void ftreeminrc_needs_tuples(void **state)
{
	char *text = crosswise_net();
	struct oc_migrate_op op;
	struct oc_plan p;
	struct menv e;

	menv_text(&e, text);
	assert_null(oc_reconf_tuples(e.rc));
	op = op_of(OC_OP_SWAP, menv_lid(&e, "h0a"), menv_lid(&e, "h3b"));
	refused(&e, op, 1,
		"FTreeMinRC needs switch tuples: switch tuples do "
		"not describe this tree");
	oc_plan_init(&p);
	menv_run(&e, &op, OC_RECONF_ITRC, &p, "h3b");
	oc_plan_release(&p);
	menv_free(&e);
	free(text);
}

/* A plan is committed once: the second time the LIDs have moved. */
static void stale_plan_is_refused(void **state)
{
	struct menv_snapshot snap;
	struct oc_err err = {{0}};
	struct oc_migrate_op op;
	struct oc_plan p;
	struct menv e;

	menv_gen(&e, K2, 2, 0, NULL, 0);
	oc_plan_init(&p);
	op = op_of(OC_OP_SWAP, menv_lid(&e, "hv0-vf1"),
		   menv_lid(&e, "hv5-vf2"));
	assert_int_equal(oc_reconf_run(e.rc, e.t, &op, 1, &p, &err), 0);
	menv_snap(&e, &snap);
	assert_int_equal(oc_reconf_commit(e.rc, &p, &err), -1);
	assert_non_null(strstr(err.msg, "stale plan"));
	menv_same(&e, &snap);
	menv_snap_free(&snap);
	oc_plan_release(&p);
	assert_int_equal(oc_reconf_commit(e.rc, &p, &err), -1);
	assert_non_null(strstr(err.msg, "empty plan"));
	menv_free(&e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bad_swaps),
		cmocka_unit_test(bad_copies_and_boots),
		cmocka_unit_test(plain_tree_has_no_vfs),
		cmocka_unit_test(tables_must_fit),
		cmocka_unit_test(stale_plan_is_refused),
		cmocka_unit_test(ftreeminrc_needs_tuples),
	};

	return cmocka_run_group_tests_name("migrate_errors", tests, NULL, NULL);
}
