#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# detours_offline.sh - the holes of degraded trees (issue 10): where the
# nearest-neighbour detours of vswitch_ftree close a credit loop for CA
# traffic, the holes go through a subtree root; a plain leaf that lost
# all uplinks but one is a leaf, not a vSwitch.  Named regression fabrics
# found by property_offline.sh; routes that only a turn from a down link
# would shorten are minimal (judged on up*/down* paths).  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

# check_engine NAME ENGINE [CHECK OPTIONS]: routes topologies/NAME.net
# and checks the dump with the engine's promise and the given options
check_engine() {
	name=$1
	engine=$2
	shift 2
	net=$top/topologies/$name.net
	expect 0 "route $engine $name" "$osmcloud" route --engine "$engine" \
		--topo "$net" -o "$tmp/$name.$engine.dump"
	cp "$tmp/err" "$tmp/$name.$engine.summary"
	expect 0 "check $engine $name" "$osmcloud" check --json "$@" \
		--topo "$net" --lfts "$tmp/$name.$engine.dump"
	[ "$(json_value "$tmp/out" cdg_ca_cycle)" = false ] ||
		fail "$name, $engine: CA credit loop"
	[ "$(json_value "$tmp/out" passed)" = true ] ||
		fail "$name, $engine: the checker fails the tables"
}

# I/O nodes above the leaves of a 2-ary 4-tree: their switches lack
# up/down routes to each other, and the nearest detours (down, then up)
# closed a CA credit loop (seed 1, fabric 200); through the leaf
# sw-L1-0 they do not.  Every path between io-0 (sw-L2-2) and io-1 (the
# root sw-L4-5) turns from down to up: the checker judges minimality on
# up*/down* paths, so their 6-hop routes pass although the graph has a
# 4-hop path (turning up at the leaf sw-L1-2).
n=regress-detours-io-above-leaves
for e in vswitch_ftree sftree; do
	sw=""
	[ $e = sftree ] && sw="--require-switch-reach --require-switch-cdg"
	# shellcheck disable=SC2086
	check_engine $n $e $sw
	json_is "$tmp/out" minimality updown
	json_is "$tmp/out" nonminimal_ca_pairs 0
	json_is "$tmp/out" nonminimal_ca_pairs_graph 2
	json_is "$tmp/out" ca_ca_no_updown_path 2
done
grep -q '^detours through the leaf "sw-L1-0"' "$tmp/$n.vswitch_ftree.summary" ||
	fail "$n: the detours do not go through the leaf sw-L1-0"

# Two PGFT cores joined at their leaves, I/O CAs on a root (io-1 on
# sw-L2-3) and a leaf of the second core (seed 1, fabric 30): the
# shortest paths from io-1 to the first core go down, across the leaves'
# horizontal link, down; vswitch_ftree's go down, across, up, down (5
# hops, not 3).  Both turn from a down link, which no up*/down* path
# does: there is none, and the 7 routes longer than the graph's shortest
# path are not non-minimal.
n=regress-io-above-joined-leaves
net=$top/tests/unit/data/$n.net
expect 0 "route $n" "$osmcloud" route --engine vswitch_ftree --topo "$net" \
	-o "$tmp/$n.dump"
expect 0 "check $n" "$osmcloud" check --json --topo "$net" \
	--lfts "$tmp/$n.dump"
json_is "$tmp/out" nonminimal_ca_pairs 0
json_is "$tmp/out" nonminimal_ca_pairs_graph 7
json_is "$tmp/out" ca_ca_no_updown_path 14
expect 0 "check $n (text)" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/$n.dump"
grep -q "^minimality: against the shortest up\*/down\* paths: 0 pairs longer; against the graph's shortest paths: 7 longer, 7 of them only shorter with a turn from a down link (14 pairs have no up\*/down\* path)\$" "$tmp/out" ||
	fail "$n: the minimality line differs: $(grep '^minimality' "$tmp/out")"

# A PGFT leaf with one uplink left (cut cable) looked like a vSwitch: the
# whole tree was ranked one level off (1 vSwitch, 3 leaves, 130 CAs taken
# for I/O nodes) and sftree's switch traffic looped (fabric 913).
n=regress-leaf-one-uplink
check_engine $n vswitch_ftree
grep -q '(0 vSwitches, 27 leaves)' "$tmp/$n.vswitch_ftree.summary" ||
	fail "$n: not analysed as 27 leaves without vSwitches"
json_is "$tmp/out" nonminimal_ca_pairs 0
check_engine $n sftree --require-switch-reach --require-switch-cdg

[ "$failures" -eq 0 ] || exit 1
echo "all detour tests passed"
