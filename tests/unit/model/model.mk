# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the fabric model (src/core/model)
if HAVE_CMOCKA
MODEL_UNIT_TESTS = tests/unit/model/test_hop_rows
check_PROGRAMS += $(MODEL_UNIT_TESTS)
TESTS += $(MODEL_UNIT_TESTS)
tests_unit_model_test_hop_rows_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_model_test_hop_rows_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
