# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# the unit tests (cmocka) of src/core, one fragment per folder as in
# src/core, and the offline tests of the osmcloud command (*_offline.sh)
if HAVE_CMOCKA
UNIT_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) -I$(top_srcdir)/tests/unit
UNIT_LIBS = libosmcloudcore.la $(CMOCKA_LIBS)
check_LTLIBRARIES += tests/unit/libtestlib.la
tests_unit_libtestlib_la_SOURCES = tests/unit/testlib.c tests/unit/testlib.h \
	tests/unit/fixtures.h
tests_unit_libtestlib_la_CFLAGS = $(UNIT_TEST_CFLAGS)
endif
include $(srcdir)/tests/unit/base/base.mk
include $(srcdir)/tests/unit/model/model.mk
include $(srcdir)/tests/unit/analysis/analysis.mk
include $(srcdir)/tests/unit/io/io.mk
include $(srcdir)/tests/unit/verify/verify.mk
include $(srcdir)/tests/unit/route/route.mk
include $(srcdir)/tests/unit/route/sftree/sftree.mk
include $(srcdir)/tests/unit/route/pftree/pftree.mk
include $(srcdir)/tests/unit/reconf/reconf.mk
include $(srcdir)/tests/unit/vm/vm.mk
include $(srcdir)/tests/unit/osm/osm.mk
include $(srcdir)/tests/unit/client/client.mk
include $(srcdir)/tests/unit/gen/gen.mk
include $(srcdir)/tests/unit/sa/sa.mk
include $(srcdir)/tests/unit/acm/acm.mk
include $(srcdir)/tests/unit/sim/sim.mk
# no include of src/core points up a layer (docs/design.md)
EXTRA_DIST += tests/unit/layers.sh
TESTS += tests/unit/layers.sh
# a write into a port of a const fabric does not compile (model/fabric.h)
EXTRA_DIST += tests/unit/const_port.sh
TESTS += tests/unit/const_port.sh
# every write into OpenSM's structures is in src/osm/osm_internals.c, which
# builds against OpenSM 3.3.23 only
EXTRA_DIST += tests/unit/osm_internals.sh
TESTS += tests/unit/osm_internals.sh
# osmcloud route and check on the shipped topologies; a damaged table
# fails, bad input is refused
EXTRA_DIST += tests/unit/expect.sh tests/unit/line_server.py \
	tests/unit/data/ibsim-dump-small.txt \
	tests/unit/check_offline.sh tests/unit/promise_offline.sh \
	tests/unit/data/regress-sftree-hostless-leaf-loop.net \
	tests/unit/data/regress-sftree-hostless-leaf-loop.lfts
TESTS += tests/unit/check_offline.sh tests/unit/promise_offline.sh
# osmcloud check --ebb: the bisection bandwidth on generated fabrics
EXTRA_DIST += tests/unit/ebb_offline.sh
TESTS += tests/unit/ebb_offline.sh
# --json of every subcommand: one object, the text's figures
EXTRA_DIST += tests/unit/json_outputs.sh
TESTS += tests/unit/json_outputs.sh
# osmcloud config-check (the plugin's options and files, offline)
EXTRA_DIST += tests/unit/config_check_offline.sh
TESTS += tests/unit/config_check_offline.sh
# osmcloud config template|check: the template's round trip, opensm.conf
EXTRA_DIST += tests/unit/config_offline.sh
TESTS += tests/unit/config_offline.sh
# the generated man pages hold every command, option, engine, code
EXTRA_DIST += tests/unit/man_check.sh
TESTS += tests/unit/man_check.sh
# the command line of osmcloud gen
EXTRA_DIST += tests/unit/gen_offline.sh
TESTS += tests/unit/gen_offline.sh
# the command line of osmcloud pathcache (no fabric: usage, a scripted
# daemon)
EXTRA_DIST += tests/unit/pathcache_offline.sh
TESTS += tests/unit/pathcache_offline.sh
# the pftree engines with the tenant files, and osmcloud check's metrics
EXTRA_DIST += tests/unit/pftree_offline.sh
TESTS += tests/unit/pftree_offline.sh
# osmcloud plan on the shipped topologies
EXTRA_DIST += tests/unit/plan_offline.sh \
	tests/unit/data/plan-live-swap.dump tests/unit/data/plan-live-swap.state \
	tests/unit/data/plan-live-copy.dump tests/unit/data/plan-live-copy.state
TESTS += tests/unit/plan_offline.sh
# sftree offline: routed and checked with the switch checks required
EXTRA_DIST += tests/unit/sftree_offline.sh
TESTS += tests/unit/sftree_offline.sh
EXTRA_DIST += tests/unit/detours_offline.sh \
	tests/unit/data/regress-io-above-joined-leaves.net
TESTS += tests/unit/detours_offline.sh
# every source file carries the licence line (LICENSE)
EXTRA_DIST += tests/unit/licence_check.sh LICENSE
TESTS += tests/unit/licence_check.sh
# the Debian packages' version is configure.ac's (docs/packaging.md)
EXTRA_DIST += tests/unit/debian_version.sh debian/changelog
TESTS += tests/unit/debian_version.sh
# property test: every engine on random generated fat-trees, judged by
# osmcloud check (OC_PROPERTY_COUNT / OC_PROPERTY_SEED for longer runs)
EXTRA_DIST += tests/unit/property_offline.sh tests/unit/property_lib.sh \
	tests/unit/data/property-known-failures.txt
TESTS += tests/unit/property_offline.sh
# osmcloud check --hot and --heatmap: the hottest links, the SVG picture
EXTRA_DIST += tests/unit/heatmap.sh
TESTS += tests/unit/heatmap.sh
