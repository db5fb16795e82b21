#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# A fabric that is not a fat-tree: vswitch_ftree refuses it with an error
# naming the rule, opensm falls back to minhop and keeps running.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test not-fat-tree
if ! opensm_route ring "$TOPOS/not-a-fat-tree.net" vswitch_ftree; then
	fail "opensm did not come up"
	finish
	exit
fi
if grep -q "not a fat-tree (rule" "$RUN/osm.log"; then
	pass "the log names the rule: $(grep -m1 -o 'not a fat-tree.*' "$RUN/osm.log")"
else
	fail "no 'not a fat-tree (rule ...)' error in the log"
fi
engine_used minhop && pass "opensm fell back to minhop" ||
	fail "opensm did not fall back to minhop"
status=$(osm_console status)
echo "$status" | grep -q "Routing Engine.*minhop" &&
	pass "console status: routing engine minhop" ||
	fail "console status does not show minhop: $status"
check_dump ring && pass "minhop's LFTs pass the checker" ||
	fail "minhop's LFTs fail the checker"
if heavy_sweep && kill -0 "$OSM_PID"; then
	pass "opensm keeps running: a second heavy sweep reached SUBNET UP"
else
	fail "opensm did not complete a second sweep"
fi
finish
