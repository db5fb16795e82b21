#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# sweep_scale.sh - how many LFT blocks a sweep rewrites on a vSwitch
# fabric with VMs on half the VFs (issue 16, deliverable 5), counted by the
# patched opensm itself: its LFT block stream (opensm-patches/0004) logs
# "LFT stream: N blocks queued in all" for every routing run.
#
#   vswitch_ftree (plugin, registry): N cross-pod migrations (FTreeMinRC,
#       the LFT blocks each sent), then a heavy sweep with nothing changed;
#       then one leaf-to-spine cable cut (the sweeps it triggers), then
#       restored;
#   OpenSM's ftree and updn (no plugin): the same cut and restore.
#
# Usage: bench/sweep_scale.sh [options]
#   --gen 'OPTIONS'   osmcloud gen shape (default '--kary 8 --vswitch 2';
#                     the issue's scale: '--kary 18 --radix 36 --vswitch 2')
#   --migrations N    migrations before the heavy sweep (default 30)
#   --opensm PATH     a patched opensm (default build/opensm-patched/sbin/
#                     opensm, built by scripts/build-patched-opensm.sh)
#   --peers A,B       OpenSM's engines for the cut (default ftree,updn)
#   --build DIR       build tree (default $OC_BUILDDIR or build)
#   --keep            keep the scratch folder
# Not a pass/fail test: prints what it measured; exits 1 on a setup error.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
GEN='--kary 8 --vswitch 2'
MIGRATIONS=30
OSM_BIN=$SRC/build/opensm-patched/sbin/opensm
PEERS="ftree updn"
BUILD=${OC_BUILDDIR:-$SRC/build}
KEEP=
while [ $# -gt 0 ]; do
	case $1 in
	--gen) GEN=$2; shift ;;
	--migrations) MIGRATIONS=$2; shift ;;
	--opensm) OSM_BIN=$(readlink -f "$2"); shift ;;
	--peers) PEERS=${2//,/ }; shift ;;
	--build) BUILD=$2; shift ;;
	--keep) KEEP=1 ;;
	*) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
	esac
	shift
done
grep -q osm_ucast_mgr_lft_stream_next "$OSM_BIN" 2>/dev/null || {
	echo "sweep_scale.sh: $OSM_BIN is not a patched opensm with the LFT block stream (scripts/build-patched-opensm.sh)" >&2
	exit 1; }
export OC_BUILDDIR=$BUILD OC_SRCDIR=$SRC OSM_BIN
. "$SRC/tests/ibsim/common.sh"
run_init sweep-scale || exit 1
trap 'run_stop; [ -n "$KEEP" ] && echo "scratch folder kept: $TOP" || rm -rf "$TOP"' EXIT
trap 'exit 1' INT TERM
net=$TOP/fabric.net
# shellcheck disable=SC2086
"$OSMCLOUD" gen $GEN -o "$net" >"$TOP/gen.out" 2>&1 || { cat "$TOP/gen.out" >&2; exit 1; }
SIM_ARGS=$(sed -nE 's/.*run ibsim (.*)$/\1/p' "$TOP/gen.out")
printf 'osm_ucast_mgr.c 0x07\n' >"$TOP/pml.conf"
sock=$TOP/ctl.sock
UP_TIMEOUT=3600

# streamed: blocks of the stream lines after line number $1 of the log.
streamed() {
	sed -n 's/.*LFT stream: \([0-9]*\) blocks queued in all.*/\1/p' "$RUN/osm.log" |
		tail -n +$(($1 + 1)) | awk '{ s += $1 } END { print s + 0 }'
}
streams() { log_count "LFT stream: [0-9]* blocks queued in all"; }

# after EVENT CMD...: runs CMD, then one heavy sweep (opensm sweeps on
# nothing else: sweep_interval 0, sweep_on_trap FALSE), and prints the
# blocks its routing rewrote: its SUBNET UP comes once every block is
# answered.
after() {
	local what=$1 n up
	shift
	osm_settle 30
	n=$(streams) up=$(log_count "SUBNET UP")
	"$@" >/dev/null
	osm_console "resweep heavy" >/dev/null
	wait_log "SUBNET UP" $((up + 1)) "$UP_TIMEOUT" ||
		echo "  ($what: no SUBNET UP after the heavy sweep)" >&2
	printf '%s\t%s\n' "$what" "$(streamed "$n")"
}

# route_run ENGINE [PLUGIN OPTIONS]: a fresh ibsim + opensm routing with
# ENGINE until SUBNET UP; the plugin is loaded only with
# options (OpenSM's own engines run without it).
route_run() {
	local engine=$1
	shift
	run_stop
	run_new "$engine" || return 1
	# shellcheck disable=SC2086
	sim_start "$net" $SIM_ARGS || return 1
	osm_conf "$RUN/osm.conf" "routing_engine $engine" \
		"per_module_logging_file $TOP/pml.conf" "sweep_on_trap FALSE" \
		${1:+"event_plugin_options $1"}
	[ $# -gt 0 ] || sed -i '/^event_plugin_name /d' "$RUN/osm.conf"
	osm_start "$RUN/osm.conf"
	wait_log "SUBNET UP" 1 "$UP_TIMEOUT"
}

# the first up port of leaf sw-L1-0 (its cable to the level above)
cut=$(awk '/^Switch.*"sw-L1-0"/ { on = 1; next } on && /^$/ { exit }
	on && /"sw-L2-/ { print substr($1, 2, index($1, "]") - 2); exit }' "$net")
[ -n "$cut" ] || { echo "sweep_scale.sh: no leaf-to-spine cable on sw-L1-0" >&2; exit 1; }

guid_file "$net" 'hv[0-9]+-vf1' 1 | awk '{ print $1, "vm" NR }' >"$TOP/vms.txt"
vms=$(wc -l <"$TOP/vms.txt")
hvs=$(grep -c '^Switch.*"hv[0-9]*"' "$net")
echo "sweep_scale: osmcloud gen $GEN: $hvs hypervisors, $vms VMs (VF 1 of each), cable sw-L1-0[$cut]; $OSM_BIN"
RESULTS=$TOP/results.tsv
: >"$RESULTS"

# --- vswitch_ftree with the plugin and the registry
route_run vswitch_ftree "vms=$TOP/vms.txt state=$TOP/vms.state ctl=$sock" ||
	{ echo "sweep_scale.sh: opensm with vswitch_ftree did not come up: $(tail -n 3 "$RUN/osm.log")" >&2; exit 1; }
printf 'vswitch_ftree first sweep\t%s\n' "$(streamed 0)" >>"$RESULTS"
smps=0 moved=0
for i in $(seq "$MIGRATIONS"); do
	# vm<i> (on hv<i-1>) to the hypervisor half the fabric away: cross-pod
	dest=hv$(((i - 1 + hvs / 2) % hvs))
	if ctl migrate "vm$i" "$dest" ftreeminrc; then
		moved=$((moved + 1))
		smps=$((smps + $(sed -n 's/.*LFT blocks \([0-9]*\) (acked.*/\1/p' "$TOP/ctl.out" | head -n 1)))
	else
		echo "  migrate vm$i $dest: $(head -n 1 "$TOP/ctl.out")" >&2
	fi
done
printf 'vswitch_ftree %s migrations (LFT SMPs)\t%s\n' "$moved" "$smps" >>"$RESULTS"
after "vswitch_ftree heavy sweep after them (no change)" true >>"$RESULTS"
after "vswitch_ftree cut sw-L1-0[$cut]" sim_cmd "Unlink \"sw-L1-0\"[$cut]" >>"$RESULTS"
after "vswitch_ftree restore" sim_cmd "ReLink \"sw-L1-0\"[$cut]" >>"$RESULTS"
sim_cmd Dump >"$TOP/plugin-end.dump"  # the plugin's run is still up
"$OSMCLOUD" check --ibsim-dump "$TOP/plugin-end.dump" >"$TOP/plugin-end.check" 2>&1 &&
	echo "  vswitch_ftree: the tables at the end pass the checker" ||
	echo "  vswitch_ftree: the tables at the end FAIL the checker: $(head -n 2 "$TOP/plugin-end.check")"

# --- OpenSM's own engines: the same cut and restore
for peer in $PEERS; do
	route_run "$peer" || { echo "  $peer did not come up" >&2; continue; }
	printf '%s first sweep\t%s\n' "$peer" "$(streamed 0)" >>"$RESULTS"
	after "$peer cut sw-L1-0[$cut]" sim_cmd "Unlink \"sw-L1-0\"[$cut]" >>"$RESULTS"
	after "$peer restore" sim_cmd "ReLink \"sw-L1-0\"[$cut]" >>"$RESULTS"
done
run_stop
echo
echo "| event | LFT blocks rewritten |"
echo "|---|---:|"
awk -F'\t' '{ printf "| %s | %s |\n", $1, $2 }' "$RESULTS"
