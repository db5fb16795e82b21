#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# man_check.sh - the generated man pages (man/man.mk) hold what the code
# holds, each name read from another source than the page's generator:
# every subcommand (osmcloud --commands) with exactly its --help text, every
# plugin option (the parser's own unknown-option list), engine (osmcloud
# route --help), control command (the rows of src/osm/vmops/commands.c)
# and log code (src/osm/log.h), the opensm.conf lines the plugin reads, and
# the current --version string; groff -man -ww reports no warning.
# Needs groff (Debian: groff-base, which man-db pulls in).
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

page8=man/osmcloud.8
page5=man/osmcloud-plugin.5
for p in $page8 $page5; do
	[ -s "$p" ] || fail "$p was not built (make all builds it)"
done

# --- troff without warnings
if command -v groff >/dev/null; then
	for p in $page8 $page5; do
		groff -man -ww -z "$p" >"$tmp/groff" 2>&1 ||
			fail "groff -man -ww -z $p failed"
		[ -s "$tmp/groff" ] && fail "groff warns on $p: $(head -3 "$tmp/groff")"
	done
	echo "ok: groff -man -ww: no warning"
else
	fail "groff is not installed (Debian: groff-base): the pages are unchecked"
fi

# --- the version
version=$("$osmcloud" --version)
case $version in
"osmcloud "*" (OpenSM "*")") echo "ok: --version: $version" ;;
*) fail "--version prints '$version'" ;;
esac
[ "$("$osmcloud" -V)" = "$version" ] || fail "-V differs from --version"
for p in $page8 $page5; do
	grep -qF "This page describes $version." "$p" ||
		fail "$p does not name $version"
done

# --- every subcommand, its section exactly its --help
# unescape TEXT: the page's no-fill block back to plain text
unescape() {
	sed -e 's/\\-/-/g' -e 's/^\\&//' -e 's/\\e/\\/g'
}
ncmd=0
for cmd in $("$osmcloud" --commands | cut -f1); do
	ncmd=$((ncmd + 1))
	grep -qxF ".SS \"osmcloud $cmd\"" $page8 ||
		{ fail "osmcloud.8 has no section for $cmd"; continue; }
	awk -v want=".SS \"osmcloud $cmd\"" '
		$0 == want { inside = 1; next }
		inside && /^\.SS / { exit }
		inside && $0 == ".nf" { block = 1; next }
		inside && $0 == ".fi" { block = 0 }
		block { print }' $page8 | unescape >"$tmp/section"
	"$osmcloud" "$cmd" --help >"$tmp/help"
	cmp -s "$tmp/section" "$tmp/help" ||
		fail "osmcloud.8: the section of $cmd is not its --help"
done
[ $ncmd -ge 12 ] || fail "--commands listed only $ncmd commands"
echo "ok: $ncmd subcommands, each with its --help"
for s in "EXIT STATUS" FILES "SEE ALSO"; do
	grep -qx ".SH $s" $page8 || fail "osmcloud.8 lacks $s"
done
for ref in opensm ibsim ibnetdiscover 'osmcloud\-plugin'; do
	grep -qF ".BR $ref (" $page8 || fail "osmcloud.8: SEE ALSO lacks $ref"
done

# --- every plugin option, as the parser knows them
known=$("$osmcloud" config check 'no_such_option=1' |
	sed -n 's/.*unknown option "no_such_option" (known: \(.*\))$/\1/p' |
	tr -d ,)
[ -n "$known" ] || fail "the parser's list of options was not found"
nopt=0
for opt in $known; do
	nopt=$((nopt + 1))
	grep -qF "\\fB$opt=\\fR" $page5 || fail "osmcloud-plugin.5 lacks option $opt"
	grep -q "^| \`$opt=" "$top/docs/plugin.md" ||
		fail "docs/plugin.md's options table lacks $opt"
done
echo "ok: $nopt plugin options"

# --- every engine, control command, log code and opensm.conf line
engines=$("$osmcloud" route --help | sed -n 's/^engines: //p')
for e in $engines; do
	grep -qxF "\\fB$e\\fR" $page5 || fail "osmcloud-plugin.5 lacks engine $e"
done
echo "ok: engines $engines"
ctl=$(sed -n '/commands\[\] = {/,/^};/s/^	{"\([a-z]*\)",.*/\1/p' \
	"$top/src/osm/vmops/commands.c")
nctl=0
for c in $ctl; do
	nctl=$((nctl + 1))
	grep -q "^\\\\fB$c\\\\fR" $page5 || fail "osmcloud-plugin.5 lacks ctl command $c"
done
[ $nctl -ge 9 ] || fail "only $nctl ctl commands found in commands.c"
echo "ok: $nctl control commands"
codes=$(sed -n 's/^#define OC_ERR_[A-Z]* "\(OC[0-9]*\)".*/\1/p' "$top/src/osm/log.h")
for code in $codes; do
	grep -qxF "\\fBERR $code\\fR" $page5 || fail "osmcloud-plugin.5 lacks $code"
done
echo "ok: log codes" $codes
for key in routing_engine event_plugin_name event_plugin_options \
	root_guid_file cn_guid_file io_guid_file node_name_map_name \
	dump_files_dir; do
	grep -qxF "\\fB$key\\fR" $page5 || fail "osmcloud-plugin.5 lacks $key"
done
for s in "CONTROL PROTOCOL" "REGISTRY FILE" LOG FILES "SEE ALSO"; do
	grep -qx ".SH \"*$s\"*" $page5 || fail "osmcloud-plugin.5 lacks $s"
done

[ $failures -eq 0 ] || exit 1
echo "PASS: man pages"
