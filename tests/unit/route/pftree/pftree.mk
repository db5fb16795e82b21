# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests of the partition-aware engines and their files (issue 4)
EXTRA_DIST += tests/unit/pftree_offline.sh
TESTS += tests/unit/pftree_offline.sh
if HAVE_CMOCKA
PFTREE_UNIT_TESTS = tests/unit/test_pftree tests/unit/test_tenant_files
check_PROGRAMS += $(PFTREE_UNIT_TESTS)
TESTS += $(PFTREE_UNIT_TESTS)
tests_unit_test_pftree_SOURCES = tests/unit/test_pftree.c \
	tests/unit/pftree_fixtures.c tests/unit/pftree_fixtures.h
tests_unit_test_pftree_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_pftree_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_tenant_files_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_tenant_files_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
