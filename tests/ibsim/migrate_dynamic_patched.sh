#!/bin/bash
# The dynamic LID model on the patched opensm (opensm-patches/, both
# patches): with the LID manager port filter (0002) the VFs the plugin
# left without a LID (stop, the old VF of a LID copy) stay without one
# across heavy sweeps, so the next boot or copy finds them free.  Checks
# after each heavy sweep: the checker passes on ibsim's Dump, no CA port
# changed its LID, the free VFs have LID 0 in ibsim and no guid2lid
# entry, the VMs keep their LIDs.  (The stock-opensm part of the dynamic
# model is migrate_dynamic.sh.)
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

# --- the free VFs are still free: a copy back and a boot work
migrate_to copy-back vm-a hv0 hv0-vf1 itrc
op boot hv7-vf1 "?" boot vm-b hv7
registry boot vm-b hv7-vf1
lids_now sweep2
swept sweep2 hv7-vf2

# --- no free LID within LinearFDBTop: a guid2lid reservation gives
# fill-11-4 the top LID 78, so LIDs 1..77 go to the other 77 ports.
# Stopping it frees LID 78 and hv11-vf4; the next heavy sweep lowers every
# switch's LinearFDBTop to 77, the highest LID in use (hv11-vf4 keeps no
# LID).  A boot on hv11 then finds a free VF but no free LID: refused,
# and the registry, guid2lid and the switches' tables stay as they were.
rm -f "$state"
printf '%s 0x004e 0x004e\n' "$(vf_guid 11 4)" >"$TOP/guid2lid"
OSM_G2L=$TOP/guid2lid route_and_check full "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" \
	"sweep_on_trap FALSE" "use_ucast_cache FALSE"
[ "$(dump_lid hv11-vf4 "$TOP/full/full.dump")" = 78 ] &&
	pass "full: fill-11-4 holds the top LID 78 (guid2lid)" ||
	fail "full: hv11-vf4 has LID $(dump_lid hv11-vf4 "$TOP/full/full.dump"), want 78"
heavy_sweep || fail "full: no SUBNET UP after the second heavy sweep"
op stop-top hv11-vf4 0 stop fill-11-4
lids_now full-sweep
swept full-sweep hv11-vf4
tops=$(grep -o 'FDBtop [0-9]*' "$TOP/full-sweep/full-sweep.dump" | sort -u | tr '\n' ' ')
[ "$tops" = "FDBtop 77 " ] && pass "full-sweep: every switch's LinearFDBTop is 77" ||
	fail "full-sweep: LinearFDBTop: $tops"
cp "$state" "$TOP/state.before"
cp "$RUN/cache/guid2lid" "$TOP/g2l.before"
mkdir -p "$TOP/nolid"
sim_cmd Dump >"$TOP/nolid/before.dump"
refuse "boot without a free LID" \
	"no free LID within the switches' forwarding tables (LIDs 1..77 are all taken" \
	boot vm-x hv11
sim_cmd Dump >"$TOP/nolid/after.dump"
cmp -s "$state" "$TOP/state.before" && cmp -s "$RUN/cache/guid2lid" "$TOP/g2l.before" &&
	pass "nolid: the registry and guid2lid are untouched" ||
	fail "nolid: the registry or guid2lid changed"
[ "$(block_diff "$TOP/nolid/before.dump" "$TOP/nolid/after.dump")" = 0 ] &&
	[ "$(dump_lid hv11-vf4 "$TOP/nolid/after.dump")" = 0 ] &&
	pass "nolid: no LFT block changed in ibsim, hv11-vf4 has no LID" ||
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
[ $st -eq 1 ] && grep -q "^error: 1 of 3 SMPs not acknowledged: a heavy sweep was requested" "$TOP/lostpi.out" &&
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
sleep 0.2
ctl migrate vm-a hv7 itrc
st=$?
cp "$TOP/ctl.out" "$TOP/timeout.out"
sed 's/^/  /' "$TOP/timeout.out"
[ $st -eq 1 ] && grep -q "^error: [0-9]* of [0-9]* SMPs not acknowledged (timed out): a heavy sweep was requested" "$TOP/timeout.out" &&
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
swept timeout-sweep hv0-vf1 hv11-vf3 hv11-vf4
[ "$(dump_lid hv7-vf1 "$TOP/timeout-sweep/timeout-sweep.dump")" = "$lid_a" ] &&
	pass "timeout-sweep: vm-a has its LID $lid_a on hv7-vf1" ||
	fail "timeout-sweep: hv7-vf1 has LID $(dump_lid hv7-vf1 "$TOP/timeout-sweep/timeout-sweep.dump"), want $lid_a"
finish
