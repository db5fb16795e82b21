#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pftree_wt in stock opensm with a weights file (weights=), on the
# oversubscribed XGFT(2;4,4;1,2) of the paper's Figure 12 (four CAs and
# two up-links per leaf): two tenants (ca-i in tenant i mod 2 + 1), and
# two receivers (weight 100) of one tenant on each of two leaves.  Routed,
# the Dump passes the checker and equals the offline router's tables;
# pftree on the same fabric sends both receivers of a leaf down one link,
# pftree_wt gives each its own (no downward contention).  A weights file
# broken at runtime is reported by file and line and the last good
# weights keep the tables.
. "$OC_SRCDIR/tests/ibsim/pftree_lib.sh"
start_test pftree-wt
"$OSMCLOUD" gen --pgft '2;4,4;1,2' -q -o "$TOP/xgft.net" || fail "osmcloud gen failed"
PF_TOPO=$TOP/xgft.net PF_CAS=16
OSM_PARTITIONS=$(tenant_partitions 2)
for i in 0 2 5 7; do echo "$(ca_guid $i) 100"; done >"$TOP/weights.txt"
PF_WEIGHTS=$TOP/weights.txt

# contention TAG up|down: the total contention of run TAG's report.
contention() {
	python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["tenants"]["contention_" + sys.argv[2]])' \
		"$TOP/$1/$1.json" "$2"
}

pftree_route plain pftree || { finish; exit; }
pftree_route wt pftree_wt || { finish; exit; }
ours=$(contention wt down) theirs=$(contention plain down)
[ "$ours" = 0 ] && [ "$theirs" -gt 0 ] &&
	pass "wt: downward contention $ours, pftree's $theirs" ||
	fail "wt: downward contention $ours, pftree's $theirs (want 0 and > 0)"
ours=$(contention wt up) theirs=$(contention plain up)
echo "note: upward contention: pftree_wt $ours, pftree $theirs"

# Broken at runtime: reported, the last good weights stay in use.
cp "$RUN/wt.dump" "$RUN/before.dump"
printf '%s\n' "$(ca_guid 0) 100" "$(ca_guid 1) heavy" >"$TOP/weights.txt"
n=$(log_count "pftree_wt tables configured")
osm_console reroute >/dev/null
if wait_log "pftree_wt tables configured" $((n + 1)) 60; then
	grep -qF "option weights: $TOP/weights.txt:2:" "$RUN/osm.log" &&
		grep -q "routing with the files as they were last read correctly" "$RUN/osm.log" &&
		pass "reroute: $(grep -m1 -o 'option weights: .*' "$RUN/osm.log")" ||
		fail "reroute: no ERR line naming the weights file and line"
	sim_cmd Dump >"$RUN/wt.dump"
	[ "$(block_diff "$RUN/before.dump" "$RUN/wt.dump")" = 0 ] &&
		pass "reroute: the tables in ibsim are unchanged (last good weights)" ||
		fail "reroute: the tables changed with a broken weights file"
else
	fail "reroute: pftree_wt did not route again"
fi
finish
