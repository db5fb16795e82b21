# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/route/pftree: the partition-aware engines pftree, pftree_ext and
# pftree_wt
libosmcloudcore_la_SOURCES += src/core/route/pftree/lane_assign.c \
	src/core/route/pftree/pftree.c src/core/route/pftree/pftree_int.h \
	src/core/route/pftree/pftree_mark.c src/core/route/pftree/pftree_order.c \
	src/core/route/pftree/pftree_validate.c
