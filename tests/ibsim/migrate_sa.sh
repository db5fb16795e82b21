#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# What a peer sees of a live migration through OpenSM's SA, and a
# migration racing a heavy sweep.  A single-record PathRecord query (ibsim
# has no RMPP) from a PF that never moves resolves the VM to the same LID
# before and after a migration by LID swap and by LID copy, and the SA
# only answers when new_lft delivers the path.  The VM has a GUID of its
# own (vguid= in the VM file): by GID (fe80::/64 + that vGUID) it also
# resolves to the same LID before and after each move, because the vGUID
# follows the VM as an alias GUID of its VF in OpenSM's model; the plugin
# sends the two GUIDInfo Sets (ibsim refuses them: docs/plugin.md).  Then
# 'resweep heavy' on the console and at once a migration through the
# control socket: both complete, the checker passes, the VM's LID is on
# the destination VF in ibsim, in guid2lid and in the registry.
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/sa_lib.sh"
start_test migrate-sa
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
peer=hv3-pf
vguid=0x00aa000000000001
{
	echo "$(vf_guid 0 1) vm-a vguid=$vguid"
	for j in 1 2 3 4; do echo "$(vf_guid 1 $j) fill-$j"; done
} >"$TOP/vms.txt"

# pr_by_lid TAG VM LID: the PathRecord peer -> LID has DLID LID.
pr_by_lid() {
	local out=$TOP/$1.pr-lid dlid
	sa_query "$peer" "$out" --src-to-dst "$(dump_lid $peer "$RUN/start.dump"):$3"
	dlid=$(pr_dlid "$out")
	[ "$dlid" = "$3" ] &&
		pass "$1: PathRecord $peer -> LID $3 ($2): DLID $dlid, delivered by new_lft" ||
		fail "$1: PathRecord $peer -> LID $3 ($2): '$(head -n 3 "$out")'"
}

# pr_by_gid TAG GUID LID WHAT: the PathRecord peer -> GID of GUID has DLID
# LID.
pr_by_gid() {
	local out=$TOP/$1.pr-gid dlid sgid
	sgid=$(gid "$(dump_guid $peer)")
	sa_query "$peer" "$out" --sgid-to-dgid "$sgid-$(gid "$2")"
	dlid=$(pr_dlid "$out")
	[ -n "$3" ] && [ "$dlid" = "$3" ] &&
		pass "$1: PathRecord $peer -> GID $(gid "$2"): DLID $dlid ($4)" ||
		fail "$1: PathRecord $peer -> GID $(gid "$2"): DLID '$dlid', want $3 ($4)"
}

# gir_index1 TAG LID GUID WHAT: the SA's GUIDInfoRecord (block 0) of the
# port with LID has GUID at index 1.
gir_index1() {
	local out=$TOP/$1.gir-$2 got
	sa_query "$peer" "$out" GIR "$2/0"
	got=$(awk '/GUID 1\./ { sub(/.*\./, ""); print; exit }' "$out")
	[ "$got" = "$3" ] &&
		pass "$1: SA GUIDInfoRecord of LID $2 ($4): index 1 is $3" ||
		fail "$1: SA GUIDInfoRecord of LID $2 ($4): index 1 '$got', want $3"
}

# dump_guid NAME: the port GUID of one-port CA NAME in the start Dump.
dump_guid() {
	awk -v n="\"$1\"" '$1 == "Ca" && $3 == n { getline
		print "0x" $1; exit }' "$RUN/start.dump"
}

# lid_of VM: its LID in the registry; vf_of VM: its VF.
lid_of() {
	ctl vms && awk -v v="$1" '$1 == v { print $4 }' "$TOP/ctl.out"
}
vf_of() {
	ctl vms && awk -v v="$1" '$1 == v { print $NF }' "$TOP/ctl.out"
}

# moved TAG VM LID: the Dump of TAG passes the checker and has LID on the
# VF the registry gives VM; guid2lid agrees.
moved() {
	local tag=$1 vf got guid hex
	mkdir -p "$TOP/$tag"
	sim_cmd Dump >"$TOP/$tag/$tag.dump"
	check_dump "$tag" && pass "$tag: LFTs read back from ibsim pass the checker" ||
		fail "$tag: LFTs read back from ibsim fail the checker"
	vf=$(vf_of "$2")
	got=$(dump_lid "$vf" "$TOP/$tag/$tag.dump")
	[ -n "$vf" ] && [ "$got" = "$3" ] &&
		pass "$tag: $2's LID $3 is on $vf (registry and ibsim)" ||
		fail "$tag: the registry has $2 on '$vf', which has LID '$got', want $3"
	guid=$(printf '0x%016x' "$(dump_guid "$vf")")
	hex=$(printf '0x%04x' "$3")
	grep -qi "^$guid $hex $hex\$" "$RUN/cache/guid2lid" &&
		pass "$tag: guid2lid has $vf ($guid) at LID $3" ||
		fail "$tag: guid2lid: '$(grep -i "^$guid " "$RUN/cache/guid2lid")', want LID $3"
}

route_and_check start "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" \
	"sweep_on_trap FALSE" "use_ucast_cache FALSE"
heavy_sweep && pass "start: second heavy sweep done (need_update cleared)" ||
	fail "start: no SUBNET UP after the second heavy sweep"
lid=$(lid_of vm-a)
ctl vms
grep -q "^vm-a  *$vguid " "$TOP/ctl.out" &&
	pass "start: the registry gives vm-a its own vGUID $vguid" ||
	fail "start: vm-a's vGUID: $(grep '^vm-a' "$TOP/ctl.out")"

# --- before: by LID and by GID
pr_by_lid before vm-a "$lid"
pr_by_gid before "$vguid" "$lid" "vm-a's own vGUID on hv0-vf1"

# --- a LID swap (hv0 -> hv7, idle VF) and a LID copy (-> hv1, whose VF
# is left without a LID by stopping a filler)
ctl migrate vm-a hv7 ftreeminrc && sed 's/^/  /' "$TOP/ctl.out" ||
	fail "swap: migrate failed: $(cat "$TOP/ctl.out")"
cp "$TOP/ctl.out" "$TOP/swap.out"
moved swap vm-a "$lid"
pr_by_lid swap vm-a "$lid"
pr_by_gid swap "$vguid" "$lid" "the vGUID moved with vm-a"
gir_index1 swap "$lid" "$vguid" "the VF vm-a moved to"
idle=$(sed -n 's/.*idle VF [^ ]* (LID \([0-9]*\)) swapped.*/\1/p' "$TOP/swap.out")
gir_index1 swap "$idle" 0x0000000000000000 "hv0-vf1, the VF vm-a left"
grep -q "GUIDInfo 2, SMPs 10 (qp0 sent 10)" "$TOP/swap.out" &&
	pass "swap: GUIDInfo Sets sent to both VFs (10 SMPs in all)" ||
	fail "swap: GUIDInfo SMPs: $(grep -o 'GUIDInfo.*qp0 sent [0-9]*' "$TOP/swap.out")"
ctl stop fill-1 ftreeminrc || fail "copy: stop fill-1: $(cat "$TOP/ctl.out")"
ctl migrate vm-a hv1 ftreeminrc && sed 's/^/  /' "$TOP/ctl.out" ||
	fail "copy: migrate failed: $(cat "$TOP/ctl.out")"
grep -q "LID copied to VF hv1-vf1" "$TOP/ctl.out" && pass "copy: a LID copy to hv1-vf1" ||
	fail "copy: not a copy: $(head -n 1 "$TOP/ctl.out")"
moved copy vm-a "$lid"
pr_by_lid copy vm-a "$lid"
pr_by_gid copy "$vguid" "$lid" "the vGUID moved with vm-a"

# --- 'resweep heavy' and at once a migration: the lock serialises them
n=$(log_count "SUBNET UP")
osm_console "resweep heavy" >"$TOP/race.console" &
console=$!
ctl migrate vm-a hv8 itrc
st=$?
cp "$TOP/ctl.out" "$TOP/race.out"
sed 's/^/  /' "$TOP/race.out"
wait $console
[ $st -eq 0 ] && grep -q "^migrated vm-a (LID $lid) from hv1 to hv8" "$TOP/race.out" &&
	pass "race: the migration completed during the heavy sweep" ||
	fail "race: migration: $(cat "$TOP/race.out")"
wait_log "SUBNET UP" $((n + 1)) 60 && pass "race: the heavy sweep completed (SUBNET UP)" ||
	fail "race: no SUBNET UP after 'resweep heavy'"
grep -q "a heavy sweep overlapped" "$TOP/race.out" &&
	echo "note: race: the sweep overlapped the migration (blocks checked against OpenSM's tables)" ||
	echo "note: race: the sweep did not overlap the migration this time"
moved race vm-a "$lid"
pr_by_lid race vm-a "$lid"
pr_by_gid race "$vguid" "$lid" "the vGUID moved with vm-a"
heavy_sweep || fail "race: no SUBNET UP after a further heavy sweep"
moved race-sweep vm-a "$lid"
pr_by_gid race-sweep "$vguid" "$lid" "a heavy sweep keeps the vGUID on vm-a's VF"

# --- reroute: vswitch_ftree re-balances for the VMs where they are now.
# opensm writes opensm-lfts.dump at heavy sweeps only, so a heavy sweep
# follows the reroute; its tables equal the offline router's with the
# registry's VFs as the VM file (and differ from the boot-time VM file's),
# and the VM keeps its LID and GID.
ctl vms
awk 'NF == 6 && NR > 1 { w = $5 == "auto" ? "" : $5; print $3, $1, w }' \
	"$TOP/ctl.out" >"$TOP/vms-now.txt"
grep -q "^$(vf_guid 8 1) vm-a" "$TOP/vms-now.txt" &&
	pass "reroute: the registry has vm-a on hv8-vf1 ($(wc -l <"$TOP/vms-now.txt") VMs)" ||
	fail "reroute: registry VMs: $(cat "$TOP/vms-now.txt")"
r=$(log_count "vswitch_ftree: routed")
osm_console reroute >/dev/null
wait_log "vswitch_ftree: routed" $((r + 1)) 60 &&
	pass "reroute: vswitch_ftree routed again" ||
	fail "reroute: no routing run after 'reroute'"
heavy_sweep || fail "reroute: no SUBNET UP after the heavy sweep"
same_as_offline start "$topo" --vms "$TOP/vms-now.txt"
"$OSMCLOUD" route --topo "$topo" --guid2lid "$RUN/cache/guid2lid" -q \
	-o "$TOP/boot-vms.dump" --vms "$TOP/vms.txt" &&
	! cmp -s <(lft_triples "$TOP/boot-vms.dump") <(lft_triples "$RUN/tmp/opensm-lfts.dump") &&
	pass "reroute: the tables differ from routing the VMs where they booted" ||
	fail "reroute: the tables equal routing the VMs where they booted"
moved reroute vm-a "$lid"
pr_by_gid reroute "$vguid" "$lid" "a reroute keeps the vGUID on vm-a's VF"

# --- stop: the vGUID leaves OpenSM's alias table with the VM
ctl stop vm-a ftreeminrc && grep -q "GUIDInfo 1," "$TOP/ctl.out" &&
	pass "stop: vm-a stopped, one GUIDInfo Set clears its VF's index 1" ||
	fail "stop: $(cat "$TOP/ctl.out")"
sa_query "$peer" "$TOP/stop.pr-gid" --sgid-to-dgid "$(gid "$(dump_guid $peer)")-$(gid "$vguid")"
[ -z "$(pr_dlid "$TOP/stop.pr-gid")" ] &&
	pass "stop: no PathRecord for the stopped VM's GID" ||
	fail "stop: PathRecord for a stopped VM's GID: $(pr_dlid "$TOP/stop.pr-gid")"

# --- boot with vguid=: the GID resolves to the booted VM's LID
pf_guid=$(printf '0x%016x' "$(dump_guid $peer)")
ctl boot vm-b hv8 vguid=$pf_guid
grep -q "refused: vGUID $pf_guid is the port GUID of a port of the subnet" "$TOP/ctl.out" &&
	pass "boot: a vGUID that is a port's GUID is refused" ||
	fail "boot: vguid=<a port GUID>: $(cat "$TOP/ctl.out")"
reject "boot with a vGUID of 17 hex digits" 'bad vGUID "0x1ffffffffffffffff"' \
	boot vm-b hv8 vguid=0x1ffffffffffffffff
refuse "boot with the all-ones vGUID" "vGUID 0xffffffffffffffff is all ones, a reserved GUID" \
	boot vm-b hv8 vguid=0xffffffffffffffff
ctl boot vm-b hv8 1 vguid=$vguid && grep -q "GUIDInfo 1," "$TOP/ctl.out" ||
	fail "boot: vm-b with vguid=$vguid: $(cat "$TOP/ctl.out")"
blid=$(lid_of vm-b)
pr_by_gid boot "$vguid" "$blid" "vm-b booted with the vGUID"
# a port that is down at the boot (issue 25; last: the heavy sweep
# gives stock opensm's free VFs a LID again): when it returns, the SA
# would resolve its GID to the VM's LID; its GUID stays refused
down=$(vf_guid 9 2)
sim_cmd 'Unlink "hv9-vf2"[1]' >/dev/null
heavy_sweep || fail "down: no SUBNET UP after hv9-vf2 went down"
refuse "boot with the GUID of a port that is down now" \
	"vGUID $down was the GUID of a port of the subnet since this SM started" \
	boot vm-c hv8 vguid=$down
finish
