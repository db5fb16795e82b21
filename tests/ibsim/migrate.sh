#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Live migration in a running stock opensm (osmcloud migrate, through the
# control socket): a VM swaps LIDs with an idle VF of another hypervisor,
# the plugin sends the PortInfo and planned LFT SMPs itself.  After each
# move the real LFTs read back from ibsim pass the checker, the VM's LID
# is on the destination VF, the LFT SMPs reported equal the 64-LID blocks
# that changed in ibsim, FTreeMinRC updates no more switches than ItRC,
# and a heavy sweep keeps everything.  Bad requests are refused.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test migrate
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
{
	echo "$(vf_guid 0 1) vm-a"
	echo "$(vf_guid 5 2) vm-b"
	for j in 1 2 3 4; do echo "$(vf_guid 11 $j) vm-full$j"; done
} >"$TOP/vms.txt"
quiet="sweep_on_trap FALSE"
nocache="use_ucast_cache FALSE"

# migrate TAG VM HV METHOD: one migration, checked; sets MIG_SWITCHES.
migrate() {
	local tag=$1 vm=$2 hv=$3 method=$4 dir=$TOP/$1 idle lid got
	mkdir -p "$dir"
	sim_cmd Dump >"$dir/before.dump"
	if ! ctl migrate "$vm" "$hv" "$method"; then
		fail "$tag: migrate $vm $hv $method failed: $(cat "$TOP/ctl.out")"
		return 1
	fi
	cp "$TOP/ctl.out" "$dir/migrate.out"
	sed 's/^/  /' "$dir/migrate.out"
	sim_cmd Dump >"$dir/$tag.dump"
	if check_dump "$tag"; then
		pass "$tag: LFTs read back from ibsim pass the checker"
	else
		fail "$tag: LFTs read back from ibsim fail the checker"
	fi
	idle=$(sed -n 's/.*idle VF \([^ ]*\) .*/\1/p' "$dir/migrate.out")
	lid=$(sed -n 's/^migrated [^ ]* (LID \([0-9]*\)).*/\1/p' "$dir/migrate.out")
	got=$(dump_lid "$idle" "$dir/$tag.dump")
	[ -n "$lid" ] && [ "$got" = "$lid" ] &&
		pass "$tag: $vm's LID $lid is now on $idle" ||
		fail "$tag: $idle has LID '$got', $vm's LID is '$lid'"
	smps_match_blocks "$tag" "$dir/migrate.out"
	MIG_SWITCHES=$OP_SWITCHES
	grep -q "^$vm .* $idle$" <(ctl vms && cat "$TOP/ctl.out") &&
		pass "$tag: the registry has $vm on $idle" ||
		fail "$tag: registry: $(grep "^$vm " "$TOP/ctl.out")"
}

# after_sweep TAG VM VF LID: a heavy sweep keeps VM's LID on VF.
after_sweep() {
	local tag=$1 dir=$TOP/$1
	mkdir -p "$dir"
	sim_cmd Dump >"$dir/before.dump"
	heavy_sweep || fail "$tag: no SUBNET UP after 'resweep heavy'"
	sim_cmd Dump >"$dir/$tag.dump"
	echo "note: $tag: the heavy sweep (vswitch_ftree with the registry)" \
		"changed $(block_diff "$dir/before.dump" "$dir/$tag.dump") LFT block(s)"
	check_dump "$tag" && pass "$tag: the checker passes after a heavy sweep" ||
		fail "$tag: the checker fails after a heavy sweep"
	[ "$(dump_lid "$3" "$dir/$tag.dump")" = "$4" ] &&
		pass "$tag: $2 keeps LID $4 on $3 after the heavy sweep" ||
		fail "$tag: $3 has LID '$(dump_lid "$3" "$dir/$tag.dump")' after the sweep, want $4"
}

route_and_check start "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" "$quiet" "$nocache"
heavy_sweep && pass "start: second heavy sweep done (need_update cleared)" ||
	fail "start: no SUBNET UP after the second heavy sweep"

# --- refusals: nothing sent, nothing changed
cp "$state" "$TOP/state.before"
refuse "unknown VM" 'unknown VM "vm-x"' migrate vm-x hv3
refuse "unknown hypervisor" 'unknown hypervisor "hv99"' migrate vm-a hv99
refuse "a switch is no hypervisor" 'unknown hypervisor "sw-L1-0"' migrate vm-a sw-L1-0
expect_status 0 "same hypervisor: done, nothing sent" 'already runs on "hv0" (VF hv0-vf1, LID [0-9]*): nothing sent' migrate vm-a hv0
refuse "no idle VF" 'hypervisor "hv11" has no idle VF' migrate vm-a hv11
reject "bad method" 'unknown method "minrc"' migrate vm-a hv3 minrc
reject "missing argument" 'usage: osmcloud migrate' migrate vm-a
ctl stats && grep -q "no operation yet" "$TOP/ctl.out" &&
	pass "stats: no operation after refusals" || fail "stats: $(cat "$TOP/ctl.out")"
cmp -s "$state" "$TOP/state.before" && pass "refusals left the registry alone" ||
	fail "a refusal changed the registry"

# --- within a leaf (hv5 -> hv4, both on sw-L1-1), both methods
migrate leaf-ftree vm-b hv4 ftreeminrc
leaf_ftree=$MIG_SWITCHES
migrate leaf-back vm-b hv5 ftreeminrc
migrate leaf-itrc vm-b hv4 itrc
leaf_itrc=$MIG_SWITCHES
no_more_switches "within a leaf" "$leaf_ftree" "$leaf_itrc"

# --- across leaves (hv0 on sw-L1-0 -> hv7 on sw-L1-2), both methods
migrate cross-ftree vm-a hv7 ftreeminrc
cross_ftree=$MIG_SWITCHES
migrate cross-back vm-a hv0 itrc
migrate cross-itrc vm-a hv7 itrc
cross_itrc=$MIG_SWITCHES
no_more_switches "across leaves" "$cross_ftree" "$cross_itrc"

ctl stats && [ "$(grep -c '^migrate ' "$TOP/ctl.out")" -eq 6 ] &&
	grep -q "^migrate vm-a (LID [0-9]*) hv0 -> hv7 itrc" "$TOP/ctl.out" &&
	pass "stats: the 6 migrations, the last: $(tail -n 1 "$TOP/ctl.out")" ||
	fail "stats: $(cat "$TOP/ctl.out")"

# --- a heavy sweep keeps the moves
vf_a=$(sed -n 's/.*idle VF \([^ ]*\) .*/\1/p' "$TOP/cross-itrc/migrate.out")
lid_a=$(sed -n 's/^migrated [^ ]* (LID \([0-9]*\)).*/\1/p' "$TOP/cross-itrc/migrate.out")
after_sweep sweep vm-a "$vf_a" "$lid_a"
grep -q "routed 6 VMs" "$RUN/osm.log" && pass "sweep: routed the registry's 6 VMs" ||
	fail "sweep: $(grep -o 'routed [0-9]* VMs' "$RUN/osm.log" | tail -n 1)"
migrate after-sweep vm-a hv1 ftreeminrc

# --- lost SMPs: ibsim drops every LFT Set (attribute 0x19) of the
# destination leaf; the command says so, keeps the registry record and has
# OpenSM sweep; once the switch answers again a heavy sweep finishes it.
sim_cmd 'Error "sw-L1-3" 100 25' >/dev/null
ctl migrate vm-a hv9 itrc
st=$?
cp "$TOP/ctl.out" "$TOP/lost.out"
sed 's/^/  /' "$TOP/lost.out"
vf_lost=$(sed -n 's/.*idle VF \([^ ]*\) .*/\1/p' "$TOP/lost.out")
[ $st -eq 2 ] && grep -q "SMPs not acknowledged.*heavy sweep was requested" "$TOP/lost.out" &&
	pass "lost: the lost LFT SMPs are reported and a heavy sweep requested" ||
	fail "lost: $(cat "$TOP/lost.out")"
ctl vms && grep -q "^vm-a .* $vf_lost$" "$TOP/ctl.out" &&
	pass "lost: the registry keeps vm-a on $vf_lost" ||
	fail "lost: registry: $(grep '^vm-a ' "$TOP/ctl.out")"
sim_cmd 'Error "sw-L1-3" 0 25' >/dev/null
after_sweep lost-sweep vm-a "$vf_lost" "$lid_a"

# --- the registry cannot be written (its staged file is a folder): the
# migration is refused before any SMP, the fabric and the registry stay
# as they were (registry_save.sh: the same with a full disk); the next
# migration saves the registry again
mkdir "$state.pending"
sim_cmd Dump >"$TOP/nosave-before.dump"
ctl migrate vm-b hv3 ftreeminrc
st=$?
cp "$TOP/ctl.out" "$TOP/nosave.out"
sed 's/^/  /' "$TOP/nosave.out"
sim_cmd Dump >"$TOP/nosave-after.dump"
[ $st -eq 1 ] && grep -q "refused: the registry could not be written before the change, so nothing was sent: .*vms.state.pending" "$TOP/nosave.out" &&
	same_dump "$TOP/nosave-before.dump" "$TOP/nosave-after.dump" &&
	pass "nosave: refused before any SMP, the fabric unchanged" ||
	fail "nosave: $(cat "$TOP/nosave.out")"
ctl vms && grep -q "^vm-b .* hv4-vf[0-9]*$" "$TOP/ctl.out" &&
	pass "nosave: opensm's registry still has vm-b on hv4" ||
	fail "nosave: registry: $(grep '^vm-b ' "$TOP/ctl.out")"
rmdir "$state.pending"
migrate saved-again vm-b hv5 itrc
grep -q "^vm-b [^ ]* $(vf_guid 5 1) " "$state" &&
	pass "saved-again: the state file has vm-b on hv5-vf1" ||
	fail "saved-again: state file: $(grep '^vm-b ' "$state")"

# --- three levels (PGFT 3;2,2,2;1,2,2, 2 VFs per hypervisor): across
# leaves of one pod (hv0 -> hv2) and across pods (hv0 -> hv6)
"$OSMCLOUD" gen --pgft '3;2,2,2;1,2,2' --vswitch 2 -o "$TOP/pods.net" >/dev/null 2>&1 ||
	fail "pods: osmcloud gen failed"
rm -f "$state"
echo "$(vf_guid 0 1) vm-p" >"$TOP/vms.txt"
route_and_check pods "$TOP/pods.net" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" "$quiet" "$nocache"
heavy_sweep || fail "pods: no SUBNET UP after the second heavy sweep"
for m in ftreeminrc itrc; do
	migrate pod-$m vm-p hv2 $m
	eval "pod_$m=\$MIG_SWITCHES"
	migrate pod-$m-back vm-p hv0 $m
	migrate pods-$m vm-p hv6 $m
	eval "pods_$m=\$MIG_SWITCHES"
	migrate pods-$m-back vm-p hv0 $m
done
no_more_switches "within a pod" "$pod_ftreeminrc" "$pod_itrc"
no_more_switches "across pods" "$pods_ftreeminrc" "$pods_itrc"
migrate pods-last vm-p hv7 ftreeminrc
vf_p=$(sed -n 's/.*idle VF \([^ ]*\) .*/\1/p' "$TOP/pods-last/migrate.out")
lid_p=$(sed -n 's/^migrated [^ ]* (LID \([0-9]*\)).*/\1/p' "$TOP/pods-last/migrate.out")
after_sweep pods-sweep vm-p "$vf_p" "$lid_p"

# --- a second migration while one is in flight (needs two doors: the
# patched opensm's console besides the control socket; the socket serves
# one client at a time).  ibsim holds every reply for 6 s ("Wait 6").
# (the build script is idempotent and locks its prefix, so commands.sh
# may be building the same binary at the same time)
patched=$OC_BUILDDIR/opensm-patched
if "$OC_SRCDIR/scripts/build-patched-opensm.sh" "$patched" >"$TOP/build-opensm.log" 2>&1; then
	rm -f "$state"
	echo "$(vf_guid 0 1) vm-a" >"$TOP/vms.txt"
	OSM_BIN=$patched/sbin/opensm route_and_check inflight "$topo" \
		"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" "$quiet" "$nocache"
	heavy_sweep || fail "inflight: no SUBNET UP after the second heavy sweep"
	printf 'Wait 6\n' >"$RUN/sim.fifo"
	sim_asleep || fail "inflight: ibsim did not start its Wait"
	ctl migrate vm-a hv7 itrc &
	first=$!
	# the first migration's SMPs are posted and unanswered: it is in flight
	osm_smps_outstanding || fail "inflight: no SMP outstanding after the first migrate"
	out=$(osm_console "osmcloud migrate vm-a hv8")
	wait $first
	st=$?
	echo "$out" | grep -q "another operation is in flight" &&
		pass "inflight: a second migration is refused:$out" ||
		fail "inflight: second migration: $out"
	[ $st -eq 0 ] && grep -q "^migrated vm-a .* to hv7" "$TOP/ctl.out" &&
		pass "inflight: the first one completed: $(grep -o 'last ack.*' "$TOP/ctl.out")" ||
		fail "inflight: first migration: $(cat "$TOP/ctl.out")"
	ctl vms && grep -q "^vm-a .* hv7-vf1$" "$TOP/ctl.out" &&
		pass "inflight: the registry has vm-a on hv7-vf1 only" ||
		fail "inflight: registry: $(cat "$TOP/ctl.out")"
else
	fail "inflight: building the patched opensm failed: $(tail -n 5 "$TOP/build-opensm.log")"
fi

# --- no registry: refused
opensm_route noreg "$topo" vswitch_ftree "event_plugin_options ctl=$sock" "$quiet"
refuse "no registry" 'no VM registry' migrate vm-a hv3
finish
