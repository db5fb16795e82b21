# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the live-migration planner (src/core/reconf)
if HAVE_CMOCKA
RECONF_UNIT_TESTS = tests/unit/reconf/test_migrate \
	tests/unit/reconf/test_migrate_errors tests/unit/reconf/test_reconf_vf
check_PROGRAMS += $(RECONF_UNIT_TESTS)
TESTS += $(RECONF_UNIT_TESTS)
tests_unit_reconf_test_migrate_SOURCES = tests/unit/reconf/test_migrate.c \
	tests/unit/reconf/migrate_env.c tests/unit/reconf/migrate_env.h
tests_unit_reconf_test_migrate_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_reconf_test_migrate_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_reconf_test_migrate_errors_SOURCES = tests/unit/reconf/test_migrate_errors.c \
	tests/unit/reconf/migrate_env.c tests/unit/reconf/migrate_env.h
tests_unit_reconf_test_migrate_errors_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_reconf_test_migrate_errors_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_reconf_test_reconf_vf_SOURCES = tests/unit/reconf/test_reconf_vf.c \
	tests/unit/reconf/migrate_env.c tests/unit/reconf/migrate_env.h
tests_unit_reconf_test_reconf_vf_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_reconf_test_reconf_vf_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
