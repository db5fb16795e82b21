# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# man: osmcloud(8) and osmcloud-plugin(5), and the configuration template,
# generated at build time (never committed) from the tool's own --help and
# the plugin's own tables, so they cannot drift from the code:
#   osmcloud.8         man/osmcloud8.sh: ./osmcloud --commands, each
#                      command's --help, the prose of man/osmcloud.8.*
#   osmcloud-plugin.5  man/plugin5.sh: man/plugin_tables (the options,
#                      engines and log codes tables), the control commands
#                      of src/osm/vmops/commands.c, man/osmcloud-plugin.5.*
# The FILES sections name this build's $(docdir) and $(libdir).
#   osmcloud.conf      ./osmcloud config template, installed as
#                      $(docdir)/examples/osmcloud.conf
noinst_PROGRAMS += man/plugin_tables
man_plugin_tables_SOURCES = man/plugin_tables.c \
	src/osm/options.c src/osm/options.h src/osm/log_level.h \
	src/osm/log_codes.c src/osm/log_codes.h
man_plugin_tables_LDADD = libosmcloudcore.la
man_MANS = man/osmcloud.8 man/osmcloud-plugin.5
oc_man8_prose = $(srcdir)/man/osmcloud.8.head $(srcdir)/man/osmcloud.8.tail
oc_man5_prose = $(srcdir)/man/osmcloud-plugin.5.head \
	$(srcdir)/man/osmcloud-plugin.5.protocol \
	$(srcdir)/man/osmcloud-plugin.5.tail $(srcdir)/man/osmcloud-plugin.5.files
EXTRA_DIST += man/osmcloud8.sh man/plugin5.sh man/ctl_commands.awk \
	man/troff_escape.sed man/osmcloud.8.head man/osmcloud.8.tail \
	man/osmcloud-plugin.5.head man/osmcloud-plugin.5.protocol \
	man/osmcloud-plugin.5.tail man/osmcloud-plugin.5.files
CLEANFILES += $(man_MANS) osmcloud.conf
man/osmcloud.8: osmcloud$(EXEEXT) $(srcdir)/man/osmcloud8.sh \
		$(srcdir)/man/troff_escape.sed $(oc_man8_prose)
	$(MKDIR_P) man
	OC_DOCDIR='$(docdir)' $(SHELL) $(srcdir)/man/osmcloud8.sh \
		./osmcloud$(EXEEXT) $(srcdir) >$@.tmp && mv $@.tmp $@
man/osmcloud-plugin.5: osmcloud$(EXEEXT) man/plugin_tables$(EXEEXT) \
		$(srcdir)/man/plugin5.sh $(srcdir)/man/ctl_commands.awk \
		$(srcdir)/src/osm/vmops/commands.c $(oc_man5_prose)
	$(MKDIR_P) man
	OC_DOCDIR='$(docdir)' OC_LIBDIR='$(libdir)' \
		$(SHELL) $(srcdir)/man/plugin5.sh ./osmcloud$(EXEEXT) \
		man/plugin_tables$(EXEEXT) $(srcdir) >$@.tmp && mv $@.tmp $@
# the template, for the packages (part of make all, installed)
examplesdir = $(docdir)/examples
nodist_examples_DATA = osmcloud.conf
osmcloud.conf: osmcloud$(EXEEXT)
	./osmcloud$(EXEEXT) config template >$@.tmp && mv $@.tmp $@
