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
#   f  handover back: the old master restarted takes mastership back
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

# fo_judge TAG NAME SOCKET BEFORE: SM NAME (on SOCKET) is master and
# reconciled (further heavy sweeps allowed); the Dump judges every VM of
# BEFORE; sets KEPT and NOW (the registry now).
fo_judge() {
	local tag=$1 name=$2 sock=$3 counts
	sm_in "$name" osm_settle || true
	sm_reconciled "$name" "$sock" &&
		pass "$tag: $name's registry is ${SM_REGISTRY:-(no registry member in vms)}" ||
		fail "$tag: $name's registry is still unreconciled after 4 heavy sweeps"
	fo_dump "$tag"
	NOW=$(vm_lines "$sock")
	counts=$(vms_kept "$TOP/$tag/$tag.dump" "$4" "$NOW")
	echo "$counts" | sed '$d'
	counts=$(echo "$counts" | tail -n 1)
	KEPT=${counts%% *}
	[ "$counts" = "$(echo "$4" | grep -c .) 0 0" ] &&
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
	counts=$(vms_kept "$TOP/$tag/$tag.dump" "$before" "$NOW")
	echo "$counts" | sed '$d'
	[ "$(echo "$counts" | tail -n 1)" = "$(echo "$before" | grep -c .) 0 0" ] &&
		pass "$tag: every other VM keeps its LID" ||
		fail "$tag: after the migration (kept, lost, unknown): $(echo "$counts" | tail -n 1)"
}

# fo_summary: the case's line.
fo_summary() {
	local next="next migration moved LID $NEXT_LID right"
	[ -n "${NEXT_LID:-}" ] || next="next migration WRONG"
	echo "case $CASE: ${KEPT:-0} of $VMS VMs kept, LIDs $([ "${KEPT:-0}" = "$VMS" ] &&
		echo unchanged || echo CHANGED), $next${1:+, $1}"
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

case "$CASE" in
a) case_a ;;
*) fail "unknown case '$CASE'" ;;
esac
sm_stop_all
finish
