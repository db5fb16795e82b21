#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# debian_version.sh - the Debian package's upstream version (the top entry
# of debian/changelog, "0.1.0-1") is configure.ac's AC_INIT version, so the
# packages never claim another version than "osmcloud --version" and the
# plugin's log line (docs/packaging.md).
top=${srcdir:-.}
ac=$(sed -n 's/^AC_INIT(\[osmcloud\], \[\([^]]*\)\].*/\1/p' "$top/configure.ac")
deb=$(sed -n '1s/^osmcloud (\([^)]*\)).*/\1/p' "$top/debian/changelog")
[ -n "$ac" ] || { echo "FAIL: configure.ac: no AC_INIT([osmcloud], [VERSION])"; exit 1; }
[ -n "$deb" ] || { echo "FAIL: debian/changelog:1: no \"osmcloud (VERSION)\" entry"; exit 1; }
case $deb in
"$ac"-*) echo "debian/changelog $deb packages configure.ac's $ac" ;;
*)
	echo "FAIL: debian/changelog:1: version $deb is not configure.ac's $ac-<revision>:" \
		"add a changelog entry (dch -v $ac-1)"
	exit 1
	;;
esac
