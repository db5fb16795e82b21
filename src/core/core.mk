# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# core: fabric model, fat-tree analysis, routing engines
libosmcloudcore_la_SOURCES += \
	src/core/error.c src/core/error.h src/core/rand.h src/core/result.h \
	src/core/hash.c src/core/hash.h \
	src/core/fabric.c src/core/fabric.h \
	src/core/lft.c src/core/lft.h src/core/lft_hop.h
libosmcloudcore_la_SOURCES += \
	src/core/textscan.c src/core/textscan.h \
	src/core/link_list.c src/core/link_list.h \
	src/core/topo.c src/core/topo.h \
	src/core/vmfile.c src/core/vmfile.h \
	src/core/reconcile.c src/core/reconcile.h \
	src/core/guidfile.c src/core/guidfile.h \
	src/core/ftree.c src/core/ftree.h \
	src/core/ftree_optional.c src/core/ftree_optional.h \
	src/core/router.c src/core/router.h \
	src/core/engine.c src/core/engine.h \
	src/core/vswitch_ftree.c src/core/vswitch_ftree.h \
	src/core/subtree_root.c src/core/subtree_root.h \
	src/core/subtree_fill.c src/core/subtree_fill.h \
	src/core/sftree.c src/core/path_hops.c src/core/path_hops.h \
	src/core/route_keep.c src/core/route_keep.h \
	src/core/cross_core.c src/core/cross_core.h \
	src/core/partition.c src/core/partition.h \
	src/core/policy_file.c src/core/policy_file.h \
	src/core/weights_file.c src/core/weights_file.h \
	src/core/part_file.c src/core/part_file.h \
	src/core/tenant_links.c src/core/tenant_links.h \
	src/core/pftree_int.h src/core/pftree.c src/core/pftree_mark.c \
	src/core/pftree_order.c \
	src/core/lane_assign.c src/core/pftree_validate.c \
	src/core/lid_model.c src/core/lid_model.h \
	src/core/lft_dump.c src/core/lft_dump.h \
	src/core/hops.c src/core/hops.h
# the VM registry (issue 3: live migration)
libosmcloudcore_la_SOURCES += src/core/vmreg.c src/core/vmreg.h src/core/vmreg_file.c \
	src/core/path_check.c src/core/path_check.h \
	src/core/vmreg_free.c
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_vmreg tests/unit/test_vmreg_file
TESTS += tests/unit/test_vmreg tests/unit/test_vmreg_file
tests_unit_test_vmreg_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_vmreg_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
tests_unit_test_vmreg_file_CFLAGS = $(UNIT_TEST_CFLAGS)
tests_unit_test_vmreg_file_LDADD = tests/unit/libtestlib.la $(UNIT_LIBS)
endif
# migrate: switch tuples and the live-migration reconfiguration planner
libosmcloudcore_la_SOURCES += \
	src/core/tuple.c src/core/tuple.h \
	src/core/migrate.c src/core/migrate.h src/core/migrate_op.c \
	src/core/reconf_int.h src/core/reconf_entry.c \
	src/core/reconf_mark.c src/core/reconf_safe.c src/core/reconf_plan.c
include $(srcdir)/tests/unit/unit_migrate.mk
# the control socket's machine protocol: strict JSON (docs/protocol.md)
libosmcloudcore_la_SOURCES += src/core/ctl_json.c src/core/ctl_json.h
