# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/osm: the OpenSM event plugin libosmcloud.so (opensm:
# event_plugin_name osmcloud); its own files are the entry, the options,
# the log and every write into OpenSM's structures (osm_internals.h), the
# rest is in routing/ and vmops/
lib_LTLIBRARIES += libosmcloud.la
libosmcloud_la_SOURCES = \
	src/osm/plugin.c src/osm/plugin.h \
	src/osm/log.c src/osm/log.h src/osm/log_level.h \
	src/osm/options.c src/osm/options.h \
	src/osm/osm_internals.c src/osm/osm_internals.h
include $(srcdir)/src/osm/routing/routing.mk
include $(srcdir)/src/osm/vmops/vmops.mk
libosmcloud_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src/osm \
	$(OPENSM_CPPFLAGS)
libosmcloud_la_LIBADD = libosmcloudcore.la -lpthread
# -z now: every symbol is bound when opensm dlopen()s the plugin, so a
# mismatch fails the load cleanly ("cannot load plugin") instead of
# killing opensm at the first call of a missing function.
libosmcloud_la_LDFLAGS = -module -avoid-version -shared -Wl,-z,now \
	-Wl,--version-script=$(srcdir)/src/osm/libosmcloud.map
EXTRA_libosmcloud_la_DEPENDENCIES = $(srcdir)/src/osm/libosmcloud.map
EXTRA_DIST += src/osm/libosmcloud.map
# opensm dlopen()s libosmcloud.so by name; the libtool archive is of no use
install-exec-hook:
	rm -f $(DESTDIR)$(libdir)/libosmcloud.la
# without the .la, libtool's uninstall leaves the modules: remove them
# (the ibacm provider's too, src/acm/acm.mk, as there is one hook)
uninstall-hook:
	rm -f $(DESTDIR)$(libdir)/libosmcloud.so \
		$(DESTDIR)$(acmprovdir)/libosmcloudacm.so
# the same plugin with test-only fault injection (src/osm/routing/fault.h):
# libosmcloudfault.so, built by make check for the ibsim tests, never
# installed (opensm loads it with event_plugin_name osmcloudfault)
check_LTLIBRARIES += libosmcloudfault.la
libosmcloudfault_la_SOURCES = $(libosmcloud_la_SOURCES) \
	src/osm/routing/fault.c src/osm/vmops/fault_port.c
libosmcloudfault_la_CPPFLAGS = $(libosmcloud_la_CPPFLAGS) -DOC_FAULT_INJECTION
libosmcloudfault_la_LIBADD = $(libosmcloud_la_LIBADD)
libosmcloudfault_la_LDFLAGS = $(libosmcloud_la_LDFLAGS) -rpath $(abs_builddir)
EXTRA_libosmcloudfault_la_DEPENDENCIES = $(srcdir)/src/osm/libosmcloud.map
