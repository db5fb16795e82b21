#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Dynamic LID model: only the VFs that hold a VM are up (the others are
# unlinked in ibsim before opensm starts), the VM file names them, two with
# their own weight.  Idle VFs get no LID; every VM, PF and switch LID is
# routed and checked.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-dynamic

vms="0:1 0:2 3:1 4:1 4:2 4:3 4:4 7:3 11:4"
: >"$TOP/vms.txt"
: >"$TOP/unlink.cmds"
for hv in $(seq 0 11); do
	for vf in 1 2 3 4; do
		case " $vms " in
		*" $hv:$vf "*)
			weight=
			[ "$hv:$vf" != 4:1 ] || weight=2
			[ "$hv:$vf" != 7:3 ] || weight=0.5
			echo "$(vf_guid $hv $vf) vm-$hv-$vf $weight" >>"$TOP/vms.txt"
			;;
		*) echo "Unlink \"hv$hv-vf$vf\"" >>"$TOP/unlink.cmds" ;;
		esac
	done
done

SIM_CMDS=$TOP/unlink.cmds route_and_check vsw "$TOPOS/vswitch-ft-default.net" \
	"event_plugin_options vms=$TOP/vms.txt"
same_as_offline vsw "$TOPOS/vswitch-ft-default.net" --vms "$TOP/vms.txt" \
	--lid-model dynamic
if grep -q "routed 9 VMs, 12 PFs, 0 idle VFs" "$RUN/osm.log"; then
	pass "vswitch_ftree routed the 9 VMs and 12 PFs, no idle VF"
else
	fail "expected 'routed 9 VMs, 12 PFs, 0 idle VFs' in the log:" \
		"$(grep -m1 'routed' "$RUN/osm.log")"
fi
lids=$(json_get vsw lids)
# 9 VMs + 12 PFs + 18 switches; the 39 idle VFs have no LID
if [ "$lids" -eq 39 ]; then
	pass "39 LIDs in the fabric: the idle VFs have none"
else
	fail "expected 39 LIDs (9 VMs, 12 PFs, 18 switches), found $lids"
fi

# A VM file that goes bad while opensm runs: the error names the file and
# line, and the other VMs are routed (no fallback to minhop).
printf 'garbage\n' >>"$TOP/vms.txt"
osm_console reroute >/dev/null
if wait_log "vswitch_ftree tables configured" 2 60; then
	pass "reroute with a broken VM file still routed with vswitch_ftree"
else
	fail "reroute with a broken VM file did not route with vswitch_ftree"
fi
grep -q "vms.txt:10: .*this line is skipped, the other VMs are routed" \
	"$RUN/osm.log" && pass "the log names the bad line and keeps the other VMs" ||
	fail "no error naming vms.txt:10 in the log"
[ "$(log_count 'routed 9 VMs, 12 PFs, 0 idle VFs')" -eq 2 ] &&
	pass "the second run routed the same 9 VMs" ||
	fail "the second run did not route the same 9 VMs"
finish
