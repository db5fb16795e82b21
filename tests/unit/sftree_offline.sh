#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# sftree_offline.sh - "osmcloud route --engine sftree" on the shipped
# topologies and on generated multi-core trees (joined at the leaves or
# at the roots, one with a failed link), checked with the switch
# checks required: every switch reaches every switch LID and no credit
# loop forms with switch sources.  Also --sm-guid, and the error when no
# subtree root can serve.  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

# route with sftree, check with the switch checks required
route_check() {
	name=$1
	net=$2
	shift 2
	expect 0 "route sftree $name" "$osmcloud" route --engine sftree \
		--topo "$net" -o "$tmp/$name.dump" "$@"
	grep -q '^subtree root "' "$tmp/err" ||
		fail "$name: summary names no subtree root"
	expect 0 "check sftree $name" "$osmcloud" check --json \
		--require-switch-reach --require-switch-cdg --topo "$net" \
		--lfts "$tmp/$name.dump"
	[ "$(json_value "$tmp/out" switch_unreachable_pairs)" = 0 ] ||
		fail "$name: switch pairs unreachable"
	[ "$(json_value "$tmp/out" cdg_all_cycle)" = false ] ||
		fail "$name: credit loop with switch sources"
}

for t in vswitch-ft-default vswitch-ft-uneven-vfs vswitch-ft-missing-hv \
	vswitch-ft-storage vswitch-ft-missing-link ft-k4-n3; do
	route_check "$t" "$top/topologies/$t.net"
done

# regressions (issue 10): a leaf without hosts was taken for a root, and
# the subtree's switch traffic looped through it (3-level trees: as far
# from the compute leaves as the roots; 2-level: farther than the spines)
for t in regress-sftree-hostless-leaf regress-sftree-hostless-leaf-2-level \
	regress-sftree-hostless-leaf-small regress-sftree-hostless-cut; do
	route_check "$t" "$top/topologies/$t.net"
	grep -q '^unserved: ' "$tmp/err" && fail "$t: switch pairs unserved"
done
# regression: a switch above the leaves whose up cables are all cut
# (sw-L2-4 of a 4-ary 3-tree, ports 5-8) was ranked through the leaves
# below it and every engine refused the fabric (rule R5); sftree now
# reaches it, and it every switch, without a credit loop (dead_end.h);
# vswitch_ftree routes it too.  With vSwitches, and with a host cut too.
up_cut="--drop-link sw-L2-4:5 --drop-link sw-L2-4:6 --drop-link sw-L2-4:7 --drop-link sw-L2-4:8"
for v in "vswitch:--vswitch 2" "plain:--drop-link sw-L2-9:5"; do
	name=up-cut-${v%%:*}
	# shellcheck disable=SC2086
	expect 0 "gen $name" "$osmcloud" gen --kary 4 --levels 3 $up_cut \
		${v#*:} -o "$tmp/$name.net"
	route_check "$name" "$tmp/$name.net"
	grep -q '^unserved: ' "$tmp/err" && fail "$name: switch pairs unserved"
	expect 0 "route vswitch_ftree $name" "$osmcloud" route \
		--engine vswitch_ftree --topo "$tmp/$name.net" \
		-o "$tmp/$name-v.dump"
	expect 0 "check vswitch_ftree $name" "$osmcloud" check \
		--topo "$tmp/$name.net" --lfts "$tmp/$name-v.dump" \
		--promise vswitch_ftree
done

net=$top/topologies/regress-sftree-hostless-leaf.net
expect 0 "route hostless leaf" "$osmcloud" route --engine sftree --topo "$net"
grep -q '(0 vSwitches, 16 leaves)' "$tmp/err" ||
	fail "the hostless leaf sw-L1-3 is not one of the 16 leaves"

# regression (issue 10): a degraded 4-level tree whose subtree routes
# close a credit loop with switch sources (vswitch_ftree's detours take
# part); sftree keeps vswitch_ftree's tables, names the pairs it leaves
# and routes the fabric instead of handing it to minhop
net=$top/topologies/regress-sftree-unserved.net
expect 0 "route sftree, unserved pairs" "$osmcloud" route --engine sftree \
	--topo "$net" -o "$tmp/unserved.dump"
grep -q "warning: the routes through the subtree break sftree's promise (CA+switch traffic credit loop: \"sw-" "$tmp/err" ||
	fail "no warning naming the loop"
n=$(sed -n 's/^unserved: \([0-9]*\) (switch, switch LID) pairs .*/\1/p' "$tmp/err")
[ "${n:-0}" -gt 0 ] || fail "no unserved pairs declared"
expect 0 "the tables keep the promise with $n unserved pairs" "$osmcloud" \
	check --promise sftree --unserved-pairs "${n:-0}" --topo "$net" \
	--lfts "$tmp/unserved.dump"
expect 1 "one pair fewer breaks it" "$osmcloud" check --promise sftree \
	--unserved-pairs "$((${n:-0} - 1))" --topo "$net" \
	--lfts "$tmp/unserved.dump"
expect 0 "no credit loop with switch sources" "$osmcloud" check \
	--require-switch-cdg --allow-nonminimal --topo "$net" \
	--lfts "$tmp/unserved.dump"

# the same fabric with vswitch_ftree: the roots miss each other
net=$top/topologies/ft-k4-n3.net
expect 0 "route vswitch_ftree" "$osmcloud" route --topo "$net" \
	-o "$tmp/vsw.dump"
expect 1 "vswitch_ftree misses switch pairs" "$osmcloud" check --json \
	--require-switch-reach --topo "$net" --lfts "$tmp/vsw.dump"
json_is "$tmp/out" switch_unreachable_pairs 816

# multi-core trees joined at the leaves: through the root's sibling
for cores in 2 3; do
	expect 0 "gen $cores cores" "$osmcloud" gen --kary 4 --levels 3 \
		--cores $cores --core-links leaf -o "$tmp/mc$cores.net"
	route_check "multi-core-$cores" "$tmp/mc$cores.net"
done

# --sm-guid: the SM's leaf is not the root; bad values are refused
net=$top/topologies/ft-k4-n3.net
expect 0 "route without SM" "$osmcloud" route --engine sftree --topo "$net"
grep -q '^subtree root "sw-L1-0"' "$tmp/err" || fail "root is not sw-L1-0"
# port 1 of ca-0 (node GUID + 1) hangs off sw-L1-0
expect 0 "route with the SM on sw-L1-0" "$osmcloud" route --engine sftree \
	--topo "$net" --sm-guid 0x0002c90400000001
grep -q '^subtree root "sw-L1-1"' "$tmp/err" ||
	fail "the SM's leaf is the root, or the next leaf is not"
expect 2 "--sm-guid not hex" "$osmcloud" route --engine sftree \
	--topo "$net" --sm-guid xyz
grep -q "not a port GUID" "$tmp/err" || fail "bad GUID not named"
expect 2 "--sm-guid not in the fabric" "$osmcloud" route --engine sftree \
	--topo "$net" --sm-guid 0x1234
grep -q "no such port in" "$tmp/err" || fail "unknown GUID not named"

# multi-core trees joined at the roots: up, across, down between the
# cores, the rest through a leaf; also with a failed leaf uplink
for shape in "2 2 2" "2 2 3" "4 3 2" "4 3 3" "2 3 2" "4 2 3"; do
	set -- $shape
	name=top-k$1-n$2-c$3
	expect 0 "gen $name" "$osmcloud" gen --kary $1 --levels $2 \
		--cores $3 --core-links top -o "$tmp/$name.net"
	route_check "$name" "$tmp/$name.net"
done
# 2 x 14 pairs between the two 2-ary 2-trees go across (all but root to
# root of the other position), 8 through the subtree root
expect 0 "route top-k2-n2-c2 summary" "$osmcloud" route --engine sftree \
	--topo "$tmp/top-k2-n2-c2.net"
grep -q '^28 switch-to-switch entries across the horizontal links' \
	"$tmp/err" && grep -q ': 8 switch-to-switch entries and' "$tmp/err" ||
	fail "top-joined: summary does not count the routes across"
expect 0 "gen top-joined, failed leaf uplink" "$osmcloud" gen --kary 4 \
	--levels 3 --cores 2 --core-links top --drop-link sw-L1-8:5 \
	-o "$tmp/top-failed.net"
route_check top-failed "$tmp/top-failed.net"

# one horizontal link between the roots failed: the second root of core 1
# (sw-L2-3) is only reached from core 0 by turning up in core 1, and the
# second root of core 0 from core 1 by turning up in core 0, so no leaf
# can be the subtree root: the best-effort root serves what it can, the
# warning names the rest, and the fabric is routed (not left to minhop)
expect 0 "gen top-joined, failed root link" "$osmcloud" gen --kary 2 \
	--levels 2 --cores 2 --core-links top --drop-link sw-L2-1:3 \
	-o "$tmp/top-cut.net"
expect 0 "no subtree root serves all: best effort" "$osmcloud" route \
	--engine sftree --topo "$tmp/top-cut.net" -o "$tmp/top-cut.dump"
grep -q 'warning: no leaf switch can be the subtree root' "$tmp/err" &&
	grep -q 'switch pairs stay unconnected, e.g. "' "$tmp/err" ||
	fail "no subtree root: the warning names no pairs"
grep -q '^unserved: 10 (switch, switch LID) pairs' "$tmp/err" ||
	fail "no subtree root: not 10 unserved pairs"
expect 0 "best effort keeps the promise" "$osmcloud" check --promise sftree \
	--unserved-pairs 10 --topo "$tmp/top-cut.net" --lfts "$tmp/top-cut.dump"

[ "$failures" -eq 0 ] || exit 1
echo "all sftree offline tests passed"
