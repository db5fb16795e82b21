#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# sa_load.sh - the SA load benchmark (issue 13; the SA flooder of the
# caching paper, section III, Table V) on stock opensm under ibsim.
#
# One ibsim + opensm (no plugin: the SA is OpenSM's own) on the default
# vSwitch fabric.  For each step NxK: N flooder processes, each keeping K
# SubnAdmGet(PathRecord) queries outstanding ('osmcloud sa-load -w K'),
# each on its own CA (SIM_HOST), and one synchronous client (window 1,
# the paper's SIF) on another CA that runs for the step's seconds once
# every flooder answers.  Prints per step: the synchronous client's
# queries/s, mean, median, standard deviation and 99th percentile of its
# response time, and the total queries/s the SM served (the synchronous
# client's rate plus each flooder's average rate over its own run, which
# spans the synchronous client's).
# ibsim limits (docs/performance.md, "SA load"): at most 9 client
# processes beside opensm, at most ~256 outstanding MADs in all; the
# steps stay at 8 flooders and 193 outstanding.
# Not a pass/fail test: exits 0 when it measured, 1 on a setup error,
# 2 on bad options.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
BUILD=${OC_BUILDDIR:-$SRC/build}
NET=$SRC/topologies/vswitch-ft-default.net
SECONDS_PER_STEP=5
STEPS="0x0 1x1 1x4 2x8 4x8 8x8 8x16 8x24"
KEEP=
PLUGIN=

usage() {
	cat <<EOT
usage: bench/sa_load.sh [--seconds S] [--steps "NxK ..."] [--keep]
  --seconds S   the synchronous client's run per step (default $SECONDS_PER_STEP)
  --steps LIST  flooders x outstanding queries each (default "$STEPS");
                at most 8 flooders, N*K+1 < 200
  --keep        keep the scratch folder (logs, each client's output)
  --plugin OPTS load the plugin from the build tree, routing with
                vswitch_ftree, with event_plugin_options OPTS (e.g.
                "sa_path_caching=on state=STATE-FILE": on stock opensm the
                plugin's PathRecord handler then answers)
EOT
}

while [ $# -gt 0 ]; do
	case $1 in
	--seconds) [ $# -ge 2 ] || { usage >&2; exit 2; }; SECONDS_PER_STEP=$2; shift ;;
	--steps) [ $# -ge 2 ] || { usage >&2; exit 2; }; STEPS=$2; shift ;;
	--keep) KEEP=1 ;;
	--plugin) [ $# -ge 2 ] || { usage >&2; exit 2; }; PLUGIN=$2; shift ;;
	-h | --help) usage; exit 0 ;;
	*) echo "sa_load.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
	esac
	shift
done
for s in $STEPS; do
	n=${s%x*} k=${s#*x}
	case "$n$k" in *[!0-9]* | "") echo "sa_load.sh: step '$s' is not NxK" >&2; exit 2 ;; esac
	[ "$n" -le 8 ] && [ $((n * k + 1)) -lt 200 ] || {
		echo "sa_load.sh: step '$s': at most 8 flooders and N*K+1 < 200 outstanding (ibsim's limits)" >&2
		exit 2; }
done
[ -x "$BUILD/osmcloud" ] || { echo "sa_load.sh: no osmcloud in $BUILD (build first)" >&2; exit 1; }

. "$SRC/tests/ibsim/lib.sh"
run_init saload || exit 1
FLOOD_PIDS=()
cleanup() {
	stop_pids "${FLOOD_PIDS[@]}"
	run_stop
	if [ -n "$KEEP" ]; then echo "scratch folder kept: $TOP"; else rm -rf "$TOP"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM
mkdir -p "$TOP/bin" && cp "$BUILD/osmcloud" "$TOP/bin/osmcloud" || exit 1
OSMCLOUD=$TOP/bin/osmcloud

# the fabric's CAs; opensm takes the first, clients the next nine
mapfile -t CAS < <(sed -n 's/^Ca[[:space:]]*[0-9]*[[:space:]]*"\([^"]*\)".*/\1/p' "$NET")
[ "${#CAS[@]}" -ge 10 ] || { echo "sa_load.sh: $NET has fewer than 10 CAs" >&2; exit 1; }

run_new sa || exit 1
sim_start "$NET" || exit 1
{
	echo "console off"
	echo "sweep_interval 0"
	echo "log_flags 0x03"
	echo "force_log_flush TRUE"
	echo "dump_files_dir $RUN/tmp"
	[ -z "$PLUGIN" ] || printf '%s\n' "event_plugin_name osmcloud" \
		"routing_engine vswitch_ftree" "event_plugin_options $PLUGIN"
} >"$RUN/opensm.conf"
(cd "$RUN" && export LD_LIBRARY_PATH=$BUILD/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} &&
	SIM_HOST=${CAS[0]} exec timeout 3600 ibsim-run /usr/sbin/opensm \
	-F "$RUN/opensm.conf" -f "$RUN/osm.log" >"$RUN/osm.out" 2>&1) &
OSM_PID=$!
wait_log "SUBNET UP" 1 120 || { echo "sa_load.sh: opensm did not reach SUBNET UP" >&2; exit 1; }
osm_settle 30

# client NAME CA ARGS...: one sa-load process in the background ($!)
client() {
	local name=$1 ca=$2
	shift 2
	(cd "$RUN" && SIM_HOST=$ca exec timeout 600 ibsim-run "$OSMCLOUD" sa-load \
		-r "$name" "$@" >"$RUN/$name.out" 2>"$RUN/$name.err") &
}

# started FILE...: every flooder logged its start and one window answered
# (bounded: 30 s)
all_started() {
	local i f
	for i in $(seq 600); do
		for f in "$@"; do grep -q started "$f" 2>/dev/null || { sleep 0.05; continue 2; }; done
		return 0
	done
	return 1
}

# field NAME LINE: the value of NAME= in a result line
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

ms() { awk -v u="$1" 'BEGIN { printf "%.3f", u / 1000 }'; }

printf '%-6s %5s %6s %8s %8s %8s %8s %8s %9s %6s\n' step outst sync_q/s mean_ms \
	median_ms sd_ms p99_ms '' total_q/s errors
for s in $STEPS; do
	n=${s%x*} k=${s#*x}
	FLOOD_PIDS=()
	errs=()
	for i in $(seq "$n"); do
		client "flood-$s-$i" "${CAS[$((i + 1))]}" -w "$k" -s 0
		FLOOD_PIDS+=($!)
		errs+=("$RUN/flood-$s-$i.err")
	done
	if [ "$n" -gt 0 ] && ! all_started "${errs[@]}"; then
		echo "sa_load.sh: step $s: flooders did not start" >&2; exit 1
	fi
	client "sync-$s" "${CAS[1]}" -w 1 -s "$SECONDS_PER_STEP"
	wait $! || { echo "sa_load.sh: step $s: the synchronous client failed: $(cat "$RUN/sync-$s.err")" >&2; exit 1; }
	stop_pids "${FLOOD_PIDS[@]}"
	FLOOD_PIDS=()
	line=$(cat "$RUN/sync-$s.out")
	total=$(field qps "$line")
	errors=$(field errors "$line")
	for i in $(seq "$n"); do
		fl=$(cat "$RUN/flood-$s-$i.out")
		[ -n "$fl" ] || { echo "sa_load.sh: step $s: flooder $i printed nothing: $(cat "$RUN/flood-$s-$i.err")" >&2; exit 1; }
		total=$((total + $(field qps "$fl")))
		errors=$((errors + $(field errors "$fl")))
	done
	printf '%-6s %5d %8s %8s %8s %8s %8s %8s %9d %6d\n' "$s" $((n * k + 1)) \
		"$(field qps "$line")" "$(ms "$(field mean_us "$line")")" \
		"$(ms "$(field median_us "$line")")" "$(ms "$(field sd_us "$line")")" \
		"$(ms "$(field p99_us "$line")")" '' "$total" "$errors"
done
