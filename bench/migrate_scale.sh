#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# migrate_scale.sh - what a live migration costs in a running stock opensm
# on a large vSwitch fabric (issue 16, deliverable 4): planning time, SMPs
# and the time to the last acknowledgement, against the LFT blocks a full
# reconfiguration sends.
#
# The fabric (default the ~24,300-LID 'osmcloud gen --kary 18 --radix 36
# --vswitch 2') runs under ibsim with opensm (vswitch_ftree, the plugin,
# quiet sweeps), VMs on half the VFs (VF 1 of every hypervisor).  Through
# the control socket (JSON), N cross-pod migrations (hypervisor i of the
# first half to hypervisor i + H/2, FTreeMinRC and ItRC in turn: a swap
# with the destination's idle VF 2), then a heavy sweep ('resweep heavy')
# and one more migration (the first after a sweep builds the model
# again).  Each command's own figures come from its JSON answer: plan_ms
# (under OpenSM's lock: model + targets + plan), model (built, kept) and
# model_ms, SMPs sent and acknowledged, LFT blocks, switches, time_ms
# (request to last acknowledgement).
#
# With --keep-model off,on (default: on) the scenario runs once per value,
# one opensm after the other: off builds the model for every command (the
# behaviour before the kept model), on keeps it between commands.
#
# Memory: opensm needs about 2.5-4.3 GB on the default fabric; the script
# refuses to start one when less than --min-free-gb (default 8) GB are
# available (MemAvailable).  Not a pass/fail test: exit 0 when it
# measured, 1 on a setup error or a failed command, 2 on bad options.

set -u
HERE=$(cd "$(dirname "$0")" && pwd)
export OC_SRCDIR=$(dirname "$HERE")
export OC_BUILDDIR=${OC_BUILDDIR:-$OC_SRCDIR/build}
OC_PLUGIN_DIR=$OC_BUILDDIR/.libs
OSMCLOUD=$OC_BUILDDIR/osmcloud
SHAPE="--kary 18 --radix 36 --vswitch 2"
MIGRATIONS=10
KEEP_VALUES=on
MIN_FREE_GB=8
UP_TIMEOUT=900

usage() {
	cat <<EOF
usage: bench/migrate_scale.sh [options]
  --shape 'GEN OPTIONS'  the fabric, as osmcloud gen's options (default
                         '$SHAPE'; quick: '--kary 8 --vswitch 2')
  --migrations N         cross-pod migrations after the first command
                         (default $MIGRATIONS)
  --keep-model LIST      off, on or off,on: one run per value (default on)
  --min-free-gb G        start opensm only with G GB available (default
                         $MIN_FREE_GB)
  --keep                 keep the run folder (its path is printed)
EOF
}

while [ $# -gt 0 ]; do
	case $1 in
	--shape) SHAPE=$2; shift 2 ;;
	--migrations) MIGRATIONS=$2; shift 2 ;;
	--keep-model) KEEP_VALUES=${2//,/ }; shift 2 ;;
	--min-free-gb) MIN_FREE_GB=$2; shift 2 ;;
	--keep) export KEEP_RUN=1; shift ;;
	-h|--help) usage; exit 0 ;;
	*) echo "migrate_scale.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
	esac
done
case $MIGRATIONS in ''|*[!0-9]*) echo "--migrations: not a number: '$MIGRATIONS'" >&2; exit 2 ;; esac
for v in $KEEP_VALUES; do
	case $v in on|off) ;; *) echo "--keep-model: '$v' is not on or off" >&2; exit 2 ;; esac
done
[ -x "$OSMCLOUD" ] && [ -e "$OC_PLUGIN_DIR/libosmcloud.so" ] ||
	{ echo "build osmcloud first (scripts/setup.sh)" >&2; exit 1; }

. "$OC_SRCDIR/tests/ibsim/lib.sh"
run_init bench-migrate-scale || exit 1
trap 'run_cleanup' EXIT
[ -n "${KEEP_RUN:-}" ] && echo "run folder: $TOP"

# vf_guid I J: port GUID of VF J of hypervisor I in osmcloud gen's fabrics.
vf_guid() {
	printf '0x0002c905%08x' $(((($1 << 8) | $2) << 4 | 1))
}

# shellcheck disable=SC2086
"$OSMCLOUD" gen $SHAPE -o "$TOP/fabric.net" 2>"$TOP/gen.out" ||
	{ echo "osmcloud gen failed: $(cat "$TOP/gen.out")" >&2; exit 1; }
SUMMARY=$(head -n 1 "$TOP/gen.out")
SIM_LIMITS=$(sed -nE 's/.*run ibsim (.*)$/\1/p' "$TOP/gen.out")
HVS=$(sed -nE 's/^# hypervisors: ([0-9]+).*/\1/p' "$TOP/fabric.net" | head -n 1)
SWITCHES=$(echo "$SUMMARY" | sed -nE 's/.*: ([0-9]+) switches.*/\1/p')
LIDS=$(echo "$SUMMARY" | sed -nE 's/.* ([0-9]+) LIDs.*/\1/p')
[ -n "$HVS" ] && [ "$HVS" -ge 2 ] && [ -n "$SWITCHES" ] && [ -n "$LIDS" ] ||
	{ echo "not a vSwitch fabric of osmcloud gen: $SUMMARY" >&2; exit 1; }
HALF=$((HVS / 2))
[ "$MIGRATIONS" -lt $((HALF - 1)) ] || MIGRATIONS=$((HALF - 2))
# every switch (vSwitches too) x the 64-LID blocks its table uses
FULL_BLOCKS=$((SWITCHES * ((LIDS + 64) / 64)))

for i in $(seq 0 $((HVS - 1))); do
	echo "$(vf_guid "$i" 1) vm-$i"
done >"$TOP/vms.txt"

mem_ok() {
	local kb
	kb=$(awk '$1 == "MemAvailable:" {print $2}' /proc/meminfo)
	[ "$kb" -ge $((MIN_FREE_GB * 1024 * 1024)) ] && return 0
	echo "only $((kb / 1024)) MB available, want $MIN_FREE_GB GB: not starting opensm" >&2
	return 1
}

# request TAG JSON: one request; the answer in $RUN/TAG.json.
request() {
	timeout 120 "$OSMCLOUD" ctl --socket "$RUN/ctl.sock" --timeout 110 \
		--json "$2" >"$RUN/$1.json" 2>"$RUN/$1.err"
}

# row KEEP TAG: one table row from TAG's answer (TSV in $TOP/results.tsv).
row() {
	python3 - "$RUN/$2.json" "$1" "$2" "$TOP/results.tsv" <<'PY'
import json, sys
path, keep, tag, tsv = sys.argv[1:]
try:
    r = json.loads(open(path).read())
except ValueError:
    print("%-4s %-10s no answer: %s" % (keep, tag, open(path).read()[:200]))
    sys.exit(1)
if r.get("result") != "done":
    print("%-4s %-10s %s: %s" % (keep, tag, r.get("result"), r.get("message", "")[:200]))
    sys.exit(1)
f = (keep, tag, r["method"], r["model"], "%.3f" % r["model_ms"],
     "%.3f" % r["targets_ms"], "%.3f" % r["plan_ms"], str(r["smps_sent"]), str(r["smps_acked"]),
     str(r["lft_blocks"]), str(r["switches"]), str(r["vswitches"]),
     "%.2f" % r["send_ms"], "%.2f" % r["time_ms"], "yes" if r["swept"] else "no")
print("%-4s %-10s %-10s %-7s %9s %10s %9s %5s %5s %6s %5s %4s %9s %9s %5s" % f)
open(tsv, "a").write("\t".join(f) + "\n")
PY
}

# migration KEEP TAG I METHOD: VM vm-I to hypervisor I + H/2.
migration() {
	request "$2" "{\"id\":\"$2\",\"op\":\"migrate\",\"vm\":\"vm-$3\",\"dest\":\"hv$(($3 + HALF))\",\"method\":\"$4\"}"
	row "$1" "$2"
}

# scenario KEEP: one opensm run with keep_model=KEEP.
scenario() {
	local keep=$1 i k method ok=0 n t0
	run_new "keep-$keep" || return 1
	mem_ok || return 1
	# shellcheck disable=SC2086
	sim_start "$TOP/fabric.net" $SIM_LIMITS || return 1
	osm_conf "$RUN/osm.conf" "routing_engine vswitch_ftree" \
		"event_plugin_options vms=$TOP/vms.txt state=$RUN/vms.state ctl=$RUN/ctl.sock keep_model=$keep log_level=info" \
		"sweep_on_trap FALSE" "use_ucast_cache FALSE"
	t0=$(date +%s)
	OSM_TIMEOUT=$((UP_TIMEOUT + 1800)) osm_start "$RUN/osm.conf"
	wait_log "SUBNET UP" 1 "$UP_TIMEOUT" ||
		{ echo "keep_model=$keep: no SUBNET UP in $UP_TIMEOUT s" >&2; return 1; }
	echo "keep_model=$keep: SUBNET UP after $(($(date +%s) - t0)) s; opensm RSS $(awk '/VmRSS/ {print int($2 / 1024) " MB"}' "/proc/$(pgrep -P "$OSM_PID" -x opensm 2>/dev/null || echo "$OSM_PID")/status" 2>/dev/null)"
	for k in $(seq 0 "$MIGRATIONS"); do
		i=$((k * (HALF / (MIGRATIONS + 1))))
		method=ftreeminrc
		[ $((k % 2)) -eq 1 ] && method=itrc
		migration "$keep" "m$k" "$i" "$method" || ok=1
	done
	n=$(log_count "SUBNET UP")
	t0=$(date +%s.%N)
	osm_console "resweep heavy" >/dev/null
	wait_log "SUBNET UP" $((n + 1)) "$UP_TIMEOUT" || { echo "no SUBNET UP after the heavy sweep" >&2; ok=1; }
	echo "keep_model=$keep: 'resweep heavy' to SUBNET UP: $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f", b - a}') s"
	# a VM that has not moved: between the first two, or the last
	i=1
	[ $((HALF / (MIGRATIONS + 1))) -gt 1 ] || i=$((HALF - 1))
	migration "$keep" "sweep+m" "$i" ftreeminrc || ok=1
	grep -a "kept model is freed\|model built in" "$RUN/osm.log" | sed 's/^.*osmcloud: /  log: /'
	run_stop
	return $ok
}

echo "migrations at scale, $(nproc) cores, $(date -u '+%F %H:%M UTC'), opensm $(dpkg-query -W -f '${Version}' opensm 2>/dev/null)"
echo "fabric: osmcloud gen $SHAPE: $SUMMARY; $HVS hypervisors, VMs on VF 1 of each (half the VFs)"
echo "full reconfiguration: $SWITCHES switches x $(((LIDS + 64) / 64)) blocks = $FULL_BLOCKS LFT blocks"
printf '%-4s %-10s %-10s %-7s %9s %10s %9s %5s %5s %6s %5s %4s %9s %9s %5s\n' keep cmd method model \
	model_ms targets_ms plan_ms smps acked blocks sw vsw first_smp last_ack swept
status=0
for keep in $KEEP_VALUES; do
	scenario "$keep" || status=1
done
exit $status
