/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * test_osm_conf.c - an opensm.conf read as OpenSM 3.3.23 reads it
 * (io/osm_conf.h): '#' anywhere, the last line of a key wins, blanks and
 * one pair of quotes taken off, "(null)" unsets, other keys ignored, a
 * line longer than 1022 characters reported, a missing file named.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "io/osm_conf.h"

/* text in a temporary file, read into conf. */
static int load_text(const char *text, struct oc_osm_conf *conf,
		     struct oc_err *err)
{
	char path[] = "/tmp/test_osm_conf.XXXXXX";
	int fd = mkstemp(path), ret;
	FILE *out;

	assert_true(fd >= 0);
	out = fdopen(fd, "w");
	assert_non_null(out);
	fputs(text, out);
	fclose(out);
	ret = oc_osm_conf_load(conf, path, err);
	unlink(path);
	return ret;
}

static void lines_as_opensm_reads_them(void **state)
{
	struct oc_osm_conf c;
	struct oc_err err;

	assert_int_equal(
		load_text("# opensm.conf\n"
			  "event_plugin_name osmcloud\n"
			  "event_plugin_options colour=blue\n"
			  "  event_plugin_options\tstate=/s ctl=/c  # a note\n"
			  "routing_engine \"vswitch_ftree,ftree\"\n"
			  "root_guid_file '/etc/opensm/roots'\n"
			  "io_guid_file /io\n"
			  "io_guid_file (null)\n"
			  "lmc 0\n"
			  "#dump_files_dir /var/log\n",
			  &c, &err),
		0);
	assert_string_equal(c.value[OC_CONF_EVENT_PLUGIN_NAME], "osmcloud");
	assert_string_equal(c.value[OC_CONF_EVENT_PLUGIN_OPTIONS],
			    "state=/s ctl=/c");
	assert_int_equal(c.line[OC_CONF_EVENT_PLUGIN_OPTIONS], 4);
	assert_string_equal(c.value[OC_CONF_ROUTING_ENGINE],
			    "vswitch_ftree,ftree");
	assert_string_equal(c.value[OC_CONF_ROOT_GUID_FILE],
			    "/etc/opensm/roots");
	assert_null(c.value[OC_CONF_IO_GUID_FILE]);
	assert_int_equal(c.line[OC_CONF_IO_GUID_FILE], 8);
	assert_null(c.value[OC_CONF_DUMP_FILES_DIR]);
	assert_int_equal(c.line[OC_CONF_DUMP_FILES_DIR], 0);
	assert_null(c.value[OC_CONF_CN_GUID_FILE]);
	assert_int_equal(c.long_line, 0);
	assert_string_equal(oc_osm_conf_key_name(OC_CONF_NODE_NAME_MAP_NAME),
			    "node_name_map_name");
	oc_osm_conf_free(&c);
}

static void long_line_reported(void **state)
{
	char *text = calloc(3, OC_CONF_LINE_MAX + 64);
	size_t len;
	struct oc_osm_conf c;
	struct oc_err err;

	assert_non_null(text);
	/* line 2 is exactly the limit: one piece; line 3 is one more */
	strcpy(text, "routing_engine sftree\n");
	len = strlen(text);
	memset(text + len, 'x', OC_CONF_LINE_MAX);
	strcat(text, "\nevent_plugin_options ");
	len = strlen(text);
	memset(text + len, 'y', OC_CONF_LINE_MAX);
	strcat(text, "\n");
	assert_int_equal(load_text(text, &c, &err), 0);
	assert_int_equal(c.long_line, 3);
	assert_string_equal(c.value[OC_CONF_ROUTING_ENGINE], "sftree");
	oc_osm_conf_free(&c);
	free(text);
}

static void missing_file_named(void **state)
{
	struct oc_osm_conf c;
	struct oc_err err;

	assert_int_equal(oc_osm_conf_load(&c, "/nonexistent/opensm.conf", &err),
			 -1);
	assert_non_null(strstr(err.msg, "/nonexistent/opensm.conf: No such"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lines_as_opensm_reads_them),
		cmocka_unit_test(long_line_reported),
		cmocka_unit_test(missing_file_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
