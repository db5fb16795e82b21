# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the PathRecord fields and the path-record cache (src/core/sa)
if HAVE_CMOCKA
SA_UNIT_TESTS = tests/unit/sa/test_pathrec tests/unit/sa/test_pathcache \
	tests/unit/sa/test_pathcache_proto tests/unit/sa/test_flag_rule
check_PROGRAMS += $(SA_UNIT_TESTS)
TESTS += $(SA_UNIT_TESTS)
tests_unit_sa_test_pathrec_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_sa_test_pathrec_LDADD = $(UNIT_LIBS)
tests_unit_sa_test_pathcache_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_sa_test_pathcache_LDADD = $(UNIT_LIBS)
tests_unit_sa_test_pathcache_proto_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_sa_test_pathcache_proto_LDADD = $(UNIT_LIBS)
tests_unit_sa_test_flag_rule_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_sa_test_flag_rule_LDADD = $(UNIT_LIBS)
endif
