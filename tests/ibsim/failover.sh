#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Failover keeps every VM: a master and a standby opensm (both with the
# plugin) on two CA ports of one ibsim fabric.  Migrations through the
# master, the master is killed (SIGKILL: no handover), the standby takes
# over: every VM keeps its LID on the VF it moved to (ibsim's Dump), the
# new master's registry equals the old master's, the checker passes on
# the Dump, the VM with its own vGUID is found by GID through the new
# master's SA (OpenSM's alias GUID table), and the next migration through
# the new master is right.  Twice: both SMs sharing one state file, and a
# standby whose own state file is older than the fabric (reconciled at
# its first sweep as master, every correction logged).  Prints the
# takeover time and the VMs kept.
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/failover_lib.sh"
start_test failover
trap 'sm_stop_all; run_cleanup' EXIT
topo=$TOPOS/vswitch-ft-default.net
peer=hv3-pf
vguid=0x00aa000000000001
{
	echo "$(vf_guid 0 1) vm-a vguid=$vguid"
	echo "$(vf_guid 5 2) vm-b"
	echo "$(vf_guid 6 1) vm-c"
	for j in 1 2 3 4; do echo "$(vf_guid 11 $j) vm-full$j"; done
} >"$TOP/vms.txt"

# scenario TAG SHARED: SHARED 1: one state file for both SMs; 0: the
# standby has a copy of the master's file taken before the migrations;
# 2: the standby has no state file (copied after the refusals).
scenario() {
	local tag=$1 shared=$2 mstate sstate sockm socks t0 t1 before after
	local counts fixes pr peer_guid lid_a vf_a
	sm_stop_all
	run_stop
	run_new "$tag" || return 1
	sim_start "$topo" || { fail "$tag: ibsim did not start"; return 1; }
	mstate=$TOP/$tag-master.state
	sstate=$mstate
	[ "$shared" = 1 ] || sstate=$TOP/$tag-standby.state
	sockm=$TOP/$tag-master.sock socks=$TOP/$tag-standby.sock
	sm_conf "${tag}_m" 15 \
		"event_plugin_options vms=$TOP/vms.txt state=$mstate ctl=$sockm" \
		"sweep_on_trap FALSE" "use_ucast_cache FALSE"
	sm_conf "${tag}_s" 1 \
		"event_plugin_options vms=$TOP/vms.txt state=$sstate ctl=$socks" \
		"sweep_on_trap FALSE" "use_ucast_cache FALSE"
	sm_start "${tag}_m" hv0-pf
	sm_log_wait "${tag}_m" "SUBNET UP" 1 120 ||
		{ fail "$tag: the master did not reach SUBNET UP"; return 1; }
	[ "$shared" = 0 ] && cp "$mstate" "$sstate"
	sm_start "${tag}_s" hv11-pf
	sm_log_wait "${tag}_s" "Entering STANDBY state" 1 60 &&
		pass "$tag: the second opensm is STANDBY" ||
		{ fail "$tag: the second opensm did not enter STANDBY"; return 1; }
	sm_log_wait "${tag}_s" "osmcloud: control socket" 1 10 ||
		fail "$tag: the standby's plugin has no control socket"

	# --- the standby refuses what changes the fabric, answers the rest
	mkdir -p "$TOP/$tag-refuse"
	sim_cmd Dump >"$TOP/$tag-refuse/before.dump"
	[ "$shared" = 2 ] || cp "$sstate" "$TOP/$tag-refuse/state.before"
	sock=$socks
	expect_status 3 "$tag: standby: migrate" "this SM is not master (state STANDBY); the master is \"hv0-pf\"" \
		migrate vm-a hv7
	expect_status 3 "$tag: standby: boot" "not master" boot vm-z hv7
	expect_status 3 "$tag: standby: stop" "not master" stop vm-c
	sim_cmd Dump >"$TOP/$tag-refuse/$tag-refuse.dump"
	[ "$(block_diff "$TOP/$tag-refuse/before.dump" "$TOP/$tag-refuse/$tag-refuse.dump")" = 0 ] &&
		cmp -s <(ca_lids "$TOP/$tag-refuse/before.dump") <(ca_lids "$TOP/$tag-refuse/$tag-refuse.dump") &&
		pass "$tag: standby: no LFT block and no CA LID changed in ibsim" ||
		fail "$tag: standby: the fabric changed after the refusals"
	if [ "$shared" = 2 ]; then
		[ ! -e "$sstate" ] && pass "$tag: standby: no state file written" ||
			fail "$tag: standby: a state file appeared"
	else
		cmp -s "$sstate" "$TOP/$tag-refuse/state.before" &&
			pass "$tag: standby: its state file is unchanged" || fail "$tag: standby: state file changed"
		ctl vms && grep -q "^vm-a " "$TOP/ctl.out" && pass "$tag: standby: 'vms' answers" ||
			fail "$tag: standby: vms: $(cat "$TOP/ctl.out")"
	fi
	ctl vms && grep -q "^registry: unreconciled: this SM is not master" "$TOP/ctl.out" &&
		pass "$tag: standby: 'vms' says its registry is unreconciled" ||
		fail "$tag: standby: vms: $(tail -n 1 "$TOP/ctl.out")"
	ctl stats && grep -q "no operation yet" "$TOP/ctl.out" &&
		pass "$tag: standby: 'stats' answers: no operation" || fail "$tag: standby: stats: $(cat "$TOP/ctl.out")"
	grep -q "osmcloud: migrate refused: this SM is not master" "$TOP/${tag}_s/osm.log" &&
		pass "$tag: standby: the refusal is in its log" || fail "$tag: standby: no refusal in its log"

	# --- migrations through the master
	sock=$sockm
	for mv in "vm-a hv7" "vm-b hv4" "vm-c hv9" "vm-a hv8"; do
		ctl migrate $mv ftreeminrc && pass "$tag: master: migrate $mv" ||
			fail "$tag: master: migrate $mv: $(cat "$TOP/ctl.out")"
	done
	before=$(vm_lines "$sockm")
	[ "$(echo "$before" | grep -c .)" -eq 7 ] || fail "$tag: master registry: $before"

	# --- the master dies; the standby takes over
	t0=$(date +%s.%N)
	sm_kill "${tag}_m"
	sm_log_wait "${tag}_s" "Entering MASTER state" 1 60 &&
		sm_log_wait "${tag}_s" "SUBNET UP" 1 60 &&
		pass "$tag: the standby took over (Entering MASTER state, SUBNET UP)" ||
		{ fail "$tag: the standby did not take over"; return 1; }
	t1=$(date +%s.%N)
	echo "figure: $tag: takeover $(echo "$t1 - $t0" | bc | sed 's/^\./0./') s from SIGKILL to the new master's SUBNET UP"
	[ "$shared" = 2 ] && no_registry "$tag" "$socks" "$mstate" "$sstate"
	grep -q "osmcloud: master: registry .* reconciled with the fabric" "$TOP/${tag}_s/osm.log" &&
		pass "$tag: the new master reconciled its registry: $(grep -o 'reconciled with the fabric.*' "$TOP/${tag}_s/osm.log" | tail -n 1)" ||
		fail "$tag: no reconciliation in the new master's log"
	fixes=$(grep -c "osmcloud: reconcile: VM .*: moved there" "$TOP/${tag}_s/osm.log")
	if [ "$shared" != 0 ]; then
		[ "$fixes" -eq 0 ] && pass "$tag: shared state: nothing to correct" ||
			fail "$tag: shared state: $fixes corrections"
	else
		[ "$fixes" -eq 3 ] && pass "$tag: stale state: 3 VMs corrected from the fabric, each logged" ||
			fail "$tag: stale state: $fixes corrections logged, want 3"
		grep "osmcloud: reconcile:" "$TOP/${tag}_s/osm.log" | sed 's/^.*osmcloud: /  /'
	fi
	after=$(vm_lines "$socks")
	[ "$after" = "$before" ] &&
		pass "$tag: the new master's registry equals the old master's (7 VMs, VFs and LIDs)" ||
		fail "$tag: registries differ: old: $before / new: $after"
	mkdir -p "$TOP/$tag-after"
	sim_cmd Dump >"$TOP/$tag-after/$tag-after.dump"
	check_dump "$tag-after" && pass "$tag: after the takeover the checker passes on the Dump" ||
		fail "$tag: after the takeover the checker fails"
	counts=$(vms_on_fabric "$tag-after" "$before")
	[ "${counts##* }" = 0 ] && [ "${counts%% *}" = 7 ] &&
		pass "$tag: every VM keeps its LID on the VF it moved to (7 of 7 in ibsim)" ||
		fail "$tag: VMs on their VFs in ibsim: $counts"
	echo "figure: $tag: VMs kept ${counts%% *} of 7"
	lid_a=$(echo "$before" | awk '$1 == "vm-a" { print $4 }')
	peer_guid=$(awk -v n="\"$peer\"" '$1 == "Ca" && $3 == n { getline; print "0x" $1; exit }' \
		"$TOP/$tag-after/$tag-after.dump")
	sa_query "$peer" "$TOP/$tag.pr" --sgid-to-dgid "$(gid "$peer_guid")-$(gid "$vguid")"
	pr=$(pr_dlid "$TOP/$tag.pr")
	[ -n "$lid_a" ] && [ "$pr" = "$lid_a" ] &&
		pass "$tag: the new master's SA resolves vm-a's GID (vGUID $vguid) to LID $pr" ||
		fail "$tag: PathRecord to vm-a's GID: DLID '$pr', want $lid_a"
	[ "$(gir_index1 "$TOP/$tag.gir" "$peer" "$lid_a")" = "$vguid" ] &&
		pass "$tag: the VF holding vm-a's LID has its vGUID as alias GUID (index 1)" ||
		fail "$tag: GUIDInfoRecord of LID $lid_a: $(head -n 5 "$TOP/$tag.gir")"

	# --- the next migration through the new master
	sock=$socks
	vf_a=$(echo "$before" | awk '$1 == "vm-a" { print $5 }')
	mkdir -p "$TOP/$tag-next"
	if ctl migrate vm-a hv1 itrc; then
		sed 's/^/  /' "$TOP/ctl.out"
		grep -q "^migrated vm-a (LID $lid_a) from hv8 to hv1" "$TOP/ctl.out" &&
			pass "$tag: the new master moves vm-a (LID $lid_a) from hv8 ($vf_a) to hv1" ||
			fail "$tag: next migration: $(head -n 1 "$TOP/ctl.out")"
	else
		fail "$tag: next migration refused: $(cat "$TOP/ctl.out")"
	fi
	sim_cmd Dump >"$TOP/$tag-next/$tag-next.dump"
	check_dump "$tag-next" && pass "$tag: after the next migration the checker passes" ||
		fail "$tag: after the next migration the checker fails"
	counts=$(vms_on_fabric "$tag-next" "$(vm_lines "$socks")")
	[ "$counts" = "7 0" ] && pass "$tag: every VM on its VF after the next migration" ||
		fail "$tag: after the next migration: $counts"
	sm_stop_all
}

# no_registry TAG SOCKET MASTER-STATE STATE: the new master without a
# state file refuses (unreconciled, exit 5, nothing sent, says why), then
# takes the old master's file copied to STATE at the next operation.
no_registry() {
	local tag=$1 dir=$TOP/$1-empty
	sock=$2
	mkdir -p "$dir"
	sim_cmd Dump >"$dir/before.dump"
	grep -q "ERR .*osmcloud: becoming master: the registry $4 cannot be reconciled with the fabric: this SM has no registry ($4 does not exist) and took over from another master: it does not seed one from the vms= file" \
		"$TOP/${tag}_s/osm.log" &&
		pass "$tag: no registry: an ERR says why it does not seed from vms=" ||
		fail "$tag: no registry: no ERR in the new master's log"
	expect_status 5 "$tag: no registry: migrate" \
		"refused: this SM's registry is not reconciled with the fabric: this SM has no registry" \
		migrate vm-a hv1
	expect_status 5 "$tag: no registry: boot" "not reconciled" boot vm-z hv7
	expect_status 5 "$tag: no registry: stop" "not reconciled" stop vm-c
	sim_cmd Dump >"$dir/$tag-empty.dump"
	[ "$(block_diff "$dir/before.dump" "$dir/$tag-empty.dump")" = 0 ] &&
		cmp -s <(ca_lids "$dir/before.dump") <(ca_lids "$dir/$tag-empty.dump") &&
		[ ! -e "$4" ] &&
		pass "$tag: no registry: no LFT block and no CA LID changed, no state file written" ||
		fail "$tag: no registry: the fabric or the state changed after the refusals"
	timeout 60 "$OSMCLOUD" ctl --socket "$sock" --json vms >"$dir/vms.json" 2>&1
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert d["registry"] == "unreconciled" and "no registry" in d["registry_why"] and d["vms"] == [], d' \
		"$dir/vms.json" &&
		pass "$tag: no registry: vms says \"registry\": \"unreconciled\" and why" ||
		fail "$tag: no registry: vms: $(cat "$dir/vms.json")"
	cp "$3" "$4"
	expect_status 0 "$tag: the old master's file copied: an operation reconciles it first" \
		"VM \"vm-none\" is not in the registry" stop vm-none
}

scenario shared 1
scenario stale 0
scenario empty 2
sm_stop_all
finish
