# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/verify: the LFT verifier (reach, loops, credit loops, up*/down*
# minimality), the tenant metrics and the bisection bandwidth read from
# the LFTs
libosmcloudcore_la_SOURCES += src/core/verify/ebb.c src/core/verify/ebb.h \
	src/core/verify/flow_round.c src/core/verify/flow_round.h \
	src/core/verify/tenant_ebb.c \
	src/core/verify/tenant_links.c src/core/verify/tenant_links.h \
	src/core/verify/tenant_metrics.c src/core/verify/tenant_metrics.h \
	src/core/verify/updown.c src/core/verify/updown.h src/core/verify/verify.c \
	src/core/verify/verify.h src/core/verify/verify_cdg.c \
	src/core/verify/verify_cdg.h src/core/verify/verify_int.h \
	src/core/verify/verify_part.c src/core/verify/verify_text.c
# the links ranked by load, per pair of levels, and their heat map
libosmcloudcore_la_SOURCES += src/core/verify/link_rank.c \
	src/core/verify/link_rank.h src/core/verify/link_heatmap.c
