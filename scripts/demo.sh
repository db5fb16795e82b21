#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# demo.sh - the main demo: ibsim simulates the default vSwitch fat-tree,
# stock opensm loads the osmcloud plugin and routes it with vswitch_ftree,
# then the forwarding tables really programmed into the simulated switches
# are read back and checked.  Run ./scripts/setup.sh first.
#
#   scripts/demo.sh [TOPOLOGY]      (default: topologies/vswitch-ft-default.net)
#
# Everything runs in a scratch folder with its own ibsim socket, opensm
# cache and console port; the processes it starts are stopped on exit.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
topo=${1:-$top/topologies/vswitch-ft-default.net}
build=$top/build
[ -x "$build/osmcloud" ] && [ -e "$build/.libs/libosmcloud.so" ] || {
	echo "demo: build first: ./scripts/setup.sh" >&2
	exit 1
}
[ -r "$topo" ] || {
	echo "demo: cannot read topology $topo" >&2
	exit 1
}
. "$top/tests/ibsim/lib.sh"
OC_PLUGIN_DIR=$build/.libs

run_init demo || exit 1
trap 'run_cleanup' EXIT
run_new opensm

echo "== ibsim: $(basename "$topo")"
grep -E '^# (switches|hypervisors|nodes):' "$topo" | sed 's/^# /   /'
sim_start "$topo" || exit 1

echo "== opensm 3.3.23 + libosmcloud.so, routing_engine vswitch_ftree"
osm_conf "$RUN/osm.conf" "routing_engine vswitch_ftree"
osm_start "$RUN/osm.conf"
if ! wait_log "SUBNET UP" 1 120; then
	echo "demo: opensm did not reach SUBNET UP; log: $RUN/osm.log" >&2
	KEEP_RUN=1
	exit 1
fi
grep -E "osmcloud|vswitch_ftree|tables configured|SUBNET UP" "$RUN/osm.log" |
	sed -E 's/^.* -> /   /' | grep -vE "snapshot:|hops:|LFT copy:"

echo "== real LFTs read back from ibsim (Dump), checked by osmcloud check"
sim_cmd Dump >"$RUN/ibsim.dump"
out=${DEMO_OUT:-$build/demo} # kept after the run: the heat map's folder
mkdir -p "$out" && rm -f "$out/link-load.svg" || exit 1
"$build/osmcloud" check --ibsim-dump "$RUN/ibsim.dump" \
	--heatmap "$out/link-load.svg"
status=$?
echo "   (switch LIDs a switch does not reach are root-to-root pairs: up/down"
echo "    routing, like OpenSM's ftree, never turns down and up again;"
echo "    routing_engine sftree connects them without a credit loop)"
[ -s "$out/link-load.svg" ] &&
	echo "demo: link-load heat map: $out/link-load.svg"
[ $status -eq 0 ] && echo "demo: OK" || {
	echo "demo: the check failed; files kept in $TOP" >&2
	KEEP_RUN=1
}
exit $status
