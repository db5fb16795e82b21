# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# gen: the topology generator (osmcloud gen) and its tests
libosmcloudcore_la_SOURCES += src/core/gen.c src/core/gen.h \
	src/core/gen_shape.c src/core/gen_shape.h \
	src/core/gen_options.c src/core/gen_write.c src/core/gen_describe.c \
	src/core/gen_build.h src/core/gen_random.c
osmcloud_SOURCES += src/tools/cmd_gen.c
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_gen
TESTS += tests/unit/test_gen
tests_unit_test_gen_SOURCES = tests/unit/test_gen.c
tests_unit_test_gen_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_unit_test_gen_LDADD = libosmcloudcore.la $(CMOCKA_LIBS)
endif
# the shipped topologies (topologies/README.md lists the commands)
dist_pkgdata_DATA += topologies/vswitch-ft-default.net \
	topologies/regress-sftree-hostless-leaf.net \
	topologies/regress-sftree-hostless-leaf-2-level.net \
	topologies/regress-sftree-hostless-leaf-small.net \
	topologies/regress-sftree-hostless-cut.net \
	topologies/regress-sftree-unserved.net \
	topologies/regress-detours-io-above-leaves.net \
	topologies/regress-leaf-one-uplink.net \
	topologies/vswitch-ft-uneven-vfs.net \
	topologies/vswitch-ft-missing-hv.net \
	topologies/vswitch-ft-storage.net \
	topologies/vswitch-ft-missing-link.net \
	topologies/ft-k4-n3.net
EXTRA_DIST += topologies/README.md
# the command line of osmcloud gen (no ibsim)
EXTRA_DIST += tests/unit/gen_offline.sh
TESTS += tests/unit/gen_offline.sh
