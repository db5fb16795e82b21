#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# plugin5.sh OSMCLOUD PLUGIN_TABLES SRCDIR - write osmcloud-plugin(5) on
# the standard output: the prose of man/osmcloud-plugin.5.*, the tables
# the plugin itself uses (PLUGIN_TABLES: options, opensm.conf lines,
# engines, log codes) and the control commands of
# src/osm/vmops/commands.c (ctl_commands.awk); the version from OSMCLOUD;
# this build's folders from OC_DOCDIR and OC_LIBDIR.
set -eu

tool=$1
tables=$2
src=$3
man=$src/man
version=$("$tool" --version)
date=$(date -u ${SOURCE_DATE_EPOCH:+-d @$SOURCE_DATE_EPOCH} +%Y-%m-%d)
ctl=$(awk -f "$man/ctl_commands.awk" "$src/src/osm/vmops/commands.c")

prose() {
	sed -e '/^\.\\"/d' \
		-e "s|@DOCDIR@|${OC_DOCDIR:-/usr/share/doc/osmcloud}|g" \
		-e "s|@LIBDIR@|${OC_LIBDIR:-/usr/lib}|g" \
		"$man/osmcloud-plugin.5.$1"
}

echo ".TH OSMCLOUD\\-PLUGIN 5 \"$date\" \"$version\" \"File Formats\""
echo ".nh"
echo ".ad l"
prose head
echo ".PP"
echo "This page describes $version."
echo ".SH OPENSM CONFIGURATION"
echo "The lines of opensm.conf the plugin reads or honours:"
"$tables" opensm
echo ".SH OPTIONS"
echo "The plugin's options are the blank-separated"
echo ".IB key = value"
echo "words of"
echo ".BR event_plugin_options ;"
echo "values cannot contain blanks, each key is given at most once, and an"
echo "unknown key, an empty or bad value is an ERR OC01 naming the key (no"
echo "engine is registered)."
echo "Files are read at load and again at every routing run."
"$tables" options
echo ".SH ROUTING ENGINES"
echo "The plugin registers these engines; a"
echo ".B routing_engine"
echo "list tries the next one when an engine fails."
"$tables" engines
prose protocol
printf '%s\n' "$ctl" | while IFS='	' read -r name args summary; do
	echo ".PP"
	printf '\\fB%s\\fR \\fI%s\\fR\n' "$name" "$args" |
		sed -e 's/-/\\-/g' -e 's/ \\fI\\fR$//'
	echo ".RS"
	printf '%s\n' "$summary" | sed -e 's/\\/\\e/g' -e "s/^[.']/\\\\\\&&/"
	echo ".RE"
done
prose tail
"$tables" log-codes
prose files
