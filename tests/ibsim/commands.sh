#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# osmcloud's operator commands: on stock opensm through the plugin's control
# socket (osmcloud ctl), on the patched opensm (opensm-patches/) in opensm's
# own console.  Bad commands and a socket path already served are refused.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test commands
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
{
	echo "$(vf_guid 0 1) vm-a"
	echo "$(vf_guid 5 2) vm-b 2"
} >"$TOP/vms.txt"
opts="event_plugin_options vms=$TOP/vms.txt state=$TOP/vms.state ctl=$sock"

# --- stock opensm: the control socket
route_and_check stock "$topo" "$opts"
grep -q "no console hook (stock opensm)" "$RUN/osm.log" &&
	pass "stock: the plugin saw no console hook" ||
	fail "stock: no 'no console hook' line in the log"
[ -S "$sock" ] && [ "$(stat -c %a "$sock")" = 600 ] &&
	pass "stock: control socket $sock, mode 0600" ||
	fail "stock: no control socket with mode 0600"
if ctl vms && grep -q "^vm-a .* hv0-vf1$" "$TOP/ctl.out" &&
	grep -q "^vm-b .* 2 .*hv5-vf2$" "$TOP/ctl.out" &&
	grep -q "^2 VMs$" "$TOP/ctl.out"; then
	pass "stock: 'osmcloud ctl vms' lists vm-a on hv0-vf1 and vm-b (weight 2) on hv5-vf2"
else
	fail "stock: 'osmcloud ctl vms' answered: $(cat "$TOP/ctl.out")"
fi
ctl help && grep -q "osmcloud vms" "$TOP/ctl.out" &&
	pass "stock: 'help' lists the commands" || fail "stock: help: $(cat "$TOP/ctl.out")"
ctl frobnicate
[ $? -eq 4 ] && grep -q 'unknown command "frobnicate"' "$TOP/ctl.out" &&
	pass "stock: an unknown command fails naming it" ||
	fail "stock: unknown command: $(cat "$TOP/ctl.out")"
ctl vms extra
[ $? -eq 4 ] && grep -q "usage: osmcloud vms" "$TOP/ctl.out" &&
	pass "stock: extra arguments give the usage" ||
	fail "stock: 'vms extra': $(cat "$TOP/ctl.out")"
timeout 30 "$OSMCLOUD" ctl --socket "$TOP/nothing.sock" vms >"$TOP/ctl.out" 2>&1
[ $? -eq 64 ] && grep -q "nothing.sock" "$TOP/ctl.out" &&
	pass "client: no such socket: exit 64 naming it" ||
	fail "client: no such socket: $(cat "$TOP/ctl.out")"

# stopping opensm removes the socket; a second plugin may not take over a
# socket path that another process serves (it routes on without a socket)
run_stop
[ ! -e "$sock" ] && pass "stopping opensm removed its control socket" ||
	fail "the control socket outlived opensm"
python3 -c 'import socket,sys,time; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(1); time.sleep(60)' "$sock" &
holder=$!
for i in $(seq 100); do [ -S "$sock" ] && break; sleep 0.05; done
opensm_route taken "$topo" vswitch_ftree "event_plugin_options ctl=$sock" ||
	fail "taken: opensm did not come up"
grep -q "is served by another process.*no control socket" "$RUN/osm.log" &&
	! grep -q "cannot load plugin" "$RUN/osm.log" && engine_used vswitch_ftree &&
	pass "taken: the served path is refused, routing goes on: $(grep -m1 -o 'option ctl: .*' "$RUN/osm.log")" ||
	fail "taken: the plugin did not refuse a served socket path, or stopped routing"
stop_pids "$holder"
run_stop

# --- the patched opensm: "osmcloud" in opensm's own console
prefix=$OC_BUILDDIR/opensm-patched
if ! "$OC_SRCDIR/scripts/build-patched-opensm.sh" "$prefix" >"$TOP/build-opensm.log" 2>&1; then
	fail "patched: building the patched opensm failed: $(tail -n 5 "$TOP/build-opensm.log")"
	finish
	exit
fi
rm -f "$TOP/vms.state"
OSM_BIN=$prefix/sbin/opensm route_and_check patched "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/vms.state"
grep -q 'console command "osmcloud" added' "$RUN/osm.log" &&
	pass "patched: the plugin added its console command" ||
	fail "patched: no 'console command added' line"
out=$(osm_console "osmcloud vms")
echo "$out" | grep -q "^vm-a .* hv0-vf1" && echo "$out" | grep -q "^2 VMs" &&
	pass "patched: console 'osmcloud vms' lists the 2 VMs" ||
	fail "patched: console 'osmcloud vms': $out"
osm_console help | grep -q "osmcloud <command>" &&
	pass "patched: console 'help' lists osmcloud" ||
	fail "patched: console help does not list osmcloud"
osm_console "osmcloud frobnicate" | grep -q 'unknown command "frobnicate"' &&
	pass "patched: console names an unknown subcommand" ||
	fail "patched: console did not name the unknown subcommand"
finish
