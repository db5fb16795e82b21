#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# osmcloud8.sh OSMCLOUD SRCDIR - write osmcloud(8) on the standard output.
# The commands and their text come from the freshly built tool itself
# ("OSMCLOUD --commands", then "OSMCLOUD CMD --help" for each), the prose
# from man/osmcloud.8.head and man/osmcloud.8.tail: the page cannot drift
# from --help.  OC_DOCDIR: the installed documentation folder.
set -eu

tool=$1
man=$2/man
version=$("$tool" --version)
date=$(date -u ${SOURCE_DATE_EPOCH:+-d @$SOURCE_DATE_EPOCH} +%Y-%m-%d)
commands=$("$tool" --commands)
[ -n "$commands" ] || {
	echo "osmcloud8.sh: $tool --commands listed no command" >&2
	exit 1
}

# prose PART: man/osmcloud.8.PART without its comments, with this build's
# folders (OC_DOCDIR)
prose() {
	sed -e '/^\.\\"/d' \
		-e "s|@DOCDIR@|${OC_DOCDIR:-/usr/share/doc/osmcloud}|g" \
		"$man/osmcloud.8.$1"
}

echo ".TH OSMCLOUD 8 \"$date\" \"$version\" \"System Administration\""
echo ".nh"
echo ".ad l"
prose head
echo ".PP"
echo "This page describes $version."
echo ".SH COMMANDS"
printf '%s\n' "$commands" | while IFS='	' read -r name summary; do
	echo ".SS \"osmcloud $name\""
	printf '%s\n' "$summary." | sed -f "$man/troff_escape.sed"
	echo ".PP"
	echo ".nf"
	"$tool" "$name" --help | sed -f "$man/troff_escape.sed"
	echo ".fi"
done
prose tail
