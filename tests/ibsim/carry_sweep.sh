#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Sweeps keep the installed tables (docs/carry.md): on a 3-level vSwitch
# fat-tree with VMs on half the VFs, after a few cross-pod migrations a
# heavy sweep changes no LFT block (the log says what it carried) and the
# checker passes; OpenSM's console "reroute" re-balances (it changes
# blocks, and the log says it routed from scratch); one cut leaf-to-spine
# cable changes no more blocks than updn changes for the same cut on the
# same fabric; restoring the cable leaves tables the checker passes and
# the restored cable takes routes again; with carry_tables=off the same
# sweep after the same migrations changes blocks; carried tables that
# break the promise (a loop written over them by the test build) give way
# to the engine's own.
# Block counts are read from ibsim's Dump before and after (64-LID blocks
# whose content changed, on every switch).
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test carry-sweep
topo=$TOP/pods.net
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
quiet="sweep_on_trap FALSE"
nocache="use_ucast_cache FALSE"
cable_end='"sw-L1-0"[5]' # leaf sw-L1-0 to spine sw-L2-0

"$OSMCLOUD" gen --pgft '3;4,2,2;1,2,2' --vswitch 2 -o "$topo" >/dev/null 2>&1 ||
	fail "gen: osmcloud gen failed"
: >"$TOP/vms.txt"
for hv in $(seq 0 15); do echo "$(vf_guid "$hv" 1) vm-$hv" >>"$TOP/vms.txt"; done

# sweep_blocks TAG: a heavy sweep; prints the LFT blocks it changed.
sweep_blocks() {
	local dir=$TOP/$1
	mkdir -p "$dir"
	sim_cmd Dump >"$dir/before.dump"
	heavy_sweep || fail "$1: no SUBNET UP after 'resweep heavy'"
	osm_settle
	sim_cmd Dump >"$dir/$1.dump"
	block_diff "$dir/before.dump" "$dir/$1.dump"
}

# checked TAG: the checker passes on run TAG's last Dump.
checked() {
	check_dump "$1" && pass "$1: LFTs read back from ibsim pass the checker" ||
		fail "$1: LFTs read back from ibsim fail the checker"
}

# cut_blocks TAG: cuts the cable, sweeps; prints the blocks changed.
cut_blocks() {
	sim_cmd "Unlink $cable_end" >/dev/null
	sweep_blocks "$1"
}

# --- updn on the same fabric and the same cut, for comparison
opensm_route updn "$topo" updn "$quiet" "$nocache" ||
	fail "updn: opensm did not come up"
engine_used updn || fail "updn: opensm did not route with updn"
heavy_sweep || fail "updn: no SUBNET UP after the second heavy sweep"
updn_cut=$(cut_blocks updn-cut)
echo "note: updn: the cut cable changed $updn_cut LFT block(s)"
run_stop

# --- vswitch_ftree with the plugin's registry
route_and_check start "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" "$quiet" "$nocache"
heavy_sweep || fail "start: no SUBNET UP after the second heavy sweep"
for move in "vm-0 hv8" "vm-5 hv12" "vm-10 hv2" "vm-15 hv4"; do
	# shellcheck disable=SC2086
	ctl migrate $move ftreeminrc && pass "migrate $move: $(head -n 1 "$TOP/ctl.out")" ||
		fail "migrate $move: $(cat "$TOP/ctl.out")"
done
n=$(log_count "carried [0-9]* of [0-9]* entries")
kept=$(sweep_blocks kept)
[ "$kept" -eq 0 ] && pass "kept: the heavy sweep after 4 migrations changed no LFT block" ||
	fail "kept: the heavy sweep changed $kept LFT block(s), want 0"
checked kept
[ "$(log_count "carried [0-9]* of [0-9]* entries")" -gt "$n" ] &&
	pass "kept: $(grep -o 'vswitch_ftree: carried [0-9]* of [0-9]* entries.*' "$RUN/osm.log" | tail -n 1)" ||
	fail "kept: no 'carried' line in the log"
grep 'vswitch_ftree: carried' "$RUN/osm.log" | tail -n 1 | grep -q "tables (0 fresh: " &&
	pass "kept: no entry was taken from the engine's re-balanced tables" ||
	fail "kept: the sweep changed entries: $(grep 'carried' "$RUN/osm.log" | tail -n 1)"

# --- the admin re-balances: console reroute routes from scratch
mkdir -p "$TOP/reroute"
sim_cmd Dump >"$TOP/reroute/before.dump"
n=$(log_count "vswitch_ftree tables configured")
osm_console reroute >/dev/null
wait_log "vswitch_ftree tables configured" $((n + 1)) 60 ||
	fail "reroute: no routing run after the console's reroute"
osm_settle
sim_cmd Dump >"$TOP/reroute/reroute.dump"
rebalanced=$(block_diff "$TOP/reroute/before.dump" "$TOP/reroute/reroute.dump")
grep -q "vswitch_ftree: routing from scratch: OpenSM reroutes without a heavy sweep" \
	"$RUN/osm.log" && [ "$rebalanced" -gt 0 ] &&
	pass "reroute: re-balanced from scratch, $rebalanced LFT block(s) changed (what the sweep kept)" ||
	fail "reroute: $rebalanced block(s) changed; log: $(grep 'from scratch' "$RUN/osm.log" | tail -n 1)"
checked reroute

# --- one cut leaf-to-spine cable, then the cable back
cut=$(cut_blocks cut)
checked cut
[ "$cut" -le "$updn_cut" ] &&
	pass "cut: $cut LFT block(s) changed, updn changes $updn_cut for the same cut" ||
	fail "cut: $cut LFT block(s) changed, more than updn's $updn_cut"
grep 'vswitch_ftree: carried' "$RUN/osm.log" | tail -n 1 | sed 's/^/  /'
sim_cmd "ReLink $cable_end" >/dev/null
back=$(sweep_blocks back)
checked back
echo "note: back: restoring the cable changed $back LFT block(s)"
grep 'vswitch_ftree: carried' "$RUN/osm.log" | tail -n 1 | sed 's/^/  /'
grep 'vswitch_ftree: carried' "$RUN/osm.log" | tail -n 1 |
	grep -qE " [1-9][0-9]* leaving over the 2 switch ports whose link came up" &&
	pass "back: the restored cable's two ends take the routes the engine puts on it" ||
	fail "back: the restored cable was not seen coming up"

# --- carry_tables=off: the sweep after the same migrations re-balances
rm -f "$state"
route_and_check off "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock carry_tables=off" \
	"$quiet" "$nocache"
heavy_sweep || fail "off: no SUBNET UP after the second heavy sweep"
for move in "vm-0 hv8" "vm-5 hv12" "vm-10 hv2" "vm-15 hv4"; do
	# shellcheck disable=SC2086
	ctl migrate $move ftreeminrc || fail "off: migrate $move: $(cat "$TOP/ctl.out")"
done
off=$(sweep_blocks off-sweep)
grep -q "vswitch_ftree: routing from scratch: option carry_tables=off" "$RUN/osm.log" &&
	[ "$off" -gt 0 ] &&
	pass "off: carry_tables=off routes from scratch: the sweep after the same migrations changed $off LFT block(s)" ||
	fail "off: $off block(s) changed; log: $(grep 'from scratch' "$RUN/osm.log" | tail -n 1)"
# --- the fallback: the test build writes a loop over the carried tables
# (OSMCLOUD_FAULT_CARRY: sw-L1-0 sends hv8-vf1's LID up to sw-L2-0, which
# sends it back down); the promise check rejects them and the engine's
# own tables are installed
loop=$TOP/loop.dump
export OSMCLOUD_FAULT_CARRY=$loop
OSM_PLUGIN=osmcloudfault route_and_check fallback "$topo" \
	"event_plugin_options vms=$TOP/vms.txt" "$quiet" "$nocache"
unset OSMCLOUD_FAULT_CARRY
lid=$(dump_lid hv8-vf1 "$TOP/fallback/fallback.dump")
awk -v lid="$(printf '0x%04x' "$lid")" '
	/^Unicast lids/ { sw = ""; if (index($0, "(\x27sw-L1-0\x27)")) sw = 5;
		if (index($0, "(\x27sw-L2-0\x27)")) sw = 1; if (sw) print; next }
	sw && $1 == lid { $2 = sprintf("%03d", sw); print }
' "$RUN/tmp/opensm-lfts.dump" >"$loop"
[ "$(grep -c '^0x' "$loop")" -eq 2 ] || fail "fallback: no loop written: $(cat "$loop")"
n=$(log_count "vswitch_ftree tables configured")
heavy_sweep || fail "fallback: no SUBNET UP after the heavy sweep"
grep -q "vswitch_ftree: fault injection (test build): 2 entries of $loop written over the carried tables" \
	"$RUN/osm.log" && pass "fallback: the test build wrote a loop over the carried tables" ||
	fail "fallback: no fault injection line"
grep -q "vswitch_ftree: the carried tables break the engine's promise (CA LIDs: .*loop.*); installing the engine's own tables" \
	"$RUN/osm.log" && pass "fallback: the promise check rejected the carried tables" ||
	fail "fallback: $(grep -m1 'carried tables break' "$RUN/osm.log")"
[ "$(log_count "vswitch_ftree tables configured")" -gt "$n" ] &&
	! grep -q "minhop tables configured" "$RUN/osm.log" &&
	pass "fallback: vswitch_ftree installed its own tables" ||
	fail "fallback: vswitch_ftree did not configure the tables"
mkdir -p "$TOP/fallback-sweep"
sim_cmd Dump >"$TOP/fallback-sweep/fallback-sweep.dump"
checked fallback-sweep
finish
