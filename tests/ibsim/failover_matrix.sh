#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The failover matrix (docs/failover.md): a master (sm_priority 15, on
# hv0-pf) and a standby (1, on hv11-pf) opensm with the plugin, 24 VMs on
# the default fabric, the master killed (SIGKILL) at the moments where a
# takeover can go wrong.  Every case is judged from ibsim's Dump, not
# from the plugin's answer: each VM's LID is unchanged and held by exactly
# one linked port, the VF the (new) master's registry records; no LID is
# on two ports; the checker passes on the Dump.  Each case ends with a
# further migration through the (new) master whose VM's LID must end on
# the destination VF, off its old VF.  Usage: failover_matrix.sh CASE,
# CASE one of
#   a  one shared state file, the master killed right after a migration
#   b  per-SM state files, the standby's a copy from before migrations, a
#      stop and a boot
#   c  the master killed in the middle of a swap (ibsim frozen: its SMPs
#      in flight): the torn swap
#   d  the master killed while migrating a VM whose VF is detached, after
#      the registry was saved, before OpenSM's sweep programmed the
#      destination
#   e  as the real order: a detached VM migrated, the master killed, the
#      old VF linked again before the standby's first sweep as master
#      (one LID on two ports at that sweep)
#   f  handover back: the old master restarted as a standby takes
#      mastership back after the shared file changed
#   g  a standby restarted with a leftover .pending older than the state
#      file
# Prints one summary line ("case X: ...").
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/failover_lib.sh"
CASE=${1:?usage: failover_matrix.sh a|b|c|d|e|f|g}
start_test "failover-$CASE"
trap 'sm_stop_all; run_cleanup' EXIT
topo=$TOPOS/vswitch-ft-default.net
M=${CASE}_m S=${CASE}_s
sockm=$TOP/master.sock socks=$TOP/standby.sock
mstate=$TOP/master.state
VMS=24

# 24 VMs: VFs 1 and 2 of every hypervisor (VFs 3 and 4 idle); the VMs on
# VF 1 have their own vGUID.
for i in $(seq 0 11); do
	echo "$(vf_guid "$i" 1) vm-$i-1 vguid=$(printf '0x00aa0000000000%02x' "$i")"
	echo "$(vf_guid "$i" 2) vm-$i-2"
done >"$TOP/vms.txt"

# fo_fabric SHARED: ibsim, the master, then the standby (SHARED 1: one
# state file for both; 0: the standby's own, a copy of the master's taken
# when the master is up).
fo_fabric() {
	sstate=$mstate
	[ "$1" = 1 ] || sstate=$TOP/standby.state
	run_new fabric || return 1
	sim_start "$topo" || { fail "ibsim did not start"; return 1; }
	sm_conf "$M" 15 "event_plugin_options vms=$TOP/vms.txt state=$mstate ctl=$sockm" \
		"sweep_on_trap FALSE" "use_ucast_cache FALSE"
	sm_conf "$S" 1 "event_plugin_options vms=$TOP/vms.txt state=$sstate ctl=$socks" \
		"sweep_on_trap FALSE" "use_ucast_cache FALSE"
	sm_start "$M" hv0-pf
	sm_log_wait "$M" "SUBNET UP" 1 120 || { fail "the master did not reach SUBNET UP"; return 1; }
	[ "$1" = 1 ] || cp "$mstate" "$sstate"
	sm_start "$S" hv11-pf
	sm_log_wait "$S" "Entering STANDBY state" 1 60 &&
		sm_log_wait "$S" "osmcloud: control socket" 1 10 ||
		{ fail "the standby did not enter STANDBY with its control socket"; return 1; }
	[ "$(vm_lines "$sockm" | grep -c .)" = "$VMS" ] ||
		{ fail "the master's registry does not have the $VMS VMs"; return 1; }
	pass "master and standby up, $VMS VMs"
}

# fo_op SOCKET ARGS...: a command that must succeed.
fo_op() {
	local sock=$1
	shift
	ctl "$@" && pass "$*: $(head -n 1 "$TOP/ctl.out")" ||
		fail "$*: $(cat "$TOP/ctl.out")"
}

# fo_takeover NAME: SM NAME became master (Entering MASTER state, then
# SUBNET UP) since its log had UP_BEFORE SUBNET UP lines.
fo_takeover() {
	sm_log_wait "$1" "Entering MASTER state" 1 90 &&
		sm_log_wait "$1" "SUBNET UP" $((UP_BEFORE + 1)) 60 &&
		pass "$1 took over (Entering MASTER state, SUBNET UP)" ||
		{ fail "$1 did not take over"; return 1; }
}

# fo_dump TAG: ibsim's Dump in $TOP/TAG/TAG.dump, the checker on it, no
# LID on two linked ports.
fo_dump() {
	mkdir -p "$TOP/$1"
	sim_cmd Dump >"$TOP/$1/$1.dump"
	check_dump "$1" && pass "$1: the checker passes on the Dump" ||
		fail "$1: the checker fails on the Dump"
	local twice
	twice=$(lids_twice "$TOP/$1/$1.dump")
	[ -z "$twice" ] && pass "$1: no LID on two ports in ibsim" ||
		fail "$1: LIDs on two ports in ibsim: $twice"
}

# fo_judge TAG NAME SOCKET BEFORE [UNKNOWN]: SM NAME (on SOCKET) is
# master and reconciled (further heavy sweeps allowed); the Dump judges
# every VM of BEFORE (UNKNOWN of them, default 0, unknown to NAME's
# registry; the VMs in INFLIGHT may be on either VF); sets KEPT and NOW
# (the registry now).
fo_judge() {
	local tag=$1 name=$2 sock=$3 counts
	sm_in "$name" osm_settle || true
	sm_reconciled "$name" "$sock" &&
		pass "$tag: $name's registry is ${SM_REGISTRY:-(no registry member in vms)}" ||
		fail "$tag: $name's registry is still unreconciled after 4 heavy sweeps"
	fo_dump "$tag"
	NOW=$(vm_lines "$sock")
	counts=$(vms_kept "$TOP/$tag/$tag.dump" "$4" "$NOW" "${INFLIGHT:-}")
	echo "$counts" | sed '$d'
	counts=$(echo "$counts" | tail -n 1)
	KEPT=${counts%% *}
	[ "$counts" = "$(echo "$4" | grep -c .) 0 ${5:-0}" ] &&
		pass "$tag: every VM keeps its LID on the VF the registry records ($KEPT in ibsim)" ||
		fail "$tag: VMs kept, lost, unknown to the registry: $counts"
}

# fo_next TAG SOCKET VM HV: the further migration of VM to HV through
# the master on SOCKET moves VM's LID: in the Dump it ends on the VF of
# HV the registry records, the old VF no longer holds it, every other VM
# keeps its LID; sets NEXT_LID.
fo_next() {
	local tag=$1 sock=$2 vm=$3 hv=$4 before lid old new holders counts
	before=$(vm_lines "$sock")
	lid=$(awk -v n="$vm" '$1 == n { print $4 }' <<<"$before")
	old=$(awk -v n="$vm" '$1 == n { print $5 }' <<<"$before")
	NEXT_LID=
	fo_op "$sock" migrate "$vm" "$hv"
	fo_dump "$tag"
	NOW=$(vm_lines "$sock")
	new=$(awk -v n="$vm" '$1 == n { print $5 }' <<<"$NOW")
	holders=$(lid_holders "$TOP/$tag/$tag.dump" "$lid")
	if [ -n "$lid" ] && [ "$holders" = "$new" ] && [ "${new%-vf*}" = "$hv" ] &&
		[ "$new" != "$old" ]; then
		pass "$tag: $vm's LID $lid moved from $old to $new (the one port holding it)"
		NEXT_LID=$lid
	else
		fail "$tag: $vm (LID '$lid', was on $old) recorded on '$new'; linked ports holding LID $lid: ${holders:-none}"
	fi
	counts=$(vms_kept "$TOP/$tag/$tag.dump" "$before" "$NOW" "$vm")
	echo "$counts" | sed '$d'
	[ "$(echo "$counts" | tail -n 1)" = "$(echo "$before" | grep -c .) 0 0" ] &&
		pass "$tag: every other VM keeps its LID" ||
		fail "$tag: after the migration (kept, lost, unknown): $(echo "$counts" | tail -n 1)"
}

# fo_summary [NOTE]: the case's line.
fo_summary() {
	local next="next migration moved LID $NEXT_LID right" kept="LIDs unchanged"
	[ -n "${NEXT_LID:-}" ] || next="next migration WRONG"
	[ "${KEPT:-0}" = "$VMS" ] || kept="$((VMS - ${KEPT:-0})) NOT where the registry says"
	echo "case $CASE: ${KEPT:-0} of $VMS VMs kept, $kept, $next${1:+, $1}"
}

# fo_up_count NAME: SUBNET UP lines in SM NAME's log so far.
fo_up_count() {
	local n
	n=$(grep -caE "SUBNET UP" "$TOP/$1/osm.log" 2>/dev/null)
	echo "${n:-0}"
}

# --- case a: shared state file, kill -9 right after a migration
case_a() {
	local before
	fo_fabric 1 || return
	fo_op "$sockm" migrate vm-3-1 hv7
	fo_op "$sockm" migrate vm-5-2 hv9
	before=$(vm_lines "$sockm")
	fo_op "$sockm" migrate vm-1-1 hv4
	before=$(vm_lines "$sockm")
	UP_BEFORE=$(fo_up_count "$S")
	sm_kill "$M"
	fo_takeover "$S" || return
	fo_judge takeover "$S" "$socks" "$before"
	fo_next next "$socks" vm-1-1 hv8
	fo_summary
}

# fo_freeze SECONDS: ibsim sleeps in its "Wait SECONDS" console command:
# no SMP is answered or forwarded until it wakes.
fo_freeze() {
	printf 'Wait %s\n' "$1" >"$RUN/sim.fifo"
	sim_asleep || fail "ibsim did not start its Wait"
}

# fo_bg_ctl OUT ARGS...: a command on the master's socket in the
# background (its answer in OUT); its PID in BG.
fo_bg_ctl() {
	local out=$1
	shift
	timeout 60 "$OSMCLOUD" ctl --socket "$sockm" --timeout 50 "$@" >"$out" 2>&1 &
	BG=$!
}

# fo_vf_lids TAG VF...: "VF LID" of each VF in the Dump of TAG.
fo_vf_lids() {
	local tag=$1 vf
	shift
	for vf in "$@"; do printf '%s LID %s; ' "$vf" "$(dump_lid "$vf" "$TOP/$tag/$tag.dump")"; done
}

# --- case c: kill -9 of the master in the middle of a swap
case_c() {
	local before
	fo_fabric 1 || return
	fo_op "$sockm" migrate vm-3-1 hv7
	before=$(vm_lines "$sockm")
	UP_BEFORE=$(fo_up_count "$S")
	fo_freeze 12
	fo_bg_ctl "$TOP/inflight.out" migrate vm-6-2 hv10
	INFLIGHT=vm-6-2
	sm_in "$M" osm_smps_outstanding &&
		pass "the swap of vm-6-2 to hv10 is in flight (SMPs outstanding, ibsim frozen)" ||
		fail "no SMP outstanding after migrate vm-6-2 hv10"
	sm_kill "$M"
	wait "$BG"
	echo "  the migration's client: $(head -n 1 "$TOP/inflight.out")"
	[ -e "$mstate.pending" ] && echo "  $mstate.pending left by the killed master"
	fo_takeover "$S" || return
	fo_judge takeover "$S" "$socks" "$before"
	echo "  torn swap in ibsim after the takeover: $(fo_vf_lids takeover hv6-vf2 hv10-vf3)"
	fo_next next "$socks" vm-6-2 hv1
	fo_summary
}

# fo_detach VF: VF's link goes down in ibsim and the master's heavy sweep
# drops the port (sweep_on_trap FALSE: the sweep is asked for).
fo_detach() {
	sim_cmd "Unlink \"$1\"[1]" >/dev/null
	sm_sweep "$M" && pass "$1 detached, the master swept" ||
		fail "no SUBNET UP after detaching $1"
}

# --- case d: kill -9 while migrating a VM whose VF is detached, after
# the registry save, before the sweep programs the destination
case_d() {
	local before i saved=
	fo_fabric 1 || return
	fo_op "$sockm" migrate vm-3-1 hv7
	fo_detach hv6-vf1
	before=$(vm_lines "$sockm")
	UP_BEFORE=$(fo_up_count "$S")
	fo_freeze 12
	fo_bg_ctl "$TOP/inflight.out" migrate vm-6-1 hv10
	INFLIGHT=vm-6-1
	for i in $(seq 200); do
		saved=$(awk -v g="$(vf_guid 6 1)" '$1 == "vm-6-1" && $3 != g { print $3 }' "$mstate")
		[ -n "$saved" ] && break
		sleep 0.05
	done
	[ -n "$saved" ] && pass "the master saved vm-6-1 on VF $saved (ibsim frozen: nothing programmed)" ||
		fail "the master did not save vm-6-1's move within 10 s"
	sm_kill "$M"
	wait "$BG"
	echo "  the migration's client: $(head -n 1 "$TOP/inflight.out")"
	fo_takeover "$S" || return
	fo_judge takeover "$S" "$socks" "$before"
	grep -a "osmcloud: reconcile:.*vm-6-1" "$TOP/$S/osm.log" | sed 's/^.*osmcloud: /  /'
	echo "  in ibsim after the takeover: $(fo_vf_lids takeover hv6-vf1 hv10-vf3)"
	fo_next next "$socks" vm-6-1 hv1
	fo_summary
}

# fo_refused TAG SOCKET STATE_FILE: while the registry is unreconciled,
# migrate, boot and stop are refused with code 5 (unreconciled), in text
# and in JSON, and nothing is sent: no LFT block and no CA LID changes in
# ibsim, the state file is unchanged.
fo_refused() {
	local tag=$1 sock=$2 dir=$TOP/$1
	mkdir -p "$dir"
	sim_cmd Dump >"$dir/before.dump"
	cp "$3" "$dir/state.before"
	expect_status 5 "$tag: migrate" "unreconciled" migrate vm-0-1 hv5
	expect_status 5 "$tag: boot" "unreconciled" boot vm-z hv5
	expect_status 5 "$tag: stop" "unreconciled" stop vm-2-2
	timeout 60 "$OSMCLOUD" ctl --socket "$sock" --timeout 50 \
		--json '{"op":"migrate","vm":"vm-0-1","dest":"hv5"}' >"$dir/json.out" 2>&1
	grep -q '"result":"unreconciled"' "$dir/json.out" &&
		grep -q '"code":5' "$dir/json.out" &&
		pass "$tag: JSON: result unreconciled, code 5" ||
		fail "$tag: JSON reply: $(cat "$dir/json.out")"
	sim_cmd Dump >"$dir/$tag.dump"
	[ "$(block_diff "$dir/before.dump" "$dir/$tag.dump")" = 0 ] &&
		cmp -s <(ca_lids "$dir/before.dump") <(ca_lids "$dir/$tag.dump") &&
		pass "$tag: nothing sent (no LFT block, no CA LID changed in ibsim)" ||
		fail "$tag: the fabric changed after the refusals"
	cmp -s "$3" "$dir/state.before" && pass "$tag: the state file is unchanged" ||
		fail "$tag: the state file changed"
}

# --- case e: the old VF linked again before the standby's first sweep
# as master (one LID on two ports at that sweep)
case_e() {
	local before lid reg
	fo_fabric 1 || return
	fo_op "$sockm" migrate vm-3-1 hv7
	fo_detach hv6-vf1
	fo_op "$sockm" migrate vm-6-1 hv10
	before=$(vm_lines "$sockm")
	lid=$(awk '$1 == "vm-6-1" { print $4 }' <<<"$before")
	UP_BEFORE=$(fo_up_count "$S")
	sm_kill "$M"
	sim_cmd 'ReLink "hv6-vf1"[1]' >/dev/null
	pass "the master killed, hv6-vf1 (holding vm-6-1's LID $lid in ibsim) linked again"
	fo_takeover "$S" || return
	grep -a "osmcloud: .*\(reconcil\|becoming master\)" "$TOP/$S/osm.log" | sed 's/^.*osmcloud: /  /'
	reg=$(sm_registry "$socks")
	case $reg in
	unreconciled)
		pass "the first sweep as master could not reconcile: the registry says so"
		grep -aq "ERR.*osmcloud: .*LID $lid\b" "$TOP/$S/osm.log" &&
			pass "the new master's ERR names LID $lid" ||
			fail "no ERR line naming LID $lid in the new master's log"
		fo_refused refused "$socks" "$mstate"
		;;
	reconciled)
		pass "the first sweep as master reconciled at once (the LID on two ports tolerated)" ;;
	*) fail "the vms reply has no registry member (reconciled/unreconciled)" ;;
	esac
	fo_judge takeover "$S" "$socks" "$before"
	echo "  in ibsim after the takeover: $(fo_vf_lids takeover hv6-vf1 hv10-vf3)"
	fo_next next "$socks" vm-6-1 hv1
	fo_summary "registry at the first sweep as master: ${reg:-no member}"
}

# --- case b: per-SM state files, the standby's a copy taken before two
# migrations, a stop and a boot (the booted VM has its own vGUID: the
# fabric knows it, the stale copy does not)
# fo_gi_read SM: at its takeover SM read GUIDInfo block 0 from every VF
# and every VF answered (the vGUID evidence; under ibsim index 1 is
# always 0: docs/failover.md).
fo_gi_read() {
	local line asked answered
	line=$(grep -a "GUIDInfo block 0 read from" "$TOP/$1/osm.log" | tail -n 1)
	asked=$(sed -n 's/.* read from \([0-9]*\) VFs.*/\1/p' <<<"$line")
	answered=$(sed -n 's/.*: \([0-9]*\) answered,.*/\1/p' <<<"$line")
	[ -n "$asked" ] && [ "$asked" -gt 0 ] && [ "$answered" = "$asked" ] &&
		pass "takeover: GUIDInfo read from the VFs: ${line#*takeover: }" ||
		fail "takeover: GUIDInfo read: '${line:-no summary line}'"
}

case_b() {
	local before lid_new
	fo_fabric 0 || return
	fo_op "$sockm" migrate vm-3-1 hv7
	fo_op "$sockm" migrate vm-5-2 hv9
	fo_op "$sockm" stop vm-8-2
	fo_op "$sockm" boot vm-new hv8 vguid=0x00bb000000000001
	before=$(vm_lines "$sockm")
	lid_new=$(awk '$1 == "vm-new" { print $4 }' <<<"$before")
	UP_BEFORE=$(fo_up_count "$S")
	sm_kill "$M"
	fo_takeover "$S" || return
	grep -a "osmcloud: reconcile:" "$TOP/$S/osm.log" | sed 's/^.*osmcloud: /  /'
	fo_gi_read "$S"
	fo_judge takeover "$S" "$socks" "$before" 1
	awk '$1 == "vm-8-2"' <<<"$NOW" | grep -q " $lid_new " &&
		fail "the stopped vm-8-2 holds vm-new's LID $lid_new in the new master's registry" ||
		pass "the stopped vm-8-2 is not given vm-new's LID $lid_new"
	# the orchestrator sends the stop again (it lost the answer)
	sock=$socks ctl stop vm-8-2
	echo "  stop vm-8-2 again: $(head -n 1 "$TOP/ctl.out")"
	fo_dump stop-again
	[ "$(lid_holders "$TOP/stop-again/stop-again.dump" "$lid_new")" = hv8-vf2 ] &&
		pass "stop-again: vm-new keeps its LID $lid_new on hv8-vf2" ||
		fail "stop-again: LID $lid_new is on '$(lid_holders "$TOP/stop-again/stop-again.dump" "$lid_new")', not on vm-new's hv8-vf2"
	fo_next next "$socks" vm-3-1 hv1
	fo_summary "1 VM unknown to the new master (booted after the copy)"
}

# --- case f: handover back.  The old master, restarted, is a standby
# again while the new master changes the shared file; the new master is
# then stopped (SIGTERM, an administrator's handback) and the old one
# takes mastership back: its registry must be the file's, not the one it
# read when it restarted.  It restarts with sm_priority 0, below the new
# master's: OpenSM hands over to a higher-priority SM only after that SM
# polled the master with a trap 144 ("priority changed"), and ibsim drops
# every trap's repress, so under ibsim that SM's traps stay outstanding
# for good (OpenSM's max_wire_smps) and its sweeps never end
# (docs/failover.md).
case_f() {
	local before up_m master_m
	fo_fabric 1 || return
	fo_op "$sockm" migrate vm-3-1 hv7
	UP_BEFORE=$(fo_up_count "$S")
	sm_kill "$M"
	fo_takeover "$S" || return
	fo_op "$socks" migrate vm-5-2 hv9
	master_m=$(grep -ca "Entering MASTER state" "$TOP/$M/osm.log")
	sm_conf "$M" 0 "event_plugin_options vms=$TOP/vms.txt state=$mstate ctl=$sockm" \
		"sweep_on_trap FALSE" "use_ucast_cache FALSE"
	sm_start "$M" hv0-pf
	sm_log_wait "$M" "Entering STANDBY state" 1 60 &&
		sm_log_wait "$M" "osmcloud: control socket" 2 10 &&
		pass "the old master restarted as a standby" ||
		{ fail "the old master did not restart as a standby"; return; }
	# the file changes after the restarted SM read it
	fo_op "$socks" migrate vm-2-1 hv8
	fo_op "$socks" migrate vm-7-2 hv1
	before=$(vm_lines "$socks")
	UP_BEFORE=$(fo_up_count "$M")
	sm_signal "$S" TERM
	sm_log_wait "$M" "Entering MASTER state" $((master_m + 1)) 90 &&
		sm_log_wait "$M" "SUBNET UP" $((UP_BEFORE + 1)) 60 &&
		pass "the old master took mastership back (Entering MASTER state, SUBNET UP)" ||
		{ fail "no handover back to the old master: $(grep -a 'Entering' "$TOP/$M/osm.log" | tail -n 3)"; return; }
	fo_judge handback "$M" "$sockm" "$before"
	[ "$NOW" = "$before" ] && pass "handback: the old master's registry equals the file the other master wrote last" ||
		fail "handback: registries differ: before: $before / now: $NOW"
	fo_next next "$sockm" vm-2-1 hv1
	fo_summary
}

# --- case g: a standby restarted with a leftover .pending older than the
# state file
case_g() {
	local before
	fo_fabric 1 || return
	fo_op "$sockm" migrate vm-3-1 hv7
	cp "$mstate" "$TOP/old.state"
	fo_op "$sockm" migrate vm-5-2 hv9
	fo_op "$sockm" migrate vm-1-1 hv4
	sm_kill "$S"
	cp "$TOP/old.state" "$mstate.pending"
	touch -d "@$(($(stat -c %Y "$mstate") - 60))" "$mstate.pending"
	cp "$mstate" "$TOP/state.before"
	before=$(vm_lines "$sockm")
	sm_start "$S" hv11-pf
	sm_log_wait "$S" "Entering STANDBY state" 2 60 &&
		sm_log_wait "$S" "osmcloud: control socket" 2 10 &&
		pass "the standby restarted (STANDBY) with an older $mstate.pending beside the state file" ||
		{ fail "the restarted standby did not enter STANDBY"; return; }
	cmp -s "$mstate" "$TOP/state.before" &&
		pass "the shared state file is unchanged (not rolled back)" ||
		fail "the shared state file changed: $(diff "$TOP/state.before" "$mstate" | head -n 6)"
	[ "$(vm_lines "$socks")" = "$before" ] &&
		pass "the standby's registry is the state file's, not the .pending's" ||
		fail "the standby's registry differs from the master's: $(diff <(echo "$before") <(vm_lines "$socks") | head -n 6)"
	fo_judge restarted "$M" "$sockm" "$before"
	fo_next next "$sockm" vm-1-1 hv8
	fo_summary
}

case "$CASE" in
b) case_b ;;
f) case_f ;;
g) case_g ;;
a) case_a ;;
c) case_c ;;
d) case_d ;;
e) case_e ;;
*) fail "unknown case '$CASE'" ;;
esac
sm_stop_all
finish
