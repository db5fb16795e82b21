# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the fat-tree analysis and the switch tuples (src/core/analysis)
if HAVE_CMOCKA
ANALYSIS_UNIT_TESTS = tests/unit/analysis/test_ftree \
	tests/unit/analysis/test_tuple
check_PROGRAMS += $(ANALYSIS_UNIT_TESTS)
TESTS += $(ANALYSIS_UNIT_TESTS)
tests_unit_analysis_test_ftree_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_analysis_test_ftree_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_analysis_test_tuple_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_analysis_test_tuple_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
