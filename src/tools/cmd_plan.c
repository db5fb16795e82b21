/*
 * cmd_plan.c - "osmcloud plan": live-migration reconfiguration offline.
 *
 * Routes a topology with vswitch_ftree, then migrates VMs with the
 * planner (migrate.h): given migrations (--migrate VF:HV, each plan
 * printed) and/or N random ones (--random N --seed S).  Each method keeps
 * its own LFTs, so ItRC and FTreeMinRC are compared over the same
 * migrations; the fabric's LID owners move once per migration.  Prints
 * what the papers measure: switches updated per migration, LFT SMPs per
 * swap or copy, the SMPs of a full reconfiguration and FTreeMinRC's
 * switch-marking time.  On a fabric without vSwitches only the marking is
 * measured, on random leaf pairs.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "engine.h"
#include "guidfile.h"
#include "lid_model.h"
#include "migrate.h"
#include "topo.h"
#include "verify.h"

#define MAX_MIGRATE 64
#define SHOW_UPDATES 40	  /* updates printed per plan */
#define EDGE_REPEATS 1000 /* marking runs of the edge-to-edge pair */
#define NUM_METHODS 2

struct plan_args {
	const char *topo;
	const char *vms;
	const char *roots;
	int dynamic;
	unsigned long random;
	unsigned long seed;
	int use[NUM_METHODS]; /* by enum oc_reconf_method */
	const char *migrate[MAX_MIGRATE];
	unsigned num_migrate;
	int verify;
	int quiet;
};

/* Figures of one method over the random migrations. */
struct tally {
	uint64_t switches, vswitches, smps;
	uint32_t switches_max, vswitches_max;
	uint32_t blocks_min, blocks_max, smps_min, smps_max;
	uint32_t fallbacks;
	double *select_us; /* per migration */
	double *plan_us;
	uint32_t runs;
};

struct session {
	const struct plan_args *a;
	struct oc_fabric *f;
	struct oc_vm_table *vms;
	struct oc_ftree *ft;
	struct oc_reconf *rc;
	struct oc_lfts *t[NUM_METHODS];
	struct oc_plan plan[NUM_METHODS];
	struct tally tally[NUM_METHODS];
	uint8_t *holds_vm; /* [LID]: a VM's LID (it keeps it) */
	uint16_t *vm_lids;
	uint32_t num_vms;
	uint32_t *hvs; /* vSwitch indices */
	uint32_t num_hvs;
	uint64_t rng;
	double route_ms;
};

static const char *const method_label[NUM_METHODS] = {"ItRC", "FTreeMinRC"};

static void plan_usage(FILE *out)
{
	fprintf(out,
		"usage: osmcloud plan --topo FILE [options]\n"
		"  --topo FILE        ibsim topology file (required)\n"
		"  --vms FILE         VM file; default: the first half (rounded\n"
		"                     up) of every hypervisor's VFs hold a VM\n"
		"  --lid-model MODEL  prepopulated (default): VMs move by LID\n"
		"                     swaps; dynamic: only VMs have LIDs, they\n"
		"                     move by LID copies\n"
		"  --roots FILE       root switch GUIDs, one 0x... per line\n"
		"  --migrate VF:HV    move the VM on VF (a CA name) to hypervisor\n"
		"                     HV (a vSwitch name) and print the plans;\n"
		"                     repeatable, done in order\n"
		"  --random N         N random migrations (then the figures)\n"
		"  --seed S           seed of the random choices (default 1)\n"
		"  --method M         itrc, ftreeminrc or both (default both)\n"
		"  --verify           verify the final LFTs of each method\n"
		"  -q, --quiet        no per-update lines\n"
		"exit status: 0 done, 1 a migration or a check failed, 2 bad\n"
		"usage or input\n");
}

static int number(const char *s, unsigned long *v)
{
	char *end;

	*v = strtoul(s, &end, 0);
	return *s == '-' || !*s || *end;
}

static int set_method(struct plan_args *a, const char *v)
{
	enum oc_reconf_method m;

	if (!strcmp(v, "both")) {
		a->use[OC_RECONF_ITRC] = a->use[OC_RECONF_FTREEMINRC] = 1;
		return 0;
	}
	if (oc_reconf_method_parse(v, &m))
		return -1;
	a->use[OC_RECONF_ITRC] = a->use[OC_RECONF_FTREEMINRC] = 0;
	a->use[m] = 1;
	return 0;
}

static int plan_option(struct plan_args *a, int c)
{
	switch (c) {
	case 't':
		a->topo = optarg;
		return 0;
	case 'v':
		a->vms = optarg;
		return 0;
	case 'r':
		a->roots = optarg;
		return 0;
	case 'l':
		a->dynamic = !strcmp(optarg, "dynamic");
		if (a->dynamic || !strcmp(optarg, "prepopulated"))
			return 0;
		fprintf(stderr, "osmcloud plan: --lid-model must be "
				"prepopulated or dynamic\n");
		return 2;
	case 'm':
		if (a->num_migrate == MAX_MIGRATE) {
			fprintf(stderr, "osmcloud plan: at most %u --migrate\n",
				MAX_MIGRATE);
			return 2;
		}
		a->migrate[a->num_migrate++] = optarg;
		return 0;
	case 'n':
		if (!number(optarg, &a->random))
			return 0;
		fprintf(stderr, "osmcloud plan: bad --random '%s'\n", optarg);
		return 2;
	case 's':
		if (!number(optarg, &a->seed))
			return 0;
		fprintf(stderr, "osmcloud plan: bad --seed '%s'\n", optarg);
		return 2;
	case 'M':
		if (!set_method(a, optarg))
			return 0;
		fprintf(stderr, "osmcloud plan: --method must be itrc, "
				"ftreeminrc or both\n");
		return 2;
	case 'V':
		a->verify = 1;
		return 0;
	case 'q':
		a->quiet = 1;
		return 0;
	case 'h':
		plan_usage(stdout);
		exit(0);
	default:
		plan_usage(stderr);
		return 2;
	}
}

static int parse_plan_args(int argc, char **argv, struct plan_args *a)
{
	static const struct option opts[] = {
		{"topo", required_argument, NULL, 't'},
		{"vms", required_argument, NULL, 'v'},
		{"roots", required_argument, NULL, 'r'},
		{"lid-model", required_argument, NULL, 'l'},
		{"migrate", required_argument, NULL, 'm'},
		{"random", required_argument, NULL, 'n'},
		{"seed", required_argument, NULL, 's'},
		{"method", required_argument, NULL, 'M'},
		{"verify", no_argument, NULL, 'V'},
		{"quiet", no_argument, NULL, 'q'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int c, ret;

	a->seed = 1;
	a->use[OC_RECONF_ITRC] = a->use[OC_RECONF_FTREEMINRC] = 1;
	while ((c = getopt_long(argc, argv, "qh", opts, NULL)) != -1)
		if ((ret = plan_option(a, c)))
			return ret;
	if (!a->topo || optind != argc) {
		plan_usage(stderr);
		return 2;
	}
	return 0;
}

/* ---- the fabric, its VMs and its routes -------------------------------- */

static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double ms_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) * 1e3 +
	       (t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* The CA on port p of vSwitch hv when p is a VF port; OC_NONE if not. */
static uint32_t vf_on_port(const struct session *s, uint32_t hv, unsigned p)
{
	const struct oc_ft_switch *x = &s->ft->sw[hv];
	uint32_t ca = oc_peer(s->f, s->f->switches[hv], p);

	if (p == x->uplink_port || p == x->pf_port || ca == OC_NONE ||
	    oc_is_switch(s->f, ca))
		return OC_NONE;
	return ca;
}

static struct oc_port *vf_port(const struct session *s, uint32_t hv, unsigned p)
{
	uint32_t node = s->f->switches[hv];

	return oc_port(s->f, vf_on_port(s, hv, p),
		       oc_port(s->f, node, p)->peer_port);
}

/* Without a VM file: the first half of each hypervisor's VFs. */
static int default_vms(struct session *s, struct oc_err *err)
{
	uint32_t hv;
	unsigned p, n, k;

	for (hv = 0; hv < s->f->num_switches; hv++) {
		uint32_t node = s->f->switches[hv];

		if (s->ft->sw[hv].role != OC_SW_VSWITCH)
			continue;
		for (n = 0, p = 1; p <= s->f->nodes[node].num_ports; p++)
			n += vf_on_port(s, hv, p) != OC_NONE;
		for (k = 0, p = 1; k < (n + 1) / 2; p++) {
			uint32_t vf = vf_on_port(s, hv, p);

			if (vf == OC_NONE)
				continue;
			if (oc_vm_table_add(s->vms, vf_port(s, hv, p)->guid,
					    s->f->nodes[vf].name, 0, err))
				return -1;
			k++;
		}
	}
	return 0;
}

static int load_fabric(struct session *s, struct oc_ftree_opts *o,
		       struct oc_err *err)
{
	s->f = oc_topo_load(s->a->topo, err);
	if (!s->f)
		return -1;
	s->ft = oc_ftree_analyze(s->f, o, err);
	s->vms = oc_vm_table_new();
	if (!s->ft || !s->vms)
		return s->ft ? oc_err_set(err, "out of memory") : -1;
	if (s->a->vms ? oc_vm_table_load(s->vms, s->a->vms, err)
		      : default_vms(s, err))
		return -1;
	if (s->a->dynamic && oc_lid_model_dynamic(s->f, s->vms, err))
		return -1;
	return oc_fabric_assign_lids(s->f, err);
}

static int route(struct session *s, const struct oc_ftree_opts *o,
		 struct oc_err *err)
{
	struct oc_engine_input in = {.f = s->f,
				     .root_guids = o->root_guids,
				     .num_roots = o->num_roots,
				     .vms = s->vms};
	struct oc_route_stats stats;
	struct timespec t0;
	int m;

	for (m = 0; m < NUM_METHODS; m++) {
		s->t[m] = oc_lfts_new(s->f->num_switches, s->f->max_lid);
		if (!s->t[m])
			return oc_err_set(err, "out of memory");
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (oc_vswitch_ftree_engine.route(&in, s->t[0], &stats, err))
		return -1;
	s->route_ms = ms_since(&t0);
	memcpy(s->t[1]->ports, s->t[0]->ports,
	       (size_t)s->t[0]->stride * s->t[0]->num_switches);
	s->rc = oc_reconf_new(s->f, s->ft, err);
	return s->rc ? 0 : -1;
}

/* The VMs (VFs with a LID that the VM table names) and hypervisors. */
static int list_vms(struct session *s, struct oc_err *err)
{
	uint32_t hv, n = s->f->num_switches;
	unsigned p;

	s->holds_vm = calloc((size_t)s->f->max_lid + 1, 1);
	s->vm_lids = malloc(sizeof(*s->vm_lids) * (s->f->max_lid + 1u));
	s->hvs = malloc(sizeof(*s->hvs) * (n ? n : 1));
	if (!s->holds_vm || !s->vm_lids || !s->hvs)
		return oc_err_set(err, "out of memory");
	for (hv = 0; hv < n; hv++) {
		if (s->ft->sw[hv].role != OC_SW_VSWITCH)
			continue;
		s->hvs[s->num_hvs++] = hv;
		for (p = 1; p <= s->f->nodes[s->f->switches[hv]].num_ports;
		     p++) {
			const struct oc_port *vf;

			if (vf_on_port(s, hv, p) == OC_NONE)
				continue;
			vf = vf_port(s, hv, p);
			if (!vf->lid || !oc_vm_table_find(s->vms, vf->guid))
				continue;
			s->holds_vm[vf->lid] = 1;
			s->vm_lids[s->num_vms++] = vf->lid;
		}
	}
	return 0;
}

static int setup(struct session *s, struct oc_err *err)
{
	struct oc_ftree_opts o = {0};
	uint64_t *roots = NULL;
	int ret;

	if (s->a->roots &&
	    oc_guid_list_load(s->a->roots, &roots, &o.num_roots, err))
		return -1;
	o.root_guids = roots;
	ret = load_fabric(s, &o, err);
	if (!ret)
		ret = route(s, &o, err);
	if (!ret && s->ft->num_vswitches)
		ret = list_vms(s, err);
	free(roots);
	return ret;
}

static void teardown(struct session *s)
{
	int m;

	for (m = 0; m < NUM_METHODS; m++) {
		oc_lfts_free(s->t[m]);
		oc_plan_release(&s->plan[m]);
		free(s->tally[m].select_us);
		free(s->tally[m].plan_us);
	}
	oc_reconf_free(s->rc);
	oc_ftree_free(s->ft);
	oc_vm_table_free(s->vms);
	oc_fabric_free(s->f);
	free(s->holds_vm);
	free(s->vm_lids);
	free(s->hvs);
}

/* ---- choosing migrations ---------------------------------------------- */

static uint32_t hv_of_lid(const struct session *s, uint16_t lid)
{
	const struct oc_lid_owner *o = &s->f->lid_owner[lid];
	uint32_t peer = oc_peer(s->f, o->node, o->port);

	return s->f->nodes[peer].sw_index;
}

/* The VF of hypervisor hv that takes a VM (node), OC_NONE if none. */
static uint32_t idle_vf(const struct session *s, uint32_t hv, uint16_t *lid)
{
	unsigned p;

	for (p = 1; p <= s->f->nodes[s->f->switches[hv]].num_ports; p++) {
		const struct oc_port *vf;

		if (vf_on_port(s, hv, p) == OC_NONE)
			continue;
		vf = vf_port(s, hv, p);
		*lid = vf->lid;
		if (s->a->dynamic ? !vf->lid : !s->holds_vm[vf->lid])
			return vf_on_port(s, hv, p);
	}
	return OC_NONE;
}

static uint16_t pf_lid(const struct session *s, uint32_t hv)
{
	uint32_t node = s->f->switches[hv];
	unsigned pf = s->ft->sw[hv].pf_port;

	return oc_port(s->f, oc_peer(s->f, node, pf),
		       oc_port(s->f, node, pf)->peer_port)
		->lid;
}

/* The operation moving VM lid to hypervisor hv; -1 if hv is full. */
static int make_op(const struct session *s, uint16_t lid, uint32_t hv,
		   struct oc_migrate_op *op)
{
	uint16_t idle_lid = 0;
	uint32_t vf = idle_vf(s, hv, &idle_lid);

	if (vf == OC_NONE)
		return -1;
	op->lid = lid;
	op->vf = vf;
	if (s->a->dynamic) {
		op->kind = OC_OP_COPY;
		op->peer_lid = pf_lid(s, hv);
	} else {
		op->kind = OC_OP_SWAP;
		op->peer_lid = idle_lid;
	}
	return 0;
}

static int random_op(struct session *s, struct oc_migrate_op *op)
{
	uint16_t lid = s->vm_lids[next_rand(&s->rng) % s->num_vms];
	uint32_t from = hv_of_lid(s, lid), i, start;

	for (i = 0; i < 64; i++) {
		uint32_t hv = s->hvs[next_rand(&s->rng) % s->num_hvs];

		if (hv != from && !make_op(s, lid, hv, op))
			return 0;
	}
	start = next_rand(&s->rng) % s->num_hvs;
	for (i = 0; i < s->num_hvs; i++) {
		uint32_t hv = s->hvs[(start + i) % s->num_hvs];

		if (hv != from && !make_op(s, lid, hv, op))
			return 0;
	}
	return -1;
}

/* ---- planning and tallying -------------------------------------------- */

static int tally_init(struct tally *t, unsigned long runs)
{
	memset(t, 0, sizeof(*t));
	t->blocks_min = t->smps_min = UINT32_MAX;
	t->select_us = malloc(sizeof(double) * (runs + 1));
	t->plan_us = malloc(sizeof(double) * (runs + 1));
	return t->select_us && t->plan_us ? 0 : -1;
}

static void tally_add(struct tally *t, const struct oc_plan *p, double us)
{
	const struct oc_plan_counts *c = &p->counts;

	t->switches += c->switches;
	t->vswitches += c->vswitches;
	t->smps += c->smps;
	if (c->switches > t->switches_max)
		t->switches_max = c->switches;
	if (c->vswitches > t->vswitches_max)
		t->vswitches_max = c->vswitches;
	if (c->blocks < t->blocks_min)
		t->blocks_min = c->blocks;
	if (c->blocks > t->blocks_max)
		t->blocks_max = c->blocks;
	if (c->smps < t->smps_min)
		t->smps_min = c->smps;
	if (c->smps > t->smps_max)
		t->smps_max = c->smps;
	t->fallbacks += c->fallback;
	t->select_us[t->runs] = p->select_us;
	t->plan_us[t->runs++] = us;
}

/* Plans op with every method in use, applies each to its own LFTs and
 * moves the LIDs; tallies when record. */
static int migrate(struct session *s, const struct oc_migrate_op *op,
		   int record, struct oc_err *err)
{
	struct timespec t0;
	int m, last = -1;

	for (m = 0; m < NUM_METHODS; m++) {
		if (!s->a->use[m])
			continue;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (oc_reconf_plan(s->rc, s->t[m], op, m, &s->plan[m], err))
			return -1;
		if (record)
			tally_add(&s->tally[m], &s->plan[m],
				  ms_since(&t0) * 1e3);
		last = m;
	}
	if (oc_reconf_commit(s->rc, &s->plan[last], err))
		return -1;
	for (m = 0; m < NUM_METHODS; m++)
		if (s->a->use[m])
			oc_plan_apply_lfts(&s->plan[m], s->t[m]);
	return 0;
}

/* ---- printing ------------------------------------------------------------ */

static const char *sw_name(const struct session *s, uint32_t sw)
{
	return s->f->nodes[s->f->switches[sw]].name;
}

static const char *lid_name(const struct session *s, uint16_t lid)
{
	uint32_t n = s->f->lid_owner[lid].node;

	return n == OC_NONE ? "free" : s->f->nodes[n].name;
}

static void print_op(const struct session *s, const struct oc_migrate_op *op)
{
	if (op->kind == OC_OP_SWAP)
		printf("swap LID %u (%s) with LID %u (%s)\n", op->lid,
		       lid_name(s, op->lid), op->peer_lid,
		       lid_name(s, op->peer_lid));
	else
		printf("copy LID %u (%s) to %s, entries of PF LID %u (%s)\n",
		       op->lid, lid_name(s, op->lid), s->f->nodes[op->vf].name,
		       op->peer_lid, lid_name(s, op->peer_lid));
}

static void print_counts(const char *label, const struct oc_plan_counts *c)
{
	printf("  %s: %u switches, %u blocks; %u vSwitches, %u blocks; "
	       "%u LFT SMPs (%u on the active route)",
	       label, c->switches, c->blocks, c->vswitches, c->vswitch_blocks,
	       c->smps, c->active);
	if (c->level >= 0)
		printf("; sub-tree level %d, skyline %u, closure %u%s",
		       c->level, c->skyline, c->closure,
		       c->fallback ? ", fell back to ItRC's set" : "");
	printf("\n");
}

static void print_plan(const struct session *s, int m)
{
	const struct oc_plan *p = &s->plan[m];
	uint32_t i, n = p->num_updates;

	print_counts(method_label[m], &p->counts);
	if (s->a->quiet)
		return;
	for (i = 0; i < n && i < SHOW_UPDATES; i++)
		printf("    %3u. %-14s block %-4u LIDs %u-%u%s\n", i + 1,
		       sw_name(s, p->updates[i].sw), p->updates[i].block,
		       p->updates[i].block * OC_LFT_BLOCK,
		       p->updates[i].block * OC_LFT_BLOCK + OC_LFT_BLOCK - 1,
		       p->updates[i].active ? "  active" : "");
	if (n > SHOW_UPDATES)
		printf("    ... %u more\n", n - SHOW_UPDATES);
}

/* "VF:HV" to an operation. */
static int named_op(const struct session *s, const char *spec,
		    struct oc_migrate_op *op, struct oc_err *err)
{
	char vf[128];
	const char *colon = strchr(spec, ':');
	uint32_t vn, hn;

	if (!colon || colon == spec || (size_t)(colon - spec) >= sizeof(vf))
		return oc_err_set(err, "--migrate '%s': want VF:HV", spec);
	memcpy(vf, spec, colon - spec);
	vf[colon - spec] = 0;
	vn = oc_fabric_find_name(s->f, vf);
	hn = oc_fabric_find_name(s->f, colon + 1);
	if (vn == OC_NONE || oc_is_switch(s->f, vn) ||
	    !oc_port(s->f, vn, 1)->lid)
		return oc_err_set(err, "--migrate '%s': no VM on \"%s\"", spec,
				  vf);
	if (hn == OC_NONE || !oc_is_switch(s->f, hn) ||
	    s->ft->sw[s->f->nodes[hn].sw_index].role != OC_SW_VSWITCH)
		return oc_err_set(err, "--migrate '%s': no hypervisor \"%s\"",
				  spec, colon + 1);
	if (make_op(s, oc_port(s->f, vn, 1)->lid, s->f->nodes[hn].sw_index, op))
		return oc_err_set(err,
				  "--migrate '%s': hypervisor \"%s\" has no "
				  "VF free for a VM",
				  spec, colon + 1);
	return 0;
}

static int run_named(struct session *s, struct oc_err *err)
{
	struct oc_migrate_op op;
	unsigned i;
	int m;

	for (i = 0; i < s->a->num_migrate; i++) {
		if (named_op(s, s->a->migrate[i], &op, err))
			return -1;
		print_op(s, &op);
		if (migrate(s, &op, 0, err))
			return -1;
		for (m = 0; m < NUM_METHODS; m++)
			if (s->a->use[m])
				print_plan(s, m);
	}
	return 0;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

static double median(double *v, uint32_t n)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void print_row(const struct session *s, const char *label, double v0,
		      double v1, const char *fmt)
{
	double v[NUM_METHODS] = {v0, v1};
	int m;

	printf("  %-34s", label);
	for (m = 0; m < NUM_METHODS; m++) {
		if (!s->a->use[m]) {
			printf(" %12s", "-");
			continue;
		}
		printf(" ");
		printf(fmt, v[m]);
	}
	printf("\n");
}

static void print_tallies(struct session *s)
{
	struct tally *i = &s->tally[0], *f = &s->tally[1];
	double ri = i->runs ? i->runs : 1, rf = f->runs ? f->runs : 1;

	printf("  %-34s %12s %12s\n", "", method_label[0], method_label[1]);
	print_row(s, "switches per migration, mean", i->switches / ri,
		  f->switches / rf, "%12.2f");
	print_row(s, "switches per migration, max", i->switches_max,
		  f->switches_max, "%12.0f");
	print_row(s, "vSwitches per migration, max", i->vswitches_max,
		  f->vswitches_max, "%12.0f");
	print_row(s, "LFT SMPs to switches, min", i->blocks_min, f->blocks_min,
		  "%12.0f");
	print_row(s, "LFT SMPs to switches, max", i->blocks_max, f->blocks_max,
		  "%12.0f");
	print_row(s, "LFT SMPs with vSwitches, min", i->smps_min, f->smps_min,
		  "%12.0f");
	print_row(s, "LFT SMPs with vSwitches, mean", i->smps / ri,
		  f->smps / rf, "%12.2f");
	print_row(s, "LFT SMPs with vSwitches, max", i->smps_max, f->smps_max,
		  "%12.0f");
	print_row(s, "switch selection, median us",
		  median(i->select_us, i->runs), median(f->select_us, f->runs),
		  "%12.1f");
	print_row(s, "whole plan, median us", median(i->plan_us, i->runs),
		  median(f->plan_us, f->runs), "%12.1f");
	print_row(s, "fallbacks to ItRC's switch set", i->fallbacks,
		  f->fallbacks, "%12.0f");
}

static int run_random(struct session *s, struct oc_err *err)
{
	struct oc_migrate_op op;
	unsigned long i;
	int m;

	if (!s->num_vms || s->num_hvs < 2)
		return oc_err_set(err,
				  "no VM to migrate (%u VMs, %u "
				  "hypervisors)",
				  s->num_vms, s->num_hvs);
	for (m = 0; m < NUM_METHODS; m++)
		if (tally_init(&s->tally[m], s->a->random))
			return oc_err_set(err, "out of memory");
	s->rng = s->a->seed;
	for (i = 0; i < s->a->random; i++) {
		if (random_op(s, &op))
			return oc_err_set(err, "no hypervisor has a free VF");
		if (migrate(s, &op, 1, err))
			return -1;
	}
	printf("%lu random migrations (LID %s, seed %lu):\n", s->a->random,
	       s->a->dynamic ? "copies" : "swaps", s->a->seed);
	print_tallies(s);
	return 0;
}

/* ---- fabric figures and marking --------------------------------------- */

static uint32_t fabric_switches(const struct session *s)
{
	return s->f->num_switches - s->ft->num_vswitches;
}

static void print_fabric(const struct session *s)
{
	uint64_t blocks = s->f->max_lid / OC_LFT_BLOCK + 1;

	printf("fabric: %u switches, %u vSwitches, %u leaves, max LID %u; "
	       "LID model %s, %u VMs\n",
	       fabric_switches(s), s->ft->num_vswitches, s->ft->num_leaves,
	       s->f->max_lid, s->a->dynamic ? "dynamic" : "prepopulated",
	       s->num_vms);
	printf("routing (vswitch_ftree): %.1f ms\n", s->route_ms);
	printf("full reconfiguration: %u switches x %llu blocks = %llu LFT "
	       "SMPs (with vSwitches: %llu)\n",
	       fabric_switches(s), (unsigned long long)blocks,
	       (unsigned long long)(fabric_switches(s) * blocks),
	       (unsigned long long)(s->f->num_switches * blocks));
}

static double mark_us(const struct oc_tuples *t, uint32_t a, uint32_t b,
		      uint8_t *mark, uint32_t *marked, int *level)
{
	struct timespec t0;
	double us;
	uint32_t i;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	*marked = oc_tuple_mark_skyline(t, a, b, mark, level);
	us = ms_since(&t0) * 1e3;
	for (i = 0; i < t->num_fabric; i++)
		mark[t->fabric_sw[i]] = 0;
	return us;
}

/* The skyline of the first and the last leaf, the widest there is. */
static void print_edge_marking(const struct session *s, uint8_t *mark)
{
	const struct oc_tuples *t = oc_reconf_tuples(s->rc);
	uint32_t a = s->ft->leaves[0], b = s->ft->leaves[s->ft->num_leaves - 1];
	double us[EDGE_REPEATS];
	uint32_t i, marked = 0;
	int level = 0;

	for (i = 0; i < EDGE_REPEATS; i++)
		us[i] = mark_us(t, a, b, mark, &marked, &level);
	printf("FTreeMinRC skyline of the edge leaves %s and %s: %u switches "
	       "(sub-tree level %d), marked in %.1f us (median of %u)\n",
	       sw_name(s, a), sw_name(s, b), marked, level,
	       median(us, EDGE_REPEATS), EDGE_REPEATS);
}

/* Without vSwitches: skylines of random leaf pairs. */
static void print_pair_marking(struct session *s, uint8_t *mark)
{
	const struct oc_tuples *t = oc_reconf_tuples(s->rc);
	unsigned long i, n = s->a->random;
	double *us = malloc(sizeof(double) * (n + 1)), sum = 0;
	uint32_t marked, max = 0;
	int level;

	if (!us || !n) {
		free(us);
		return;
	}
	s->rng = s->a->seed;
	for (i = 0; i < n; i++) {
		uint32_t a = next_rand(&s->rng) % s->ft->num_leaves;
		uint32_t b = next_rand(&s->rng) % s->ft->num_leaves;

		us[i] = mark_us(t, s->ft->leaves[a], s->ft->leaves[b], mark,
				&marked, &level);
		sum += marked;
		max = marked > max ? marked : max;
	}
	printf("%lu random leaf pairs: skyline mean %.1f, max %u switches; "
	       "marking median %.1f us\n",
	       n, sum / n, max, median(us, n));
	free(us);
}

static int report_marking(struct session *s, struct oc_err *err)
{
	uint8_t *mark;

	if (!oc_reconf_tuples(s->rc)) {
		printf("FTreeMinRC unavailable: %s\n",
		       oc_reconf_tuples_error(s->rc));
		return 0;
	}
	mark = calloc(s->f->num_switches, 1);
	if (!mark)
		return oc_err_set(err, "out of memory");
	print_edge_marking(s, mark);
	if (!s->ft->num_vswitches) {
		printf("no vSwitches: only the marking is measured\n");
		print_pair_marking(s, mark);
	}
	free(mark);
	return 0;
}

/* ---- checking ------------------------------------------------------------ */

static int verify_method(const struct session *s, int m, struct oc_err *err)
{
	struct oc_verify_report r;
	int bad;

	if (oc_verify(s->f, s->t[m], &r, err))
		return -1;
	printf("  %s: CA LIDs unreachable %u (loops %llu), CA credit loop "
	       "%s, non-minimal CA pairs %llu of %llu, link load max %llu "
	       "mean %.1f\n",
	       method_label[m], r.ca.lids_unreachable,
	       (unsigned long long)r.ca.loops,
	       r.cdg_ca_cycle.len ? "YES" : "none",
	       (unsigned long long)r.ca_pairs_nonminimal,
	       (unsigned long long)r.ca_pairs, (unsigned long long)r.load_max,
	       r.load_mean);
	bad = r.ca.lids_unreachable || r.ca.loops || r.cdg_ca_cycle.len;
	oc_verify_report_free(&r);
	return bad;
}

static int verify_all(const struct session *s, struct oc_err *err)
{
	int m, bad = 0, ret;

	printf("verify:\n");
	for (m = 0; m < NUM_METHODS; m++) {
		if (!s->a->use[m])
			continue;
		ret = verify_method(s, m, err);
		if (ret < 0)
			return -1;
		bad |= ret;
	}
	if (bad)
		return oc_err_set(err, "FAIL: the LFTs do not pass");
	return 0;
}

static int run(struct session *s, struct oc_err *err)
{
	if (setup(s, err))
		return 2;
	print_fabric(s);
	if (report_marking(s, err))
		return 1;
	if (!s->ft->num_vswitches)
		return 0;
	if (run_named(s, err))
		return 1;
	if (s->a->random && run_random(s, err))
		return 1;
	if (s->a->verify && verify_all(s, err))
		return 1;
	return 0;
}

int cmd_plan(int argc, char **argv)
{
	struct plan_args a = {0};
	struct session s = {.a = &a};
	struct oc_err err = {.msg = "out of memory"};
	int ret = parse_plan_args(argc, argv, &a);

	if (ret)
		return ret;
	ret = run(&s, &err);
	if (ret)
		fprintf(stderr, "osmcloud plan: %s\n", err.msg);
	teardown(&s);
	return ret;
}
