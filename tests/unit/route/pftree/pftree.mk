# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the partition-aware engines (src/core/route/pftree)
if HAVE_CMOCKA
ROUTE_PFTREE_UNIT_TESTS = tests/unit/route/pftree/test_pftree
check_PROGRAMS += $(ROUTE_PFTREE_UNIT_TESTS)
TESTS += $(ROUTE_PFTREE_UNIT_TESTS)
tests_unit_route_pftree_test_pftree_SOURCES = tests/unit/route/pftree/test_pftree.c \
	tests/unit/route/pftree/pftree_fixtures.c tests/unit/route/pftree/pftree_fixtures.h
tests_unit_route_pftree_test_pftree_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_route_pftree_test_pftree_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
