#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The VM registry (plugin option state=): seeded from the VM file at the
# first routing run, it keeps every VM's LID across an opensm restart that
# lost OpenSM's own LID cache, and a bad state file is named by line and
# turns the VM operations off, not routing.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vm-state
topo=$TOPOS/vswitch-ft-default.net
state=$TOP/vms.state
{
	echo "$(vf_guid 0 1) vm-a"
	echo "$(vf_guid 5 2) vm-b 2"
	echo "$(vf_guid 11 4) vm-c"
} >"$TOP/vms.txt"

route_and_check seed "$topo" "event_plugin_options vms=$TOP/vms.txt state=$state"
grep -q "seeded $state with 3 VMs" "$RUN/osm.log" &&
	pass "seed: the registry was seeded with 3 VMs" ||
	fail "seed: no 'seeded ... with 3 VMs' in the log"
lids_ok=1
for vm in "vm-a hv0-vf1" "vm-b hv5-vf2" "vm-c hv11-vf4"; do
	set -- $vm
	want=$(dump_lid "$2" "$RUN/seed.dump")
	got=$(awk -v n="$1" '$1 == n { print $4 }' "$state")
	[ -n "$want" ] && [ "$got" = "$want" ] || lids_ok=0
done
[ $lids_ok -eq 1 ] && pass "seed: the state file holds each VF's LID" ||
	fail "seed: state file LIDs differ from the fabric's: $(cat "$state")"
grep -q "^vm-b $(vf_guid 5 2) $(vf_guid 5 2) [0-9]* 2$" "$state" &&
	pass "seed: vm-b keeps its weight 2" || fail "seed: vm-b's record: $(grep vm-b "$state")"

# The registry says the VMs hold LIDs 300-302 (as after migrations); a new
# opensm with an empty cache must give the VFs exactly those LIDs.
awk 'BEGIN { l = 300 } /^vm-/ { $4 = l++ } { print }' "$state" >"$state.new" &&
	mv "$state.new" "$state"
route_and_check restart "$topo" "event_plugin_options state=$state"
for vm in "hv0-vf1 300" "hv5-vf2 301" "hv11-vf4 302"; do
	set -- $vm
	got=$(dump_lid "$1" "$RUN/restart.dump")
	[ "$got" = "$2" ] && pass "restart: $1 has LID $2 from the registry" ||
		fail "restart: $1 has LID '$got', the registry says $2"
done
grep -q "routed 3 VMs, 12 PFs, 45 idle VFs" "$RUN/osm.log" &&
	pass "restart: routed the registry's 3 VMs, the other 45 VFs idle" ||
	fail "restart: $(grep -m1 -o 'routed.*idle VFs' "$RUN/osm.log")"

# A broken state file: named by file and line, the VM operations are off,
# vswitch_ftree still routes and the file is left as it was.
printf 'osmcloud-vm-state 1\nvm-a 0x1 0x2\n' >"$TOP/bad.state"
cp "$TOP/bad.state" "$TOP/bad.state.orig"
route_and_check bad "$topo" "event_plugin_options state=$TOP/bad.state"
grep -q "bad.state:2: expected.*VM operations (migrate, boot, stop) are off" "$RUN/osm.log" &&
	pass "bad: $(grep -m1 -o 'option state: .*' "$RUN/osm.log")" ||
	fail "bad: no error naming bad.state:2 and the operations turned off"
! grep -q "cannot load plugin" "$RUN/osm.log" && cmp -s "$TOP/bad.state" "$TOP/bad.state.orig" &&
	pass "bad: the plugin stays loaded and the state file is untouched" ||
	fail "bad: the plugin was refused or the state file changed"
finish
