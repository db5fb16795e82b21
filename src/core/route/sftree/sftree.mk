# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/route/sftree: the sftree engine (switch-to-switch connectivity)
libosmcloudcore_la_SOURCES += src/core/route/sftree/route_keep.c \
	src/core/route/sftree/route_keep.h src/core/route/sftree/sftree.c \
	src/core/route/sftree/dead_end.c src/core/route/sftree/dead_end.h
