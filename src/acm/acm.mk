# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/acm: the ibacm provider libosmcloudacm.so (provider "osmcloud"),
# path records through the client's cache of src/core/sa (docs/ibacm.md).
# Built when configure found ibacm's acm_prov.h; installed into ibacm's
# provider folder (--with-ibacm-provider-dir, default $(libdir)/ibacm).
OC_ACM_SOURCES = src/acm/provider.c \
	src/acm/endpoint.c src/acm/endpoint.h \
	src/acm/port_cache.c src/acm/port_cache.h \
	src/acm/path_request.c src/acm/path_request.h
EXTRA_DIST += src/acm/libosmcloudacm.map
if HAVE_ACM
acmprov_LTLIBRARIES = libosmcloudacm.la
# the files of src/core it uses, not the whole core: ibacm loads every
# provider into one process, so the provider carries only what it needs
libosmcloudacm_la_SOURCES = $(OC_ACM_SOURCES) \
	src/core/sa/pathcache.c src/core/sa/pathrec.c \
	src/core/io/acm_opts.c src/core/base/textscan.c src/core/base/error.c \
	src/core/base/clip.c src/core/base/utf8.c \
	src/core/base/regular_file.c
libosmcloudacm_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src
libosmcloudacm_la_LIBADD = -lpthread
# acm_* are ibacm's own functions, bound when ibacm dlopen()s the provider
# (-z now: a missing one fails the load, not the first request)
libosmcloudacm_la_LDFLAGS = -module -avoid-version -shared -Wl,-z,now \
	-Wl,--version-script=$(srcdir)/src/acm/libosmcloudacm.map
EXTRA_libosmcloudacm_la_DEPENDENCIES = $(srcdir)/src/acm/libosmcloudacm.map
# ibacm dlopen()s every *.so of its folder; the libtool archive is of no use
# there (a folder outside exec_prefix: installed by install-data)
install-data-hook:
	rm -f $(DESTDIR)$(acmprovdir)/libosmcloudacm.la
endif
