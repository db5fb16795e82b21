# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# contrib/systemd: the plugin's state and socket folders as a tmpfiles.d
# entry, installed where systemd-tmpfiles reads it for this prefix
# ($(prefix)/lib/tmpfiles.d: /usr/lib or /usr/local/lib), and the example
# drop-in for Debian's opensm@.service (docs/packaging.md)
tmpfilesdir = $(prefix)/lib/tmpfiles.d
dist_tmpfiles_DATA = contrib/systemd/tmpfiles.d/osmcloud.conf
EXTRA_DIST += contrib/systemd/opensm@.service.d/osmcloud.conf
