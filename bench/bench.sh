#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# bench.sh - how fast and how small osmcloud's vswitch_ftree (or, with
# --engine, another osmcloud engine such as sftree) routes, offline and
# inside stock opensm under ibsim, next to OpenSM's own ftree and updn.
#
# For each fabric (generated with 'osmcloud gen'), in the same run:
#   1. offline:  osmcloud route --engine E --topo F -o /dev/null
#   2. opensm -R E (plugin loaded; E = vswitch_ftree unless --engine) on a
#      fresh ibsim
#   3. opensm -R ftree and opensm -R updn (stock, plugin not loaded; the
#      peers, --peers) on a fresh ibsim each
# opensm runs once ('-o': first sweep, SUBNET UP, exit) under /usr/bin/time,
# within a time budget and optionally a memory budget: a run that exceeds
# one is killed and reported as "> N s (budget)" / "> N MB (budget)".
# The routing time of every engine is the same span of opensm's own log:
#   "building routing with '<engine>' routing algorithm..."  (VERBOSE line
#   of osm_ucast_mgr.c, enabled for that file only) ->
#   "<engine> tables configured on all switches"             (INFO)
# i.e. OpenSM's whole ucast_mgr_route() for the engine: its lid matrices
# (hops), its LFTs and the queuing of the LFT blocks.
# See bench/README.md and docs/performance.md.  Not a pass/fail test: exits
# 0 when it measured, 1 on a setup error, 2 on bad options.

set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
BUILD=${OC_BUILDDIR:-$SRC/build}
OSM_BIN=/usr/sbin/opensm
TIME_BIN=/usr/bin/time
OSM_TIMEOUT=${OSM_TIMEOUT:-1800}
MEM_BUDGET_MB=
PEERS="ftree updn"
KEEP=
QUICK=
OFFLINE=1
ENGINE=vswitch_ftree
REPEAT=1
RESULTS=
SELECTED=()

# name | description | osmcloud gen shape options
FABRIC_LIST="
k18|18-ary 3-tree, 36-port switches|--kary 18 --radix 36
pgft18|PGFT(3;18,18,36;1,18,18), 36-port switches|--pgft 3;18,18,36;1,18,18 --radix 36
k24|24-ary 3-tree|--kary 24
k8|8-ary 3-tree (quick)|--kary 8
ft324|2-level fat-tree, 18 leaves, 36-port switches (324 hosts)|--pgft 2;18,18;1,18 --radix 36
ft648|2-level fat-tree, 36 leaves, 36-port switches (648 hosts)|--pgft 2;18,36;1,18 --radix 36
vsw|vSwitch PGFT(2;3,4;1,2), 4 VFs (quick)|--pgft 2;3,4;1,2 --vswitch 4
vsw18|vSwitch 18-ary 3-tree, 36-port switches, 2 VFs (~24,300 LIDs, opensm ~4.3 GB)|--kary 18 --radix 36 --vswitch 2
vswpgft|vSwitch PGFT(3;18,18,36;1,18,18), 2 VFs (~48,300 LIDs, opensm ~16 GB)|--pgft 3;18,18,36;1,18,18 --radix 36 --vswitch 2
"
DEFAULT_FABRICS="k18 pgft18 k24"
QUICK_FABRICS="k8 vsw"

usage() {
	cat <<EOF
usage: bench/bench.sh [options] [FABRIC...]
Routing time and memory of vswitch_ftree, or of the osmcloud engine
--engine names (offline, and inside stock opensm under ibsim), next to
OpenSM's ftree and updn, one fabric after the other.  The vSwitch fabrics
vsw18 and vswpgft are not in the default set (minutes and GBs each run).

fabrics (default: $DEFAULT_FABRICS):
$(echo "$FABRIC_LIST" | awk -F'|' 'NF == 3 {printf "  %-7s %s  (osmcloud gen %s)\n", $1, $2, $3}')

options:
  --quick           the small fabrics only ($QUICK_FABRICS): a smoke test
  --fabrics A,B     same as naming them as arguments
  --engine NAME     the osmcloud engine to measure (default vswitch_ftree;
                    e.g. sftree)
  --build DIR       build tree with osmcloud and .libs/libosmcloud.so
                    (default: \$OC_BUILDDIR or $SRC/build)
  --peers A,B       OpenSM's own engines to compare with (default
                    "$PEERS"; each runs stock, plugin not loaded)
  --opensm PATH     the opensm binary of every run, the peers' too
                    (default $OSM_BIN; e.g. build/opensm-patched/sbin/opensm
                    from scripts/build-patched-opensm.sh)
  --time-budget S   kill an opensm run after S seconds (default
                    \$OSM_TIMEOUT or 1800) and report "> S s (budget)"
  --mem-budget MB   kill an opensm run whose RSS exceeds MB and report
                    "> MB MB (budget)" (default: none)
  --results FILE    also write the measurements as TSV to FILE
  --repeat N        N offline runs and N opensm runs per engine; the table
                    takes each engine's fastest run among those that no
                    other process disturbed (other CPU < 1 s)
  --no-offline      skip the offline 'osmcloud route' runs (on the vSwitch
                    fabrics most of their time is the -o dump's text)
  --keep            keep the scratch folder (logs, topology files)
  -h, --help        this text
Environment: OSM_TIMEOUT (s, --time-budget's default), TMPDIR.
Exit status: 0 measured (whatever the figures), 1 setup error, 2 bad options.
EOF
}

while [ $# -gt 0 ]; do
	case $1 in
	--quick) QUICK=1 ;;
	--fabrics) [ $# -ge 2 ] || { usage >&2; exit 2; }
		IFS=', ' read -r -a more <<<"$2"; SELECTED+=("${more[@]}"); shift ;;
	--fabrics=*) IFS=', ' read -r -a more <<<"${1#*=}"; SELECTED+=("${more[@]}") ;;
	--build) [ $# -ge 2 ] || { usage >&2; exit 2; }; BUILD=$2; shift ;;
	--engine) [ $# -ge 2 ] || { usage >&2; exit 2; }; ENGINE=$2; shift ;;
	--results) [ $# -ge 2 ] || { usage >&2; exit 2; }; RESULTS=$2; shift ;;
	--peers) [ $# -ge 2 ] || { usage >&2; exit 2; }; PEERS=${2//,/ }; shift ;;
	--opensm) [ $# -ge 2 ] || { usage >&2; exit 2; }; OSM_BIN=$(readlink -f "$2"); shift ;;
	--time-budget) [ $# -ge 2 ] && [ "$2" -ge 1 ] 2>/dev/null || { usage >&2; exit 2; }
		OSM_TIMEOUT=$2; shift ;;
	--mem-budget) [ $# -ge 2 ] && [ "$2" -ge 1 ] 2>/dev/null || { usage >&2; exit 2; }
		MEM_BUDGET_MB=$2; shift ;;
	--keep) KEEP=1 ;;
	--no-offline) OFFLINE= ;;
	--repeat) [ $# -ge 2 ] && [ "$2" -ge 1 ] 2>/dev/null || { usage >&2; exit 2; }
		REPEAT=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	-*) echo "bench.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
	*) SELECTED+=("$1") ;;
	esac
	shift
done
if [ ${#SELECTED[@]} -eq 0 ]; then
	if [ -n "$QUICK" ]; then read -r -a SELECTED <<<"$QUICK_FABRICS"
	else read -r -a SELECTED <<<"$DEFAULT_FABRICS"; fi
fi
for f in "${SELECTED[@]}"; do
	echo "$FABRIC_LIST" | grep -q "^$f|" || {
		echo "bench.sh: unknown fabric '$f'" >&2; usage >&2; exit 2; }
done
for e in $PEERS; do
	case $e in
	"$ENGINE") echo "bench.sh: --peers: '$e' is the measured engine" >&2; exit 2 ;;
	*[!a-z0-9_-]*|"") echo "bench.sh: --peers: bad engine name '$e'" >&2; exit 2 ;;
	esac
done

for tool in ibsim "$OSM_BIN" python3; do
	command -v "$tool" >/dev/null || { echo "bench.sh: $tool not found" >&2; exit 1; }
done
[ -x "$TIME_BIN" ] || { echo "bench.sh: $TIME_BIN missing (Debian package 'time')" >&2; exit 1; }
[ -x "$BUILD/osmcloud" ] && [ -f "$BUILD/.libs/libosmcloud.so" ] || {
	echo "bench.sh: no osmcloud / .libs/libosmcloud.so in $BUILD (build first)" >&2; exit 1; }

. "$SRC/tests/ibsim/lib.sh"
run_init bench || exit 1
cleanup() {
	[ -z "$OSM_PID" ] || osm_kill
	run_stop
	if [ -n "$KEEP" ]; then echo "scratch folder kept: $TOP"; else rm -rf "$TOP"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# A private copy of the binaries: the build tree may be rebuilt meanwhile.
mkdir -p "$TOP/bin"
cp "$BUILD/osmcloud" "$TOP/bin/osmcloud" &&
	cp "$BUILD/.libs/libosmcloud.so" "$TOP/bin/libosmcloud.so" || exit 1
OSMCLOUD=$TOP/bin/osmcloud
OC_PLUGIN_DIR=$TOP/bin
# the engine must be one of this build's ("engines: a b ..." in route --help)
"$OSMCLOUD" route --help 2>&1 | grep '^engines:' | grep -qw -- "$ENGINE" || {
	echo "bench.sh: this build has no engine '$ENGINE' ($("$OSMCLOUD" route --help 2>&1 | grep '^engines:'))" >&2
	exit 1; }
SUMMARY=$TOP/summary.tsv

# ---------------------------------------------------------------------------
# log_parse LOG ENGINE LAUNCH_EPOCH: key=value lines from an opensm log.
log_parse() {
	python3 - "$@" <<'PY'
import re, sys, datetime
log, engine, launch, samples, plugin = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4], sys.argv[5] == "1"
year = datetime.datetime.fromtimestamp(launch).year
stamp = re.compile(r'^(\w{3}) +(\d+) (\d\d):(\d\d):(\d\d) (\d{6}) \[[0-9A-Fa-f]+\] (0x[0-9a-f]{2}) -> (.*)')
def ts(m):
    d = datetime.datetime.strptime("%d %s %s %s:%s:%s" % ((year,) + m.groups()[:5]),
                                   "%Y %b %d %H:%M:%S")
    return d.timestamp() + int(m.group(6)) / 1e6
first = {}
errors, used, summary = [], [], ""
marks = {
    "build": "building routing with '%s' routing algorithm" % engine,
    "conf": "tables configured on all switches",
    "up": "SUBNET UP",
    "ftree_construct": "Starting FatTree fabric construction",
    "ftree_hops": "Starting switches' Min Hop Table Assignment",
    "ftree_route": "Starting FatTree routing",
    "ftree_done": "FatTree routing is done",
    "oc_first": "%s: " % engine,
    "oc_done": "%s: routed " % engine,
}
now = None
stream = re.compile(r"LFT stream: (\d+) blocks queued in all")
lft_blocks = ""  # blocks the first sweep's stream queued (patched opensm)
with open(log, errors="replace") as f:
    for line in f:
        m = stamp.match(line)
        if m:
            now, text = ts(m), m.group(8)
            if m.group(7) == "0x01" or " ERR " in text:
                errors.append(line.rstrip())
        elif now is None:
            continue
        else:
            text = line  # continuation of a multi-line message
        for k, s in marks.items():
            if k not in first and s in text and (k == "build" or "build" in first):
                first[k] = now
        if not m:
            continue
        sm = stream.search(text)
        if sm and not lft_blocks:
            lft_blocks = sm.group(1)
        if "tables configured on all switches" in text:
            used.append(text.split(": ", 1)[-1].split()[0])
        if engine + ": routed " in text and not summary:
            summary = text.split(engine + ": ", 1)[1].strip()
def span(a, b):
    return "%.6f" % (first[b] - first[a]) if a in first and b in first else ""
print("engine_used=%s" % (used[0] if used else "none"))
print("route_s=%s" % span("build", "conf"))
print("up_s=%s" % ("%.3f" % (first["up"] - launch) if "up" in first else ""))
# the first sweep around the routing: launch -> routing starts (discovery,
# LIDs), tables configured -> SUBNET UP (the blocks sent, the rest)
print("pre_route_s=%s" % ("%.3f" % (first["build"] - launch) if "build" in first else ""))
print("post_route_s=%s" % span("conf", "up"))
print("lft_blocks=%s" % lft_blocks)
if engine == "ftree":
    print("engine_s=%s" % span("ftree_construct", "conf"))
    print("ftree_construct_s=%s" % span("ftree_construct", "ftree_hops"))
    print("ftree_hops_s=%s" % span("ftree_hops", "ftree_route"))
    print("ftree_routing_s=%s" % span("ftree_route", "ftree_done"))
    print("lft_set_s=%s" % span("ftree_done", "conf"))
elif plugin:
    print("engine_s=%s" % span("oc_first", "conf"))
    # OpenSM's own time after the plugin's last line: the LFT block queuing
    print("osm_queue_s=%s" % span("oc_done", "conf"))
    print("oc_summary=%s" % summary)
    # the summary's phases must add up to its total (phases.h)
    tot = re.search(r" in ([0-9.]+) ms \(", summary)
    inner = re.search(r" ms \(([^)]*)\)", summary)
    if tot and inner:
        parts = [float(x) for x in re.findall(r"([0-9]+\.[0-9]+)", inner.group(1))]
        print("oc_total_ms=%s" % tot.group(1))
        print("oc_phases_sum_ms=%.1f" % sum(parts))
rss = []
try:
    for l in open(samples):
        t, _, kb = l.partition(" ")
        if kb.strip():
            rss.append((float(t.replace(",", ".")), int(kb)))
except OSError:
    pass
if rss and "build" in first and "conf" in first:
    before = [kb for t, kb in rss if t <= first["build"]]
    during = [kb for t, kb in rss if first["build"] <= t <= first["conf"]]
    after = [kb for t, kb in rss if t >= first["conf"]]
    if before and after:
        print("rss_before_route_kb=%d" % before[-1])
        print("rss_after_route_kb=%d" % after[0])
        print("rss_route_peak_kb=%d" % max(during + [after[0]]))
    done = first.get("ftree_done" if engine == "ftree" else "oc_done")
    at_done = [kb for t, kb in rss if done is not None and t >= done]
    if at_done:  # the engine has finished, OpenSM has not queued the LFT blocks yet
        print("rss_engine_done_kb=%d" % at_done[0])
print("n_errors=%d" % len(errors))
for e in errors[:20]:
    print("error=%s" % e)
PY
}

kv() { sed -n "s/^$1=//p" "$2" | head -n 1; }

# gen_fabric NAME: $TOP/NAME.net; sets GEN_* from osmcloud gen's summary.
gen_fabric() {
	local name=$1 line shape
	line=$(echo "$FABRIC_LIST" | grep "^$name|")
	FAB_DESC=$(echo "$line" | cut -d'|' -f2)
	shape=$(echo "$line" | cut -d'|' -f3)
	FAB_GEN="osmcloud gen $(echo "$shape" | sed -E "s/(--pgft) ([^ ]+)/\1 '\2'/")"
	# shellcheck disable=SC2086
	"$OSMCLOUD" gen $shape -o "$TOP/$name.net" 2>"$TOP/$name.gen" || {
		echo "osmcloud gen failed: $(cat "$TOP/$name.gen")" >&2; return 1; }
	GEN_SW=$(sed -nE 's/.*: ([0-9]+) switches, ([0-9]+) CAs.*/\1/p' "$TOP/$name.gen")
	GEN_CAS=$(sed -nE 's/.*: ([0-9]+) switches, ([0-9]+) CAs.*/\2/p' "$TOP/$name.gen")
	GEN_HOSTS=$(sed -nE 's/^# hosts: ([0-9]+).*/\1/p' "$TOP/$name.net" | head -n 1)
	SIM_LIMITS=$(sed -nE 's/.*run ibsim (.*)$/\1/p' "$TOP/$name.gen")
	: "${GEN_HOSTS:=$GEN_CAS}"
}

# offline NAME: osmcloud route wall time, peak RSS, its own phase times.
offline() {
	local name=$1 t
	"$TIME_BIN" -f '%e %M' -o "$TOP/$name.route.time" \
		"$OSMCLOUD" route --engine "$ENGINE" --topo "$TOP/$name.net" -o /dev/null \
		>"$TOP/$name.route.out" 2>"$TOP/$name.route.err"
	OFF_RC=$?
	t=$(tail -n 1 "$TOP/$name.route.time")
	OFF_S=${t% *} OFF_KB=${t#* }
	OFF_ANALYSE=$(sed -nE 's/.*analyse ([0-9.]+) ms.*/\1/p' "$TOP/$name.route.err" | head -n 1)
	OFF_ROUTE=$(sed -nE 's/.*route ([0-9.]+) ms.*/\1/p' "$TOP/$name.route.err" | head -n 1)
	# the same without -o: '-o /dev/null' still formats the whole dump
	"$TIME_BIN" -f '%e %M' -o "$TOP/$name.route-nodump.time" \
		"$OSMCLOUD" route --engine "$ENGINE" --topo "$TOP/$name.net" >/dev/null 2>&1
	t=$(tail -n 1 "$TOP/$name.route-nodump.time")
	OFF_NODUMP_S=${t% *}
}

# cpu_busy: busy CPU ticks of the whole machine so far (all cores).
cpu_busy() { awk '$1 == "cpu" {print $2 + $3 + $4 + $7 + $8 + $9; exit}' /proc/stat; }
# proc_cpu PID: user + system ticks of PID so far.
proc_cpu() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk '{print $12 + $13}'; }

# rss_sampler PID OUT MARK: finds opensm below PID (timeout -> time ->
# opensm) and writes "epoch VmRSS_kB" to OUT every 50 ms until it exits;
# over the memory budget it creates MARK and kills that opensm.
rss_sampler() {
	local p c i line limit=$((${MEM_BUDGET_MB:-0} * 1024))
	for i in $(seq 400); do
		p=$1
		while c=$(cat "/proc/$p/task/$p/children" 2>/dev/null) && [ -n "$c" ]; do
			p=${c%% *}
		done
		[ "$(cat "/proc/$p/comm" 2>/dev/null)" = opensm ] && break
		p=
		sleep 0.02
	done
	[ -n "$p" ] || return 0
	echo "$p" >"$RUN/opensm.pid"
	while [ -r "/proc/$p/status" ]; do
		while read -r line; do
			case $line in VmRSS:*) line=${line#VmRSS:}; line=${line% kB}
				echo "$EPOCHREALTIME $line"
				if [ "$limit" -gt 0 ] && [ "$line" -gt "$limit" ] && [ ! -e "$3" ]; then
					: >"$3"
					kill -KILL "$p" 2>/dev/null
				fi ;;
			esac
		done <"/proc/$p/status" 2>/dev/null
		sleep 0.05
	done >"$2"
}

# osm_kill: kills this run's opensm if it still runs.  With -o and a long
# sweep_interval, opensm only looks at SIGTERM after that interval, and
# /usr/bin/time dies of the SIGTERM that timeout (or our cleanup) sends,
# leaving opensm behind: so SIGKILL, by the PID the sampler recorded.
osm_kill() {
	local p
	p=$(cat "$RUN/opensm.pid" 2>/dev/null) || return 0
	[ -n "$p" ] && [ "$(cat "/proc/$p/comm" 2>/dev/null)" = opensm ] &&
		kill -KILL "$p" 2>/dev/null
	rm -f "$RUN/opensm.pid"
	return 0
}

# in_opensm NAME ENGINE REP: fresh ibsim + one 'opensm -o' run; writes
# $TOP/NAME-ENGINE-REP.kv (log_parse output + time, RSS, ibsim parse time).
in_opensm() {
	local name=$1 engine=$2 tag=$1-$2-$3 t0 t1 launch conf rc t sampler busy0 busy1 sim0 sim1
	run_new "$tag" || return 1
	t0=$(date +%s.%N)
	# shellcheck disable=SC2086
	if ! sim_start "$TOP/$name.net" $SIM_LIMITS; then
		echo "sim_failed=1" >"$TOP/$tag.kv"
		run_stop
		return 1
	fi
	t1=$(date +%s.%N)
	conf=$RUN/osm.conf
	# opensm's own log mask stays ERROR+INFO; only osm_ucast_mgr.c (the
	# common start line) and osm_ucast_ftree.c (ftree's phases, a few lines)
	# also log VERBOSE.  No ROUTING (0x40) dumps.
	printf 'osm_ucast_mgr.c 0x07\nosm_ucast_ftree.c 0x07\n' >"$RUN/pml.conf"
	osm_conf "$conf" "routing_engine $engine" "log_flags 0x03" \
		"per_module_logging_file $RUN/pml.conf"
	# -o waits for SUBNET UP in sweep_interval steps (0 would busy-poll);
	# no periodic sweep comes before that long interval.
	sed -i 's/^sweep_interval .*/sweep_interval 1000/' "$conf"
	[ "$engine" = "$ENGINE" ] || sed -i '/^event_plugin_name /d' "$conf"
	busy0=$(cpu_busy) sim0=$(proc_cpu "$SIM_PID")
	launch=$(date +%s.%N)
	(cd "$RUN" && LD_LIBRARY_PATH="$OC_PLUGIN_DIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
		exec timeout "$OSM_TIMEOUT" "$TIME_BIN" -f '%e %M %U %S' -o "$RUN/osm.time" \
		ibsim-run "$OSM_BIN" -F "$conf" -f "$RUN/osm.log" -o \
		>"$RUN/osm.out" 2>&1) &
	OSM_PID=$!
	rss_sampler "$OSM_PID" "$RUN/rss.samples" "$RUN/mem_budget" &
	sampler=$!
	wait "$OSM_PID"
	rc=$?
	OSM_PID=
	osm_kill
	wait "$sampler"
	busy1=$(cpu_busy) sim1=$(proc_cpu "$SIM_PID")
	t=$(tail -n 1 "$RUN/osm.time" 2>/dev/null)
	{
		echo "osm_rc=$rc"
		if [ -e "$RUN/mem_budget" ]; then echo "budget=> $MEM_BUDGET_MB MB (budget)"
		elif [ "$rc" -eq 124 ]; then echo "budget=> $OSM_TIMEOUT s (budget)"; fi
		echo "sim_parse_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.2f", b - a}')"
		set -- $t
		echo "osm_wall_s=${1:-}"
		# killed runs: /usr/bin/time died with them, the sampler's peak
		echo "osm_rss_kb=${2:-$(awk '$2 > m {m = $2} END {print m}' "$RUN/rss.samples" 2>/dev/null)}"
		# CPU seconds used by anything else than this opensm and ibsim
		# during the run (another build, a test): disturbance indicator
		echo "other_cpu_s=$(awk -v b="$busy1" -v a="$busy0" -v s1="${sim1:-0}" -v s0="${sim0:-0}" \
			-v u="${3:-0}" -v y="${4:-0}" -v hz="$(getconf CLK_TCK)" \
			'BEGIN {x = (b - a - (s1 - s0)) / hz - u - y; printf "%.1f", x < 0 ? 0 : x}')"
		log_parse "$RUN/osm.log" "$engine" "$launch" "$RUN/rss.samples" \
			"$([ "$engine" = "$ENGINE" ] && echo 1 || echo 0)"
	} >"$TOP/$tag.kv"
	# killed over the time budget while routing: the routing took at
	# least from its start to the kill
	if grep -q '^budget=> [0-9]* s ' "$TOP/$tag.kv" && [ -z "$(kv route_s "$TOP/$tag.kv")" ] &&
		[ -n "$(kv pre_route_s "$TOP/$tag.kv")" ]; then
		echo "route_min_s=$(awk -v t="$OSM_TIMEOUT" -v p="$(kv pre_route_s "$TOP/$tag.kv")" 'BEGIN {printf "%.1f", t - p}')" >>"$TOP/$tag.kv"
	fi
	run_stop
	grep -q "^engine_used=$engine\$" "$TOP/$tag.kv"
}

mb() { [ -n "$1" ] && awk -v k="$1" 'BEGIN {printf "%.0f", k / 1024}'; }
fmt_s() { [ -n "$1" ] && awk -v s="$1" 'BEGIN {printf (s < 0.01 ? "%.4f" : s < 1 ? "%.3f" : s < 10 ? "%.2f" : "%.1f"), s}' || printf -- "-"; }

# ---------------------------------------------------------------------------
echo "osmcloud bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -r)"
echo "  opensm $OSM_BIN ($(dpkg-query -W -f '${Version}' opensm 2>/dev/null)$(grep -q osm_ucast_mgr_lft_stream_next "$OSM_BIN" 2>/dev/null && echo ', LFT block stream')), ibsim $(ibsim -V 2>&1 | sed -n 's/^ibsim //p' | head -n 1) ($(dpkg-query -W -f '${Version}' ibsim-utils 2>/dev/null))"
echo "  osmcloud from $BUILD: $(git -C "$SRC" describe --always --dirty 2>/dev/null || echo '?'), libosmcloud.so $(sha256sum "$OC_PLUGIN_DIR/libosmcloud.so" | cut -c1-12), built $(date -u -r "$BUILD/.libs/libosmcloud.so" '+%H:%M:%S UTC')"
echo "  scratch: $TOP"
# one row per (fabric, engine): the run the table takes for that engine
printf 'fabric\thosts\tswitches\tcas\toff_s\toff_kb\toff_nodump_s\tengine\troute_s\trss_kb\tup_s\tused\tbudget\tqueue_s\tpre_route_s\tpost_route_s\troute_min_s\n' >"$SUMMARY"

# show_run KVFILE ENGINE [LABEL]: the lines of one opensm run.
show_run() {
	local kvf=$1 engine=$2 label=${3:-} used n budget
	if [ -n "$(kv sim_failed "$kvf")" ]; then
		echo "   $engine$label: ibsim did not start"
		return
	fi
	used=$(kv engine_used "$kvf")
	budget=$(kv budget "$kvf")
	printf '   opensm -R %-13s routing %s s (engine %s s), SUBNET UP %s s, RSS %s MB, ibsim parse %s s, other CPU %s s%s%s\n' \
		"$engine" "$(fmt_s "$(kv route_s "$kvf")")" "$(fmt_s "$(kv engine_s "$kvf")")" \
		"$(fmt_s "$(kv up_s "$kvf")")" "$(mb "$(kv osm_rss_kb "$kvf")")" \
		"$(fmt_s "$(kv sim_parse_s "$kvf")")" "$(kv other_cpu_s "$kvf")" "$label" \
		"$([ -n "$budget" ] && echo "  ** KILLED: $budget **" || { [ "$used" = "$engine" ] || echo "  ** FALLBACK: tables configured by '$used' **"; })"
	echo "      first sweep: $(fmt_s "$(kv pre_route_s "$kvf")") s before routing (discovery, LIDs), $(fmt_s "$(kv route_s "$kvf")") s routing, $(fmt_s "$(kv post_route_s "$kvf")") s from tables configured to SUBNET UP$(b=$(kv lft_blocks "$kvf"); [ -n "$b" ] && printf ' (%s LFT blocks sent)' "$b")"
	[ -z "$(kv rss_before_route_kb "$kvf")" ] ||
		echo "      opensm RSS (sampled every 50 ms): $(mb "$(kv rss_before_route_kb "$kvf")") MB before routing, $(mb "$(kv rss_engine_done_kb "$kvf")") MB when the engine is done, $(mb "$(kv rss_after_route_kb "$kvf")") MB when the LFT blocks are queued (tables configured)"
	if [ "$engine" = ftree ]; then
		echo "      ftree phases: construct $(fmt_s "$(kv ftree_construct_s "$kvf")") s, min-hop matrices $(fmt_s "$(kv ftree_hops_s "$kvf")") s, routing $(fmt_s "$(kv ftree_routing_s "$kvf")") s, LFT set $(fmt_s "$(kv lft_set_s "$kvf")") s"
	elif [ "$engine" = "$ENGINE" ]; then
		echo "      plugin: $(kv oc_summary "$kvf" | sed 's/.* in /in /; s/; OpenSM.s own time follows.*//')"
		[ -z "$(kv oc_total_ms "$kvf")" ] ||
			echo "      plugin phases add up to $(kv oc_phases_sum_ms "$kvf") of its $(kv oc_total_ms "$kvf") ms; then OpenSM's own LFT block queuing $(fmt_s "$(kv osm_queue_s "$kvf")") s (plugin's last line -> tables configured)"
	fi
	n=$(kv n_errors "$kvf")
	if [ "${n:-0}" -gt 0 ]; then
		echo "      $n ERROR line(s) in opensm's log, first ones:"
		sed -n 's/^error=/        /p' "$kvf" | head -n 10
	fi
	[ "$(kv osm_rc "$kvf")" = 0 ] || echo "      opensm exit status $(kv osm_rc "$kvf")"
}

# best_kv KEY FILE...: among the runs with other_cpu_s < 1 (undisturbed),
# else among all, the file with the smallest non-empty KEY: another process
# on the 2 cores only ever adds time.
best_kv() {
	local key=$1 f
	shift
	for f in "$@"; do
		echo "$(kv "$key" "$f") $(kv other_cpu_s "$f") $f"
	done | awk 'NF == 3 {print ($2 != "" && $2 < 1 ? 0 : 1), $1, $3}' |
		sort -k1,1n -k2,2g | head -n 1 | cut -d' ' -f3-
}

for name in "${SELECTED[@]}"; do
	echo
	gen_fabric "$name" || exit 1
	echo "== $name: $FAB_DESC: $GEN_HOSTS hosts, $GEN_SW switches, $GEN_CAS CAs"
	echo "   $FAB_GEN${SIM_LIMITS:+   (ibsim $SIM_LIMITS)}"
	offs=()
	for rep in $([ -z "$OFFLINE" ] || seq "$REPEAT"); do
		offline "$name"
		printf 'off_s=%s\noff_kb=%s\noff_nodump_s=%s\n' "$OFF_S" "$OFF_KB" "$OFF_NODUMP_S" >"$TOP/$name-offline-$rep.kv"
		offs+=("$TOP/$name-offline-$rep.kv")
		echo "   offline route -o /dev/null: ${OFF_S} s, $(mb "$OFF_KB") MB (analyse $OFF_ANALYSE ms, route $OFF_ROUTE ms; without -o: $OFF_NODUMP_S s)$([ "$OFF_RC" -eq 0 ] || echo ", EXIT $OFF_RC: $(tail -n 2 "$TOP/$name.route.err")")"
	done
	[ -n "$OFFLINE" ] || { : >"$TOP/$name-offline-0.kv"; offs=("$TOP/$name-offline-0.kv"); }
	off=$(for o in "${offs[@]}"; do echo "$(kv off_s "$o") $o"; done | sort -g | head -n 1 | cut -d' ' -f2-)
	off=${off:-${offs[0]}}
	for rep in $(seq "$REPEAT"); do
		for engine in "$ENGINE" $PEERS; do
			in_opensm "$name" "$engine" "$rep"
			show_run "$TOP/$name-$engine-$rep.kv" "$engine" \
				"$([ "$REPEAT" -eq 1 ] || echo " (run $rep/$REPEAT)")"
		done
	done
	best=()
	for engine in "$ENGINE" $PEERS; do
		x=$(best_kv route_s "$TOP/$name-$engine-"*.kv)
		x=${x:-$TOP/$name-$engine-1.kv}
		best+=("$(basename "$x" .kv)")
		awk -v o="$(kv other_cpu_s "$x")" 'BEGIN {exit !(o >= 1)}' &&
			echo "   ** $(basename "$x" .kv) was disturbed (other CPU $(kv other_cpu_s "$x") s): rerun this fabric (--repeat N helps) **"
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$GEN_HOSTS" "$GEN_SW" "$GEN_CAS" \
			"$(kv off_s "$off")" "$(kv off_kb "$off")" "$(kv off_nodump_s "$off")" "$engine" \
			"$(kv route_s "$x")" "$(kv osm_rss_kb "$x")" "$(kv up_s "$x")" "$(kv engine_used "$x")" \
			"$(kv budget "$x")" "$(kv osm_queue_s "$x")" "$(kv pre_route_s "$x")" "$(kv post_route_s "$x")" "$(kv route_min_s "$x")" >>"$SUMMARY"
	done
	[ "$REPEAT" -eq 1 ] || echo "   (the table takes each engine's fastest undisturbed run: ${best[*]})"
done

echo
echo "offline = osmcloud route --engine $ENGINE --topo F -o /dev/null (wall s / peak RSS MB); opensm: routing = log span"
echo "\"building routing with '<engine>'\" -> \"<engine> tables configured\" (s) / opensm peak RSS (MB) / SUBNET UP (s after launch);"
echo "speed-up = peer / $ENGINE routing; memory = peer / $ENGINE opensm peak RSS; a run killed over its budget shows"
echo "\"> N s (budget)\" or \"> N MB (budget)\" (the run is not dropped; its ratio is then a lower bound, \">\")."
echo "Per run above: engine = first line of the engine (ftree: construct_fabric, $ENGINE: its"
echo "snapshot line) -> tables configured; other CPU = CPU time of anything but this opensm and ibsim"
echo "during the run (another build or test: rerun when it is not ~0)."
python3 - "$SUMMARY" "$ENGINE" $PEERS <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
eng, peers = sys.argv[2], sys.argv[3:]
def num(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None
def f(x):
    v = num(x)
    if v is None:
        return "-"
    return ("%.4f" if v < 0.01 else "%.3f" if v < 1 else "%.2f" if v < 10 else "%.1f") % v
def f2(x):  # GNU time's %e has two decimals
    v = num(x)
    return "-" if v is None else "%.2f" % v
def mb(x):
    v = num(x)
    return "-" if v is None else "%.0f" % (v / 1024)
fabrics = []
by = {}
for r in rows:
    if r["fabric"] not in by:
        fabrics.append(r["fabric"])
        by[r["fabric"]] = {}
    by[r["fabric"]][r["engine"]] = r
def killed(r, unit):
    return r and r["budget"] and r["budget"].endswith("(budget)") and (" %s " % unit) in r["budget"]
def cell(r, e):
    """routing s / peak RSS MB / SUBNET UP s, or what stopped the run."""
    if r is None:
        return "-"
    if r["budget"]:
        b = r["budget"]
        if killed(r, "MB"):
            return "killed at %s RSS%s" % (b, "" if not r["route_s"] else ", routing " + f(r["route_s"]) + " s")
        rt = f(r["route_s"]) if r["route_s"] else (
            "> %s s (budget)" % r["route_min_s"] if r["route_min_s"] else b)
        return "%s / %s / %s" % (rt, mb(r["rss_kb"]) + "+", "-" if not r["route_s"] else b)
    s = "%s / %s / %s" % (f(r["route_s"]), mb(r["rss_kb"]), f(r["up_s"]))
    if r["used"] != e:
        s += " (%s)" % ("no tables configured" if r["used"] in ("", "none") else "FELL BACK to " + r["used"])
    return s
def lower(r):
    """the value to divide by, and '>' when the run was killed first."""
    if r is None:
        return None, ""
    if r["route_s"]:
        return num(r["route_s"]), ""
    if killed(r, "s") and r["route_min_s"]:
        return num(r["route_min_s"]), ">"
    return None, ""
def ratio_t(p, e):
    a, g = lower(p)
    b = num(e["route_s"]) if e and e["route_s"] and e["used"] == eng else None
    if a is None or not b or (p and p["used"] != p["engine"] and not g):
        return "-"
    return "%s%.1fx" % (g, a / b)
def ratio_m(p, e):
    a, b = num(p and p["rss_kb"]), num(e and e["rss_kb"])
    if not a or not b or (e and e["budget"]):
        return "-"
    return "%s%.2fx" % (">" if killed(p, "MB") or killed(p, "s") else "", a / b)
hdr = ["fabric", "hosts", "switches", "offline s / MB", "%s s / MB / UP s" % eng]
hdr += ["%s s / MB / UP s" % p for p in peers]
hdr += ["speed-up vs %s" % p for p in peers] + ["memory vs %s" % p for p in peers]
out = []
for fab in fabrics:
    d = by[fab]
    any_r = next(iter(d.values()))
    e = d.get(eng)
    row = [fab, "{:,}".format(int(any_r["hosts"])), "{:,}".format(int(any_r["switches"])),
           f2(any_r["off_s"]) + " / " + mb(any_r["off_kb"]), cell(e, eng)]
    row += [cell(d.get(p), p) for p in peers]
    row += [ratio_t(d.get(p), e) for p in peers] + [ratio_m(d.get(p), e) for p in peers]
    out.append(row)
w = [max(len(x[i]) for x in out + [hdr]) for i in range(len(hdr))]
line = lambda x: "| " + " | ".join(c.ljust(w[i]) for i, c in enumerate(x)) + " |"
print(line(hdr))
print("|" + "|".join("-" * (n + 2) for n in w) + "|")
for x in out:
    print(line(x))
print()
for fab in fabrics:
    d = by[fab]
    e = d.get(eng)
    any_r = next(iter(d.values()))
    peer_txt = "; ".join("%s %s, %s MB (%s/%s %s time, %s memory)" % (
        p, f(d[p]["route_s"]) + " s" if d.get(p) and d[p]["route_s"] else (
            "routing > %s s, killed at %s" % (d[p]["route_min_s"], d[p]["budget"]) if d.get(p) and d[p]["route_min_s"]
            else d[p]["budget"] if d.get(p) and d[p]["budget"] else "-"),
        mb(d[p]["rss_kb"]) if d.get(p) else "-", p, eng, ratio_t(d.get(p), e), ratio_m(d.get(p), e))
        for p in peers)
    print("%s: %s hosts, %s switches: inside opensm %s routes in %s s, %s MB, SUBNET UP %s s%s; %s; offline %s s, %s MB" % (
        fab, any_r["hosts"], any_r["switches"], eng, f(e and e["route_s"]), mb(e and e["rss_kb"]),
        f(e and e["up_s"]), (" [" + e["budget"] + "]") if e and e["budget"] else
        ("" if e and e["used"] == eng else " [tables configured by: %s]" % ((e and e["used"]) or "none")),
        peer_txt, f2(any_r["off_s"]), mb(any_r["off_kb"])))
PY
[ -z "$RESULTS" ] || cp "$SUMMARY" "$RESULTS"
exit 0
