#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pftree.sh - tenant isolation, receiver contention and victim bandwidth of
# the partition-aware engines on the pFTree paper's Table 3 topologies, next
# to ftree; and their routing time next to OpenSM's ftree.
#
# For each topology (osmcloud gen --pgft, XGFT(2;m,w;1,w)):
#   - a victim partition of Table 3's size, spread evenly over the leaves
#     (random positions on each leaf, fixed seed), marked phy-isolation; the
#     other hosts form the interfering partition; every victim host is a
#     heavy receiver (weight 100, the paper's section 7.1 upper end);
#   - offline, for ftree (vswitch_ftree without partitions: on a plain
#     fat-tree it is ftree's algorithm; see docs/performance.md), pftree,
#     pftree_ext and pftree_wt: osmcloud route (routing time, best of 5)
#     and osmcloud check with the tenant files: directed links shared by the
#     two partitions, the victim's shared links, the receivers' contention
#     (contended links and total, down and up), the victim's effective
#     bisection bandwidth alone and with the interfering partition running
#     its own bisection (tenant_metrics.h);
#   - unless --quick or --no-opensm: on the three largest topologies,
#     stock opensm (-o: one sweep) under ibsim with partitions.conf = the
#     partitions file, once with -R ftree (plugin not loaded) and once per
#     pftree engine (plugin loaded, policy= and weights=, qos TRUE); the
#     routing time is the span of opensm's own log from "building routing
#     with '<engine>'" to "<engine> tables configured on all switches", as
#     bench/bench.sh measures it (tests/ibsim/lib.sh runs ibsim and opensm;
#     best of --repeat runs).
# Not a pass/fail test: exits 0 when it measured, 1 on a setup error.

set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
BUILD=${OC_BUILDDIR:-$SRC/build}
OSMCLOUD=$BUILD/osmcloud
ROUNDS=100
QUICK=
OPENSM=1
KEEP=
RESULTS=
REPEAT=1
RECEIVERS=

# name | hosts | victim hosts | m1,w (XGFT(2;m1,w;1,w)) | oversubscription
TOPOLOGIES="
x32|32|8|8,4|2:1
x48|48|12|12,4|3:1
x64|64|16|16,4|4:1
x128|128|32|16,8|2:1
x192|192|48|24,8|3:1
x256|256|64|32,8|4:1
x512|512|128|32,16|2:1
x768|768|192|48,16|3:1
x1024|1024|256|64,16|4:1
"
QUICK_TOPOLOGIES="x32 x48 x64"
OPENSM_TOPOLOGIES="x512 x768 x1024"
ENGINES="ftree pftree pftree_ext pftree_wt"

usage() {
	cat <<EOF
usage: bench/pftree.sh [options]
  --quick          the 32- to 64-host topologies only, no opensm
  --no-opensm      skip the routing times inside opensm
  --opensm-on A,B  topologies for the opensm runs (default
                   $OPENSM_TOPOLOGIES)
  --rounds N       random bisections per EBB (default $ROUNDS)
  --repeat N       opensm runs per topology and engine (the fastest
                   counts; default 1)
  --build DIR      build tree with osmcloud (default \$OC_BUILDDIR or build/)
  --results FILE   also write the figures as TSV to FILE
  --receivers-per-leaf N
                   only N victim hosts per leaf are heavy receivers (the
                   first N of each leaf's random victims; default: all)
  --keep           keep the scratch folder
EOF
}

while [ $# -gt 0 ]; do
	case $1 in
	--quick) QUICK=1 OPENSM= ;;
	--no-opensm) OPENSM= ;;
	--opensm-on) [ $# -ge 2 ] || { usage >&2; exit 2; }; OPENSM_TOPOLOGIES=${2//,/ }; shift ;;
	--rounds) [ $# -ge 2 ] || { usage >&2; exit 2; }; ROUNDS=$2; shift ;;
	--build) [ $# -ge 2 ] || { usage >&2; exit 2; }; BUILD=$2; OSMCLOUD=$BUILD/osmcloud; shift ;;
	--results) [ $# -ge 2 ] || { usage >&2; exit 2; }; RESULTS=$2; shift ;;
	--keep) KEEP=1 ;;
	--receivers-per-leaf) [ $# -ge 2 ] && [ "$2" -ge 1 ] 2>/dev/null || { usage >&2; exit 2; }
		RECEIVERS=$2; shift ;;
	--repeat) [ $# -ge 2 ] || { usage >&2; exit 2; }; REPEAT=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) echo "pftree.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
	esac
	shift
done
[ -x "$OSMCLOUD" ] || { echo "pftree.sh: no $OSMCLOUD (build first)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "pftree.sh: python3 not found" >&2; exit 1; }

TOP=$(mktemp -d "${TMPDIR:-/tmp}/oc-pftree-bench.XXXXXX") || exit 1
SIM_PID= OSM_PID=
cleanup() {
	[ -z "$SIM_PID$OSM_PID" ] || run_stop
	if [ -n "$KEEP" ]; then echo "scratch folder kept: $TOP"; else rm -rf "$TOP"; fi
}
trap cleanup EXIT
SUMMARY=$TOP/summary.tsv
printf 'topology\thosts\toversub\tengine\troute_ms\tshared_links\tvictim_shared\tvictim_alone\tcont_links_down\tcont_down\tcont_links_up\tcont_up\tebb_quiet\tebb_noisy\n' >"$SUMMARY"

# tenant_files NAME HOSTS VICTIMS M1: partitions, policy and weights files.
tenant_files() {
	python3 - "$TOP/$1" "$2" "$3" "$4" "$RECEIVERS" <<'PY'
import random, sys
base, hosts, victims, m1 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(2016)
per_leaf = victims // (hosts // m1)
receivers = min(int(sys.argv[5] or per_leaf), per_leaf)
guid = lambda i: "0x%016x" % ((0x0002c904 << 32 | i << 4) + 1)
vic, oth, heavy = [], [], []
for leaf in range(hosts // m1):
    drawn = rng.sample(range(m1), per_leaf)
    heavy += [guid(leaf * m1 + p) for p in drawn[:receivers]]
    for p in range(m1):
        (vic if p in drawn else oth).append(guid(leaf * m1 + p))
with open(base + ".parts", "w") as f:
    f.write("# Table 3 victim (%d hosts, %d per leaf) and interfering partition\n" % (len(vic), per_leaf))
    f.write("Default=0x7fff : ALL=full ;\n")
    f.write("victim=0x8001 :\n  " + ",\n  ".join(vic) + " ;\n")
    f.write("interfering=0x8002 :\n  " + ",\n  ".join(oth) + " ;\n")
with open(base + ".policy", "w") as f:
    f.write("mode strict\nvictim phy-isolation\n")
with open(base + ".weights", "w") as f:
    f.write("# %d victim hosts per leaf receive heavily\n" % receivers)
    f.writelines("%s 100\n" % g for g in heavy)
PY
}

# route_ms NAME ENGINE: best routing time of five runs (osmcloud's "route").
route_ms() {
	local name=$1 engine=$2 args=() i
	[ "$engine" = ftree ] && args=(--engine vswitch_ftree) ||
		args=(--engine "$engine" --partitions "$TOP/$name.parts"
		      --policies "$TOP/$name.policy" --weights "$TOP/$name.weights")
	for i in 1 2 3 4 5; do
		"$OSMCLOUD" route --topo "$TOP/$name.topo" "${args[@]}" \
			-o "$TOP/$name.$engine.lfts" 2>"$TOP/$name.$engine.err" ||
			{ echo "route $engine failed: $(cat "$TOP/$name.$engine.err")" >&2; return 1; }
		sed -nE 's/.*route ([0-9.]+) ms.*/\1/p' "$TOP/$name.$engine.err"
	done | sort -g | head -n 1
}

measure() {
	local name=$1 hosts=$2 victims=$3 mw=$4 over=$5 engine ms
	"$OSMCLOUD" gen --pgft "2;$mw;1,${mw#*,}" -o "$TOP/$name.topo" 2>"$TOP/$name.gen" ||
		{ echo "gen failed: $(cat "$TOP/$name.gen")" >&2; return 1; }
	tenant_files "$name" "$hosts" "$victims" "${mw%,*}" || return 1
	echo "== $name: XGFT(2;$mw;1,${mw#*,}), $hosts hosts, $over, victim $victims hosts"
	for engine in $ENGINES; do
		ms=$(route_ms "$name" "$engine") || return 1
		"$OSMCLOUD" check --topo "$TOP/$name.topo" --lfts "$TOP/$name.$engine.lfts" --json \
			--partitions "$TOP/$name.parts" --policies "$TOP/$name.policy" \
			--weights "$TOP/$name.weights" --victim victim --ebb-rounds "$ROUNDS" \
			>"$TOP/$name.$engine.json" 2>"$TOP/$name.$engine.check" ||
			{ echo "check $engine failed: $(cat "$TOP/$name.$engine.check")" >&2; return 1; }
		python3 - "$TOP/$name.$engine.json" "$name" "$hosts" "$over" "$engine" "$ms" >>"$SUMMARY" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
t = j["tenants"]
v = [p for p in t["partitions"] if p["name"] == "victim"][0]
print("\t".join(map(str, sys.argv[2:7] + [t["links_shared"], v["links_shared"],
      "yes" if v["alone"] else "no", t["contended_links_down"], t["contention_down"],
      t["contended_links_up"], t["contention_up"], "%.3f" % t["ebb_quiet"], "%.3f" % t["ebb_noisy"]])))
PY
	done
}

selected=$(echo "$TOPOLOGIES" | cut -d'|' -f1 | grep .)
[ -z "$QUICK" ] || selected=$QUICK_TOPOLOGIES
for name in $selected; do
	IFS='|' read -r _ hosts victims mw over <<<"$(echo "$TOPOLOGIES" | grep "^$name|")"
	measure "$name" "$hosts" "$victims" "$mw" "$over" || exit 1
done

# osm_span LOG ENGINE: ms from "building routing with 'ENGINE'" to
# "ENGINE tables configured on all switches" in an opensm log; and which
# engine configured the tables.
osm_span() {
	python3 - "$1" "$2" <<'PY'
import re, sys, datetime
log, engine = sys.argv[1], sys.argv[2]
stamp = re.compile(r'^(\w{3}) +(\d+) (\d\d):(\d\d):(\d\d) (\d{6}) \[[0-9A-Fa-f]+\] 0x[0-9a-f]{2} -> (.*)')
start = end = used = None
for line in open(log, errors="replace"):
    m = stamp.match(line)
    if not m:
        continue
    t = (int(m.group(3)) * 60 + int(m.group(4))) * 60 + int(m.group(5)) + int(m.group(6)) / 1e6
    text = m.group(7)
    if start is None and "building routing with '%s' routing algorithm" % engine in text:
        start = t
    elif start is not None and end is None and "tables configured on all switches" in text:
        end, used = t, re.search(r"(\S+) tables configured", text).group(1)
print("%.2f %s" % ((end - start) * 1000, used) if end is not None else "- none")
PY
}

# in_opensm NAME ENGINE REP: one opensm -o run; prints "ms engine_used".
in_opensm() {
	local name=$1 engine=$2 tag=osm-$1-$2-$3 conf limits
	run_new "$tag" || return 1
	limits=$(sed -nE 's/.*run ibsim (.*)$/\1/p' "$TOP/$name.gen")
	# shellcheck disable=SC2086
	sim_start "$TOP/$name.topo" $limits || { run_stop; return 1; }
	conf=$RUN/osm.conf
	printf 'osm_ucast_mgr.c 0x07\n' >"$RUN/pml.conf"
	printf '%s\n' qos-levels qos-level 'name: default' 'sl: 0' \
		end-qos-level end-qos-levels >"$RUN/qos-policy.conf"
	OSM_PARTITIONS=$(cat "$TOP/$name.parts") osm_conf "$conf" \
		"routing_engine $engine" "log_flags 0x03" "qos TRUE" \
		"per_module_logging_file $RUN/pml.conf" \
		"event_plugin_options policy=$TOP/$name.policy weights=$TOP/$name.weights"
	sed -i 's/^sweep_interval .*/sweep_interval 1000/' "$conf"
	[ "$engine" != ftree ] || sed -i '/^event_plugin_name /d; /^event_plugin_options /d' "$conf"
	osm_start "$conf" -o
	wait "$OSM_PID"
	OSM_PID=
	run_stop
	osm_span "$RUN/osm.log" "$engine"
}

OSM_TSV=$TOP/opensm.tsv
: >"$OSM_TSV"
if [ -n "$OPENSM" ]; then
	for tool in ibsim /usr/sbin/opensm; do
		command -v "$tool" >/dev/null || { echo "pftree.sh: $tool not found" >&2; exit 1; }
	done
	[ -f "$BUILD/.libs/libosmcloud.so" ] ||
		{ echo "pftree.sh: no $BUILD/.libs/libosmcloud.so" >&2; exit 1; }
	. "$SRC/tests/ibsim/lib.sh"
	mkdir -p "$TOP/bin" && cp "$BUILD/.libs/libosmcloud.so" "$TOP/bin/" || exit 1
	OC_PLUGIN_DIR=$TOP/bin
	echo
	echo "== inside stock opensm under ibsim ($(/usr/sbin/opensm --version 2>/dev/null | grep -o 'OpenSM [0-9.]*' | head -n 1)):"
	for name in $OPENSM_TOPOLOGIES; do
		grep -q "^$name\." <(ls "$TOP") || continue
		for engine in ftree $(echo "$ENGINES" | sed 's/ftree //'); do
			best=
			for rep in $(seq "$REPEAT"); do
				read -r ms used <<<"$(in_opensm "$name" "$engine" "$rep")"
				echo "   $name $engine run $rep: routing ${ms:--} ms (tables configured by ${used:-none})"
				[ "$used" = "$engine" ] || continue
				[ -n "$best" ] && awk -v a="$ms" -v b="$best" 'BEGIN {exit !(a >= b)}' ||
					best=$ms
			done
			printf '%s\t%s\t%s\n' "$name" "$engine" "${best:--}" >>"$OSM_TSV"
		done
	done
fi

echo
python3 - "$SUMMARY" "$OSM_TSV" <<'PY'
import csv, os, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
osm = {}
for line in open(sys.argv[2]):
    f = line.rstrip("\n").split("\t")
    if len(f) == 3 and f[2] != "-":
        osm[(f[0], f[1])] = float(f[2])
hdr = ["topology", "engine", "route ms", "shared links", "victim shared", "victim alone",
       "contention down (links/total)", "up (links/total)", "victim EBB quiet / noisy"]
out = []
for r in rows:
    out.append([r["topology"] + " (" + r["hosts"] + ", " + r["oversub"] + ")", r["engine"], r["route_ms"],
                r["shared_links"], r["victim_shared"], r["victim_alone"],
                r["cont_links_down"] + " / " + r["cont_down"], r["cont_links_up"] + " / " + r["cont_up"],
                r["ebb_quiet"] + " / " + r["ebb_noisy"]])
w = [max(len(x[i]) for x in out + [hdr]) for i in range(len(hdr))]
line = lambda x: "| " + " | ".join(c.ljust(w[i]) for i, c in enumerate(x)) + " |"
print(line(hdr))
print("|" + "|".join("-" * (n + 2) for n in w) + "|")
for x in out:
    print(line(x))
if osm:
    print()
    print("routing inside opensm (log span 'building routing with' -> 'tables configured', ms):")
    topos = sorted({t for t, _ in osm}, key=lambda t: int(t[1:]))
    engines = ["ftree", "pftree", "pftree_ext", "pftree_wt"]
    print("| topology | " + " | ".join(engines) + " | " +
          " | ".join("ftree / " + e for e in engines[1:]) + " |")
    print("|---" * (2 * len(engines)) + "|")
    for t in topos:
        ms = [osm.get((t, e)) for e in engines]
        cell = lambda v: "%.2f" % v if v is not None else "-"
        ratio = lambda e: ("%.2fx" % (ms[0] / osm[(t, e)])) if ms[0] and osm.get((t, e)) else "-"
        print("| %s | %s | %s |" % (t, " | ".join(cell(v) for v in ms),
                                   " | ".join(ratio(e) for e in engines[1:])))
PY
[ -z "$RESULTS" ] || cp "$SUMMARY" "$RESULTS"
exit 0
