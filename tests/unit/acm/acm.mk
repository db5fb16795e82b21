# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the ibacm provider (src/acm) against fake ibacm core
# functions; built when configure found acm_prov.h
if HAVE_CMOCKA
if HAVE_ACM
ACM_UNIT_TESTS = tests/unit/acm/test_acm_provider
check_PROGRAMS += $(ACM_UNIT_TESTS)
TESTS += $(ACM_UNIT_TESTS)
tests_unit_acm_test_acm_provider_SOURCES = \
	tests/unit/acm/test_acm_provider.c tests/unit/acm/comp_mask.c \
	$(OC_ACM_SOURCES)
tests_unit_acm_test_acm_provider_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src
tests_unit_acm_test_acm_provider_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_acm_test_acm_provider_LDADD = $(UNIT_LIBS) -lpthread
endif
endif
# Debian's ibacm loads the built provider and takes it as default
EXTRA_DIST += tests/unit/acm/ibacm_load.sh
if HAVE_ACM
TESTS += tests/unit/acm/ibacm_load.sh
endif
