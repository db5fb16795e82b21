#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# OpenSM's LFT block stream (opensm-patches/0004): the patched opensm
# queues a window of 256 LFT blocks at the end of routing and each
# response queues the next, where stock opensm queues them all at once.
# On a vSwitch 4-ary 3-tree (112 switches, 304 LIDs: 560 blocks, more than
# the window) routed by vswitch_ftree:
#   - stock: the plugin's summary names OpenSM's queuing of all blocks;
#   - patched: opensm's log says the window was queued and the rest
#     follows the responses, the plugin's summary says so, and the tables
#     read back from ibsim equal stock opensm's block for block (same LIDs:
#     the stock run's guid2lid) and pass the checker;
#   - a heavy sweep with nothing changed queues no block;
#   - LFT Sets lost on one leaf fail the sweep (ERR 3119) as on stock
#     opensm, and a heavy sweep once it answers gives stock's tables;
#   - after a cut leaf-to-spine cable, the sweeps that follow (opensm's
#     own, on the trap, and one heavy sweep) stream the changed blocks,
#     and the tables read back pass the checker.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test lft-stream
prefix=$OC_BUILDDIR/opensm-patched
net=$TOP/k4v.net
window=256

"$OSMCLOUD" gen --kary 4 --vswitch 2 -o "$net" >"$TOP/gen.out" 2>&1 ||
	fail "osmcloud gen failed: $(tail -n 2 "$TOP/gen.out")"
# opensm's own "N LFT blocks queued" line is VERBOSE in osm_ucast_mgr.c
printf 'osm_ucast_mgr.c 0x07\n' >"$TOP/pml.conf"
pml="per_module_logging_file $TOP/pml.conf"

# blocks_in_use DUMP: (switch, 64-LID block) pairs with an entry.
blocks_in_use() {
	python3 - "$1" <<'PY'
import re, sys
sw, blocks = None, set()
for line in open(sys.argv[1], errors="replace"):
    line = re.sub(r"^(sim> )+", "", line)
    m = re.match(r'(Switch|Ca|Hca|Router)\s+\d+\s+"([^"]*)"', line)
    if m:
        sw = m.group(2) if m.group(1) == "Switch" else None
    elif sw and "Forwarding table" in line:
        for lid in re.findall(r"\[(\d+)\]", line.split(":", 1)[1]):
            blocks.add((sw, int(lid) // 64))
print(len(blocks))
PY
}

# queued_lines: opensm's "N LFT blocks queued" lines so far, one N each.
queued_lines() {
	sed -n 's/.*ucast_mgr_pipeline_fwd_tbl: \([0-9]*\) LFT blocks queued.*/\1/p' \
		"$RUN/osm.log"
}

# --- stock opensm: every block queued before "tables configured"
unset OSM_BIN
route_and_check stock "$net" "$pml"
stock_dir=$RUN
cp "$stock_dir/cache/guid2lid" "$TOP/guid2lid"
grep -q "queuing the changed LFT blocks$" "$stock_dir/osm.log" &&
	pass "stock: the plugin's summary names OpenSM's queuing of the blocks" ||
	fail "stock: summary line: $(grep -m1 -o "OpenSM's own time follows.*" "$stock_dir/osm.log")"
[ -z "$(queued_lines)" ] &&
	pass "stock: no LFT stream in opensm's log" ||
	fail "stock: opensm logs a stream: $(queued_lines | head -n 1)"

if ! "$OC_SRCDIR/scripts/build-patched-opensm.sh" "$prefix" >"$TOP/build-opensm.log" 2>&1; then
	fail "building the patched opensm failed: $(tail -n 5 "$TOP/build-opensm.log")"
	finish
	exit
fi
export OSM_BIN=$prefix/sbin/opensm

# --- patched opensm: a window, then the responses
OSM_G2L=$TOP/guid2lid route_and_check stream "$net" "$pml"
total=$(blocks_in_use "$RUN/stream.dump")
first=$(queued_lines | head -n 1)
[ "$first" = "$window" ] && [ "$total" -gt "$window" ] &&
	grep -q "$window LFT blocks queued, the others follow the responses" "$RUN/osm.log" &&
	pass "stream: opensm queued a window of $first of the $total blocks, the others as the switches answered" ||
	fail "stream: first queued '$first' (want $window) of $total blocks: $(grep -m1 'LFT blocks queued' "$RUN/osm.log")"
grep -q "OpenSM streams the rest as the switches answer" "$RUN/osm.log" &&
	pass "stream: the plugin's summary says OpenSM streams the blocks" ||
	fail "stream: summary line: $(grep -m1 -o "OpenSM's own time follows.*" "$RUN/osm.log")"
diff=$(block_diff "$stock_dir/stock.dump" "$RUN/stream.dump")
[ "$diff" = 0 ] &&
	pass "stream: the $total blocks in ibsim equal stock opensm's, block for block" ||
	fail "stream: $diff blocks differ from stock opensm's"

# --- a heavy sweep with nothing changed: nothing to stream
n=$(queued_lines | wc -l)
heavy_sweep || fail "heavy sweep: no SUBNET UP"
last=$(queued_lines | tail -n 1)
[ "$(queued_lines | wc -l)" -gt "$n" ] && [ "$last" = 0 ] &&
	grep -q "0 LFT blocks queued, all of them" "$RUN/osm.log" &&
	pass "heavy sweep without a change: no LFT block queued" ||
	fail "heavy sweep without a change: queued '$last' blocks"

# --- lost LFT SMPs: ibsim drops every LFT Set (attribute 0x19) of one
# leaf from the first sweep on; the stream goes on for the other switches
# and the sweep fails (ERR 3119), as stock opensm's does; once the leaf
# answers again a heavy sweep sends what is left: stock opensm's tables
run_stop
run_new lost || fail "lost: no run folder"
sim_start "$net" || fail "lost: ibsim did not start"
sim_cmd 'Error "sw-L1-0" 100 25' >/dev/null
cp "$TOP/guid2lid" "$RUN/cache/guid2lid"
osm_conf "$RUN/osm.conf" "routing_engine vswitch_ftree" "$pml"
osm_start "$RUN/osm.conf"
if wait_log "ERR 3119" 1 120; then
	pass "lost: the LFT Sets to sw-L1-0 fail and the sweep says so (ERR 3119)"
else
	fail "lost: no ERR 3119: $(grep -m2 'ERR' "$RUN/osm.log")"
fi
sim_cmd 'Error "sw-L1-0" 0 25' >/dev/null
heavy_sweep || fail "lost: no SUBNET UP once sw-L1-0 answers"
sim_cmd Dump >"$RUN/lost.dump"
diff=$(block_diff "$stock_dir/stock.dump" "$RUN/lost.dump")
[ "$diff" = 0 ] &&
	pass "lost: after the heavy sweep the $total blocks equal stock opensm's" ||
	fail "lost: $diff blocks differ from stock opensm's"

# --- a cut leaf-to-spine cable: the changed blocks only, then checked
sim_cmd Dump >"$TOP/before-cut.dump"
n=$(queued_lines | wc -l)
sim_cmd 'Unlink "sw-L1-0"[5]' >/dev/null
heavy_sweep || fail "cut: no SUBNET UP after the heavy sweep"
sim_cmd Dump >"$TOP/cut.dump"
changed=$(block_diff "$TOP/before-cut.dump" "$TOP/cut.dump")
queued=$(queued_lines | tail -n +$((n + 1)) | awk '{ s += $1 } END { print s + 0 }')
[ "${changed:-0}" -gt 0 ] && [ "${queued:-0}" -ge 1 ] &&
	pass "cut: $changed blocks changed in ibsim ($queued queued at once, of $total)" ||
	fail "cut: $changed blocks changed, '$queued' queued"
if "$OSMCLOUD" check --ibsim-dump "$TOP/cut.dump" >"$TOP/cut.check" 2>&1; then
	pass "cut: the tables read back from ibsim pass the checker"
else
	fail "cut: the tables fail the checker: $(head -n 3 "$TOP/cut.check")"
fi
finish
