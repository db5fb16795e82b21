# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the migration simulator (src/core/sim)
if HAVE_CMOCKA
SIM_UNIT_TESTS = tests/unit/sim/test_sim
check_PROGRAMS += $(SIM_UNIT_TESTS)
TESTS += $(SIM_UNIT_TESTS)
tests_unit_sim_test_sim_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_sim_test_sim_LDADD = $(UNIT_LIBS)
endif
# osmcloud sim: the TSV's shape and its option errors
EXTRA_DIST += tests/unit/sim_offline.sh
TESTS += tests/unit/sim_offline.sh
