#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The registry is on disk before the fabric moves: when the state cannot
# be written (fsync fails with ENOSPC, as on a full disk: the shim
# failsync.so), a migration is refused and sends nothing; a move that
# was done is never undone by a restart; a change staged by an operation
# that was interrupted (PATH.pending) is taken at the next start when its
# generation is above the state file's, and removed when not.  A
# state file another SM replaced is never overwritten by this one.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test registry-save
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
shim=$OC_BUILDDIR/tests/fault/.libs/failsync.so
[ -e "$shim" ] || fail "no $shim (make check builds it)"
{
	echo "$(vf_guid 0 1) vm-a"
	echo "$(vf_guid 5 2) vm-b"
} >"$TOP/vms.txt"

# opensm through a wrapper that adds the shim to umad2sim's preload
cat >"$TOP/opensm-failsync" <<EOS
#!/bin/sh
LD_PRELOAD="\$LD_PRELOAD:$shim" OC_FAIL_FSYNC_MATCH="$state.pending" \
	OC_FAIL_FSYNC_WHILE="$TOP/disk-full" exec /usr/sbin/opensm "\$@"
EOS
chmod +x "$TOP/opensm-failsync"

# vm_on VM: "VF-name LID" of VM in the registry.
vm_on() {
	ctl vms && awk -v v="$1" '$1 == v { print $NF, $4 }' "$TOP/ctl.out"
}

OSM_BIN=$TOP/opensm-failsync route_and_check first "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock"

ctl migrate vm-a hv3 && grep -q "^migrated vm-a" "$TOP/ctl.out" &&
	pass "move: $(head -n 1 "$TOP/ctl.out")" || fail "move: $(cat "$TOP/ctl.out")"
set -- $(vm_on vm-a)
moved_vf=$1 moved_lid=$2
grep -q "^vm-a .* $moved_lid " "$state" && [ ! -e "$state.pending" ] &&
	pass "move: the state file has vm-a's move, nothing left pending" ||
	fail "move: state file: $(grep vm-a "$state"); pending: $(ls "$state".pending 2>&1)"

# the disk is full: the migration is refused before any SMP
touch "$TOP/disk-full"
cp "$state" "$TOP/state.before"
sim_cmd Dump >"$TOP/full-before.dump"
set -- $(vm_on vm-b)
b_vf=$1 b_lid=$2
ctl migrate vm-b hv7
rc=$?
[ $rc -eq 1 ] && grep -q "refused: the registry could not be written before the change, so nothing was sent: .*vms.state.pending: cannot write the VM state: No space left on device" "$TOP/ctl.out" &&
	pass "full: refused: $(head -n 1 "$TOP/ctl.out")" ||
	fail "full: status $rc: $(cat "$TOP/ctl.out")"
sim_cmd Dump >"$TOP/full-after.dump"
same_dump "$TOP/full-before.dump" "$TOP/full-after.dump" &&
	pass "full: no LID and no LFT entry changed in the fabric (ibsim Dump identical)" ||
	fail "full: the fabric changed: $(diff "$TOP/full-before.dump" "$TOP/full-after.dump" | head -n 5)"
cmp -s "$state" "$TOP/state.before" && [ ! -e "$state.pending" ] &&
	pass "full: the state file is unchanged, nothing left pending" ||
	fail "full: the state file changed or a pending file remains"
[ "$(vm_on vm-b)" = "$b_vf $b_lid" ] &&
	pass "full: the registry still has vm-b on $b_vf with LID $b_lid" ||
	fail "full: registry: $(vm_on vm-b)"

# space again: the same migration goes through
rm -f "$TOP/disk-full"
ctl migrate vm-b hv7 && grep -q "^migrated vm-b" "$TOP/ctl.out" &&
	pass "space: $(head -n 1 "$TOP/ctl.out")" || fail "space: $(cat "$TOP/ctl.out")"
set -- $(vm_on vm-b)
b_vf=$1 b_lid=$2

# another SM wrote the state file (a shared file, a new inode): this SM's
# registry may be stale, so it refuses to move anything or overwrite it
cp "$state" "$TOP/state.other" && mv "$TOP/state.other" "$state"
cp "$state" "$TOP/state.before"
sim_cmd Dump >"$TOP/other-before.dump"
ctl migrate vm-a hv5
rc=$?
sim_cmd Dump >"$TOP/other-after.dump"
[ $rc -eq 1 ] && grep -q "refused: the state file $state changed since this SM read it (generation [0-9]* there, [0-9]* read or written here; another SM wrote it?)" "$TOP/ctl.out" &&
	pass "other SM: refused: $(head -n 1 "$TOP/ctl.out" | cut -c 1-140)" ||
	fail "other SM: status $rc: $(cat "$TOP/ctl.out")"
same_dump "$TOP/other-before.dump" "$TOP/other-after.dump" && cmp -s "$state" "$TOP/state.before" &&
	[ ! -e "$state.pending" ] &&
	pass "other SM: the fabric (ibsim Dump) and the state file are unchanged" ||
	fail "other SM: the fabric or the state file changed"

# a restart with an empty LID cache keeps both moves
route_and_check restart "$topo" "event_plugin_options state=$state"
for vm in "vm-a $moved_vf $moved_lid" "vm-b $b_vf $b_lid"; do
	set -- $vm
	got=$(dump_lid "$2" "$RUN/restart.dump")
	[ "$got" = "$3" ] && pass "restart: $1's LID $3 is still on $2" ||
		fail "restart: $2 has LID '$got', $1's is $3"
done

# a leftover PATH.pending no newer than the state file (its generation
# not above the file's) is never applied: removed, the file kept
gen=$(sed -n 's/^generation //p' "$state")
sed "s/^\\(vm-a [^ ]*\\) [^ ]* /\\1 $(vf_guid 0 1) /" "$state" >"$state.pending"
cp "$state" "$TOP/state.before"
route_and_check old-pending "$topo" "event_plugin_options state=$state"
grep -q "vms.state.pending (generation $gen) is not newer than .*vms.state (generation $gen): a leftover of an older change; removed, not applied" "$RUN/osm.log" &&
	[ ! -e "$state.pending" ] && cmp -s "$state" "$TOP/state.before" &&
	pass "old pending: generation $gen, not newer: removed, the state file kept" ||
	fail "old pending: $(grep -m1 pending "$RUN/osm.log")"

# an operation interrupted after staging: its PATH.pending (generation the
# file's + 1) is taken by the master (here vm-a's record staged back on
# hv0-vf1 with its LID)
sed "s/^\\(vm-a [^ ]*\\) [^ ]* /\\1 $(vf_guid 0 1) /; s/^generation .*/generation $((gen + 1))/" \
	"$state" >"$state.pending"
route_and_check pending "$topo" "event_plugin_options state=$state"
grep -q "vms.state.pending (generation $((gen + 1))): an operation was interrupted after staging its change: taking it (2 VMs)" "$RUN/osm.log" &&
	pass "pending: the staged change is taken and logged" ||
	fail "pending: no log line taking vms.state.pending"
got=$(dump_lid hv0-vf1 "$RUN/pending.dump")
[ "$got" = "$moved_lid" ] && [ ! -e "$state.pending" ] &&
	grep -q "^vm-a [^ ]* $(vf_guid 0 1) $moved_lid " "$state" &&
	pass "pending: hv0-vf1 has vm-a's LID $moved_lid and the state file took the change" ||
	fail "pending: hv0-vf1 has LID '$got' (want $moved_lid); $(grep vm-a "$state")"

# a torn pending file (a crash while staging: nothing was sent) is dropped
printf 'osmcloud-vm-state 3\nvm-a 0x1' >"$state.pending"
cp "$state" "$TOP/state.before"
route_and_check torn "$topo" "event_plugin_options state=$state"
grep -q "vms.state.pending:2: expected .*the staged file is removed" "$RUN/osm.log" &&
	[ ! -e "$state.pending" ] && cmp -s "$state" "$TOP/state.before" &&
	pass "torn: the torn staged file is removed, the state file is kept" ||
	fail "torn: $(grep -m1 pending "$RUN/osm.log")"
finish
