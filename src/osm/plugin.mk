# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# osm: the OpenSM event plugin libosmcloud.so (opensm: event_plugin_name osmcloud)
lib_LTLIBRARIES += libosmcloud.la
libosmcloud_la_SOURCES = \
	src/osm/plugin.c src/osm/plugin.h \
	src/osm/log.h src/osm/log_level.h src/osm/fault.h \
	src/osm/options.c src/osm/options.h \
	src/osm/inputs.c src/osm/inputs.h \
	src/osm/engine_glue.c src/osm/engine_glue.h \
	src/osm/run.c src/osm/run.h \
	src/osm/partitions_in.c src/osm/partitions_in.h \
	src/osm/lanes.c src/osm/lanes.h \
	src/osm/snapshot.c src/osm/snapshot.h \
	src/osm/lft_out.c src/osm/lft_out.h \
	src/osm/lft_grow.c src/osm/lft_grow.h \
	src/osm/hops_out.c src/osm/hops_out.h \
	src/osm/vmstate.c src/osm/vmstate.h \
	src/osm/commands.c src/osm/commands.h \
	src/osm/console.c src/osm/console.h \
	src/osm/lidfilter.c src/osm/lidfilter.h \
	src/osm/ctl.c src/osm/ctl.h \
	src/osm/requests.c src/osm/requests.h src/osm/dest.c src/osm/dest.h \
	src/osm/smp.c src/osm/smp.h \
	src/osm/vguid.c src/osm/vguid.h \
	src/osm/opstats.c src/osm/opstats.h src/osm/prepared.c src/osm/prepared.h \
	src/osm/sweeps.c src/osm/sweeps.h \
	src/osm/smstate.c src/osm/smstate.h \
	src/osm/takeover.c src/osm/takeover.h \
	src/osm/op_exec.c src/osm/op_exec.h \
	src/osm/exec_targets.c \
	src/osm/migrate_exec.c src/osm/migrate_exec.h
libosmcloud_la_CPPFLAGS = $(AM_CPPFLAGS) $(OPENSM_CPPFLAGS)
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
# the same plugin with test-only fault injection (src/osm/fault.h):
# libosmcloudfault.so, built by make check for the ibsim tests, never
# installed (opensm loads it with event_plugin_name osmcloudfault)
check_LTLIBRARIES += libosmcloudfault.la
libosmcloudfault_la_SOURCES = $(libosmcloud_la_SOURCES) src/osm/fault.c
libosmcloudfault_la_CPPFLAGS = $(libosmcloud_la_CPPFLAGS) -DOC_FAULT_INJECTION
libosmcloudfault_la_LIBADD = $(libosmcloud_la_LIBADD)
libosmcloudfault_la_LDFLAGS = $(libosmcloud_la_LDFLAGS) -rpath $(abs_builddir)
EXTRA_libosmcloudfault_la_DEPENDENCIES = $(srcdir)/src/osm/libosmcloud.map
