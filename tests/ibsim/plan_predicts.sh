#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# "osmcloud plan" predicts the live "osmcloud migrate": both choose the
# destination VF by the one rule (src/core/reconf/reconf_vf.h).  In a
# running stock opensm with the plugin, before each migration the fabric
# (ibsim's Dump: LIDs and LFTs as they are) and the plugin's registry
# (its state file) are given to "osmcloud plan --dump --state --migrate";
# then the same migration runs live through the control socket.  The VF
# chosen, the kind (swap or copy), the switches and vSwitches updated
# and the number of LFT blocks must be equal.  Cases: a swap with the
# second VF (the first runs a VM) for each method, and a copy to a VF left
# without a LID by a stop on a hypervisor whose other VFs all run VMs.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test plan-predicts
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
{
	echo "$(vf_guid 0 1) vm-a"
	echo "$(vf_guid 5 2) vm-b"
	echo "$(vf_guid 3 1) vm-c"
	for j in 1 2 3 4; do echo "$(vf_guid 11 $j) vm-full$j"; done
} >"$TOP/vms.txt"

# predicted PLANOUT: "VF kind switches vswitches blocks" of plan's answer.
predicted() {
	awk '/^swap LID/ { vf = $8; kind = "swap" }
	     /^copy LID/ { vf = $6; kind = "copy" }
	     /^  (ItRC|FTreeMinRC): / { s = $2; v = $6; n = $10 }
	     END { gsub(/[(),]/, "", vf); print vf, kind, s, v, n }' "$1"
}

# happened CTLOUT: the same of the live migration's answer.
happened() {
	sed -n -e 's/.*: idle VF \([^ ]*\) (LID.*/\1 swap/p' \
		-e 's/.*: LID copied to VF \([^,]*\),.*/\1 copy/p' "$1" |
		head -n 1 | tr '\n' ' '
	sed -n 's/.*: switches \([0-9]*\) (+\([0-9]*\) vSwitches), LFT blocks \([0-9]*\) .*/\1 \2 \3/p' "$1"
}

# predict TAG VM HV METHOD [WANT_KIND]: plan on the live Dump and
# registry, then the live migration; both must say the same.
predict() {
	local tag=$1 vm=$2 hv=$3 method=$4 kind=$5 dir=$TOP/$1 want got
	mkdir -p "$dir"
	sim_cmd Dump >"$dir/before.dump"
	cp "$state" "$dir/vms.state"
	if ! timeout 60 "$OSMCLOUD" plan --dump "$dir/before.dump" \
		--state "$dir/vms.state" --migrate "$vm:$hv" \
		--method "$method" >"$dir/plan.out" 2>&1; then
		fail "$tag: osmcloud plan failed: $(cat "$dir/plan.out")"
		return 1
	fi
	want=$(predicted "$dir/plan.out")
	if ! ctl migrate "$vm" "$hv" "$method"; then
		fail "$tag: migrate $vm $hv $method failed: $(cat "$TOP/ctl.out")"
		return 1
	fi
	cp "$TOP/ctl.out" "$dir/migrate.out"
	got=$(happened "$dir/migrate.out")
	[ "${want#* }" != "${want#* $kind }" ] ||
		fail "$tag: plan chose '$want', want a $kind"
	if [ -n "$want" ] && [ "$want" = "$got" ]; then
		pass "$tag: plan predicted the live migrate (VF kind switches vSwitches blocks: $got)"
	else
		fail "$tag: plan predicted '$want', the live migrate did '$got'"
	fi
}

route_and_check start "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" \
	"sweep_on_trap FALSE" "use_ucast_cache FALSE"
heavy_sweep || fail "start: no SUBNET UP after the second heavy sweep"

# hv3-vf1 runs vm-c: the idle VF is hv3-vf2
predict swap-itrc vm-a hv3 itrc swap
predict swap-ftree vm-b hv3 ftreeminrc swap
# hv11: vf1..3 run VMs, vf4 has no LID after the stop: a copy
ctl stop vm-full4 || fail "stop vm-full4: $(cat "$TOP/ctl.out")"
predict copy-itrc vm-c hv11 itrc copy
finish
