#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The dynamic LID model on the patched opensm (opensm-patches/, both
# patches): with the LID manager port filter (0002) the VFs the plugin
# left without a LID (stop, the old VF of a LID copy) stay without one
# across heavy sweeps, so the next boot or copy finds them free.  Checks
# after each heavy sweep: the checker passes on ibsim's Dump, no CA port
# changed its LID, the free VFs have LID 0 in ibsim and no guid2lid
# entry, the VMs keep their LIDs.  An opensm restart with the same state
# file and cache keeps the free VFs without a LID (the state file lists
# them), and a boot onto one works after it.  Also: a boot beyond the switches'
# LinearFDBTop grows the tables, a boot with no free LID up to
# LinearFDBCap is refused, a lost LID-0 PortInfo Set is repaired by a
# sweep, and SMPs unanswered beyond the executor's 10 s are reported.
# (The stock-opensm part of the dynamic model is migrate_dynamic.sh.)
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test migrate-dynamic-patched
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
prefix=$OC_BUILDDIR/opensm-patched
fillers="0:2 0:3 0:4 7:1 7:2 7:3 7:4 11:3 11:4"
{
	echo "$(vf_guid 0 1) vm-a"
	for f in $fillers; do
		echo "$(vf_guid ${f%:*} ${f#*:}) fill-${f%:*}-${f#*:}"
	done
} >"$TOP/vms.txt"

# in_g2l GUID: opensm's guid2lid file has an entry for the port GUID.
in_g2l() {
	grep -qi "^$1 " "$RUN/cache/guid2lid"
}

# swept TAG FREE_VF...: after a heavy sweep: the checker passes on
# ibsim's Dump, no CA port changed its LID since $TOP/TAG/before.lids,
# and every FREE_VF has LID 0 in ibsim and no guid2lid entry.
swept() {
	local tag=$1 dir=$TOP/$1 vf
	shift
	mkdir -p "$dir"
	heavy_sweep || fail "$tag: no SUBNET UP after 'resweep heavy'"
	sim_cmd Dump >"$dir/$tag.dump"
	check_dump "$tag" && pass "$tag: the checker passes after the heavy sweep" ||
		fail "$tag: the checker fails after the heavy sweep"
	ca_lids "$dir/$tag.dump" >"$dir/after.lids"
	cmp -s "$dir/before.lids" "$dir/after.lids" &&
		pass "$tag: no CA port changed its LID ($(wc -l <"$dir/after.lids") ports)" ||
		fail "$tag: LIDs changed: $(diff "$dir/before.lids" "$dir/after.lids" | grep '^[<>]' | tr '\n' ' ')"
	for vf in "$@"; do
		[ "$(dump_lid "$vf" "$dir/$tag.dump")" = 0 ] &&
			pass "$tag: free VF $vf still has no LID" ||
			fail "$tag: free VF $vf has LID $(dump_lid "$vf" "$dir/$tag.dump")"
	done
}

# lids_now TAG: saves the CA ports' LIDs before a heavy sweep.
lids_now() {
	mkdir -p "$TOP/$1"
	sim_cmd Dump >"$TOP/$1/before.dump"
	ca_lids "$TOP/$1/before.dump" >"$TOP/$1/before.lids"
}

if ! "$OC_SRCDIR/scripts/build-patched-opensm.sh" "$prefix" >"$TOP/build-opensm.log" 2>&1; then
	fail "building the patched opensm failed: $(tail -n 5 "$TOP/build-opensm.log")"
	finish
	exit
fi
export OSM_BIN=$prefix/sbin/opensm
route_and_check start "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" \
	"sweep_on_trap FALSE" "use_ucast_cache FALSE"
grep -q "LID manager port filter registered" "$RUN/osm.log" &&
	pass "start: the plugin registered its LID manager port filter" ||
	fail "start: no 'port filter registered' line in opensm's log"
heavy_sweep && pass "start: second heavy sweep done" ||
	fail "start: no SUBNET UP after the second heavy sweep"

# --- stop and a LID copy leave hv7-vf1 and hv0-vf1 without a LID
op stop hv7-vf1 0 stop fill-7-1
migrate_to copy vm-a hv7 hv7-vf1 ftreeminrc
lid_a=$(lid_of vm-a)
op stop2 hv7-vf2 0 stop fill-7-2
lids_now sweep
swept sweep hv0-vf1 hv7-vf2
for g in "$(vf_guid 0 1)" "$(vf_guid 7 2)"; do
	! in_g2l "$g" && pass "sweep: guid2lid has no entry for free VF $g" ||
		fail "sweep: guid2lid has $(grep -i "^$g " "$RUN/cache/guid2lid")"
done
in_g2l "$(vf_guid 7 1)" && pass "sweep: guid2lid has vm-a's VF" ||
	fail "sweep: guid2lid lacks vm-a's VF $(vf_guid 7 1)"
[ "$(dump_lid hv7-vf1 "$TOP/sweep/sweep.dump")" = "$lid_a" ] &&
	pass "sweep: vm-a keeps LID $lid_a on hv7-vf1" ||
	fail "sweep: hv7-vf1 has LID $(dump_lid hv7-vf1 "$TOP/sweep/sweep.dump"), vm-a $lid_a"

# --- opensm restarts (stopped by PID, started again with the same
# config, state file and cache): the state file lists the free VFs, so
# the first sweep's LID manager leaves them without a LID
for g in "$(vf_guid 0 1)" "$(vf_guid 7 2)"; do
	grep -q "^free $g$" "$state" && pass "restart: the state file lists free VF $g" ||
		fail "restart: no 'free $g' line in the state file: $(grep '^free' "$state")"
done
lids_now restart
n=$(log_count "SUBNET UP")
stop_pids "$OSM_PID"
osm_start "$RUN/osm.conf" -D 0x43
wait_log "SUBNET UP" $((n + 1)) 120 || fail "restart: no SUBNET UP after the restart"
grep -q "8 VMs from $state, their LIDs reserved; 2 free VFs" "$RUN/osm.log" &&
	pass "restart: $(grep -o '[0-9]* VMs from .*' "$RUN/osm.log" | tail -n 1)" ||
	fail "restart: no '... 2 free VFs' line in opensm's log"
sim_cmd Dump >"$TOP/restart/restart.dump"
check_dump restart && pass "restart: the checker passes after the first sweep" ||
	fail "restart: the checker fails after the first sweep"
ca_lids "$TOP/restart/restart.dump" >"$TOP/restart/after.lids"
cmp -s "$TOP/restart/before.lids" "$TOP/restart/after.lids" &&
	pass "restart: no CA port changed its LID ($(wc -l <"$TOP/restart/after.lids") ports)" ||
	fail "restart: LIDs changed: $(diff "$TOP/restart/before.lids" "$TOP/restart/after.lids" | grep '^[<>]' | tr '\n' ' ')"
for vf in "hv0-vf1 0 1" "hv7-vf2 7 2"; do
	set -- $vf
	[ "$(dump_lid "$1" "$TOP/restart/restart.dump")" = 0 ] && ! in_g2l "$(vf_guid $2 $3)" &&
		pass "restart: free VF $1 has no LID and no guid2lid entry" ||
		fail "restart: free VF $1 has LID $(dump_lid "$1" "$TOP/restart/restart.dump")"
done
op restart-boot hv7-vf2 "?" boot vm-r hv7
registry restart-boot vm-r hv7-vf2
op restart-stop hv7-vf2 0 stop vm-r

# --- the free VFs are still free: a copy back and a boot work
migrate_to copy-back vm-a hv0 hv0-vf1 itrc
op boot hv7-vf1 "?" boot vm-b hv7
registry boot vm-b hv7-vf1
lids_now sweep2
swept sweep2 hv7-vf2

# --- booting beyond LinearFDBTop, and no free LID at all.  ibsim's
# switches hold LIDs up to 127 (-L 128: LinearFDBCap 128), guid2lid
# reserves LIDs 77..126 for 50 GUIDs that are not in the fabric (OpenSM's
# format: one record per paragraph), and two
# idle VFs start unlinked, so the 76 ports get LIDs 1..76 and every
# switch's LinearFDBTop is 76.  A VF with no free LID behind it: stop a
# filler (its LID is freed), relink an unlinked VF, and the heavy sweep
# gives that VF the freed LID.
{
	for i in $(seq 77 126); do
		printf '0x00000000c0de%04x 0x%04x 0x%04x\n\n' "$i" "$i" "$i"
	done
} >"$TOP/guid2lid"
printf 'Unlink "hv5-vf3"\nUnlink "hv5-vf4"\n' >"$TOP/unlink.cmds"
rm -f "$state"
SIM_ARGS="-L 128" SIM_CMDS=$TOP/unlink.cmds OSM_G2L=$TOP/guid2lid \
	route_and_check full "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" \
	"sweep_on_trap FALSE" "use_ucast_cache FALSE"
heavy_sweep || fail "full: no SUBNET UP after the second heavy sweep"

# tops DUMP: the distinct LinearFDBTops in an ibsim Dump, on one line.
tops() {
	grep -o 'FDBtop [0-9]*' "$1" | sort -u | tr '\n' ' '
}

# take_freed_lid TAG VM VF UNLINKED: VM on VF stops, UNLINKED is relinked
# and a heavy sweep gives it the LID VM freed.
take_freed_lid() {
	local lid
	lid=$(lid_of "$2")
	op "$1" "$3" 0 stop "$2"
	sim_cmd "ReLink \"$4\"" >/dev/null
	heavy_sweep || fail "$1: no SUBNET UP after 'resweep heavy'"
	sim_cmd Dump >"$TOP/$1/relinked.dump"
	[ "$(dump_lid "$4" "$TOP/$1/relinked.dump")" = "$lid" ] &&
		pass "$1: relinked $4 took the freed LID $lid" ||
		fail "$1: relinked $4 has LID $(dump_lid "$4" "$TOP/$1/relinked.dump"), want $lid"
}

take_freed_lid stop-a fill-11-4 hv11-vf4 hv5-vf3
[ "$(tops "$TOP/stop-a/relinked.dump")" = "FDBtop 76 " ] &&
	pass "stop-a: every switch's LinearFDBTop is 76" ||
	fail "stop-a: LinearFDBTop: $(tops "$TOP/stop-a/relinked.dump")"
# LIDs 1..76 are taken, 77..126 reserved: the boot takes 127 and grows
# every switch's table (SwitchInfo Set of LinearFDBTop, then the blocks)
op grow hv11-vf4 127 boot vm-g hv11
grep -q "^booted vm-g (LID 127) on hv11: VF hv11-vf4; the switches' LinearFDBTop raised from 76 to 127$" "$TOP/grow/op.out" &&
	grep -q "SwitchInfo 18 (acked 18)" "$TOP/grow/op.out" &&
	pass "grow: LinearFDBTop raised from 76 to 127 on the 18 switches, all acknowledged" ||
	fail "grow: $(cat "$TOP/grow/op.out")"
[ "$(tops "$TOP/grow/grow.dump")" = "FDBtop 127 " ] &&
	pass "grow: every switch's LinearFDBTop is 127 in ibsim" ||
	fail "grow: LinearFDBTop in ibsim: $(tops "$TOP/grow/grow.dump")"
registry grow vm-g hv11-vf4
lids_now grow-sweep
swept grow-sweep
[ "$(tops "$TOP/grow-sweep/grow-sweep.dump")" = "FDBtop 127 " ] &&
	pass "grow-sweep: the heavy sweep keeps LinearFDBTop 127" ||
	fail "grow-sweep: LinearFDBTop: $(tops "$TOP/grow-sweep/grow-sweep.dump")"

# now LIDs 1..127 are all taken once a second freed LID is given away:
# the boot is refused and changes nothing
take_freed_lid stop-b fill-0-3 hv0-vf3 hv5-vf4
cp "$state" "$TOP/state.before"
cp "$RUN/cache/guid2lid" "$TOP/g2l.before"
mkdir -p "$TOP/nolid"
sim_cmd Dump >"$TOP/nolid/before.dump"
refuse "boot without a free LID" \
	"no free LID: LIDs 1..127 are all taken, and 127 is the highest LID every switch's forwarding table can hold (smallest LinearFDBCap 128)" \
	boot vm-x hv0
sim_cmd Dump >"$TOP/nolid/after.dump"
cmp -s "$state" "$TOP/state.before" && cmp -s "$RUN/cache/guid2lid" "$TOP/g2l.before" &&
	pass "nolid: the registry and guid2lid are untouched" ||
	fail "nolid: the registry or guid2lid changed"
[ "$(block_diff "$TOP/nolid/before.dump" "$TOP/nolid/after.dump")" = 0 ] &&
	[ "$(tops "$TOP/nolid/after.dump")" = "FDBtop 127 " ] &&
	[ "$(dump_lid hv0-vf3 "$TOP/nolid/after.dump")" = 0 ] &&
	pass "nolid: no LFT block or LinearFDBTop changed in ibsim, hv0-vf3 has no LID" ||
	fail "nolid: the fabric changed"

# --- a lost LID-0 PortInfo Set: ibsim drops every PortInfo SMP to
# hv11-vf3 (Error) while fill-11-3 stops, so the VF keeps its old LID in
# ibsim; the answer says so.  Once the VF answers again, a heavy sweep
# gives it LID 0 (the filter), not its old LID back.
n=$(log_count "SUBNET UP")
sim_cmd 'Error "hv11-vf3" 100 21' >/dev/null
ctl stop fill-11-3
st=$?
cp "$TOP/ctl.out" "$TOP/lostpi.out"
sed 's/^/  /' "$TOP/lostpi.out"
[ $st -eq 2 ] && grep -q "^error: 1 of 3 SMPs not acknowledged: a heavy sweep was requested" "$TOP/lostpi.out" &&
	pass "lostpi: the lost PortInfo Set is reported" || fail "lostpi: $(cat "$TOP/lostpi.out")"
registry lostpi fill-11-3 -
wait_log "SUBNET UP" $((n + 1)) 60 || fail "lostpi: no SUBNET UP after the requested heavy sweep"
sim_cmd 'Error "hv11-vf3" 0 21' >/dev/null
mkdir -p "$TOP/lostpi"
heavy_sweep || fail "lostpi: no SUBNET UP after 'resweep heavy'"
sim_cmd Dump >"$TOP/lostpi/lostpi.dump"
check_dump lostpi && pass "lostpi: the checker passes after the heavy sweep" ||
	fail "lostpi: the checker fails after the heavy sweep"
[ "$(dump_lid hv11-vf3 "$TOP/lostpi/lostpi.dump")" = 0 ] && ! in_g2l "$(vf_guid 11 3)" &&
	pass "lostpi: the heavy sweep left hv11-vf3 at LID 0, without a guid2lid entry" ||
	fail "lostpi: hv11-vf3 has LID $(dump_lid hv11-vf3 "$TOP/lostpi/lostpi.dump")"

# --- the acknowledgement time-out: SMPs that get no answer within the
# plugin's 10 s.  ibsim answers every SMP it cannot deliver or is told to
# drop (Error) at once with a time-out status, and umad2sim has no send
# time-out of its own; only "Wait N" (ibsim sleeps) leaves SMPs
# unanswered, here for 14 s.  The migration reports the time-out and
# requests a heavy sweep; the registry and guid2lid have the VM on its new
# VF and none for the old one; after the sweep the fabric agrees.
op stop-7 hv7-vf1 0 stop fill-7-1
lid_a=$(lid_of vm-a)
n=$(log_count "SUBNET UP")
printf 'Wait 14\n' >"$RUN/sim.fifo"
sim_asleep || fail "timeout: ibsim did not start its Wait"
ctl migrate vm-a hv7 itrc
st=$?
cp "$TOP/ctl.out" "$TOP/timeout.out"
sed 's/^/  /' "$TOP/timeout.out"
[ $st -eq 2 ] && grep -q "^error: [0-9]* of [0-9]* SMPs not acknowledged (timed out): a heavy sweep was requested" "$TOP/timeout.out" &&
	pass "timeout: the answer reports the time-out and the requested heavy sweep" ||
	fail "timeout: $(cat "$TOP/timeout.out")"
grep -q "ERR OC12: osmcloud: migrate vm-a: [0-9]* of [0-9]* SMPs not acknowledged (timed out); heavy sweep requested" "$RUN/osm.log" &&
	pass "timeout: opensm's log has the ERR line" || fail "timeout: no ERR OC12 time-out line in the log"
registry timeout vm-a hv7-vf1
in_g2l "$(vf_guid 7 1)" && ! in_g2l "$(vf_guid 0 1)" &&
	pass "timeout: guid2lid has vm-a's new VF and not its old one" ||
	fail "timeout: guid2lid: $(grep -i -e "^$(vf_guid 7 1) " -e "^$(vf_guid 0 1) " "$RUN/cache/guid2lid")"
wait_log "SUBNET UP" $((n + 1)) 60 && pass "timeout: the requested heavy sweep is done" ||
	fail "timeout: no SUBNET UP after the requested heavy sweep"
lids_now timeout-sweep
swept timeout-sweep hv0-vf1 hv0-vf3 hv11-vf3
[ "$(dump_lid hv7-vf1 "$TOP/timeout-sweep/timeout-sweep.dump")" = "$lid_a" ] &&
	pass "timeout-sweep: vm-a has its LID $lid_a on hv7-vf1" ||
	fail "timeout-sweep: hv7-vf1 has LID $(dump_lid hv7-vf1 "$TOP/timeout-sweep/timeout-sweep.dump"), want $lid_a"
finish
