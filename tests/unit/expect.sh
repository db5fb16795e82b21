# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# expect.sh - the harness of the shell tests of the osmcloud tool (source
# it from a test run by make check, in the build folder).  Sets top (the
# source tree), osmcloud (the tool), tmp (a scratch folder removed on
# exit), and the functions fail and expect; finish_tests ends the test.

top=${srcdir:-.}
osmcloud=./osmcloud
[ -x "$osmcloud" ] || { echo "FAIL: $osmcloud not built"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect STATUS DESCRIPTION COMMAND...: the command exits with STATUS;
# its output stays in $tmp/out and $tmp/err
expect() {
	want=$1
	what=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		fail "$what: exit $got, want $want"
		sed 's/^/    /' "$tmp/out" "$tmp/err"
	else
		echo "ok: $what"
	fi
}
