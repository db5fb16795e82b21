# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the LFT verifier and the up*/down* search (src/core/verify)
if HAVE_CMOCKA
VERIFY_UNIT_TESTS = tests/unit/verify/test_verify \
	tests/unit/verify/test_updown tests/unit/verify/test_ebb
check_PROGRAMS += $(VERIFY_UNIT_TESTS)
TESTS += $(VERIFY_UNIT_TESTS)
tests_unit_verify_test_verify_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_verify_test_verify_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_verify_test_updown_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_verify_test_updown_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_verify_test_ebb_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_verify_test_ebb_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
# the links ranked by load and the heat map's boxes (verify/link_rank.h)
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/verify/test_link_rank
TESTS += tests/unit/verify/test_link_rank
tests_unit_verify_test_link_rank_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_verify_test_link_rank_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
