#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# demo.sh - the main demo: ibsim simulates the default vSwitch fat-tree,
# stock opensm loads the osmcloud plugin and routes it with vswitch_ftree,
# then the forwarding tables really programmed into the simulated switches
# are read back and checked.  Run ./scripts/setup.sh first.
#
#   scripts/demo.sh [TOPOLOGY]      (default: topologies/vswitch-ft-default.net)
#   scripts/demo.sh --installed [TOPOLOGY]
#
# --installed runs the installed files instead of build/: the osmcloud on
# PATH (/usr/bin from the packages, /usr/local/bin from make install), the
# topology from its share/osmcloud, and the libosmcloud.so opensm finds on
# the system's library path (no LD_LIBRARY_PATH); it also reads the
# fabric as on a live one (ibnetdiscover, dump_lfts.sh).  Either way the
# demo fails unless opensm's log says the plugin loaded and its engine
# configured the tables (not a fallback to minhop).
#
# Everything runs in a scratch folder with its own ibsim socket, opensm
# cache and console port; the processes it starts are stopped on exit.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
installed=no
if [ "${1:-}" = --installed ]; then
	installed=yes
	shift
fi
if [ $installed = yes ]; then
	osmcloud=$(command -v osmcloud)
	case $osmcloud in
	"" | "$top"/*)
		echo "demo: no installed osmcloud on PATH: install the packages (docs/packaging.md)" >&2
		exit 1
		;;
	esac
	topo=${1:-$(dirname "$(dirname "$osmcloud")")/share/osmcloud/vswitch-ft-default.net}
	unset LD_LIBRARY_PATH
	OC_PLUGIN_DIR=
else
	build=$top/build
	osmcloud=$build/osmcloud
	topo=${1:-$top/topologies/vswitch-ft-default.net}
	[ -x "$build/osmcloud" ] && [ -e "$build/.libs/libosmcloud.so" ] || {
		echo "demo: build first: ./scripts/setup.sh" >&2
		exit 1
	}
	OC_PLUGIN_DIR=$build/.libs
fi
[ -r "$topo" ] || {
	echo "demo: cannot read topology $topo" >&2
	exit 1
}
. "$top/tests/ibsim/lib.sh"

# engine_routed: opensm's log says the plugin loaded and vswitch_ftree
# configured the tables (opensm falls back to minhop silently otherwise);
# installed, the plugin opensm mapped is not one of this source tree
engine_routed() {
	local lib
	grep -qE "osmcloud [^ ]+ loaded into OpenSM" "$RUN/osm.log" || {
		echo "demo: opensm did not load the plugin; log: $RUN/osm.log" >&2
		return 1
	}
	grep -q "vswitch_ftree tables configured on all switches" "$RUN/osm.log" || {
		echo "demo: vswitch_ftree did not route (fallback?); log: $RUN/osm.log" >&2
		return 1
	}
	[ $installed = yes ] || return 0
	lib=$(osm_plugin_file)
	case $lib in
	"" | "$top"/*)
		echo "demo: opensm's plugin is not an installed one: '${lib}'" >&2
		return 1
		;;
	esac
	echo "   plugin opensm loaded: $lib"
}

# osm_plugin_file: the libosmcloud.so in the memory map of our opensm (a
# child or grandchild of the timeout process osm_start started)
osm_plugin_file() {
	local pid child
	for pid in $(pgrep -P "$OSM_PID"); do
		for child in "$pid" $(pgrep -P "$pid"); do
			grep -o '/[^ ]*/libosmcloud\.so$' "/proc/$child/maps" 2>/dev/null
		done
	done | head -n 1
}

# live_fabric_check: the fabric read as on a real one, through umad2sim:
# ibnetdiscover's topology and the switches' tables from dump_lfts.sh
# (infiniband-diags; Debian 12 names it dump_lfts)
live_fabric_check() {
	local switches dump_lfts
	dump_lfts=$(PATH=$PATH:/usr/sbin:/sbin command -v dump_lfts.sh dump_lfts | head -n 1)
	echo "== live fabric: ibnetdiscover and $(basename "${dump_lfts:-dump_lfts.sh}") (infiniband-diags)"
	timeout 120 ibsim-run ibnetdiscover >"$RUN/ibnet.out" 2>"$RUN/ibnet.err" &&
		timeout 300 ibsim-run "${dump_lfts:-dump_lfts.sh}" >"$RUN/lfts.out" 2>"$RUN/lfts.err" || {
		echo "demo: ibnetdiscover or dump_lfts failed: $RUN/ibnet.err $RUN/lfts.err" >&2
		return 1
	}
	echo "   ibnetdiscover: $(grep -c '^Switch' "$RUN/ibnet.out") switches, $(grep -c '^Ca' "$RUN/ibnet.out") CAs;" \
		"dump_lfts: $(grep -c '^Unicast lids' "$RUN/lfts.out") switch tables"
	echo "== osmcloud check --topo ibnet.out --lfts lfts.out (what was read, as on a real fabric)"
	"$osmcloud" check --topo "$RUN/ibnet.out" --lfts "$RUN/lfts.out" >"$RUN/live-check.out" 2>&1 || {
		cat "$RUN/live-check.out" >&2
		echo "demo: the live fabric's tables fail the check: $RUN/live-check.out" >&2
		return 1
	}
	sed 's/^/   /' "$RUN/live-check.out"
}

run_init demo || exit 1
trap 'run_cleanup' EXIT
run_new opensm

echo "== ibsim: $(basename "$topo")"
grep -E '^# (switches|hypervisors|nodes):' "$topo" | sed 's/^# /   /'
sim_start "$topo" || exit 1

echo "== opensm 3.3.23 + libosmcloud.so ($([ $installed = yes ] && echo installed || echo build/.libs)), routing_engine vswitch_ftree"
# installed and allowed to (root: opensm's user), the control socket in
# the package's /run/osmcloud, asked for the plugin's version below
ctl_sock=
if [ $installed = yes ] && [ -d /run/osmcloud ] && [ -w /run/osmcloud ]; then
	ctl_sock=/run/osmcloud/demo-$$.sock
fi
osm_conf "$RUN/osm.conf" "routing_engine vswitch_ftree" \
	${ctl_sock:+"event_plugin_options ctl=$ctl_sock"}
osm_start "$RUN/osm.conf"
if ! wait_log "SUBNET UP" 1 120; then
	echo "demo: opensm did not reach SUBNET UP; log: $RUN/osm.log" >&2
	KEEP_RUN=1
	exit 1
fi
grep -E "osmcloud|vswitch_ftree|tables configured|SUBNET UP" "$RUN/osm.log" |
	sed -E 's/^.* -> /   /' | grep -vE "snapshot:|hops:|LFT copy:"
engine_routed || {
	KEEP_RUN=1
	exit 1
}
if [ -n "$ctl_sock" ]; then
	echo "== osmcloud ctl --socket $ctl_sock version"
	timeout 60 "$osmcloud" ctl --socket "$ctl_sock" version | sed 's/^/   /'
	[ "${PIPESTATUS[0]}" -eq 0 ] || {
		echo "demo: the plugin's control socket did not answer; log: $RUN/osm.log" >&2
		KEEP_RUN=1
		exit 1
	}
fi

echo "== real LFTs read back from ibsim (Dump), checked by osmcloud check"
sim_cmd Dump >"$RUN/ibsim.dump"
out=${DEMO_OUT:-$top/build/demo} # kept after the run: the heat map's folder
mkdir -p "$out" && rm -f "$out/link-load.svg" || exit 1
"$osmcloud" check --ibsim-dump "$RUN/ibsim.dump" \
	--heatmap "$out/link-load.svg"
status=$?
echo "   (switch LIDs a switch does not reach are root-to-root pairs: up/down"
echo "    routing, like OpenSM's ftree, never turns down and up again;"
echo "    routing_engine sftree connects them without a credit loop)"
live_fabric_check || status=1
[ -s "$out/link-load.svg" ] &&
	echo "demo: link-load heat map: $out/link-load.svg"
[ $status -eq 0 ] && echo "demo: OK" || {
	echo "demo: the check failed; files kept in $TOP" >&2
	KEEP_RUN=1
}
exit $status
