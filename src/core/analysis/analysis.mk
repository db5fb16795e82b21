# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/analysis: fat-tree analysis of a fabric: ranks, vSwitches, roots,
# switch tuples
libosmcloudcore_la_SOURCES += src/core/analysis/ca_role.c \
	src/core/analysis/ca_role.h src/core/analysis/ftree.c \
	src/core/analysis/ftree.h src/core/analysis/ftree_optional.c \
	src/core/analysis/ftree_optional.h src/core/analysis/tuple.c \
	src/core/analysis/tuple.h
