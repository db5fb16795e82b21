# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/model: the fabric model: nodes, ports, LIDs, LFTs, hop counts,
# partitions
libosmcloudcore_la_SOURCES += src/core/model/fabric.c \
	src/core/model/fabric.h src/core/model/hop_rows.c \
	src/core/model/hop_rows.h src/core/model/hops.c src/core/model/hops.h \
	src/core/model/lft.c src/core/model/lft.h src/core/model/lft_hop.h \
	src/core/model/link_list.c src/core/model/link_list.h \
	src/core/model/partition.c src/core/model/partition.h \
	src/core/model/path_hops.c src/core/model/path_hops.h \
	src/core/model/tolerance.h
