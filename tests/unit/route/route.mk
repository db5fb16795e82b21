# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the shared router (test_router), vswitch_ftree, the promise check and the carry rule (src/core/route)
if HAVE_CMOCKA
ROUTE_UNIT_TESTS = tests/unit/route/test_vswitch_ftree \
	tests/unit/route/test_promise tests/unit/route/test_router \
	tests/unit/route/test_carry
check_PROGRAMS += $(ROUTE_UNIT_TESTS)
TESTS += $(ROUTE_UNIT_TESTS)
tests_unit_route_test_vswitch_ftree_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_route_test_vswitch_ftree_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_route_test_promise_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_route_test_promise_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_route_test_router_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_route_test_router_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_route_test_carry_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_route_test_carry_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
# OpenSM's cn_guid_file/io_guid_file and the dump file (issue 14)
ROUTE_UNIT_TESTS += tests/unit/route/test_osm_lists
tests_unit_route_test_osm_lists_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_route_test_osm_lists_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
