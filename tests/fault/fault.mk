# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# allocation failures are errors: an LD_PRELOAD shim fails the Nth
# allocation of an osmcloud command, alloc_offline.sh tries each N.  The
# shim is a shared module for the tests only (-rpath: not a convenience
# library); it is not installed.
check_LTLIBRARIES += tests/fault/failalloc.la
tests_fault_failalloc_la_SOURCES = tests/fault/failalloc.c
tests_fault_failalloc_la_LDFLAGS = -module -avoid-version -rpath /nowhere
TESTS += tests/fault/alloc_offline.sh
EXTRA_DIST += tests/fault/alloc_offline.sh
# fsync() fails on chosen files (a full disk, a read-only folder):
# registry_save.sh preloads it into opensm
check_LTLIBRARIES += tests/fault/failsync.la
tests_fault_failsync_la_SOURCES = tests/fault/failsync.c
tests_fault_failsync_la_LDFLAGS = -module -avoid-version -rpath /nowhere
tests_fault_failsync_la_LIBADD = -ldl
# pthread_create() fails for one library: ctl_thread.sh preloads it into
# opensm, whose plugin then cannot start its control socket thread
check_LTLIBRARIES += tests/fault/failthread.la
tests_fault_failthread_la_SOURCES = tests/fault/failthread.c
tests_fault_failthread_la_LDFLAGS = -module -avoid-version -rpath /nowhere
tests_fault_failthread_la_LIBADD = -ldl
