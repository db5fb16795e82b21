/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fuzz_requests.c - the control socket's request path end to end, in
 * process: each line goes through oc_osm_request() (requests.c: parse,
 * dispatch to commands.c, reply, log line) of a plugin on a standby SM
 * whose registry is not seeded, as the control socket's thread runs it
 * (ctl.c: a line ends at '\n', a '\r' before it is dropped, a NUL ends
 * it early, at most OC_CTL_LINE_MAX - 1 bytes reach it).  OpenSM is
 * replaced by the doubles of osm_doubles.c, whose osm_log() formats into
 * OpenSM's 4,096-byte buffer: a log line that would overflow it fails
 * the run, in the plain build by its length, under scripts/sanitize.sh
 * (ASan, UBSan) at the overflow itself.
 *
 * The seeds are issue 25's hostile requests (a 2,100-byte unknown
 * command, an id of 600 \u0001, a 3,000-digit weight, a guest name of
 * 1,100 '"', the longest line, invalid UTF-8, NULs), as text lines and as
 * JSON lines, and well-formed requests of every command; then
 * OC_FUZZ_COUNT (default 2000) inputs of one or more lines made from them
 * by mutate.h, from OC_FUZZ_SEED (default 1).  Every reply must follow
 * the protocol (docs/protocol.md): a JSON request gets one JSON line
 * whose result is the request's, a text line its answer and the status
 * line; a command that changes the fabric never runs on a standby.  The
 * counts of inputs, requests and log lines and the longest log line are
 * printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "io/ctl_json.h"
#include "osmcloud/ctl.h"
#include "plugin.h"
#include "vmops/requests.h"
#include "mutate.h"
#include "osm_doubles.h"

#define MAX_SEEDS 16

/* The longest line osm_log() may get: the function's name (short),
 * ": ", the bounded message and its newline. */
#define LOG_LINE_BOUND (OC_LOG_LINE_MAX - 1 + 64 + 3)

static struct oc_osm_plugin *plugin;
static unsigned long num_requests;

/* ---- the plugin on a standby SM ---------------------------------- */

static int add_vm(struct oc_vmreg *reg, const char *name, uint64_t n)
{
	struct oc_vm_rec vm = {.vguid = 0x00aa000000000000ULL + n,
			       .vf_guid = 0x0002c90500000010ULL + n,
			       .lid = (uint16_t)(20 + n),
			       .weight = (double)n};
	struct oc_err err;

	snprintf(vm.name, sizeof(vm.name), "%s", name);
	if (!oc_vmreg_add(reg, &vm, &err))
		return 0;
	fprintf(stderr, "FAIL: registry: %s\n", err.msg);
	return -1;
}

/* The last operation of "stats": names as long as a node's. */
static void add_op(struct oc_osm_opstats *s)
{
	struct oc_osm_op op = {.kind = "migrate", .method = "itrc", .lid = 21};

	memset(op.from, '"', sizeof(op.from) - 1);
	memset(op.to, '\x01', sizeof(op.to) - 1);
	snprintf(op.vm, sizeof(op.vm), "vm-1");
	oc_osm_opstats_add(s, &op);
}

/* A standby whose master's node, like every node, has a description of
 * 1,100 '"' (OpenSM's print_desc comes from the node name map). */
static int standby_plugin(void)
{
	static char desc[1101];
	osm_opensm_t *osm = calloc(1, sizeof(*osm));
	struct oc_osm_plugin *p = calloc(1, sizeof(*p));

	if (!osm || !p)
		return -1;
	memset(desc, '"', sizeof(desc) - 1);
	fuzz_osm_set_desc(desc);
	osm->osm_version = "OpenSM 3.3.23";
	osm->log.level = OSM_LOG_ALL;
	osm->subn.sm_state = IB_SMINFO_STATE_STANDBY;
	osm->sm.master_sm_guid = cl_hton64(0x0002c90300000001ULL);
	osm->subn.master_sm_base_lid = cl_hton16(1);
	cl_plock_init(&osm->lock);
	p->osm = osm;
	p->log.osm = &osm->log;
	p->log.level = OC_OSM_LOG_DEBUG;
	oc_osm_opstats_init(&p->opstats);
	add_op(&p->opstats);
	pthread_mutex_init(&p->vmstate.lock, NULL);
	p->vmstate.path = "fuzz.state";
	p->vmstate.reg = oc_vmreg_new();
	if (!p->vmstate.reg || add_vm(p->vmstate.reg, "vm-1", 1) ||
	    add_vm(p->vmstate.reg, "vm-2", 2))
		return -1;
	plugin = p;
	return 0;
}

static void free_plugin(void)
{
	oc_vmreg_free(plugin->vmstate.reg);
	pthread_mutex_destroy(&plugin->vmstate.lock);
	oc_osm_opstats_destroy(&plugin->opstats);
	cl_plock_destroy(&plugin->osm->lock);
	free(plugin->osm);
	free(plugin);
	fuzz_osm_set_desc(NULL);
}

/* ---- one request ------------------------------------------------- */

static int json_reply_ok(const char *reply, size_t len, enum oc_result res)
{
	struct oc_json_obj obj;
	const struct oc_json_member *r;
	struct oc_err err;
	int ok;

	if (!len || reply[len - 1] != '\n' ||
	    memchr(reply, '\n', len) != reply + len - 1)
		return 0;
	if (oc_json_parse_reply(reply, &obj, &err)) {
		fprintf(stderr, "FAIL: reply is no JSON: %s\n", err.msg);
		return 0;
	}
	r = oc_json_find(&obj, "result");
	ok = r && r->type == OC_JSON_STRING &&
	     !strcmp(r->text, oc_result_name(res));
	oc_json_obj_free(&obj);
	return ok;
}

static int text_reply_ok(const char *reply, size_t len, enum oc_result res)
{
	char status[32];
	int n = snprintf(status, sizeof(status), OC_CTL_STATUS " %d\n", res);
	size_t slen = (size_t)n;

	return len >= slen && !memcmp(reply + len - slen, status, slen) &&
	       (len == slen || reply[len - slen - 1] == '\n');
}

/* The request of line (a copy: words are split in place); 0 when its
 * reply follows the protocol. */
static int request(const char *line)
{
	static const struct oc_ctl_peer peer = {1, 4242, 1000, 1000};
	char *copy = strdup(line), *reply = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&reply, &len);
	int json = line[strspn(line, " \t")] == '{', ok;
	enum oc_result res;

	if (!copy || !out) {
		fprintf(stderr, "FAIL: out of memory\n");
		exit(1);
	}
	res = oc_osm_request(plugin, &peer, copy, out);
	fclose(out);
	num_requests++;
	ok = res >= 0 && res < OC_RES_COUNT && res != OC_RES_PARTIAL &&
	     (json ? json_reply_ok(reply, len, res)
		   : text_reply_ok(reply, len, res));
	if (!ok)
		fprintf(stderr,
			"FAIL: request \"%.80s\" (%zu bytes): result %d, "
			"reply \"%.200s\"\n",
			line, strlen(line), res, reply ? reply : "");
	free(copy);
	free(reply);
	return ok ? 0 : -1;
}

/* Every line of the input as the control socket cuts it. */
static int requests(const struct buf *in)
{
	const char *at = in->b, *end = in->b + in->len;
	char line[OC_CTL_LINE_MAX];

	while (at < end) {
		const char *nl = memchr(at, '\n', (size_t)(end - at));
		size_t n = (size_t)((nl ? nl : end) - at);

		if (n > OC_CTL_LINE_MAX - 1)
			n = OC_CTL_LINE_MAX - 1; /* longer: refused by ctl.c */
		memcpy(line, at, n);
		line[n] = '\0';
		if (n && line[n - 1] == '\r')
			line[n - 1] = '\0';
		if (request(line))
			return -1;
		if (!nl)
			break;
		at = nl + 1;
	}
	return 0;
}

/* ---- the seeds --------------------------------------------------- */

static struct buf seeds[MAX_SEEDS];
static size_t num_seeds;

/* Appends text, then fill repeated count times, then tail. */
static void put3(struct buf *b, const char *text, const char *fill,
		 unsigned count, const char *tail)
{
	size_t n = strlen(fill);

	b->len += (size_t)sprintf(b->b + b->len, "%s", text);
	while (count--) {
		memcpy(b->b + b->len, fill, n);
		b->len += n;
	}
	b->len += (size_t)sprintf(b->b + b->len, "%s\n", tail);
}

static struct buf *new_seed(void)
{
	struct buf *b = &seeds[num_seeds++];

	b->b = calloc(FUZZ_MAX_INPUT + 1, 1);
	if (!b->b) {
		fprintf(stderr, "FAIL: out of memory\n");
		exit(1);
	}
	return b;
}

/* A NUL inside a line: the line ends there for the plugin. */
static void put_nul(struct buf *b, const char *before, const char *after)
{
	put3(b, before, "", 0, "");
	b->b[b->len - 1] = '\0';
	put3(b, after, "", 0, "");
}

static void make_seeds(void)
{
	struct buf *b = new_seed();

	put3(b, "help\nversion\nvms\nstats\n", "", 0, "");
	put3(b,
	     "{\"op\":\"version\",\"id\":1}\n{\"op\":\"vms\",\"id\":\"a\"}\n"
	     "{\"op\":\"stats\"}\n{\"op\":\"help\",\"id\":-2.5e3}",
	     "", 0, "");
	b = new_seed();
	put3(b,
	     "migrate vm-1 \"hv5 mlx5_0\" itrc\nprepare vm-1 hv2\n"
	     "apply vm-1\nboot vm-3 hv3 2.5 vguid=0x00aa000000000003\n"
	     "stop vm-1 from=hv3\n{\"op\":\"migrate\",\"id\":7,\"vm\":"
	     "\"vm-1\",\"dest\":\"hv5 mlx5_0\",\"method\":\"itrc\"}\n"
	     "{\"op\":\"boot\",\"vm\":\"vm-3\",\"dest\":\"hv3\",\"weight\":2,"
	     "\"vguid\":\"0x00aa000000000003\"}\n{\"op\":\"stop\",\"vm\":"
	     "\"vm-1\",\"from\":\"hv3\",\"id\":\"s\"}",
	     "", 0, "");
	/* issue 25: an unknown command of 2,100 'x' */
	put3(new_seed(), "", "x", 2100, "");
	/* an id of 600 \u0001 */
	put3(new_seed(), "{\"op\":\"version\",\"id\":\"", "\\u0001", 600,
	     "\"}");
	/* a weight of 3,000 digits, text and JSON (the libvirt hook's) */
	b = new_seed();
	put3(b, "boot vm-1 hv5 ", "9", 3000, "");
	put3(b, "{\"op\":\"boot\",\"vm\":\"vm-1\",\"dest\":\"hv5\",\"weight\":",
	     "9", 3000, "}");
	/* a guest name of 1,100 '"' */
	b = new_seed();
	put3(b, "{\"op\":\"boot\",\"vm\":\"", "\\\"", 1100,
	     "\",\"dest\":\"hv5\"}");
	put3(b, "stop ", "\"", 1100, " from=hv5");
	/* the longest lines: words, control characters in a JSON string */
	b = new_seed();
	put3(b, "", "x ", (OC_CTL_LINE_MAX - 1) / 2, "x");
	put3(b, "{\"op\":\"vms\",\"id\":\"", "\\u001b",
	     (OC_CTL_LINE_MAX - 22) / 6, "\"}");
	/* invalid UTF-8 in words and in JSON strings */
	put3(new_seed(),
	     "version \xff\xfe\nvms\xc3\x28\n{\"op\":\"vms\",\"id\":\"\xc3\x28"
	     "\"}\n{\"op\":\"\xff\"}\n{\"op\":\"version\",\"id\":"
	     "\"\\ud800\"}\nmigrate \xe2\x82 \xf0\x9f\x90",
	     "", 0, "");
	/* NULs */
	b = new_seed();
	put_nul(b, "version", "garbage");
	put_nul(b, "{\"op\":\"version\"", ",\"id\":1}");
	put_nul(b, "", "");
}

/* ---- the run ----------------------------------------------------- */

/* The double must catch what killed opensm: a line of 5,000 bytes. */
static int double_catches_overflow(void)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		static char big[5001];

		memset(big, 'x', sizeof(big) - 1);
		if (!freopen("/dev/null", "w", stderr))
			_exit(0);
		osm_log(plugin->log.osm, OSM_LOG_INFO, "%s\n", big);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    (WIFEXITED(status) && !WEXITSTATUS(status))) {
		fprintf(stderr, "FAIL: the osm_log() double let a 5,000-byte "
				"line through\n");
		return -1;
	}
	return 0;
}

int main(void)
{
	unsigned long count = fuzz_env_count("OC_FUZZ_COUNT", 2000), i;
	struct buf in = {malloc(FUZZ_MAX_INPUT + 1), 0};
	size_t s;
	int bad = 0;

	fuzz_seed(fuzz_env_count("OC_FUZZ_SEED", 1));
	if (!in.b || standby_plugin() || double_catches_overflow())
		return 1;
	make_seeds();
	for (s = 0; !bad && s < num_seeds; s++)
		bad = requests(&seeds[s]);
	for (i = 0; !bad && i < count; i++) {
		const struct buf *from = &seeds[fuzz_below(num_seeds)];

		memcpy(in.b, from->b, from->len + 1);
		in.len = from->len;
		fuzz_mutate(&in, seeds, num_seeds);
		bad = requests(&in);
	}
	if (!bad && fuzz_log_seen.longest > LOG_LINE_BOUND) {
		fprintf(stderr, "FAIL: a log line of %zu bytes (bound %d)\n",
			fuzz_log_seen.longest, LOG_LINE_BOUND);
		bad = 1;
	}
	printf("fuzz requests: %zu seeds and %lu mutated inputs, %lu requests, "
	       "%lu log lines, the longest %zu bytes (OpenSM's buffer: %d)%s\n",
	       num_seeds, i, num_requests, fuzz_log_seen.lines,
	       fuzz_log_seen.longest, OSM_LOG_ENTRY_SIZE_MAX,
	       bad ? ": FAILED" : "");
	for (s = 0; s < num_seeds; s++)
		free(seeds[s].b);
	free(in.b);
	free_plugin();
	return bad;
}
