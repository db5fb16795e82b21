#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# detours_offline.sh - the holes of degraded trees (issue 10): where the
# nearest-neighbour detours of vswitch_ftree close a credit loop for CA
# traffic, the holes go through a subtree root; a plain leaf that lost
# all uplinks but one is a leaf, not a vSwitch.  Named regression fabrics
# found by property_offline.sh.  Needs no ibsim.
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
	grep -q '"cdg_ca_cycle": false,' "$tmp/out" ||
		fail "$name, $engine: CA credit loop"
	grep -q '"passed": true' "$tmp/out" ||
		fail "$name, $engine: the checker fails the tables"
}

# I/O nodes above the leaves of a 2-ary 4-tree: their switches lack
# up/down routes to each other, and the nearest detours (down, then up)
# closed a CA credit loop (seed 1, fabric 200); through the leaf
# sw-L1-0 they do not.  A minimal route between two of them needs a
# down-to-up turn, so minimality is not asked.
n=regress-detours-io-above-leaves
check_engine $n vswitch_ftree --allow-nonminimal
grep -q '^detours through the leaf "sw-L1-0"' "$tmp/$n.vswitch_ftree.summary" ||
	fail "$n: the detours do not go through the leaf sw-L1-0"
check_engine $n sftree --allow-nonminimal --require-switch-reach \
	--require-switch-cdg

# A PGFT leaf with one uplink left (cut cable) looked like a vSwitch: the
# whole tree was ranked one level off (1 vSwitch, 3 leaves, 130 CAs taken
# for I/O nodes) and sftree's switch traffic looped (fabric 913).
n=regress-leaf-one-uplink
check_engine $n vswitch_ftree
grep -q '(0 vSwitches, 27 leaves)' "$tmp/$n.vswitch_ftree.summary" ||
	fail "$n: not analysed as 27 leaves without vSwitches"
grep -q '"nonminimal_ca_pairs": 0,' "$tmp/out" ||
	fail "$n: non-minimal CA routes"
check_engine $n sftree --require-switch-reach --require-switch-cdg

[ "$failures" -eq 0 ] || exit 1
echo "all detour tests passed"
