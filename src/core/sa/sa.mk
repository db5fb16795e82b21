# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/sa: the SA PathRecord's wire fields and the client's
# path-record cache, the SM's rule for the caching flag (issue 13;
# docs/sa-caching.md)
libosmcloudcore_la_SOURCES += src/core/sa/pathrec.c src/core/sa/pathrec.h \
	src/core/sa/pathcache.c src/core/sa/pathcache.h \
	src/core/sa/pathcache_proto.c src/core/sa/pathcache_proto.h \
	src/core/sa/flag_rule.c src/core/sa/flag_rule.h
