# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the sftree engine (src/core/route/sftree)
if HAVE_CMOCKA
ROUTE_SFTREE_UNIT_TESTS = tests/unit/route/sftree/test_sftree
check_PROGRAMS += $(ROUTE_SFTREE_UNIT_TESTS)
TESTS += $(ROUTE_SFTREE_UNIT_TESTS)
tests_unit_route_sftree_test_sftree_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_route_sftree_test_sftree_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
