# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# cmocka unit tests of the core
if HAVE_CMOCKA
UNIT_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
UNIT_LIBS = libosmcloudcore.la $(CMOCKA_LIBS)
endif
if HAVE_CMOCKA
check_LTLIBRARIES += tests/unit/libtestlib.la
tests_unit_libtestlib_la_SOURCES = tests/unit/testlib.c tests/unit/testlib.h \
	tests/unit/fixtures.h
tests_unit_libtestlib_la_CFLAGS = $(UNIT_TEST_CFLAGS)
UNIT_TESTS = tests/unit/test_topo tests/unit/test_ftree \
	tests/unit/test_vswitch_ftree tests/unit/test_vmfile \
	tests/unit/test_sftree
check_PROGRAMS += $(UNIT_TESTS)
TESTS += $(UNIT_TESTS)
tests_unit_test_topo_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_topo_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_ftree_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_ftree_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_vswitch_ftree_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_vswitch_ftree_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_vmfile_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_vmfile_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_sftree_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_sftree_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
include $(srcdir)/tests/unit/unit_pftree.mk
# sftree offline: routed and checked with the switch checks required
EXTRA_DIST += tests/unit/sftree_offline.sh
TESTS += tests/unit/sftree_offline.sh
EXTRA_DIST += tests/unit/detours_offline.sh \
	tests/unit/data/regress-io-above-joined-leaves.net
TESTS += tests/unit/detours_offline.sh
# every source file carries the licence line (LICENSE)
EXTRA_DIST += tests/unit/licence_check.sh LICENSE
TESTS += tests/unit/licence_check.sh
# property test: every engine on random generated fat-trees, judged by
# osmcloud check (OC_PROPERTY_COUNT / OC_PROPERTY_SEED for longer runs)
EXTRA_DIST += tests/unit/property_offline.sh tests/unit/property_lib.sh
TESTS += tests/unit/property_offline.sh
# the control socket's JSON parser and writer
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_ctl_json
TESTS += tests/unit/test_ctl_json
tests_unit_test_ctl_json_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_ctl_json_LDADD = $(UNIT_LIBS)
endif
include $(srcdir)/tests/unit/unit_failover.mk
