# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the bottom layer (src/core/base): log lines clipped, the
# files it opens, the lines it reads
if HAVE_CMOCKA
BASE_UNIT_TESTS = tests/unit/base/test_clip tests/unit/base/test_regular_file
check_PROGRAMS += $(BASE_UNIT_TESTS)
TESTS += $(BASE_UNIT_TESTS)
tests_unit_base_test_clip_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_base_test_clip_LDADD = $(UNIT_LIBS)
tests_unit_base_test_regular_file_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_base_test_regular_file_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
