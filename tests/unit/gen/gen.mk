# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the topology generator (src/core/gen)
if HAVE_CMOCKA
GEN_UNIT_TESTS = tests/unit/gen/test_gen
check_PROGRAMS += $(GEN_UNIT_TESTS)
TESTS += $(GEN_UNIT_TESTS)
tests_unit_gen_test_gen_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_gen_test_gen_LDADD = $(UNIT_LIBS)
endif
