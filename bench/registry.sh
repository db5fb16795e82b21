#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# registry.sh - how long the plugin takes to load a VM registry of N VMs
# and reserve every VM's LID in OpenSM's guid2lid before the first sweep
# (issue 11: 163 s at 40,000 VMs before, each reservation walking the
# whole guid2lid table).  For each N (default 10000 40000):
#   1. offline: osmcloud config-check state=FILE (the plugin's reader)
#   2. stock opensm with the plugin under ibsim (default vSwitch fabric),
#      a state file of N VMs and a guid2lid cache of 2N entries in which
#      another port holds every VM's LID (the worst case: each must be
#      taken away): the plugin's part, from its "reading the VM state"
#      line to its "N VMs from FILE, their LIDs reserved" line, and
#      OpenSM's own start before it (restoring that guid2lid cache), from
#      its first log line; all from opensm's own log time stamps.
# Prints figures; not a pass/fail test (exit 1 on a setup error).
# Usage: bench/registry.sh [N...]
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
export OC_SRCDIR=$(dirname "$HERE")
export OC_BUILDDIR=${OC_BUILDDIR:-$OC_SRCDIR/build}
. "$OC_SRCDIR/tests/ibsim/lib.sh"
OC_PLUGIN_DIR=$OC_BUILDDIR/.libs
OSMCLOUD=$OC_BUILDDIR/osmcloud
[ -x "$OSMCLOUD" ] && [ -e "$OC_PLUGIN_DIR/libosmcloud.so" ] ||
	{ echo "build osmcloud first (scripts/setup.sh)" >&2; exit 1; }
run_init bench-registry || exit 1
trap 'run_cleanup' EXIT

# make_files N DIR: DIR/vms.state (N VMs on LIDs 100..) and
# DIR/guid2lid (other ports on those LIDs, plus N unrelated entries).
make_files() {
	awk -v n="$1" -v dir="$2" 'BEGIN {
		s = dir "/vms.state"; g = dir "/guid2lid"
		print "osmcloud-vm-state 3" > s
		for (i = 0; i < n; i++) {
			printf "vm-%d 0x00aa%012x 0x00bb%012x %d 0\n", i, i, i, 100 + i > s
			printf "0x00cc%012x 0x%04x 0x%04x\n", i, 100 + i, 100 + i > g
			printf "0x00dd%012x 0x%04x 0x%04x\n", i, 100 + n + i, 100 + n + i > g
		}
		printf "end %d 0\n", n > s
	}'
}

# secs "Mon DD HH:MM:SS usec" of an opensm log line
stamp() {
	awk '{ split($3, t, ":"); printf "%.6f\n", t[1] * 3600 + t[2] * 60 + t[3] + $4 / 1e6 }'
}

bench_one() {
	local n=$1 t0 t1 off
	run_new "n$n" || return 1
	make_files "$n" "$RUN"
	t0=$(date +%s.%N)
	"$OSMCLOUD" config-check "state=$RUN/vms.state" >"$RUN/cc.out" || return 1
	t1=$(date +%s.%N)
	off=$(echo "$t1 - $t0" | bc)
	cp "$RUN/guid2lid" "$RUN/cache/guid2lid"
	sim_start "$OC_SRCDIR/topologies/vswitch-ft-default.net" || return 1
	osm_conf "$RUN/osm.conf" "routing_engine vswitch_ftree" \
		"event_plugin_options state=$RUN/vms.state log_level=info"
	osm_start "$RUN/osm.conf"
	wait_log "their LIDs reserved" 1 600 || { echo "no reservation line" >&2; return 1; }
	local first mid last
	first=$(head -n 1 "$RUN/osm.log" | stamp)
	mid=$(grep -m1 "reading the VM state" "$RUN/osm.log" | stamp)
	last=$(grep -m1 "their LIDs reserved" "$RUN/osm.log" | stamp)
	printf "%7d VMs | config-check %6.3f s | plugin: read + reserve %6.3f s | OpenSM before the plugin (its guid2lid of %d entries) %6.3f s\n" \
		"$n" "$off" "$(echo "$last - $mid" | bc)" $((2 * n)) "$(echo "$mid - $first" | bc)"
	run_stop
}

echo "registry load, $(nproc) cores, $(date -u +%F)"
for n in ${@:-10000 40000}; do
	bench_one $n || exit 1
done
