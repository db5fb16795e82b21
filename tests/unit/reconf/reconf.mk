# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests of the switch tuples and the live-migration planner
if HAVE_CMOCKA
MIGRATE_UNIT_TESTS = tests/unit/test_tuple tests/unit/test_migrate \
	tests/unit/test_migrate_errors
check_PROGRAMS += $(MIGRATE_UNIT_TESTS)
TESTS += $(MIGRATE_UNIT_TESTS)
tests_unit_test_tuple_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_tuple_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_migrate_SOURCES = tests/unit/test_migrate.c \
	tests/unit/migrate_env.c tests/unit/migrate_env.h
tests_unit_test_migrate_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_migrate_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_migrate_errors_SOURCES = tests/unit/test_migrate_errors.c \
	tests/unit/migrate_env.c tests/unit/migrate_env.h
tests_unit_test_migrate_errors_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_migrate_errors_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
# osmcloud plan on the shipped topologies
EXTRA_DIST += tests/unit/plan_offline.sh
TESTS += tests/unit/plan_offline.sh
