# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# the registry reconciled with the fabric after a failover (reconcile.h)
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_reconcile
TESTS += tests/unit/test_reconcile
tests_unit_test_reconcile_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_reconcile_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
