#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Nothing a client sends can crash, hang or stall an SM (issue 25): a
# master and a standby opensm with the plugin on one ibsim fabric each
# get the hostile requests that killed them (a 2,100-byte unknown
# command, an id of 600 \u0001, a 3,000-digit weight, a guest name of
# 1,100 '"', over-long lines, invalid UTF-8, NULs, control characters)
# through "osmcloud ctl --socket", "osmcloud ctl --json", "osmcloud ctl
# --stdio" (the ssh forced command), raw socket writes and the libvirt
# hook (contrib/libvirt, called as libvirt would).  Afterwards both
# opensm processes still run and answer version and vms, their logs hold
# no line longer than the plugin's bound and the echo of a long request
# is cut with "...".  Then silent, half-line and deaf clients: 20 silent
# connections and a real request answered at once, in the place of the
# silent connection idle longest; one user (an unprivileged uid) holds
# at most 8 of the 16 slots, its own half lines cannot keep root out;
# the same on osmcloud pathcache serve (40 silent connections, a client
# that never reads, 20 connections of one user).  Counts are printed.
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/failover_lib.sh"
start_test hostile-requests
PC_PID=
trap 'stop_pids $PC_PID; sm_stop_all; run_cleanup' EXIT
topo=$TOPOS/vswitch-ft-default.net
hook=$OC_SRCDIR/contrib/libvirt/qemu-osmcloud
# the plugin's log bound (src/osm/log.h OC_LOG_LINE_MAX) and room for
# OpenSM's time stamp and the function's name
line_bound=$((2048 + 160))
# an unprivileged user of root's group: the sockets are 0660, group root
# (the system's python: a python of root's home is out of its reach)
as_user=(setpriv --reuid=65534 --regid=0 --clear-groups)
user_py=/usr/bin/python3
chmod 0750 "$TOP"
install -d -o 65534 "$TOP/user" # its own files
printf '%s vm-a\n' "$(vf_guid 0 1)" >"$TOP/vms.txt"

cat >"$TOP/clients.py" <<'PY'
import os, socket, subprocess, sys, time
mode, path = sys.argv[1], sys.argv[2]

def conn():
    s = socket.socket(socket.AF_UNIX)
    s.connect(path)        # blocking: waits while the backlog is full
    s.settimeout(20)
    return s

def answer(s):
    """The reply to one request: one JSON line, a text answer up to its
    status line, or what came before the server closed."""
    got = b""
    while True:
        try:
            b = s.recv(65536)
        except socket.timeout:
            return got, "timeout"
        if not b:
            return got, "closed"
        got += b
        if got.startswith(b"{") and got.endswith(b"\n"):
            return got, "json"
        if b"osmcloud-status " in got and got.endswith(b"\n"):
            return got, "text"

if mode == "raw":            # one hostile line per connection
    q = b'\\"' * 1100
    lines = [
        b"x" * 2100,
        b'{"op":"version","id":"' + b"\\u0001" * 600 + b'"}',
        b"x" * 5000,
        b"{" + b"x" * 5000,
        b'{"op":"boot","vm":"' + q + b'","dest":"hv5"}',
        b'{"op":"boot","vm":"vm-h","dest":"hv5","weight":' + b"9" * 3000 + b"}",
        b"boot vm-h hv5 " + b"9" * 3000,
        b"stop " + b'"' * 1100 + b" from=hv5",
        b"version \xff\xfe\xc3",
        b'{"op":"vms","id":"\xff\xfe\xc3\x28"}',
        b'{"op":"\xc0\xaf","id":1}',
        b"vers\x00ion",
        b'{"op":"version",\x00"id":1}',
        b'{"op":"version","id":"' + b"\\u0000" * 10 + b'"}',
        b"\x1b[2J\x1b]0;owned\x07 \x7f\x01\x02",
        b"x " * 2047,
        b'{"op":"version","id":"' + b"\\u001b" * 679 + b'"}',
        b"version\r\nvms\r\nhelp\nstats",
    ]
    counts = {}
    for line in lines:
        s = conn()
        s.sendall(line + b"\n")
        got, how = answer(s)
        counts[how] = counts.get(how, 0) + 1
        s.close()
    print("raw %d %s" % (len(lines), " ".join(
        "%s=%d" % kv for kv in sorted(counts.items()))), flush=True)
    sys.exit(0)

if mode == "silent":         # N silent connections, then a real request
    n, cmd = int(sys.argv[3]), sys.argv[4:]
    keep = [conn() for _ in range(n)]
    t = time.monotonic()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       timeout=30)
    ms = (time.monotonic() - t) * 1e3
    closed = 0
    for s in keep:
        s.setblocking(False)
        try:
            closed += s.recv(1) == b""
        except BlockingIOError:
            pass
    print("answered %d %.0f closed %d of %d" % (r.returncode, ms, closed, n),
          flush=True)
    print(r.stdout.decode(errors="replace").strip()[:300], flush=True)
    sys.exit(0)

if mode == "half":           # N half lines, kept until killed
    keep = [conn() for _ in range(int(sys.argv[3]))]
    for s in keep:
        s.sendall(b'{"op":"vers')
    open(sys.argv[4], "w").write("ready\n")
    time.sleep(600)

if mode == "deaf":           # requests, never a reply read
    s = conn()
    s.setblocking(False)
    sent = 0
    try:
        while True:
            sent += s.send(sys.argv[3].encode() * 64)
    except BlockingIOError:
        pass
    open(sys.argv[4], "w").write("ready %d\n" % sent)
    time.sleep(600)
PY

# ready FILE: FILE says ready (a background client is set), within 20 s
ready() {
	local i
	for i in $(seq 400); do
		grep -q "^ready" "$1" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

# sm_alive NAME: the opensm process of SM NAME runs
sm_alive() {
	local wrapper child
	eval "wrapper=\${SM_PID_$1:-}"
	child=$(pgrep -P "$wrapper" 2>/dev/null)
	[ -n "$child" ] && kill -0 "$child" 2>/dev/null
}

# log_requests NAME: requests the plugin of SM NAME logged
log_requests() {
	grep -caE "osmcloud: ctl #[0-9]+ \(uid [0-9]+ gid [0-9]+ pid -?[0-9]+\): .* -> " \
		"$TOP/$1/osm.log"
}

# counts of one SM: requests sent, answered (by the plugin, its socket's
# line limit or the relay), refused by the client before sending
SENT=0 ANSWERED=0 LOCAL=0
# send WHAT ARGS...: one client run (its own time bound), counted
send() {
	local what=$1 st
	shift
	timeout 60 "$@" >"$TOP/send.out" 2>&1 </dev/null
	st=$?
	echo "  $what: status $st $(head -c 160 "$TOP/send.out" | tr '\n' ' ')"
	# 64: the client's own refusal (OC_CTL_EXIT_CLIENT); 0-5: a result
	if [ $st = 64 ] && grep -q "^osmcloud ctl: argument" "$TOP/send.out"; then
		LOCAL=$((LOCAL + 1))
		return
	fi
	SENT=$((SENT + 1))
	[ $st -le 5 ] && ANSWERED=$((ANSWERED + 1))
}

# hostile SOCK: every hostile request, through every door but the hook
hostile() {
	local s=$1 x2100 u600 w3000 q1100 j1100 bad
	x2100=$(head -c 2100 /dev/zero | tr '\0' x)
	u600=$(printf '\\u0001%.0s' $(seq 600))
	w3000=$(head -c 3000 /dev/zero | tr '\0' 9)
	q1100=$(head -c 1100 /dev/zero | tr '\0' '"')
	j1100=$(printf '\\"%.0s' $(seq 1100))
	bad=$(printf 'vm-\xff\xfe\xc3')
	send "text: 2,100 x" "$OSMCLOUD" ctl --socket "$s" "$x2100"
	send "json: id of 600 \\u0001" "$OSMCLOUD" ctl --socket "$s" --json \
		"{\"op\":\"version\",\"id\":\"$u600\"}"
	send "text: 3,000-digit weight" "$OSMCLOUD" ctl --socket "$s" boot vm-h hv5 "$w3000"
	send "json: 3,000-digit weight" "$OSMCLOUD" ctl --socket "$s" --json \
		"{\"op\":\"boot\",\"vm\":\"vm-h\",\"dest\":\"hv5\",\"weight\":$w3000}"
	send "json words: 3,000-digit weight" "$OSMCLOUD" ctl --socket "$s" --json \
		boot vm=vm-h dest=hv5 "weight=$w3000"
	send "json: guest of 1,100 \"" "$OSMCLOUD" ctl --socket "$s" --json \
		"{\"op\":\"boot\",\"vm\":\"$j1100\",\"dest\":\"hv5\"}"
	send "json words: guest of 1,100 \"" "$OSMCLOUD" ctl --socket "$s" --json \
		stop "vm=$q1100" from=hv5
	send "text: guest of 1,100 \"" "$OSMCLOUD" ctl --socket "$s" stop "$q1100"
	send "text: invalid UTF-8" "$OSMCLOUD" ctl --socket "$s" stop "$bad"
	send "json words: invalid UTF-8" "$OSMCLOUD" ctl --socket "$s" --json stop "vm=$bad"
	# --stdio: the ssh forced command's relay, one JSON line each
	SENT=$((SENT + 6))
	{
		printf '{"op":"version","id":"%s"}\n' "$u600"
		printf '{"op":"boot","vm":"vm-h","dest":"hv5","weight":%s}\n' "$w3000"
		printf '{"op":"boot","vm":"%s","dest":"hv5"}\n' "$j1100"
		printf '{"op":"stop","vm":"%s"}\n' "$bad"
		printf '%s\n' "$x2100"
		printf '{"op":"vms"}\n'
	} | timeout 60 "$OSMCLOUD" ctl --socket "$s" --stdio >"$TOP/stdio.out" 2>&1
	echo "  stdio: status $? $(grep -c '"result":' "$TOP/stdio.out") replies"
	ANSWERED=$((ANSWERED + $(grep -c '"result":' "$TOP/stdio.out")))
	timeout 120 python3 "$TOP/clients.py" raw "$s" >"$TOP/raw.out" 2>&1
	echo "  raw: $(cat "$TOP/raw.out")"
	SENT=$((SENT + $(awk '/^raw / { print $2 }' "$TOP/raw.out")))
	ANSWERED=$((ANSWERED + $(sed -n 's/^raw .* json=\([0-9]*\) text=\([0-9]*\)$/\1 + \2/p' "$TOP/raw.out")))
}

# --- a master and a standby
run_new fabric || exit 1
sim_start "$topo" || fail "ibsim did not start"
for sm in hm:15 hs:1; do
	sm_conf "${sm%:*}" "${sm#*:}" \
		"event_plugin_options vms=$TOP/vms.txt state=$TOP/${sm%:*}.state ctl=$TOP/${sm%:*}.sock ctl_group=root" \
		"sweep_on_trap FALSE"
done
sm_start hm hv0-pf
sm_log_wait hm "SUBNET UP" 1 120 || fail "the master did not reach SUBNET UP"
sm_start hs hv11-pf
sm_log_wait hs "Entering STANDBY state" 1 60 || fail "the second opensm did not enter STANDBY"
sm_log_wait hs "osmcloud: control socket" 1 10 || fail "the standby has no control socket"

# --- the hostile requests, to both
declare -A sent_to answered local before
for sm in hm hs; do
	before[$sm]=$(log_requests $sm)
	echo "hostile requests to $sm:"
	SENT=0 ANSWERED=0 LOCAL=0
	hostile "$TOP/$sm.sock"
	sent_to[$sm]=$SENT answered[$sm]=$ANSWERED local[$sm]=$LOCAL
done
# the libvirt hook, as libvirt calls it: a guest named 1,100 '"' with a
# weight of 3,000 digits in its XML, each phase asked of the standby
# first, then the master
cat >"$TOP/hook.conf" <<CONF
[osmcloud]
endpoints = unix:$TOP/hs.sock
            unix:$TOP/hm.sock
hypervisor = hv5
timeout = 30
CONF
printf '<domain><name>g</name><metadata><oc:vm xmlns:oc="https://osmcloud.org/libvirt/1" weight="%s"/></metadata></domain>\n' \
	"$(head -c 3000 /dev/zero | tr '\0' 9)" >"$TOP/guest.xml"
guest=$(head -c 1100 /dev/zero | tr '\0' '"')
# (the standby answers each, so each goes on to the master)
hook_answered=0
for phase in "prepare begin" "migrate begin" "release end"; do
	# shellcheck disable=SC2086
	OSMCLOUD_HOOK_CONF=$TOP/hook.conf timeout 60 "$hook" "$guest" $phase - \
		<"$TOP/guest.xml" >"$TOP/hook.out" 2>&1
	echo "  hook $phase: status $? $(sed 's/"\{20,\}/"..."/g' "$TOP/hook.out" | head -c 300 | tr '\n' ' ')"
	# answered: the result, or the socket's own answer to a line over
	# its limit (which cannot carry the request's id)
	grep -qE "^osmcloud hook: [a-z]+ .* on hv5: [a-z-]+: |'result': 'bad-request'" "$TOP/hook.out" &&
		hook_answered=$((hook_answered + 1))
done
for sm in hm hs; do
	sent_to[$sm]=$((sent_to[$sm] + 3))
	answered[$sm]=$((answered[$sm] + hook_answered))
done

crashes=0
for sm in hm hs; do
	got=$(($(log_requests $sm) - before[$sm]))
	if sm_alive $sm; then
		sock=$TOP/$sm.sock
		ctl version && grep -q "osmcloud-ctl 1" "$TOP/ctl.out" && ctl vms &&
			grep -q " VMs" "$TOP/ctl.out" &&
			pass "$sm: alive after ${sent_to[$sm]} hostile requests, answers version and vms" ||
			fail "$sm: alive but does not answer: $(cat "$TOP/ctl.out")"
	else
		crashes=$((crashes + 1))
		fail "$sm: opensm died: $(grep -a -m3 -e 'overflow' -e 'Sanitizer' -e 'terminated' "$TOP/$sm/osm.out" "$TOP/$sm/osm.log")"
	fi
	[ "${answered[$sm]}" = "${sent_to[$sm]}" ] &&
		pass "$sm: ${sent_to[$sm]} hostile requests sent, each answered; $got reached the plugin's request path (the others: the socket's line limit, the relay), ${local[$sm]} refused by the client before sending" ||
		fail "$sm: ${answered[$sm]} of ${sent_to[$sm]} requests answered"
	longest=$(LC_ALL=C awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$TOP/$sm/osm.log")
	[ "$longest" -le "$line_bound" ] &&
		pass "$sm: the longest line of opensm's log has $longest bytes (bound $line_bound)" ||
		fail "$sm: a log line of $longest bytes (bound $line_bound)"
	LC_ALL=C grep -aq "ctl #[0-9]* .*: \"xxxxxxxx*\.\.\.\" -> bad-request: \"osmcloud: unknown command" "$TOP/$sm/osm.log" &&
		pass "$sm: the 2,100-byte request is echoed cut with ..." ||
		fail "$sm: no cut echo of the 2,100-byte request"
done
[ "$crashes" = 0 ] && pass "hostile requests: ${sent_to[hm]} to the master, ${sent_to[hs]} to the standby, 0 crashes" ||
	fail "hostile requests: $crashes of 2 SMs crashed"

# --- silent and slow clients on the master's control socket
sock=$TOP/hm.sock
real=("$OSMCLOUD" ctl --socket "$sock" --timeout 5 version)
timeout 60 python3 "$TOP/clients.py" silent "$sock" 20 "${real[@]}" >"$TOP/silent.out" 2>&1
read -r _ rc ms _ closed _ < <(head -n 1 "$TOP/silent.out")
[ "${rc:-1}" = 0 ] && [ "${ms:-9999}" -lt 2000 ] && [ "${closed:-0}" -ge 5 ] &&
	LC_ALL=C grep -aq "closed: idle longest of 16 when one more came" "$TOP/hm/osm.log" &&
	pass "ctl: 20 silent connections, a real request answered in $ms ms; $closed silent ones made room (logged)" ||
	fail "ctl: silent connections: $(cat "$TOP/silent.out")"
timeout 60 "${as_user[@]}" "$user_py" "$TOP/clients.py" silent "$sock" 12 "${real[@]}" >"$TOP/user.out" 2>&1
read -r _ rc ms _ closed _ < <(head -n 1 "$TOP/user.out")
[ "${rc:-1}" = 0 ] && [ "${closed:-0}" -ge 5 ] &&
	LC_ALL=C grep -aq "closed: idle longest of its user's 8" "$TOP/hm/osm.log" &&
	pass "ctl: uid 65534 with 12 silent connections: its request answered in $ms ms in the place of its own ($closed closed)" ||
	fail "ctl: one user's connections: $(cat "$TOP/user.out")"
# one user's half lines (busy: never taken over) keep neither root out
# nor let that user take more than its 8
rm -f "$TOP/user/half.ready"
"${as_user[@]}" "$user_py" "$TOP/clients.py" half "$sock" 8 "$TOP/user/half.ready" >"$TOP/half.out" 2>&1 &
half=$!
ready "$TOP/user/half.ready" || fail "ctl: the half-line client did not connect: $(cat "$TOP/half.out")"
timeout 30 "${as_user[@]}" "${real[@]}" >"$TOP/ninth.out" 2>&1
ninth=$?
t0=$(date +%s%N)
ctl version
st=$?
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$ninth" != 0 ] && LC_ALL=C grep -aq "refused: its user has 8 busy connections" "$TOP/hm/osm.log" &&
	[ "$st" = 0 ] && [ "$ms" -lt 2000 ] &&
	pass "ctl: uid 65534 holding 8 half lines: its 9th connection refused (logged), root answered in $ms ms" ||
	fail "ctl: half lines: 9th status $ninth ($(cat "$TOP/ninth.out")), root status $st in $ms ms"
stop_pids "$half"

# --- the same on osmcloud pathcache serve (a stats request)
PC_SOCK=$TOP/pc.sock
(cd "$RUN" && SIM_HOST=hv4-pf exec timeout 600 ibsim-run "$OSMCLOUD" \
	pathcache serve --socket "$PC_SOCK" --group root >"$TOP/pc.log" 2>&1) &
PC_PID=$!
for _ in $(seq 600); do
	grep -q "serving" "$TOP/pc.log" 2>/dev/null && break
	kill -0 "$PC_PID" 2>/dev/null || break
	sleep 0.05
done
grep -q "serving" "$TOP/pc.log" || fail "pathcache: the daemon did not start: $(tail -n 3 "$TOP/pc.log")"
real=("$OSMCLOUD" pathcache stats --socket "$PC_SOCK")
timeout 60 python3 "$TOP/clients.py" silent "$PC_SOCK" 40 timeout 10 "${real[@]}" >"$TOP/pc-silent.out" 2>&1
read -r _ rc ms _ closed _ < <(head -n 1 "$TOP/pc-silent.out")
[ "${rc:-1}" = 0 ] && [ "${ms:-9999}" -lt 2000 ] && [ "${closed:-0}" -ge 9 ] &&
	grep -q "closed: idle longest of 32 when one more came" "$TOP/pc.log" &&
	pass "pathcache: 40 silent connections, stats answered in $ms ms; $closed silent ones made room (logged)" ||
	fail "pathcache: silent connections: $(cat "$TOP/pc-silent.out")"
rm -f "$TOP/deaf.ready"
python3 "$TOP/clients.py" deaf "$PC_SOCK" $'stats\n' "$TOP/deaf.ready" >"$TOP/deaf.out" 2>&1 &
deaf=$!
ready "$TOP/deaf.ready" || fail "pathcache: the deaf client did not start: $(cat "$TOP/deaf.out")"
t0=$(date +%s%N)
timeout 10 "${real[@]}" >"$TOP/pc.out" 2>&1
st=$?
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$st" = 0 ] && [ "$ms" -lt 1000 ] &&
	pass "pathcache: beside a client that never reads ($(cut -d' ' -f2 "$TOP/deaf.ready") bytes of requests), stats answered in $ms ms" ||
	fail "pathcache: deaf client: stats status $st in $ms ms: $(cat "$TOP/pc.out")"
for _ in $(seq 200); do
	grep -q "closed: its replies were not taken within 2 s" "$TOP/pc.log" && break
	sleep 0.05
done
grep -q "closed: its replies were not taken within 2 s" "$TOP/pc.log" &&
	pass "pathcache: the client that never reads was closed after 2 s (logged)" ||
	fail "pathcache: the deaf client was not closed: $(tail -n 3 "$TOP/pc.log")"
stop_pids "$deaf"
timeout 60 "${as_user[@]}" "$user_py" "$TOP/clients.py" silent "$PC_SOCK" 20 timeout 10 "${real[@]}" >"$TOP/pc-user.out" 2>&1
read -r _ rc ms _ closed _ < <(head -n 1 "$TOP/pc-user.out")
[ "${rc:-1}" = 0 ] && [ "${closed:-0}" -ge 5 ] &&
	grep -q "closed: idle longest of its user's 16" "$TOP/pc.log" &&
	pass "pathcache: uid 65534 with 20 silent connections: its stats answered in $ms ms in the place of its own ($closed closed)" ||
	fail "pathcache: one user's connections: $(cat "$TOP/pc-user.out")"
kill -0 "$PC_PID" 2>/dev/null && pass "pathcache: the daemon still runs" ||
	fail "pathcache: the daemon died: $(tail -n 3 "$TOP/pc.log")"
stop_pids "$PC_PID"
PC_PID=
sm_stop_all
finish
