# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests of the verifier, the ibsim Dump reader and osmcloud check
EXTRA_DIST += tests/unit/expect.sh tests/unit/data/ibsim-dump-small.txt \
	tests/unit/check_offline.sh tests/unit/promise_offline.sh \
	tests/unit/data/regress-sftree-hostless-leaf-loop.net \
	tests/unit/data/regress-sftree-hostless-leaf-loop.lfts
TESTS += tests/unit/check_offline.sh tests/unit/promise_offline.sh
# osmcloud config-check (the plugin's options and files, offline)
EXTRA_DIST += tests/unit/config_check_offline.sh
TESTS += tests/unit/config_check_offline.sh
if HAVE_CMOCKA
CHECK_UNIT_TESTS = tests/unit/test_verify tests/unit/test_ibsim_dump \
	tests/unit/test_promise tests/unit/test_updown
check_PROGRAMS += $(CHECK_UNIT_TESTS)
TESTS += $(CHECK_UNIT_TESTS)
tests_unit_test_verify_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_verify_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_ibsim_dump_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_ibsim_dump_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_promise_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_promise_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_updown_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_updown_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
