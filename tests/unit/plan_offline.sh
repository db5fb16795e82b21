#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# plan_offline.sh - "osmcloud plan" on the shipped topologies: random
# migrations with both methods in both LID models must leave LFTs that
# pass the verifier; named migrations print their plans; within one leaf
# FTreeMinRC updates one physical switch; on a live fabric's Dump and
# registry plan names what the live migrate did; bad input is refused
# (exit 2), an impossible migration fails (exit 1).  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

for t in vswitch-ft-default vswitch-ft-uneven-vfs vswitch-ft-missing-hv \
	vswitch-ft-storage vswitch-ft-missing-link; do
	net=$top/topologies/$t.net
	for model in prepopulated dynamic; do
		expect 0 "plan $t $model" "$osmcloud" plan --topo "$net" \
			--lid-model $model --random 200 --seed 3 --verify
		grep -q 'FTreeMinRC: CA LIDs unreachable 0 (loops 0), CA credit loop none' \
			"$tmp/out" || fail "$t $model: FTreeMinRC tables"
	done
done

net=$top/topologies/vswitch-ft-default.net

# hv0 and hv1 share leaf sw-L1-0: one physical switch, two vSwitches
expect 0 "migrate within a leaf" "$osmcloud" plan --topo "$net" \
	--migrate hv0-vf1:hv1 --method ftreeminrc --verify
grep -q 'FTreeMinRC: 1 switches, 1 blocks; 2 vSwitches, 2 blocks; 3 LFT SMPs' \
	"$tmp/out" || fail "within a leaf: $(cat "$tmp/out")"
expect 0 "migrate dynamic" "$osmcloud" plan --topo "$net" \
	--lid-model dynamic --migrate hv0-vf1:hv11 --migrate hv11-vf3:hv0 \
	--verify
grep -q '^copy LID' "$tmp/out" || fail "dynamic migration is not a copy"

# a plain tree: only the marking
expect 0 "plain tree" "$osmcloud" plan --topo "$top/topologies/ft-k4-n3.net" \
	--random 50
grep -q 'random leaf pairs' "$tmp/out" || fail "plain tree: no marking"

# the fabric as it ran (ibsim's Dump) and the plugin's registry, kept from
# tests/ibsim/plan_predicts.sh: plan names what the live migrate did
# there (hv3-vf1 runs vm-c, so the idle VF is hv3-vf2; hv11's VFs all
# run VMs but vf4, left without a LID by a stop: a copy)
data=$top/tests/unit/data
expect 0 "live swap" "$osmcloud" plan --dump "$data/plan-live-swap.dump" \
	--state "$data/plan-live-swap.state" --migrate vm-a:hv3 --method itrc \
	--verify
grep -q '^swap LID 21 (hv0-vf1) with LID 37 (hv3-vf2)$' "$tmp/out" &&
	grep -q 'ItRC: 4 switches, 4 blocks; 2 vSwitches, 2 blocks; 6 LFT SMPs' \
		"$tmp/out" || fail "live swap: $(cat "$tmp/out")"
expect 0 "live copy" "$osmcloud" plan --dump "$data/plan-live-copy.dump" \
	--state "$data/plan-live-copy.state" --migrate vm-c:hv11 --method itrc
grep -q '^copy LID 24 (hv3-vf1) to hv11-vf4, entries of PF LID 78 (hv11-pf)$' \
	"$tmp/out" &&
	grep -q 'ItRC: 6 switches, 6 blocks; 2 vSwitches, 2 blocks; 8 LFT SMPs' \
		"$tmp/out" || fail "live copy: $(cat "$tmp/out")"
expect 1 "live: unknown VM" "$osmcloud" plan \
	--dump "$data/plan-live-swap.dump" --state "$data/plan-live-swap.state" \
	--migrate hv0-vf1:hv3
grep -q "no VM named \"hv0-vf1\"" "$tmp/err" ||
	fail "live: unknown VM: $(cat "$tmp/err")"
expect 1 "live: no VF left" "$osmcloud" plan \
	--dump "$data/plan-live-swap.dump" --state "$data/plan-live-swap.state" \
	--migrate vm-a:hv11
grep -q 'hypervisor "hv11" has no idle VF (every VF with a LID runs a VM) and no VF up without a LID' \
	"$tmp/err" || fail "live: no VF left: $(cat "$tmp/err")"
expect 2 "--topo and --dump" "$osmcloud" plan --topo "$net" \
	--dump "$data/plan-live-swap.dump"
expect 2 "--vms and --state" "$osmcloud" plan --topo "$net" \
	--vms "$tmp/none" --state "$data/plan-live-swap.state"
expect 2 "--dump and --lid-model" "$osmcloud" plan \
	--dump "$data/plan-live-swap.dump" --lid-model dynamic

expect 2 "no --topo" "$osmcloud" plan --random 5
expect 2 "bad --method" "$osmcloud" plan --topo "$net" --method fast
# a roots file naming a vSwitch (hv0): the file and line, as for route
printf '0x0002c90302000000\n\n0x0002c90300000000\n' >"$tmp/vsw.roots"
expect 2 "vSwitch as root" "$osmcloud" plan --topo "$net" \
	--roots "$tmp/vsw.roots" --random 5
grep -q "vsw.roots:3: rule R6 (roots are physical switches): root GUID 0x0002c90300000000 is not a physical switch of this fabric" \
	"$tmp/err" || fail "vSwitch as root: $(cat "$tmp/err")"
expect 2 "bad --random" "$osmcloud" plan --topo "$net" --random x
expect 2 "bad --lid-model" "$osmcloud" plan --topo "$net" --lid-model z
expect 2 "missing topology" "$osmcloud" plan --topo "$tmp/none.net"
expect 1 "unknown VF" "$osmcloud" plan --topo "$net" --migrate nope:hv1
expect 1 "not a hypervisor" "$osmcloud" plan --topo "$net" \
	--migrate hv0-vf1:sw-L1-0
# a VM on a GUID that is no VF port (a typo) is no VM silently dropped
printf '0x0002c90500000011 vm-a\n0x0002c90500000012 vm-b\n' >"$tmp/typo.vms"
expect 2 "VM file: no such port" "$osmcloud" plan --topo "$net" \
	--vms "$tmp/typo.vms" --random 2
grep -q 'typo.vms:2: VM "vm-b": 0x0002c90500000012 is not a VF port: no port of the topology has this GUID' \
	"$tmp/err" || fail "VM file: no such port: $(cat "$tmp/err")"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
