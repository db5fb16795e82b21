# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of libosmcloudctl (src/client), against a fake server
if HAVE_CMOCKA
CLIENT_UNIT_TESTS = tests/unit/client/test_ctl_client
check_PROGRAMS += $(CLIENT_UNIT_TESTS)
TESTS += $(CLIENT_UNIT_TESTS)
tests_unit_client_test_ctl_client_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_client_test_ctl_client_LDADD = libosmcloudctl.la \
	$(CMOCKA_LIBS) -lpthread
endif
