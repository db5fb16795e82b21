# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# unit tests of the VM registry, its file and the failover reconciliation (src/core/vm)
if HAVE_CMOCKA
VM_UNIT_TESTS = tests/unit/vm/test_vmreg tests/unit/vm/test_vmreg_file \
	tests/unit/vm/test_reconcile tests/unit/vm/test_vguid_rule \
	tests/unit/vm/test_vm_doubts
check_PROGRAMS += $(VM_UNIT_TESTS)
TESTS += $(VM_UNIT_TESTS)
tests_unit_vm_test_vmreg_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_vm_test_vmreg_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_vm_test_vmreg_file_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_vm_test_vmreg_file_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_vm_test_reconcile_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_vm_test_reconcile_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_vm_test_vguid_rule_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_vm_test_vguid_rule_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_vm_test_vm_doubts_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_vm_test_vm_doubts_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
