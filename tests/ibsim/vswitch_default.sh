#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The demo fabric: 2-level fat-tree, 12 hypervisors with a PF and 4 VFs.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-default
route_and_check vsw "$TOPOS/vswitch-ft-default.net"
same_as_offline vsw "$TOPOS/vswitch-ft-default.net"
compare_with_ftree vsw ftree "$TOPOS/vswitch-ft-default.net" ||
	fail "ftree was expected to route the uniform fabric"

# Prepopulated LIDs with a VM file: 20 VMs (VF 1 and 2 of hv0..hv9), the
# other 28 VFs are up but idle and follow their PF's path.
for hv in $(seq 0 9); do
	echo "$(vf_guid "$hv" 1) vm-$hv-a"
	echo "$(vf_guid "$hv" 2) vm-$hv-b"
done >"$TOP/vms.txt"
topo=$TOPOS/vswitch-ft-default.net
route_and_check vms "$topo" "event_plugin_options vms=$TOP/vms.txt"
grep -q "routed 20 VMs, 12 PFs, 28 idle VFs" "$RUN/osm.log" &&
	pass "vms: routed 20 VMs, 12 PFs, 28 idle VFs" ||
	fail "vms: expected 20 VMs, 12 PFs, 28 idle VFs: $(grep -m1 -o 'routed.*idle VFs' "$RUN/osm.log")"
same_as_offline vms "$topo" --vms "$TOP/vms.txt"
finish
