#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The control socket's thread cannot start (pthread_create fails for the
# plugin only: tests/fault/failthread.so preloaded into opensm): the
# plugin logs why with the real error, releases the socket (no file left,
# nothing listening on it) and routing goes on.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test ctl-thread
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
shim=$OC_BUILDDIR/tests/fault/.libs/failthread.so
[ -e "$shim" ] || fail "no $shim (make check builds it)"
echo "$(vf_guid 0 1) vm-a" >"$TOP/vms.txt"

cat >"$TOP/opensm-failthread" <<EOS
#!/bin/sh
LD_PRELOAD="\$LD_PRELOAD:$shim" OC_FAIL_THREAD_MATCH=libosmcloud.so \
	exec /usr/sbin/opensm "\$@"
EOS
chmod +x "$TOP/opensm-failthread"

OSM_BIN=$TOP/opensm-failthread route_and_check start "$topo" \
	"event_plugin_options vms=$TOP/vms.txt ctl=$sock"
want="option ctl: $sock: cannot start its thread: Resource temporarily unavailable; no control socket"
grep -qF "$want" "$RUN/osm.log" &&
	pass "start: logged: $(grep -oF "$want" "$RUN/osm.log")" ||
	fail "start: no '$want' in opensm's log: $(grep -m3 'osmcloud.*ctl' "$RUN/osm.log")"
[ ! -e "$sock" ] && pass "start: the socket file was removed" ||
	fail "start: $sock is left behind"
grep -qF "$sock" /proc/net/unix &&
	fail "start: a socket still listens on $sock" ||
	pass "start: no socket listens on $sock"
timeout 10 "$OSMCLOUD" ctl --socket "$sock" --timeout 5 vms >"$TOP/ctl.out" 2>&1 &&
	fail "start: a client got an answer: $(cat "$TOP/ctl.out")" ||
	pass "start: a client finds no server: $(head -n 1 "$TOP/ctl.out")"
finish
