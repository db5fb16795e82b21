#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The dynamic LID model in a running stock opensm (osmcloud boot, migrate
# by LID copy, stop; through the control socket).  Stock OpenSM gives
# every active CA port a LID at each heavy sweep (the patched opensm does
# not: migrate_dynamic_patched.sh), so the VFs "up without a LID" are made
# by the plugin itself: filler VMs seeded from the VM file
# are stopped (PortInfo LID 0 on their VF).  After each operation the real
# LFTs read back from ibsim pass the checker, the VM's LID is on the right
# VF (a stopped VF has LID 0), the LFT SMPs reported equal the 64-LID
# blocks that changed in ibsim, and the registry follows.  Bad requests
# are refused.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test migrate-dynamic
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
stop_ftree= stop_itrc= leaf_ftree= leaf_itrc= cross_ftree= cross_itrc= lid_b=
fillers="0:2 0:3 0:4 1:1 1:2 1:3 1:4 7:1 7:2 7:3 7:4"
{
	echo "$(vf_guid 0 1) vm-a"
	for f in $fillers; do
		echo "$(vf_guid ${f%:*} ${f#*:}) fill-${f%:*}-${f#*:}"
	done
} >"$TOP/vms.txt"

route_and_check start "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" \
	"sweep_on_trap FALSE" "use_ucast_cache FALSE"
heavy_sweep && pass "start: second heavy sweep done (need_update cleared)" ||
	fail "start: no SUBNET UP after the second heavy sweep"
grep -q "no LID manager port filter (stock opensm)" "$RUN/osm.log" &&
	pass "start: stock opensm: the plugin found no LID manager port filter" ||
	fail "start: no 'no LID manager port filter' line in opensm's log"

# --- stop: the fillers leave VFs up without a LID on hv0, hv1 and hv7
op stop-ftree hv1-vf1 0 stop fill-1-1 ftreeminrc && stop_ftree=$OP_SWITCHES
registry stop-ftree fill-1-1 -
op stop-itrc hv1-vf2 0 stop fill-1-2 itrc && stop_itrc=$OP_SWITCHES
no_more_switches "stop" "$stop_ftree" "$stop_itrc"
for f in 1:3 1:4 7:1 7:2 7:3 7:4 0:2 0:3 0:4; do
	op stop-$f hv${f%:*}-vf${f#*:} 0 stop fill-${f%:*}-${f#*:}
done

# --- refusals: nothing sent, nothing changed
cp "$state" "$TOP/state.before"
refuse "boot an existing VM" 'VM "vm-a" already exists' boot vm-a hv1
refuse "boot without a free VF" 'hypervisor "hv3" has no VF up without a LID' boot vm-c hv3
refuse "boot on no hypervisor" 'unknown hypervisor "sw-L1-0"' boot vm-c sw-L1-0
reject "boot with a bad weight" 'bad weight "-1"' boot vm-c hv1 -1
reject "boot with a weight beyond the VM file's" \
	'bad weight "5000" (0 for the default, or a number from 1e-06 to 1000)' \
	boot vm-c hv1 5000
expect_status 0 "stop a VM the registry does not hold: done, nothing sent" \
	'VM "vm-x" is not in the registry (stopped already?): nothing to stop, nothing sent' stop vm-x
reject "stop without a VM" 'usage: osmcloud stop' stop
cmp -s "$state" "$TOP/state.before" && pass "refusals left the registry alone" ||
	fail "a refusal changed the registry"

# --- boot: the lowest free LID, on the first VF without a LID
op boot hv1-vf1 "?" boot vm-b hv1 2
lid_b=$(sed -n 's/^booted vm-b (LID \([0-9]*\)).*/\1/p' "$TOP/boot/op.out")
[ -n "$lid_b" ] && [ "$(dump_lid hv1-vf1 "$TOP/boot/boot.dump")" = "$lid_b" ] &&
	pass "boot: hv1-vf1 has vm-b's LID $lid_b" ||
	fail "boot: hv1-vf1 has LID '$(dump_lid hv1-vf1 "$TOP/boot/boot.dump")', vm-b '$lid_b'"
registry boot vm-b hv1-vf1
grep -q "^vm-b .* $lid_b *2 " "$TOP/ctl.out" && pass "boot: vm-b has weight 2" ||
	fail "boot: $(grep '^vm-b ' "$TOP/ctl.out")"

# --- migrate by LID copy: within a leaf (hv0 <-> hv1 on sw-L1-0) and
# across leaves (hv1 on sw-L1-0 <-> hv7 on sw-L1-2), both methods
migrate_to leaf-ftree vm-a hv1 hv1-vf2 ftreeminrc && leaf_ftree=$OP_SWITCHES
migrate_to leaf-back vm-a hv0 hv0-vf1 itrc
migrate_to leaf-itrc vm-a hv1 hv1-vf2 itrc && leaf_itrc=$OP_SWITCHES
no_more_switches "within a leaf" "$leaf_ftree" "$leaf_itrc"
migrate_to cross-ftree vm-a hv7 hv7-vf1 ftreeminrc && cross_ftree=$OP_SWITCHES
migrate_to cross-back vm-a hv1 hv1-vf2 itrc
migrate_to cross-itrc vm-a hv7 hv7-vf1 itrc && cross_itrc=$OP_SWITCHES
no_more_switches "across leaves" "$cross_ftree" "$cross_itrc"
[ "$(dump_lid hv1-vf2 "$TOP/cross-itrc/cross-itrc.dump")" = 0 ] &&
	pass "cross-itrc: the old VF hv1-vf2 is left without a LID" ||
	fail "cross-itrc: hv1-vf2 has LID $(dump_lid hv1-vf2 "$TOP/cross-itrc/cross-itrc.dump")"

# --- stop vm-b: its LID is freed and the next boot takes it again
op stop-b hv1-vf1 0 stop vm-b
registry stop-b vm-b -
op boot-again hv1-vf1 "$lid_b" boot vm-c hv1
registry boot-again vm-c hv1-vf1
# the lowest free LID now was hv7-vf1's: its entries lead to sw-L1-2, hv0
# is behind sw-L1-0, so switches beyond the leaf learn the LID; hv0-vf1
# is skipped: its GUID is vm-a's vGUID
op boot-far hv0-vf2 "?" boot vm-d hv0 && [ "${OP_SWITCHES:-0}" -gt 1 ] &&
	pass "boot-far: $OP_SWITCHES physical switches updated" ||
	fail "boot-far: $(cat "$TOP/boot-far/op.out")"
registry boot-far vm-d hv0-vf2

ctl stats && grep -q "^boot vm-c (LID $lid_b) hv1 -> hv1 " "$TOP/ctl.out" &&
	grep -q "^migrate vm-a (LID [0-9]*) hv1 -> hv7 itrc" "$TOP/ctl.out" &&
	pass "stats: $(tail -n 1 "$TOP/ctl.out")" || fail "stats: $(cat "$TOP/ctl.out")"

# --- a heavy sweep: the VMs keep their LIDs; stock OpenSM's LID manager
# gives the VFs without a LID one again (the emulation's limit); the state
# file keeps listing them free, which has no effect there
mkdir -p "$TOP/sweep"
heavy_sweep || fail "sweep: no SUBNET UP after 'resweep heavy'"
sim_cmd Dump >"$TOP/sweep/sweep.dump"
check_dump sweep && pass "sweep: the checker passes after a heavy sweep" ||
	fail "sweep: the checker fails after a heavy sweep"
lid_a=$(lid_of vm-a)
[ "$(dump_lid hv7-vf1 "$TOP/sweep/sweep.dump")" = "$lid_a" ] &&
	[ "$(dump_lid hv1-vf1 "$TOP/sweep/sweep.dump")" = "$lid_b" ] &&
	pass "sweep: vm-a keeps LID $lid_a on hv7-vf1, vm-c LID $lid_b on hv1-vf1" ||
	fail "sweep: hv7-vf1 '$(dump_lid hv7-vf1 "$TOP/sweep/sweep.dump")' want $lid_a," \
		"hv1-vf1 '$(dump_lid hv1-vf1 "$TOP/sweep/sweep.dump")' want $lid_b"
echo "note: after the heavy sweep hv1-vf2 has LID" \
	"$(dump_lid hv1-vf2 "$TOP/sweep/sweep.dump") (OpenSM's LID manager)"
# the state file still lists it free: kept, without effect on stock opensm
grep -q "^free $(vf_guid 1 2)$" "$state" &&
	pass "sweep: the state file still lists hv1-vf2 free (no effect on stock opensm)" ||
	fail "sweep: no 'free $(vf_guid 1 2)' line in the state file"
# so hv1 has idle VFs now: the next migration there is a swap
ctl migrate vm-a hv1 && grep -q "^migrated vm-a .* idle VF hv1-vf2 (LID [0-9]*) swapped with it" "$TOP/ctl.out" &&
	pass "after the sweep: a migration to hv1 swaps: $(head -n 1 "$TOP/ctl.out")" ||
	fail "after the sweep: $(cat "$TOP/ctl.out")"
! grep -q "^free $(vf_guid 1 2)$" "$state" &&
	pass "after the sweep: vm-a's new VF hv1-vf2 is no longer listed free" ||
	fail "after the sweep: the state file still lists vm-a's VF hv1-vf2 free"
finish
