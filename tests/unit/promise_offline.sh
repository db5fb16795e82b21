#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# promise_offline.sh - the engine's promise offline: "osmcloud route"
# judges its tables as the plugin does (the cost on its time line; a
# violation exits 1 with the plugin's words), and "osmcloud check
# --promise ENGINE" judges a dump by that engine's promise.  The fixture
# tests/unit/data/regress-sftree-hostless-leaf-loop.* holds the tables
# the old sftree made with a credit loop of switch-sourced traffic.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

data=$top/tests/unit/data
net=$data/regress-sftree-hostless-leaf-loop.net
lfts=$data/regress-sftree-hostless-leaf-loop.lfts
loop='CA+switch traffic credit loop: "sw-L1-3"[5] -> "sw-L2-0"[1] -> "sw-L1-0"[8] -> "sw-L2-3"[4] -> "sw-L1-3"[5]'

# the fixture is what osmcloud gen makes, byte for byte (but its header)
expect 0 "gen the regression fabric" "$osmcloud" gen --kary 4 --levels 3 \
	--drop-hosts sw-L1-3:4 -o "$tmp/regress.net"
grep -v '^#' "$tmp/regress.net" >"$tmp/a"
grep -v '^#' "$net" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || fail "the fixture's fabric is not gen's"

# check --promise: sftree's promise broken, naming the loop; vswitch_ftree's kept
expect 1 "check --promise sftree on the old sftree's tables" "$osmcloud" \
	check --topo "$net" --lfts "$lfts" --promise sftree
grep -qxF "osmcloud check: FAIL: the tables break sftree's promise: $loop" \
	"$tmp/err" || fail "the loop is not named: $(cat "$tmp/err")"
grep -qxF "$loop" "$tmp/out" || fail "the summary names another loop"
expect 0 "check --promise vswitch_ftree on the same tables" "$osmcloud" \
	check --topo "$net" --lfts "$lfts" --promise vswitch_ftree
expect 1 "check --promise sftree --json" "$osmcloud" check --json \
	--topo "$net" --lfts "$lfts" --promise sftree
json_is "$tmp/out" promise_kept false
json_is "$tmp/out" failed '["promise"]'
case $(json_value "$tmp/out" promise_violation) in
'CA+switch traffic credit loop: "sw-L1-3"[5]'*) ;;
*) fail "JSON: promise_violation $(json_value "$tmp/out" promise_violation)" ;;
esac

# the roots of a plain tree do not reach each other: vswitch_ftree's
# tables keep sftree's promise only with those pairs declared unserved
topo=$top/topologies/ft-k4-n3.net
expect 0 "route vswitch_ftree" "$osmcloud" route -q --topo "$topo" \
	-o "$tmp/vsw.dump"
expect 1 "vswitch_ftree's tables by sftree's promise" "$osmcloud" check \
	--topo "$topo" --lfts "$tmp/vsw.dump" --promise sftree
grep -q "switch LIDs: 48, unreachable 32 (816 holes, 0 loops, 0 wrong deliveries) where the engine declared 0 (switch, switch LID) pairs unserved, e.g. switch " \
	"$tmp/err" || fail "the unreachable switch pairs are not named: $(cat "$tmp/err")"
expect 0 "... with the 816 pairs declared unserved" "$osmcloud" check \
	--topo "$topo" --lfts "$tmp/vsw.dump" --promise sftree --unserved-pairs 816

# route judges its own tables: the cost on the time line; when sftree
# breaks its promise on the regression fabric (the old sftree does) it
# exits 1 with the plugin's words, else its tables keep it for check too
expect 0 "route sftree on ft-k4-n3" "$osmcloud" route --topo "$topo" \
	--engine sftree
grep -q '^time: analyse [0-9.]* ms, route [0-9.]* ms, promise check [0-9.]* ms$' \
	"$tmp/err" || fail "no promise check time: $(cat "$tmp/err")"
"$osmcloud" route -q --topo "$net" --engine sftree -o "$tmp/now.dump" \
	>"$tmp/out" 2>"$tmp/err"
case $? in
0)
	echo "ok: sftree now keeps its promise on the regression fabric"
	expect 0 "check --promise sftree on today's sftree tables" \
		"$osmcloud" check --topo "$net" --lfts "$tmp/now.dump" \
		--promise sftree ;;
1)
	grep -q "^osmcloud route: sftree: the tables break the engine's promise: CA+switch traffic credit loop: .*; written for inspection to $tmp/now.dump$" \
		"$tmp/err" && echo "ok: route refuses sftree's looping tables" ||
		fail "route's message: $(cat "$tmp/err")"
	expect 1 "check --promise agrees with route" "$osmcloud" check \
		--topo "$net" --lfts "$tmp/now.dump" --promise sftree ;;
*) fail "route sftree on the regression fabric: exit $?" ;;
esac

# bad usage
expect 2 "--promise of an unknown engine" "$osmcloud" check --topo "$net" \
	--lfts "$lfts" --promise nosuch
grep -q 'unknown engine "nosuch"' "$tmp/err" || fail "unknown engine not named"
expect 2 "--unserved-pairs without --promise" "$osmcloud" check \
	--topo "$net" --lfts "$lfts" --unserved-pairs 3
expect 2 "--unserved-pairs not a number" "$osmcloud" check --topo "$net" \
	--lfts "$lfts" --promise sftree --unserved-pairs -1

[ "$failures" -eq 0 ] || exit 1
echo "all promise tests passed"
