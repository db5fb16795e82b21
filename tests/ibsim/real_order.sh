#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The real order of an SR-IOV live migration with opensm's default sweeps
# (sweep_on_trap TRUE, a non-zero sweep_interval): the VM's VF is detached
# (ibsim: its link goes down; the switch's trap starts a heavy sweep that
# drops the port), heavy sweeps run, then 'migrate' moves the VM to an
# idle VF of another hypervisor, then the old VF comes back.  The VM keeps
# its LID and its GID (own vGUID): a peer's PathRecords by LID and by GID
# give the same DLID before and after; while the VF is detached its LID
# is on no port (still reserved in guid2lid), the checker passes on the
# Dump after every step, and the returning VF gets the idle VF's old LID.
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/failover_lib.sh"
start_test real-order
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
peer=hv3-pf
vguid=0x00aa000000000002
{
	echo "$(vf_guid 0 1) vm-a vguid=$vguid"
	for j in 1 2 3 4; do echo "$(vf_guid 11 $j) vm-full$j"; done
} >"$TOP/vms.txt"

# pr_check TAG LID: PathRecords from the peer to LID and to vm-a's GID
# both have DLID LID.
pr_check() {
	local by_lid by_gid
	sa_query "$peer" "$TOP/$1.pr-lid" --src-to-dst "$(dump_lid $peer "$TOP/start/start.dump"):$2"
	sa_query "$peer" "$TOP/$1.pr-gid" --sgid-to-dgid "$(gid "$peer_guid")-$(gid "$vguid")"
	by_lid=$(pr_dlid "$TOP/$1.pr-lid")
	by_gid=$(pr_dlid "$TOP/$1.pr-gid")
	[ "$by_lid" = "$2" ] && [ "$by_gid" = "$2" ] &&
		pass "$1: PathRecords $peer -> LID $2 and -> vm-a's GID: DLID $2" ||
		fail "$1: PathRecords: by LID '$by_lid', by GID '$by_gid', want $2"
}

# dumped TAG: ibsim's Dump as $TOP/TAG/TAG.dump, checked.
dumped() {
	mkdir -p "$TOP/$1"
	sim_cmd Dump >"$TOP/$1/$1.dump"
	check_dump "$1" && pass "$1: the checker passes on the Dump" ||
		fail "$1: the checker fails on the Dump"
}

route_and_check start "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" \
	"sweep_on_trap TRUE" "sweep_interval 5" "use_ucast_cache FALSE"
lid=$(lid_of vm-a)
peer_guid=$(awk -v n="\"$peer\"" '$1 == "Ca" && $3 == n { getline; print "0x" $1; exit }' \
	"$TOP/start/start.dump")
pr_check before "$lid"

# --- detach: the VF's link goes down; the trap starts a heavy sweep
n=$(log_count "SUBNET UP")
sim_cmd 'Unlink "hv0-vf1"[1]' >/dev/null
wait_log "SUBNET UP" $((n + 1)) 60 &&
	pass "detach: the trap started a heavy sweep (sweep_on_trap TRUE)" ||
	fail "detach: no heavy sweep after the VF went down"
heavy_sweep || fail "detach: no SUBNET UP after a further heavy sweep"
dumped detached
# (ibsim leaves the unlinked port its own LID; no other port may get it)
others=$(ca_lids "$TOP/detached/detached.dump" | awk -v l="$lid" '$2 == l && $1 != "\"hv0-vf1\""')
[ -z "$others" ] && pass "detached: no other CA port has vm-a's LID $lid" ||
	fail "detached: LID $lid was given to $others"
grep -qi "^$(vf_guid 0 1) $(printf '0x%04x 0x%04x' "$lid" "$lid")\$" "$RUN/cache/guid2lid" &&
	pass "detached: guid2lid keeps LID $lid for the detached VF" ||
	fail "detached: guid2lid: '$(grep -i "^$(vf_guid 0 1) " "$RUN/cache/guid2lid")'"
grep -q 'ERR OC02: osmcloud: VM "vm-a": its VF .* is not in the subnet' "$RUN/osm.log" &&
	pass "detached: the missing VF is an ERR for vm-a only" || fail "detached: no ERR for vm-a's VF"
# one ERR however many routing runs find the VF absent, then a summary
# line at each run (issue 25: 20,000 ERR lines for 10,000 VMs)
runs=$(log_count 'osmcloud: 1 VM has its VF absent: "vm-a"')
[ "$(log_count 'VM "vm-a": its VF .* is not in the subnet')" -eq 1 ] && [ "$runs" -ge 2 ] &&
	pass "detached: one ERR for the absent VF, a summary line at each of $runs runs" ||
	fail "detached: $(log_count 'VM "vm-a": its VF .* is not in the subnet') ERR lines, $runs summaries"
[ "$(tables_by)" = vswitch_ftree ] && ! grep -q "minhop tables configured" "$RUN/osm.log" &&
	pass "detached: vswitch_ftree keeps routing the fabric" || fail "detached: routing fell back"

# --- migrate while the VF is detached
n=$(log_count "SUBNET UP")
if ctl migrate vm-a hv7; then
	sed 's/^/  /' "$TOP/ctl.out"
	grep -q "^migrated vm-a (LID $lid) from its detached VF .* to hv7: VF hv7-vf1 took LID $lid (its LID [0-9]* is kept for the detached VF)" "$TOP/ctl.out" &&
		pass "migrate: vm-a moves from its detached VF to hv7-vf1" ||
		fail "migrate: $(head -n 1 "$TOP/ctl.out")"
else
	fail "migrate: refused: $(cat "$TOP/ctl.out")"
fi
idle=$(sed -n 's/.*its LID \([0-9]*\) is kept.*/\1/p' "$TOP/ctl.out")
wait_log "SUBNET UP" $((n + 1)) 60 || fail "migrate: no heavy sweep followed"
dumped migrated
[ "$(dump_lid hv7-vf1 "$TOP/migrated/migrated.dump")" = "$lid" ] &&
	pass "migrated: hv7-vf1 has vm-a's LID $lid in ibsim" ||
	fail "migrated: hv7-vf1 has LID '$(dump_lid hv7-vf1 "$TOP/migrated/migrated.dump")'"
registry migrated vm-a hv7-vf1
pr_check migrated "$lid"
[ "$(gir_index1 "$TOP/migrated.gir" "$peer" "$lid")" = "$vguid" ] &&
	pass "migrated: hv7-vf1's alias GUID (index 1) is vm-a's vGUID" ||
	fail "migrated: GUIDInfoRecord of LID $lid: $(head -n 5 "$TOP/migrated.gir")"

# --- the old VF comes back: it gets the idle VF's old LID, not vm-a's
n=$(log_count "SUBNET UP")
sim_cmd 'ReLink "hv0-vf1"[1]' >/dev/null
wait_log "SUBNET UP" $((n + 1)) 60 || fail "relink: no heavy sweep after the VF came back"
osm_settle
dumped back
[ -n "$idle" ] && [ "$(dump_lid hv0-vf1 "$TOP/back/back.dump")" = "$idle" ] &&
	pass "back: the returning hv0-vf1 has LID $idle (the idle VF's), vm-a keeps $lid" ||
	fail "back: hv0-vf1 has LID '$(dump_lid hv0-vf1 "$TOP/back/back.dump")', want '$idle'"
[ "$(dump_lid hv7-vf1 "$TOP/back/back.dump")" = "$lid" ] &&
	pass "back: hv7-vf1 keeps vm-a's LID $lid" || fail "back: hv7-vf1 lost LID $lid"
pr_check back "$lid"
finish
