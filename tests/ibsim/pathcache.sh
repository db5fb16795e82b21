#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The client's path-record cache daemon (osmcloud pathcache serve,
# docs/pathcache.md) against the patched opensm (opensm-patches/0003) with
# sa_path_caching=on and a VM registry: the daemon runs on a peer CA
# (SIM_HOST, umad2sim) and the test talks to it with osmcloud pathcache.
#  - a query goes to the SA once, then the cache answers (stats prove it);
#    the record's raw byte 44 carries the flag (0x40)
#  - flush empties the cache
#  - a P_Key table change of the local port (a new partition, opensm
#    re-reads its partitions on SIGHUP) flushes it
#  - a LID change of the local port (ibsim's Baselid) flushes it
#  - flag down (the plugin option off): nothing is cached
#  - an SM change (the master is killed, a standby takes over) flushes it
#  - a second daemon on the same socket is refused; the socket is removed
#    at exit
# The patched opensm is built by scripts/build-patched-opensm.sh; when it
# cannot be built the test fails (it does not skip).
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/failover_lib.sh"
start_test pathcache
topo=$TOPOS/vswitch-ft-default.net
peer=hv3-pf
dest=hv5-pf
prefix=$OC_BUILDDIR/opensm-patched
printf '%s vm-a\n%s vm-b\n' "$(vf_guid 0 1)" "$(vf_guid 1 2)" >"$TOP/vms.txt"
PC_PID=

# pc_start TAG HOST [serve options]: the daemon on CA HOST, socket
# $TOP/TAG.sock, polling every 100 ms; waits until it serves (at most
# 30 s).
pc_start() {
	PC_SOCK=$TOP/$1.sock PC_LOG=$TOP/$1.pc.log
	local host=$2
	shift 2
	(cd "$RUN" && SIM_HOST=$host exec timeout 600 ibsim-run "$OSMCLOUD" \
		pathcache serve --socket "$PC_SOCK" --poll-ms 100 "$@" \
		>"$PC_LOG" 2>&1) &
	PC_PID=$!
	for _ in $(seq 600); do
		grep -q "serving" "$PC_LOG" 2>/dev/null && return 0
		kill -0 "$PC_PID" 2>/dev/null || break
		sleep 0.05
	done
	fail "$1: the daemon did not start: $(tail -n 3 "$PC_LOG")"
	return 1
}

pc_stop() {
	stop_pids "$PC_PID"
	PC_PID=
}

# pc CMD ARGS...: one client command; its output in $TOP/pc.out.
pc() {
	timeout 30 "$OSMCLOUD" pathcache "$@" --socket "$PC_SOCK" \
		>"$TOP/pc.out" 2>&1
}

# query TAG WANT_SOURCE: asks for the path to $dest by LID; the answer's
# source must be WANT_SOURCE (cache or sa).
query() {
	if ! timeout 30 "$OSMCLOUD" pathcache query --socket "$PC_SOCK" \
		"dlid=$dest_lid" >"$TOP/pc.out" 2>&1; then
		fail "$1: query failed: $(cat "$TOP/pc.out")"
		return 1
	fi
	grep -q " source=$2 " "$TOP/pc.out" &&
		pass "$1: answered from the $2: $(cut -d' ' -f2-8 "$TOP/pc.out")" ||
		fail "$1: want source=$2: $(cat "$TOP/pc.out")"
}

# pc_stat KEY: one value of the daemon's stats line.
pc_stat() {
	pc stats && tr ' ' '\n' <"$TOP/pc.out" | sed -n "s/^$1=//p"
}

# stat_until KEY MIN SECONDS: polls the stats until KEY >= MIN.
stat_until() {
	local v i
	for i in $(seq $(($3 * 10))); do
		v=$(pc_stat "$1")
		[ "${v:-0}" -ge "$2" ] && return 0
		sleep 0.1
	done
	return 1
}

# rec_byte44: byte 44 of the record in the last answer (hex).
rec_byte44() {
	sed -n 's/.* rec=\([0-9a-f]*\).*/\1/p' "$TOP/pc.out" | cut -c89-90
}

if ! "$OC_SRCDIR/scripts/build-patched-opensm.sh" "$prefix" >"$TOP/build-opensm.log" 2>&1; then
	fail "the patched opensm (SA PathRecord hook) could not be built: $(tail -n 5 "$TOP/build-opensm.log")"
	finish
	exit
fi
export OSM_BIN=$prefix/sbin/opensm

# --- flag up: SA once, then the cache
route_and_check on "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/on.state sa_path_caching=on"
dest_lid=$(dump_lid $dest "$RUN/on.dump")
group=$(id -gn)
pc_start on $peer --group "$group"
[ "$(stat -c '%a %G' "$PC_SOCK")" = "660 $group" ] &&
	pass "on: socket mode 0660, group $group (--group)" ||
	fail "on: socket $(stat -c '%a %G' "$PC_SOCK")"
query on-first sa
[ "$(rec_byte44)" != "" ] && [ $((0x$(rec_byte44) & 0x40)) != 0 ] &&
	pass "on: the SA's record has the flag (byte 44 = 0x$(rec_byte44))" ||
	fail "on: byte 44 of the SA's record is '$(rec_byte44)', want bit 0x40"
query on-second cache
query on-third cache
[ "$(pc_stat sa_queries)" = 1 ] && [ "$(pc_stat hits)" = 2 ] && [ "$(pc_stat entries)" = 1 ] &&
	pass "on: stats: 1 SA query, 2 hits, 1 entry" ||
	fail "on: stats: $(cat "$TOP/pc.out")"
pc show && grep -q "^entry dlid=$dest_lid |.* flag=1 " "$TOP/pc.out" &&
	pass "on: show lists the entry" || fail "on: show: $(cat "$TOP/pc.out")"

# --- flush empties it
pc flush && grep -q "^ok flushed=1$" "$TOP/pc.out" && [ "$(pc_stat entries)" = 0 ] &&
	[ "$(pc_stat flush_user)" = 1 ] &&
	pass "flush: 1 entry dropped, the cache is empty" ||
	fail "flush: $(cat "$TOP/pc.out")"
query after-flush sa
query after-flush-again cache

# --- a line longer than 511 characters: an error naming it, then the
# connection is closed; the daemon serves on
python3 - "$PC_SOCK" >"$TOP/long.out" 2>&1 <<'PY'
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.settimeout(10)
s.connect(sys.argv[1])
s.sendall(b"query " + b"x" * 600)
got = b""
while True:
    b = s.recv(4096)
    if not b:
        break
    got += b
print(got.decode().strip())
PY
grep -q "^error request longer than 511 characters$" "$TOP/long.out" &&
	pass "a 606-character line: error, connection closed" ||
	fail "long line: $(cat "$TOP/long.out")"
query after-long-line cache

# --- a second daemon on the same socket is refused
(cd "$RUN" && SIM_HOST=hv4-pf timeout 60 ibsim-run "$OSMCLOUD" pathcache \
	serve --socket "$PC_SOCK" >"$TOP/second.log" 2>&1)
[ $? = 1 ] && grep -q "is served by another process" "$TOP/second.log" &&
	pass "a second daemon on $PC_SOCK is refused: $(cat "$TOP/second.log")" ||
	fail "second daemon: $(cat "$TOP/second.log")"

# --- a P_Key table change of the local port flushes it
peer_guid=$(pc_stat guid)
pkeys_before=$(pc_stat pkeys)
printf 'Default=0x7fff : ALL=full ;\nExtra=0x0123 : %s=full ;\n' "$peer_guid" \
	>"$RUN/partitions.conf"
kill -HUP "$(pgrep -P "$OSM_PID" | head -n 1)"
if stat_until flush_pkey 1 60; then
	[ "$(pc_stat entries)" = 0 ] &&
		pass "pkey: partition 0x0123 added to $peer ($peer_guid): cache flushed ($(grep -m1 'flushed: pkey' "$PC_LOG" | sed 's/.*: cache/cache/'))" ||
		fail "pkey: flushed, yet $(pc_stat entries) entries"
else
	fail "pkey: no P_Key flush within 60 s (P_Keys seen: $pkeys_before, now: $(pc_stat pkeys))"
fi
query after-pkey sa
query after-pkey-again cache

# --- a LID change of the local port flushes it
old_lid=$(pc_stat lid)
new_lid=$((old_lid + 100))
sim_cmd "Baselid \"$peer\"[1] $new_lid" >"$TOP/baselid.out"
if stat_until flush_lid 1 30; then
	[ "$(pc_stat entries)" = 0 ] && [ "$(pc_stat lid)" = $new_lid ] &&
		pass "lid: $peer LID $old_lid -> $new_lid: cache flushed" ||
		fail "lid: flushed, yet entries $(pc_stat entries), lid $(pc_stat lid)"
else
	fail "lid: no LID flush within 30 s (ibsim: $(cat "$TOP/baselid.out"); lid now $(pc_stat lid))"
fi
pc_stop
[ ! -e "$PC_SOCK" ] && pass "the daemon removed its socket at exit" ||
	fail "$PC_SOCK is left after the daemon stopped"
run_stop

# --- flag down (the option off): nothing cached
route_and_check off "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/off.state"
dest_lid=$(dump_lid $dest "$RUN/off.dump")
pc_start off $peer
query off-first sa
grep -q " flag=0 " "$TOP/pc.out" && pass "off: the record's flag is down" ||
	fail "off: $(cat "$TOP/pc.out")"
query off-second sa
[ "$(pc_stat sa_queries)" = 2 ] && [ "$(pc_stat stored)" = 0 ] &&
	[ "$(pc_stat entries)" = 0 ] && [ "$(pc_stat enabled)" = 0 ] &&
	pass "off: 2 SA queries, nothing stored, the cache disabled" ||
	fail "off: stats: $(cat "$TOP/pc.out")"
pc_stop
run_stop

# --- an SM change: the master dies, the standby takes over
export SM_BIN=$OSM_BIN
run_new sm || exit 1
sim_start "$topo" || fail "sm: ibsim did not start"
sm_conf sm_m 15 "event_plugin_options vms=$TOP/vms.txt state=$TOP/sm-m.state sa_path_caching=on"
sm_conf sm_s 1 "event_plugin_options vms=$TOP/vms.txt state=$TOP/sm-s.state sa_path_caching=on"
sm_start sm_m hv0-pf
sm_log_wait sm_m "SUBNET UP" 1 120 || fail "sm: the master did not reach SUBNET UP"
sm_start sm_s hv11-pf
sm_log_wait sm_s "Entering STANDBY state" 1 60 || fail "sm: no standby"
sim_cmd Dump >"$TOP/sm.dump"
dest_lid=$(dump_lid $dest "$TOP/sm.dump")
pc_start sm $peer
query sm-first sa
query sm-second cache
sm_before=$(pc_stat sm_lid)
sm_kill sm_m
sm_log_wait sm_s "SUBNET UP" 1 90 || fail "sm: the standby did not take over"
# the daemon flushes when it sees another SM LID or SM GUID (an SM that
# stopped answering SMInfo counts as another); wait until it also has
# the new master's LID from its PortInfo
for _ in $(seq 300); do
	[ "$(pc_stat sm_lid)" != "$sm_before" ] && break
	sleep 0.1
done
if stat_until flush_sm 1 30; then
	[ "$(pc_stat entries)" = 0 ] &&
		pass "sm: SM LID $sm_before -> $(pc_stat sm_lid) ($(pc_stat sm_guid)): cache flushed" ||
		fail "sm: flushed, yet $(pc_stat entries) entries"
else
	fail "sm: no SM flush within 30 s: $(cat "$TOP/pc.out")"
fi
query sm-after sa
pc_stop
sm_stop_all
finish
