# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/gen: the topology generator behind osmcloud gen (k-ary n-trees,
# PGFTs, multi-core trees, vSwitch hypervisors, defects)
libosmcloudcore_la_SOURCES += src/core/gen/gen.c src/core/gen/gen.h \
	src/core/gen/gen_build.c src/core/gen/gen_build.h src/core/gen/gen_describe.c \
	src/core/gen/gen_options.c src/core/gen/gen_random.c \
	src/core/gen/gen_shape.c src/core/gen/gen_shape.h \
	src/core/gen/gen_write.c
