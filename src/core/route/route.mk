# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/route: the shared router, the engine interface, vswitch_ftree, the
# promise check and sftree's subtree root and fill (vswitch_ftree uses them
# too)
libosmcloudcore_la_SOURCES += src/core/route/cross_core.c \
	src/core/route/cross_core.h src/core/route/engine.c src/core/route/engine.h \
	src/core/route/engine_run.c src/core/route/engine_run.h \
	src/core/route/carry.c src/core/route/carry.h \
	src/core/route/promise.c src/core/route/promise.h src/core/route/router.c \
	src/core/route/router.h src/core/route/subtree_fill.c \
	src/core/route/subtree_fill.h src/core/route/subtree_root.c \
	src/core/route/subtree_root.h src/core/route/vswitch_ftree.c \
	src/core/route/vswitch_ftree.h
# the dump file of a routing run, opensm-osmcloud.dump
libosmcloudcore_la_SOURCES += src/core/route/route_dump.c \
	src/core/route/route_dump.h
