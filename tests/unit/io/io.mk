# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the file readers and writers (src/core/io)
if HAVE_CMOCKA
IO_UNIT_TESTS = tests/unit/io/test_topo tests/unit/io/test_vmfile \
	tests/unit/io/test_ctl_json tests/unit/io/test_ibsim_dump \
	tests/unit/io/test_tenant_files tests/unit/io/test_acm_opts \
	tests/unit/io/test_osm_conf
check_PROGRAMS += $(IO_UNIT_TESTS)
TESTS += $(IO_UNIT_TESTS)
tests_unit_io_test_topo_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_io_test_topo_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_io_test_vmfile_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_io_test_vmfile_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_io_test_ctl_json_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_io_test_ctl_json_LDADD = $(UNIT_LIBS)
tests_unit_io_test_ibsim_dump_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_io_test_ibsim_dump_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_io_test_tenant_files_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_io_test_tenant_files_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_io_test_acm_opts_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_io_test_acm_opts_LDADD = $(UNIT_LIBS)
tests_unit_io_test_osm_conf_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_io_test_osm_conf_LDADD = $(UNIT_LIBS)
# issue 14: a live fabric's files (fixtures: tests/unit/data/live/)
check_PROGRAMS += tests/unit/io/test_live_inputs
TESTS += tests/unit/io/test_live_inputs
tests_unit_io_test_live_inputs_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_io_test_live_inputs_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
# OpenSM's node name map (node_name_map_name)
IO_UNIT_TESTS += tests/unit/io/test_node_name_map
tests_unit_io_test_node_name_map_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_io_test_node_name_map_LDADD = $(UNIT_LIBS)
endif
EXTRA_DIST += tests/unit/data/live/tiny.net \
	tests/unit/data/live/tiny.ibnetdiscover \
	tests/unit/data/live/tiny.dump_lfts \
	tests/unit/data/live/tiny.opensm.fdbs \
	tests/unit/data/live/tiny.opensm-subnet.lst \
	tests/unit/data/live/tiny.opensm-lfts.dump
# the heat map's SVG writer
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/io/test_heatmap_svg
TESTS += tests/unit/io/test_heatmap_svg
tests_unit_io_test_heatmap_svg_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_io_test_heatmap_svg_LDADD = $(UNIT_LIBS)
endif
