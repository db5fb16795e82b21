#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Many clients on the control socket at once (docs/protocol.md): beside a
# client that connects and sends nothing, one that sends half a request
# and one that sends requests but never reads the replies, two working
# clients are served without delay (figures printed).  The stalled ones
# are closed by the time-outs (a line must end within 10 s, a reply must
# be taken within 10 s) and logged; a 17th connection takes the place of
# the silent one idle longest and is served; opensm exits promptly on
# SIGTERM with stalled clients connected.  The socket
# has mode 0660 and the group of ctl_group; a socket path in a folder
# other users may write is refused.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test ctl-clients
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
group=$(id -gn)
printf '%s vm-a\n' "$(vf_guid 0 1)" >"$TOP/vms.txt"

route_and_check start "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/vms.state ctl=$sock ctl_group=$group" \
	"sweep_on_trap FALSE"
[ "$(stat -c '%a %G' "$sock")" = "660 $group" ] &&
	pass "access: socket mode 0660, group $group (ctl_group)" ||
	fail "access: socket $(stat -c '%a %G' "$sock")"

cat >"$TOP/clients.py" <<'PY'
import json, os, socket, sys, time
path, secs, mode = sys.argv[1], float(sys.argv[2]), sys.argv[3]

def conn():
    s = socket.socket(socket.AF_UNIX)
    s.settimeout(10)
    s.connect(path)
    return s

if mode == "limit":      # 16 silent connections: the 17th takes a place
    keep = [conn() for _ in range(16)]
    last = conn()
    last.sendall(b'{"op":"version"}\n')
    print("17th %s" % json.loads(last.recv(65536))["result"], flush=True)
    print("first %r" % keep[0].recv(100), flush=True)
    for s in keep[1:]:
        s.sendall(b'{"op":"version"}\n')
    ok = sum(1 for s in keep[1:]
             if json.loads(s.recv(65536))["result"] == "done")
    print("served_of_15 %d" % ok, flush=True)
    sys.exit(0)

if mode == "deaf":       # sends requests, never reads a reply
    s = conn()
    s.setblocking(False)
    sent = 0
    try:
        while True:
            sent += s.send(b'{"op":"help"}\n' * 64)
    except BlockingIOError:
        pass
    print("deaf: %d bytes of requests sent before the socket filled" % sent,
          flush=True)
    time.sleep(secs)
    sys.exit(0)

silent = conn()                          # connects, sends nothing
partial = conn()
partial.sendall(b'{"op":"vers')          # half a request, never ended
w = conn()
served, worst, fresh, t0 = 0, 0.0, 0, time.monotonic()
while time.monotonic() - t0 < secs:
    t = time.monotonic()
    w.sendall(b'{"id":%d,"op":"version"}\n' % served)
    buf = b""
    while not buf.endswith(b"\n"):
        buf += w.recv(65536)
    r = json.loads(buf)
    assert r["result"] == "done" and r["id"] == served, r
    worst = max(worst, time.monotonic() - t)
    served += 1
    if served % 10 == 0:                 # and a new connection now and then
        f = conn()
        f.sendall(b'{"op":"vms"}\n')
        buf = b""
        while not buf.endswith(b"\n"):
            buf += f.recv(65536)
        assert json.loads(buf)["result"] == "done"
        f.close()
        fresh += 1
print("served %d %.1f %d" % (served, worst * 1e3, fresh), flush=True)
# the half request is cut off by the server within its 10 s
t = time.monotonic()
partial.settimeout(30)
got = partial.recv(100)
print("partial_closed %.1f %r" % (time.monotonic() - t + secs, got), flush=True)
PY

# the deaf client in the background, the others in the foreground
python3 "$TOP/clients.py" "$sock" 60 deaf >"$TOP/deaf.out" 2>&1 &
deaf=$!
for i in $(seq 200); do grep -q "^deaf:" "$TOP/deaf.out" && break; sleep 0.05; done
sed 's/^/  /' "$TOP/deaf.out"
timeout 120 python3 "$TOP/clients.py" "$sock" 5 main >"$TOP/main.out" 2>&1
sed 's/^/  /' "$TOP/main.out"
read -r _ served worst fresh < <(grep "^served " "$TOP/main.out")
[ "${served:-0}" -ge 100 ] && [ "${worst%.*}" -lt 1000 ] &&
	pass "stalled clients: $served requests served in 5 s on one connection (slowest ${worst} ms)" \
		"and $fresh on new connections, beside a silent, a half-line and a deaf client" ||
	fail "stalled clients: $(cat "$TOP/main.out")"
grep -q "^partial_closed .* b''$" "$TOP/main.out" &&
	wait_log "closed: a request line did not end within 10 s" 1 5 &&
	pass "half line: closed by the server after $(sed -n 's/^partial_closed \([0-9.]*\).*/\1/p' "$TOP/main.out") s (logged)" ||
	fail "half line: $(grep partial "$TOP/main.out")"
wait_log "closed: a reply was not taken within 10 s" 1 30 &&
	pass "deaf client: closed after 10 s of replies not taken (logged)" ||
	fail "deaf client: no 'reply was not taken' line in opensm's log"
stop_pids "$deaf"
timeout 60 python3 "$TOP/clients.py" "$sock" 0 limit >"$TOP/limit.out" 2>&1
grep -q "^17th done$" "$TOP/limit.out" && grep -q "^first b''$" "$TOP/limit.out" &&
	grep -q "^served_of_15 15$" "$TOP/limit.out" &&
	grep -q "closed: idle longest of 16 when one more came" "$RUN/osm.log" &&
	pass "16 silent connections: the 17th is served in the place of the first (logged), the 15 others too" ||
	fail "connection limit: $(cat "$TOP/limit.out")"

# SIGTERM while a silent and a deaf client are connected
python3 "$TOP/clients.py" "$sock" 60 deaf >"$TOP/deaf2.out" 2>&1 &
deaf=$!
python3 -c 'import socket,sys,time; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); time.sleep(60)' "$sock" &
silent=$!
for i in $(seq 200); do grep -q "^deaf:" "$TOP/deaf2.out" && break; sleep 0.05; done
t0=$(date +%s%N)
kill "$OSM_PID"
for i in $(seq 400); do kill -0 "$OSM_PID" 2>/dev/null || break; sleep 0.05; done
ms=$((($(date +%s%N) - t0) / 1000000))
! kill -0 "$OSM_PID" 2>/dev/null && [ "$ms" -lt 5000 ] &&
	pass "SIGTERM: opensm exited in $ms ms with a silent and a deaf client connected" ||
	fail "SIGTERM: opensm still running after $ms ms"
wait "$OSM_PID" 2>/dev/null
OSM_PID=
stop_pids "$deaf" "$silent"
[ ! -e "$sock" ] && pass "SIGTERM: the socket was removed" || fail "SIGTERM: the socket is left"

# a folder every user may write: someone else could bind the path first
mkdir -m 1777 "$TOP/open"
opensm_route open "$topo" vswitch_ftree \
	"event_plugin_options vms=$TOP/vms.txt ctl=$TOP/open/osm.sock" ||
	fail "open: opensm did not come up"
grep -q "option ctl: $TOP/open/osm.sock: other users can write the folder $TOP/open (mode 1777)" "$RUN/osm.log" &&
	[ ! -e "$TOP/open/osm.sock" ] &&
	pass "open folder: refused: $(grep -m1 -o 'option ctl: .*could take the socket.s name first' "$RUN/osm.log")" ||
	fail "open folder: not refused: $(grep -m2 'option ctl' "$RUN/osm.log")"
finish
