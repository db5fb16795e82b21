# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/client: libosmcloudctl, the C client of the control socket for
# orchestrators (public header include/osmcloud/ctl_client.h; pkg-config
# osmcloudctl).  Its own files form a convenience library that
# "osmcloud ctl" links statically (one client, no wrapper script around
# the tool); the installed library adds the core's JSON on jansson
# (io/ctl_json.c, io/json_out.c,
# base/error.c, base/utf8.c, base/clip.c, the same sources) and exports
# only oc_ctl_*.
noinst_LTLIBRARIES += libctlclient.la
libctlclient_la_SOURCES = src/client/ctl_conn.c src/client/ctl_conn.h \
	src/client/ctl_request.c
lib_LTLIBRARIES += libosmcloudctl.la
libosmcloudctl_la_SOURCES = src/core/io/ctl_json.c src/core/io/json_out.c \
	src/core/base/error.c src/core/base/utf8.c src/core/base/clip.c
libosmcloudctl_la_LIBADD = libctlclient.la $(JANSSON_LIBS) -lm
libosmcloudctl_la_LDFLAGS = -version-info 0:0:0 \
	-export-symbols-regex '^oc_ctl_'
pkgconfigdir = $(libdir)/pkgconfig
pkgconfig_DATA = src/client/osmcloudctl.pc
EXTRA_DIST += src/client/osmcloudctl.pc.in
