/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fuzz_parsers.c - a mutation fuzzer for every file osmcloud reads:
 * topology (.net, ibnetdiscover output), opensm-subnet.lst, ibsim Dump,
 * LFT dump (opensm-lfts.dump, dump_lfts, opensm.fdbs), GUID list, VM file, VM state
 * file, policy, weights, partitions.conf, opensm.conf, OpenSM's node name map, the control socket's JSON, the
 * path-record cache daemon's request and answer lines and the ibacm
 * provider's options.
 *
 * Each parser gets its seeds (valid inputs: a topology of topologies/,
 * the ibsim Dump of tests/unit/data, small texts below; each must be
 * accepted, or the run fails: a fuzzer whose seeds are refused tests
 * only the first line), then OC_FUZZ_COUNT (default 2000) inputs made
 * from them by 1 to 8 random mutations: bit flips, bytes that matter to
 * a parser (NUL, newline, blank, '#', '"', '\', '=', ','), numbers at
 * their limits, cut, repeated or spliced ranges.  The random stream is
 * xorshift64* from OC_FUZZ_SEED (default 1): a run is reproducible.  A
 * parser may accept or refuse an input; it must not crash, leak, read
 * out of bounds or hit undefined behaviour, which the sanitizer build
 * (scripts/sanitize.sh: ASan + UBSan, every error fatal) turns into a
 * failed test.  In the plain build the same run catches crashes only.
 *
 * Usage: fuzz_parsers [TARGET...] (default: all); srcdir locates the
 * seed files.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/acm_opts.h"
#include "io/ctl_json.h"
#include "base/error.h"
#include "model/fabric.h"
#include "io/guidfile.h"
#include "io/ibsim_dump.h"
#include "model/lft.h"
#include "io/lft_dump.h"
#include "io/lft_input.h"
#include "io/subnet_lst.h"
#include "io/osm_conf.h"
#include "io/part_file.h"
#include "model/partition.h"
#include "io/policy_file.h"
#include "io/topo.h"
#include "io/vmfile.h"
#include "vm/vmreg.h"
#include "io/weights_file.h"
#include "io/node_name_map.h"
#include "sa/pathcache_proto.h"
#include "mutate.h"

/* ---- the parsers ------------------------------------------------------ */

static char scratch[4096];	 /* a file for path-based parsers */
static struct oc_fabric *fabric; /* the partitions' and LFTs' fabric */
static struct oc_fabric *lfts_fabric;
static struct oc_fabric *live_fabric; /* tests/unit/data/live/ */

static FILE *as_file(const struct buf *in)
{
	/* fmemopen cannot open an empty buffer in every libc version */
	return fmemopen(in->len ? in->b : (char *)"", in->len ? in->len : 1,
			"r");
}

static int to_scratch(const struct buf *in)
{
	FILE *f = fopen(scratch, "w");

	if (!f)
		return -1;
	if (fwrite(in->b, 1, in->len, f) != in->len) {
		fclose(f);
		return -1;
	}
	return fclose(f) ? -1 : 0;
}

static int run_topo(const struct buf *in)
{
	struct oc_err err;
	FILE *f = as_file(in);
	struct oc_fabric *fab = f ? oc_topo_read(f, "fuzz.net", &err) : NULL;

	if (f)
		fclose(f);
	oc_fabric_free(fab);
	return fab ? 0 : -1;
}

static int run_ibsim_dump(const struct buf *in)
{
	struct oc_err err;
	struct oc_lfts *t = NULL;
	FILE *f = as_file(in);
	struct oc_fabric *fab = f ? oc_ibsim_dump_read(f, "fuzz.dump", &t, &err)
				  : NULL;

	if (f)
		fclose(f);
	oc_lfts_free(t);
	oc_fabric_free(fab);
	return fab ? 0 : -1;
}

static int run_lft_dump(const struct buf *in)
{
	struct oc_err err;
	struct oc_lfts *t = NULL;
	FILE *f = as_file(in);
	int ret = f ? oc_lft_dump_read(lfts_fabric, f, "fuzz.lfts", &t, &err)
		    : -1;

	if (f)
		fclose(f);
	oc_lfts_free(t);
	return ret;
}

static int run_subnet_lst(const struct buf *in)
{
	struct oc_err err;
	FILE *f = as_file(in);
	struct oc_fabric *fab = f ? oc_subnet_lst_read(f, "fuzz.lst", &err)
				  : NULL;

	if (f)
		fclose(f);
	oc_fabric_free(fab);
	return fab ? 0 : -1;
}

/* A live fabric's LFTs in any format, told apart by the first line. */
static int run_lft_input(const struct buf *in)
{
	struct oc_err err;
	struct oc_lfts *t = NULL;
	int ret = to_scratch(in) ? -1
				 : oc_lft_input_load(live_fabric, scratch,
						     OC_LFT_AUTO, &t, &err);

	oc_lfts_free(t);
	return ret;
}

static int run_json(const struct buf *in)
{
	struct oc_json_obj obj;
	struct oc_err err;
	int ret = oc_json_parse(in->b, &obj, &err);

	if (!ret)
		oc_json_obj_free(&obj);
	return ret;
}

static int run_json_reply(const struct buf *in)
{
	struct oc_json_obj obj;
	struct oc_err err;
	int ret = oc_json_parse_reply(in->b, &obj, &err);

	if (!ret)
		oc_json_obj_free(&obj);
	return ret;
}

static int run_pc_request(const struct buf *in)
{
	struct oc_pcreq req;
	struct oc_err err;

	return oc_pcreq_parse(in->b, &req, &err);
}

static int run_pc_reply(const struct buf *in)
{
	uint8_t rec[OC_PATHREC_SIZE];
	struct oc_err err;
	int from_cache;

	return oc_pcreply_parse(in->b, rec, &from_cache, &err);
}

static int run_policy(const struct buf *in)
{
	struct oc_err err;
	FILE *f = as_file(in);
	struct oc_policies *p = f ? oc_policy_file_read(f, "fuzz.policy", &err)
				  : NULL;

	if (f)
		fclose(f);
	oc_policies_free(p);
	return p ? 0 : -1;
}

static int run_weights(const struct buf *in)
{
	struct oc_err err;
	FILE *f = as_file(in);
	struct oc_weights *w = f ? oc_weights_read(f, "fuzz.weights", &err)
				 : NULL;

	if (f)
		fclose(f);
	oc_weights_free(w);
	return w ? 0 : -1;
}

static int run_name_map(const struct buf *in)
{
	struct oc_err err;
	FILE *f = as_file(in);
	struct oc_name_map *m = f ? oc_name_map_read(f, "fuzz.map", &err)
				  : NULL;

	if (f)
		fclose(f);
	oc_name_map_free(m);
	return m ? 0 : -1;
}

static int run_acm_opts(const struct buf *in)
{
	struct oc_err err;
	struct oc_acm_opts o;
	FILE *f = as_file(in);
	int ret;

	oc_acm_opts_defaults(&o);
	ret = f ? oc_acm_opts_read(f, "fuzz.cfg", &o, &err) : -1;
	if (f)
		fclose(f);
	return ret;
}

static int run_partitions(const struct buf *in)
{
	struct oc_err err;
	FILE *f = as_file(in);
	struct oc_partitions *ps =
		f ? oc_part_file_read(f, "fuzz.conf", fabric, 0, &err) : NULL;

	if (f)
		fclose(f);
	oc_partitions_free(ps);
	return ps ? 0 : -1;
}

static int run_guids(const struct buf *in)
{
	struct oc_err err;
	uint64_t *guids = NULL;
	size_t count = 0;
	int ret;

	if (to_scratch(in))
		return -1;
	ret = oc_guid_list_load(scratch, &guids, &count, &err);
	free(guids);
	return ret;
}

static int run_vmfile(const struct buf *in)
{
	struct oc_err err;
	struct oc_vm_table *t = oc_vm_table_new();
	int ret = -1;

	if (t && !to_scratch(in))
		ret = oc_vm_table_load(t, scratch, &err);
	oc_vm_table_free(t);
	return ret;
}

static int run_state(const struct buf *in)
{
	struct oc_err err;
	struct oc_vmreg *r = oc_vmreg_new();
	int ret = -1;

	if (r && !to_scratch(in))
		ret = oc_vmreg_load(r, scratch, NULL, &err);
	oc_vmreg_free(r);
	return ret;
}

static int run_osm_conf(const struct buf *in)
{
	struct oc_err err;
	struct oc_osm_conf conf;
	int ret;

	if (to_scratch(in))
		return -1;
	ret = oc_osm_conf_load(&conf, scratch, &err);
	if (!ret)
		oc_osm_conf_free(&conf);
	return ret;
}

/* ---- the targets and their seeds ------------------------------------- */

struct target {
	const char *name;
	int (*run)(const struct buf *in);
	const char *files[3]; /* under srcdir */
	const char *texts[4]; /* inline seeds */
};

static const struct target targets[] = {
	{"topo",
	 run_topo,
	 {"topologies/ft-k4-n3.net", "topologies/vswitch-ft-storage.net"},
	 {NULL}},
	{"ibnetdiscover",
	 run_topo,
	 {"tests/unit/data/live/tiny.ibnetdiscover"},
	 {NULL}},
	{"subnet-lst",
	 run_subnet_lst,
	 {"tests/unit/data/live/tiny.opensm-subnet.lst"},
	 {NULL}},
	{"lft-input",
	 run_lft_input,
	 {"tests/unit/data/live/tiny.dump_lfts",
	  "tests/unit/data/live/tiny.opensm.fdbs",
	  "tests/unit/data/live/tiny.opensm-lfts.dump"},
	 {NULL}},
	{"ibsim-dump",
	 run_ibsim_dump,
	 {"tests/unit/data/ibsim-dump-small.txt"},
	 {NULL}},
	{"lft-dump",
	 run_lft_dump,
	 {"tests/unit/data/regress-sftree-hostless-leaf-loop.lfts"},
	 {NULL}},
	{"json",
	 run_json,
	 {NULL},
	 {"{\"id\":1,\"op\":\"migrate\",\"vm\":\"vm-a\",\"dest\":\"hv5 mlx5_0\","
	  "\"method\":\"itrc\"}",
	  "{\"id\":\"r\\u00e9\\n\",\"op\":\"boot\",\"vm\":\"b\",\"dest\":"
	  "\"0x0002c90500000011\",\"weight\":2.5e0,\"x\":true,\"y\":null}"}},
	{"json-reply",
	 run_json_reply,
	 {NULL},
	 {"{\"id\":null,\"result\":\"done\",\"code\":0,\"message\":\"m\\n\","
	  "\"vms\":[{\"name\":\"vm-a\",\"lid\":3,\"weight\":0},{}],"
	  "\"seeded\":true}",
	  "{\"a\":[[[],{\"b\":[1,-2.5e3,\"\\u00e9\",false,null]}]]}"}},
	{"pathcache-request",
	 run_pc_request,
	 {NULL},
	 {"query dgid=fe80::2:c904:0:51 sgid=fe80::2:c904:0:31 pkey=0xffff "
	  "sl=3 mtu=4 rate=7 reversible=1",
	  "query dlid=72 slid=46", "stats", "flush"}},
	{"pathcache-reply",
	 run_pc_reply,
	 {NULL},
	 {"ok dlid=72 slid=46 sl=0 mtu=4 rate=7 pkey=0xffff flag=1 "
	  "source=cache dgid=fe80::2:c904:0:51 sgid=fe80::2:c904:0:31 rec="
	  "0000000000000000fe800000000000000002c90400000051fe8000000000000000"
	  "02c904000000310048002e400000000080ffff000084879200000000000000"}},
	{"policy",
	 run_policy,
	 {NULL},
	 {"mode best-effort\n# tenants\n0x8001 phy-isolation\n"
	  "0x0002 vlane-isolation\nDefault def-isolation\n"}},
	{"weights",
	 run_weights,
	 {NULL},
	 {"# weights\n0x0002c90300000001 2.5\n0x0002c90300000002 1\n"
	  "0x0002c90300000003 1000\n"}},
	{"node-name-map",
	 run_name_map,
	 {NULL},
	 {"# node name map\n0x0002c90300000001 \"spine-1 rack A\"\n"
	  "0x0002c90300000002\t\"leaf # 2\"  # comment\n\n"}},
	{"acm-opts",
	 run_acm_opts,
	 {NULL},
	 {"# ibacm_opts.cfg\nlog_level 1\nprovider osmcloud default\n"
	  "osmcloud_pathcache_capacity 8192\nroute_prot sa\n"}},
	{"partitions",
	 run_partitions,
	 {NULL},
	 {"Default=0x7fff, ipoib : ALL=full;\n"
	  "tenant1=0x8001 : 0x0002c90500000011, 0x0002c90500000012=full;\n"
	  "tenant2=0x0002, defmember=full : ALL_CAS ;\n"}},
	{"guids",
	 run_guids,
	 {NULL},
	 {"# roots\n0x0002c90000000001\n0x0002c90000000002 # spine 2\n\n"}},
	{"vmfile",
	 run_vmfile,
	 {NULL},
	 {"# VF-port-GUID name [weight] [vguid=]\n0x0002c90500000011 vm-a 2 "
	  "vguid=0x00aa000000000001\n0x0002c90500000012 vm-b\n"
	  "0x0002c90500000013 vm-c 0.5\n"}},
	{"state",
	 run_state,
	 {NULL},
	 {"osmcloud-vm-state 3\n# name vGUID VF-port-GUID LID weight\n"
	  "vm-a 0x00aa000000000001 0x0002c90500000011 21 0\n"
	  "vm-b 0x0002c90500000012 0x0002c90500000012 22 2.5\n"
	  "free 0x0002c90500000013\n# complete: end VMs free-VFs\nend 2 1\n",
	  "osmcloud-vm-state 2\nvm-a 0x00aa000000000001 0x0002c90500000011 "
	  "21 0\n"}},
	{"opensm-conf",
	 run_osm_conf,
	 {NULL},
	 {"# opensm.conf\nevent_plugin_name osmcloud\nevent_plugin_options "
	  "state=/var/lib/osmcloud/vms.state # registry\nrouting_engine "
	  "vswitch_ftree,ftree\nroot_guid_file \"/etc/opensm/roots\"\n"
	  "dump_files_dir (null)\n"}},
};

#define NUM_TARGETS (sizeof(targets) / sizeof(targets[0]))

static const char *srcdir(void)
{
	const char *s = getenv("srcdir");

	return s && *s ? s : ".";
}

static int seed_file(struct buf *b, const char *rel)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", srcdir(), rel);
	f = fopen(path, "rb");
	if (!f)
		return -1;
	b->b = malloc(FUZZ_MAX_INPUT + 1);
	b->len = b->b ? fread(b->b, 1, FUZZ_MAX_INPUT, f) : 0;
	fclose(f);
	if (!b->b)
		return -1;
	b->b[b->len] = '\0';
	return 0;
}

static int seed_text(struct buf *b, const char *text)
{
	b->len = strlen(text);
	b->b = malloc(FUZZ_MAX_INPUT + 1);
	if (!b->b)
		return -1;
	memcpy(b->b, text, b->len + 1);
	return 0;
}

/* The target's seeds; -1 when one is missing. */
static int load_seeds(const struct target *t, struct buf *seeds, size_t *n)
{
	size_t i;

	*n = 0;
	for (i = 0; i < 3 && t->files[i]; i++)
		if (seed_file(&seeds[(*n)++], t->files[i])) {
			fprintf(stderr, "FAIL: %s: seed %s/%s: cannot read\n",
				t->name, srcdir(), t->files[i]);
			return -1;
		}
	for (i = 0; i < 4 && t->texts[i]; i++)
		if (seed_text(&seeds[(*n)++], t->texts[i]))
			return -1;
	return 0;
}

/* Every seed accepted, then count mutated inputs. */
static int fuzz(const struct target *t, unsigned long count)
{
	struct buf seeds[7] = {{0}}, in = {0};
	unsigned long i, accepted = 0;
	size_t n = 0, s;
	int bad = 0;

	in.b = malloc(FUZZ_MAX_INPUT + 1);
	if (!in.b || load_seeds(t, seeds, &n))
		bad = 1;
	for (s = 0; !bad && s < n; s++)
		if (t->run(&seeds[s])) {
			fprintf(stderr, "FAIL: %s: seed %zu is refused\n",
				t->name, s);
			bad = 1;
		}
	for (i = 0; !bad && i < count; i++) {
		const struct buf *from = &seeds[fuzz_below(n)];

		memcpy(in.b, from->b, from->len + 1);
		in.len = from->len;
		fuzz_mutate(&in, seeds, n);
		accepted += !t->run(&in);
	}
	if (!bad)
		printf("fuzz %-10s %lu inputs from %zu seeds: %lu accepted, "
		       "%lu refused with an error\n",
		       t->name, count, n, accepted, count - accepted);
	for (s = 0; s < n; s++)
		free(seeds[s].b);
	free(in.b);
	return bad;
}

static int wanted(const struct target *t, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], t->name))
			return 1;
	return argc == 1;
}

static int load_fabrics(void)
{
	char path[4096];
	struct oc_err err;

	snprintf(path, sizeof(path), "%s/topologies/vswitch-ft-default.net",
		 srcdir());
	fabric = oc_topo_load(path, &err);
	snprintf(path, sizeof(path),
		 "%s/tests/unit/data/regress-sftree-hostless-leaf-loop.net",
		 srcdir());
	lfts_fabric = oc_topo_load(path, &err);
	snprintf(path, sizeof(path),
		 "%s/tests/unit/data/live/tiny.ibnetdiscover", srcdir());
	live_fabric = fabric && lfts_fabric ? oc_topo_load(path, &err) : NULL;
	if (live_fabric && !oc_fabric_assign_lids(lfts_fabric, &err))
		return 0;
	fprintf(stderr, "FAIL: cannot load the seed fabrics: %s\n", err.msg);
	return -1;
}

int main(int argc, char **argv)
{
	unsigned long count = fuzz_env_count("OC_FUZZ_COUNT", 2000);
	char dir[] = "/tmp/osmcloud-fuzz.XXXXXX";
	size_t i;
	int failed = 0;

	fuzz_seed(fuzz_env_count("OC_FUZZ_SEED", 1));
	if (!mkdtemp(dir) || load_fabrics())
		return 1;
	snprintf(scratch, sizeof(scratch), "%s/input", dir);
	for (i = 0; i < NUM_TARGETS; i++)
		if (wanted(&targets[i], argc, argv))
			failed += fuzz(&targets[i], count);
	unlink(scratch);
	rmdir(dir);
	oc_fabric_free(fabric);
	oc_fabric_free(lfts_fabric);
	oc_fabric_free(live_fabric);
	printf("%d of the fuzzed parsers failed\n", failed);
	return failed ? 1 : 0;
}
