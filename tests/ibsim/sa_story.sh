#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The migration story of the SA path-record caching paper (Fig. 5-7): how
# many PathRecord queries the SM receives when a VM that peers are
# connected to live-migrates, in three cases:
#   change  the VM comes back with another LID and GID (the shared-port
#           model, emulated: the VM comes back as hv7-vf1 with that VF's
#           own LID and GUID; the address book the peers read is
#           rewritten, as ARP would answer);
#   kept    osmcloud's migrate: the VM keeps its LID, vGUID and GID;
#   cache   kept, and each peer resolves through its local path-record
#           cache daemon (osmcloud pathcache serve) with the SM's caching
#           flag up (sa_path_caching=on).
# While the VM is away each peer retries (three times before it moves),
# resolving the path each time, as RDS does.  In the change case each
# peer's IPoIB also asks the SA for its own path to the new GID (the
# paper, section V-B1: a re-ARP that gives a new GID costs an extra
# PathRecord lookup).
# Each case: patched opensm (opensm-patches/0003) with vswitch_ftree,
# opensm's default trap-driven sweeps, PEERS peers (osmcloud sa-peer, one
# per PF; ibsim serves 9 client processes: a peer and its daemon are two)
# hold a connection to vm-a on hv0-vf1; the VF is detached (ibsim
# Unlink), the VM migrates to hv7, the old VF comes back (ReLink), and
# every peer reconnects.  The peers count their SA queries (through the
# daemon: the daemon's own count of queries sent to the SA); the counts
# since the detach are kept apart.  Checked: every peer dropped and
# reconnected, to a new LID (change) or the same (kept, cache); with the
# cache one SA query per peer for the whole run and none since the
# detach; without it, at least one per peer since the detach.
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/sa_lib.sh"
start_test sa-story
# the peers and daemons too are stopped on exit, by PID
trap 'stop_pids "${PIDS[@]}"; run_cleanup' EXIT
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
prefix=$OC_BUILDDIR/opensm-patched
peers="hv2-pf hv3-pf hv4-pf hv5-pf"
vguid=0x00aa000000000002
PIDS=()

# started_pid SUBSHELL: the process timeout runs (the peer or daemon
# itself, which takes signals timeout does not pass on), empty if none.
started_pid() {
	local i child
	for i in $(seq 100); do
		child=$(pgrep -P "$1" 2>/dev/null | head -n 1)
		[ -n "$child" ] && { echo "$child"; return; }
		sleep 0.05
	done
}

# logged FILE PATTERN COUNT SECONDS: FILE has COUNT lines matching PATTERN.
logged() {
	local i
	for i in $(seq $(($4 * 20))); do
		[ "$(grep -c -- "$2" "$1" 2>/dev/null)" -ge "$3" ] && return 0
		sleep 0.05
	done
	return 1
}

# all_logged PATTERN COUNT SECONDS WHAT: every peer's log has it.
all_logged() {
	local p bad=""
	for p in $peers; do
		logged "$TOP/$CASE.$p.err" "$1" "$2" "$3" || bad="$bad $p"
	done
	[ -z "$bad" ] && pass "$CASE: every peer $4" || fail "$CASE: not$bad: $4"
}

# daemon_start PEER: a path-record cache daemon on PEER's port.
daemon_start() {
	local s=$TOP/$CASE.$1.pc
	(cd "$RUN" && SIM_HOST=$1 exec timeout 600 ibsim-run "$OSMCLOUD" \
		pathcache serve --socket "$s" >"$TOP/$CASE.$1.pcd.out" \
		2>"$TOP/$CASE.$1.pcd.err") &
	PIDS+=($!)
	local i
	for i in $(seq 200); do
		timeout 10 "$OSMCLOUD" pathcache stats --socket "$s" >/dev/null 2>&1 && return 0
		sleep 0.05
	done
	fail "$CASE: the cache daemon on $1 did not answer: $(cat "$TOP/$CASE.$1.pcd.err")"
	return 1
}

# peer_start PEER [--socket S]: a peer on PEER's port, connected to vm-a.
peer_start() {
	local p=$1
	shift
	(cd "$RUN" && SIM_HOST=$p exec timeout 600 ibsim-run "$OSMCLOUD" sa-peer \
		--name vm-a --hosts "$TOP/hosts" "$@" >"$TOP/$CASE.$p.out" \
		2>"$TOP/$CASE.$p.err") &
	PEER_SHELLS+=($!)
	PIDS+=($!)
}

# daemon_sa_queries PEER: what PEER's daemon sent to the SA.
daemon_sa_queries() {
	timeout 10 "$OSMCLOUD" pathcache stats --socket "$TOP/$CASE.$1.pc" |
		sed -n 's/.*sa_queries=\([0-9]*\).*/\1/p'
}

# field NAME LINE: NAME='s value in a peer's count line.
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

# story CASE: one run; prints its counts, leaves them in COUNT_*.
story() {
	CASE=$1
	local p lid newlid n line total=0 since=0 pids=() dtotal=0 dsince=0
	local at_detach=() opts=()
	echo "vm-a $(gid $vguid)" >"$TOP/hosts"
	route_and_check "$CASE" "$topo" \
		"event_plugin_options vms=$TOP/vms.txt state=$TOP/$CASE.state ctl=$sock sa_path_caching=on" \
		"sweep_on_trap TRUE" "sweep_interval 5" || return 1
	lid=$(lid_of vm-a)
	PEER_SHELLS=()
	for p in $peers; do
		opts=()
		if [ "$CASE" = cache ]; then
			daemon_start "$p" || return 1
			opts=(--socket "$TOP/$CASE.$p.pc")
		fi
		peer_start "$p" "${opts[@]}"
	done
	all_logged "connected (LID $lid)" 1 60 "connected to vm-a (LID $lid)"

	# --- detach: the VF's link goes down; the peers' connections drop.
	# The peers count apart from here on.
	for p in "${PEER_SHELLS[@]}"; do
		pids+=("$(started_pid "$p")")
	done
	kill -USR1 "${pids[@]}" 2>/dev/null
	if [ "$CASE" = cache ]; then
		for p in $peers; do at_detach+=("$(daemon_sa_queries "$p")"); done
	fi
	n=$(log_count "SUBNET UP")
	sim_cmd 'Unlink "hv0-vf1"[1]' >/dev/null
	all_logged "dropped" 1 30 "saw its connection drop"
	wait_log "SUBNET UP" $((n + 1)) 60 || fail "$CASE: no sweep after the detach"
	# the migration takes a while: the peers retry (three times here)
	all_logged "reconnection failed" 3 60 "retried 3 times while vm-a was away"

	# --- the VM moves to hv7
	if [ "$CASE" = change ]; then
		sim_cmd Dump >"$TOP/$CASE.moved.dump"
		newlid=$(dump_lid hv7-vf1 "$TOP/$CASE.moved.dump")
		echo "vm-a $(gid "$(vf_guid 7 1)")" >"$TOP/hosts.new" &&
			mv "$TOP/hosts.new" "$TOP/hosts"
	else
		n=$(log_count "SUBNET UP")
		ctl migrate vm-a hv7 || fail "$CASE: migrate: $(cat "$TOP/ctl.out")"
		wait_log "SUBNET UP" $((n + 1)) 60 || fail "$CASE: no sweep after the migrate"
		newlid=$(lid_of vm-a)
	fi

	# --- the old VF comes back (idle); every peer reconnects
	n=$(log_count "SUBNET UP")
	sim_cmd 'ReLink "hv0-vf1"[1]' >/dev/null
	wait_log "SUBNET UP" $((n + 1)) 60 || fail "$CASE: no sweep after the relink"
	all_logged "connected (LID $newlid)" 1 60 "reconnected to vm-a (LID $newlid)"
	if [ "$CASE" = change ]; then
		[ "$newlid" != "$lid" ] && pass "change: vm-a came back with another LID ($lid -> $newlid)" ||
			fail "change: vm-a kept LID $lid"
	else
		[ "$newlid" = "$lid" ] && pass "$CASE: vm-a kept LID $lid" ||
			fail "$CASE: vm-a's LID $lid became $newlid"
	fi
	if [ "$CASE" = cache ]; then
		local i=0
		for p in $peers; do
			n=$(daemon_sa_queries "$p")
			dtotal=$((dtotal + n))
			dsince=$((dsince + n - ${at_detach[$i]:-0}))
			i=$((i + 1))
		done
	fi
	for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done
	for p in "${PEER_SHELLS[@]}"; do wait "$p"; done
	for p in $peers; do
		line=$(cat "$TOP/$CASE.$p.out")
		[ -n "$line" ] || { fail "$CASE: peer $p printed no counts: $(tail -n 2 "$TOP/$CASE.$p.err")"; continue; }
		total=$((total + $(field sa_queries "$line")))
		since=$((since + $(field sa_queries_after "$line")))
	done
	if [ "$CASE" = cache ]; then
		[ "$dtotal" = "$total" ] && [ "$dsince" = "$since" ] &&
			pass "cache: the daemons' counts agree with the peers' ($dtotal, $dsince)" ||
			fail "cache: daemons sent $dtotal ($dsince since the detach), peers saw $total ($since)"
	fi
	printf 'story: %-7s peers %d  SA queries %4d  since the detach %4d\n' \
		"$CASE" "$(wc -w <<<"$peers")" "$total" "$since"
	COUNT_TOTAL=$total COUNT_SINCE=$since
	stop_pids "${PIDS[@]}"
	PIDS=()
	run_stop
}

if ! "$OC_SRCDIR/scripts/build-patched-opensm.sh" "$prefix" >"$TOP/build-opensm.log" 2>&1; then
	fail "building the patched opensm failed: $(tail -n 5 "$TOP/build-opensm.log")"
	finish
	exit
fi
export OSM_BIN=$prefix/sbin/opensm
echo "$(vf_guid 0 1) vm-a vguid=$vguid" >"$TOP/vms.txt"
npeers=$(wc -w <<<"$peers")

story change
[ "${COUNT_SINCE:-0}" -ge "$npeers" ] &&
	pass "change: the peers asked the SA again since the detach ($COUNT_SINCE queries)" ||
	fail "change: only ${COUNT_SINCE:-0} SA queries since the detach"
story kept
[ "${COUNT_SINCE:-0}" -ge "$npeers" ] &&
	pass "kept: without a cache the peers still asked the SA since the detach ($COUNT_SINCE queries)" ||
	fail "kept: only ${COUNT_SINCE:-0} SA queries since the detach"
story cache
[ "${COUNT_TOTAL:-x}" = "$npeers" ] && [ "${COUNT_SINCE:-x}" = 0 ] &&
	pass "cache: one SA query per peer for the whole run, none since the detach" ||
	fail "cache: $COUNT_TOTAL SA queries ($COUNT_SINCE since the detach), want $npeers and 0"
finish
