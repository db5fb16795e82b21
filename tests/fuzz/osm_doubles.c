/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * osm_doubles.c - test doubles of OpenSM and of the VM operations for
 * the request fuzzer (see osm_doubles.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <opensm/osm_log.h>
#include <opensm/osm_port.h>

#include "vmops/migrate_exec.h"
#include "vmops/takeover.h"
#include "osm_doubles.h"

struct fuzz_log_seen fuzz_log_seen;

/* OpenSM's osm_log(): the line is formatted with vsprintf() into a
 * buffer of 4,096 bytes on the stack (osm_log.c), which a longer line
 * overflows: Debian's fortified opensm aborts there, ASan reports the
 * overflow.  The length is measured first so that the plain build fails
 * too, naming the line. */
void osm_log(osm_log_t *log, osm_log_level_t level, const char *fmt, ...)
{
	char buffer[OSM_LOG_ENTRY_SIZE_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || n >= (int)sizeof(buffer)) {
		va_start(ap, fmt);
		n = vsnprintf(buffer, 120, fmt, ap);
		va_end(ap);
		fprintf(stderr,
			"FAIL: a log line of more than %zu bytes overflows "
			"OpenSM's buffer: %s...\n",
			sizeof(buffer) - 1, buffer);
		abort();
	}
	va_start(ap, fmt);
	n = vsprintf(buffer, fmt, ap);
	va_end(ap);
	fuzz_log_seen.lines++;
	if ((size_t)n > fuzz_log_seen.longest)
		fuzz_log_seen.longest = (size_t)n;
	if (log->out_port)
		fputs(buffer, log->out_port);
}

static osm_node_t node;
static osm_port_t port = {.p_node = &node};

void fuzz_osm_set_desc(const char *desc)
{
	free(node.print_desc);
	node.print_desc = desc ? strdup(desc) : NULL;
}

/* Every GUID is a port of that node (no physical port: its LID is
 * known). */
osm_port_t *osm_get_port_by_guid(osm_subn_t const *subn, ib_net64_t guid)
{
	return node.print_desc ? &port : NULL;
}

/* A standby's registry: read at load, reconciled when it becomes
 * master (takeover.c). */
const char *oc_osm_takeover_status(const struct oc_osm_plugin *p, char *buf,
				   size_t len)
{
	snprintf(buf, len,
		 "this SM is not master: the registry it read is "
		 "reconciled with the fabric when it becomes master");
	return "unreconciled";
}

/* ---- the VM operations: a standby refuses them before ------------- */

static enum oc_result never(const char *name)
{
	fprintf(stderr, "FAIL: %s ran on a standby SM\n", name);
	abort();
}

enum oc_result oc_osm_migrate(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out)
{
	return never("migrate");
}

enum oc_result oc_osm_prepare(struct oc_osm_plugin *p, int argc, char **argv,
			      struct oc_cmd_out *out)
{
	return never("prepare");
}

enum oc_result oc_osm_apply(struct oc_osm_plugin *p, int argc, char **argv,
			    struct oc_cmd_out *out)
{
	return never("apply");
}

enum oc_result oc_osm_boot(struct oc_osm_plugin *p, int argc, char **argv,
			   struct oc_cmd_out *out)
{
	return never("boot");
}

enum oc_result oc_osm_stop(struct oc_osm_plugin *p, int argc, char **argv,
			   struct oc_cmd_out *out)
{
	return never("stop");
}
