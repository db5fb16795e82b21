# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the plugin's files that need no OpenSM (src/osm)
if HAVE_CMOCKA
OSM_UNIT_TESTS = tests/unit/osm/test_holds
check_PROGRAMS += $(OSM_UNIT_TESTS)
TESTS += $(OSM_UNIT_TESTS)
tests_unit_osm_test_holds_SOURCES = tests/unit/osm/test_holds.c \
	src/osm/vmops/holds.c
tests_unit_osm_test_holds_CFLAGS = $(UNIT_TEST_CFLAGS) -I$(top_srcdir)/src/osm
tests_unit_osm_test_holds_LDADD = $(UNIT_LIBS)
endif
