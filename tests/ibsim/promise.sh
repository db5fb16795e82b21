#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The plugin checks the engine's promise before OpenSM gets the tables
# (docs/plugin.md).  A normal run logs the promise kept, with its cost.
# The test build of the plugin (libosmcloudfault.so, docs/testing.md)
# writes the tables the old sftree made on a 4-ary 3-tree with a leaf
# without hosts (tests/unit/data/regress-sftree-hostless-leaf-loop.*)
# over sftree's: the check fails naming the credit loop, and OpenSM
# routes with the next engine of routing_engine (updn) up to SUBNET UP.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test promise
DATA=$OC_SRCDIR/tests/unit/data
NET=$DATA/regress-sftree-hostless-leaf-loop.net
LFTS=$DATA/regress-sftree-hostless-leaf-loop.lfts

# kept TAG ENGINE WORDS: run TAG's log says ENGINE kept its promise (its
# WORDS), with the check's cost there and in the summary line.
kept() {
	local line
	line=$(grep -m1 "$2: check: promise kept ($3) in [0-9.]* ms" "$RUN/osm.log")
	[ -n "$line" ] && pass "$1: ${line#*-> }" ||
		fail "$1: no 'promise kept' line: $(grep -m2 -E 'check|ERR' "$RUN/osm.log")"
	grep -qE "$2: routed .*\(.*snapshot [0-9.]+, .*analyse [0-9.]+, route [0-9.]+, check [0-9.]+, hops" \
		"$RUN/osm.log" && pass "$1: the summary line gives the check's cost" ||
		fail "$1: no check figure in the summary line"
}

# --- normal runs: the production plugin, each engine's promise kept
for spec in "vswitch_ftree|$TOPOS/vswitch-ft-default.net|every CA LID reached, no credit loop in CA traffic" \
	"sftree|$TOPOS/ft-k4-n3.net|every CA and switch LID reached, no credit loop with CA or switch sources"; do
	IFS='|' read -r engine topo words <<<"$spec"
	if opensm_route "kept-$engine" "$topo" "$engine" && engine_used "$engine"; then
		pass "kept-$engine: $engine routed $(basename "$topo")"
		kept "kept-$engine" "$engine" "$words"
	else
		fail "kept-$engine: $engine did not route $(basename "$topo")"
	fi
done

# --- the test build with the old sftree's looping tables written over
# sftree's.  opensm gets the LIDs of the fixture (its guid2lid cache,
# from the port GUIDs the dump names), so the entries mean the same.
awk '/^0x[0-9a-f]+ [0-9]+ # .* portguid / {
	guid = $0; sub(/.* portguid /, "", guid); sub(/:.*/, "", guid)
	if (!(guid in seen)) { seen[guid] = 1; printf "%s %s %s\n\n", guid, $1, $1 } }' \
	"$LFTS" >"$TOP/guid2lid"
want=$("$OSMCLOUD" check --topo "$NET" --lfts "$LFTS" --promise sftree 2>&1 >/dev/null |
	sed -n "s/^osmcloud check: FAIL: the tables break sftree's promise: //p")
[ -n "$want" ] && pass "offline: the fixture breaks sftree's promise: $want" ||
	fail "offline: osmcloud check --promise sftree does not fail on the fixture"
export OSMCLOUD_FAULT_LFTS=$LFTS
OSM_PLUGIN=osmcloudfault OSM_G2L=$TOP/guid2lid opensm_route fault "$NET" sftree,updn ||
	fail "fault: opensm did not reach SUBNET UP"
unset OSMCLOUD_FAULT_LFTS
grep -q "sftree: fault injection (test build): [0-9]* entries of $LFTS written" "$RUN/osm.log" &&
	pass "fault: the test build wrote the fixture over sftree's tables" ||
	fail "fault: no fault injection line"
err=$(grep -m1 "ERR OC13: sftree: the tables break the engine's promise: " "$RUN/osm.log")
echo "  ${err#*-> }"
case $err in
*"promise: CA+switch traffic credit loop: \""*"; leaving routing to the next engine or minhop")
	pass "fault: ERR OC13 names the credit loop" ;;
*) fail "fault: no ERR OC13 line naming a credit loop" ;;
esac
[[ $err == *"promise: $want; leaving"* ]] &&
	pass "fault: the plugin names the loop osmcloud check names" ||
	fail "fault: the plugin's loop differs from osmcloud check's: $want"
engine_used updn && pass "fault: the next engine, updn, configured the tables" ||
	fail "fault: tables by '$(tables_by)', not updn"
! engine_used sftree && pass "fault: sftree's tables were not installed" ||
	fail "fault: sftree's tables were installed"
log_count "SUBNET UP" | grep -qv '^0$' && pass "fault: SUBNET UP" || fail "fault: no SUBNET UP"
check_dump fault --allow-nonminimal &&
	pass "fault: updn's tables read back from ibsim pass the checker" ||
	fail "fault: updn's tables read back from ibsim fail the checker"
finish
