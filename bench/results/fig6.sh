#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# fig6.sh - the vSwitch routing paper's Fig. 6 (= the ItRC paper's Fig. 7):
# routing time against fabric size, inside opensm under ibsim, for OpenSM's
# ftree, updn, dfsssp and lash and osmcloud's vswitch_ftree and sftree,
# next to the planning time of a migration by LID swap / LID copy (no
# path computation).  Section script of bench/results/README.md:
#
#   bench/results/fig6.sh --quick|--full --data DIR [--budget S]
#
# The routing time is bench.sh's (the log span "building routing with
# '<engine>'" -> "<engine> tables configured on all switches"); this script
# only calls bench.sh once per fabric and engine set and tabulates.
# Writes DIR/fig6.md, fig6.dat, fig6.gp, fig6.tsv (bench.sh's rows),
# fig6-plan.tsv (the plans' times) and fig6-bench.txt (bench.sh's output).

set -u
. "$(dirname "$0")/common.sh"
BUDGET=
MIGRATIONS=100
TABULATE=

section_help() {
	cat <<EOF
usage: bench/results/fig6.sh --quick|--full --data DIR [--budget S]
  --quick      324 and 648 nodes; ftree, updn, vswitch_ftree; budget 60 s
  --full       324, 648, 5,832 and 11,664 nodes; ftree, updn, dfsssp,
               lash, vswitch_ftree, sftree; budget 600 s per opensm run
  --data DIR   where fig6.md, fig6.dat, fig6.gp and the raw data go
  --budget S   kill an opensm run after S seconds ("> S s (budget)")
  --tabulate   measure nothing: rebuild fig6.md, .dat and .gp from the
               raw data a run left in DIR (fig6.tsv, fig6-plan.tsv, fig6-bench.txt)
Environment: OC_BUILDDIR (default $SRC/build).
EOF
}

section_extra() {
	case $1 in
	--tabulate) TABULATE=1 ;;
	--budget) [ $# -ge 2 ] && [ "$2" -ge 1 ] 2>/dev/null || {
			echo "fig6.sh: --budget needs seconds" >&2; exit 2; }
		BUDGET=$2; EXTRA_SHIFT=2 ;;
	*) return 1 ;;
	esac
}
section_args fig6 "$@"

if [ "$MODE" = quick ]; then
	FABRICS="ft324 ft648" PEERS=ftree,updn OWN="vswitch_ftree"
	: "${BUDGET:=60}"
else
	FABRICS="ft324 ft648 k18 pgft18" PEERS=ftree,updn,dfsssp,lash
	OWN="vswitch_ftree sftree"
	: "${BUDGET:=600}"
fi
# a guard for the shared machine: a run above it is reported as killed
MEM_BUDGET=${FIG6_MEM_BUDGET_MB:-12000}

TSV=$DATA/fig6.tsv PLAN=$DATA/fig6-plan.tsv LOG=$DATA/fig6-bench.txt
if [ -n "$TABULATE" ] && { [ ! -s "$TSV" ] || [ ! -s "$PLAN" ]; }; then
	echo "fig6.sh: --tabulate: no $TSV and $PLAN of an earlier run" >&2
	exit 1
fi
[ -n "$TABULATE" ] || : >"$LOG"
[ -n "$TABULATE" ] || printf 'fabric\thosts\tswitches\tcas\toff_s\toff_kb\toff_nodump_s\tengine\troute_s\trss_kb\tup_s\tused\tbudget\tqueue_s\tpre_route_s\tpost_route_s\troute_min_s\tcommand\n' >"$TSV"
[ -n "$TABULATE" ] || printf 'fabric\tmodel\titrc_plan_us\tftreeminrc_plan_us\tcommand\n' >"$PLAN"

# bench FABRIC ENGINE PEERS: one bench.sh run, its rows appended to TSV
bench() {
	local fab=$1 engine=$2 peers=$3 out=$DATA/.fig6-$1-$2.tsv cmd
	cmd="bench/bench.sh --no-offline --engine $engine --peers '$peers' --time-budget $BUDGET --mem-budget $MEM_BUDGET $fab"
	echo "== $cmd" >>"$LOG"
	nice "$SRC/bench/bench.sh" --no-offline --engine "$engine" \
		--peers "$peers" --time-budget "$BUDGET" --mem-budget "$MEM_BUDGET" \
		--results "$out" "$fab" >>"$LOG" 2>&1 || {
		echo "fig6.sh: bench.sh failed on $fab ($engine): $(tail -n 3 "$LOG")" >&2
		return 1; }
	tail -n +2 "$out" | sed "s|\$|\t$cmd|" >>"$TSV"
	rm -f "$out"
}

# plan FABRIC MODEL: median planning time of MIGRATIONS random migrations
# on the vSwitch version of FABRIC (2 VFs per hypervisor)
plan() {
	local fab=$1 model=$2 net=$DATA/.fig6-$1-vsw.net out sh cmd
	sh=$(fabric_shape "$fab")
	# shellcheck disable=SC2086
	"$OSMCLOUD" gen $sh --vswitch 2 -o "$net" 2>/dev/null || {
		echo "fig6.sh: osmcloud gen $sh --vswitch 2 failed" >&2; return 1; }
	cmd="$(gen_cmd $sh) --vswitch 2 -o F; osmcloud plan --topo F --lid-model $model --random $MIGRATIONS --seed 1 -q"
	out=$(nice "$OSMCLOUD" plan --topo "$net" --lid-model "$model" --random "$MIGRATIONS" --seed 1 -q 2>&1) || {
		echo "fig6.sh: $cmd failed: $(echo "$out" | tail -n 2)" >&2; rm -f "$net"; return 1; }
	rm -f "$net"
	echo "$out" | awk -v f="$fab" -v m="$model" -v c="$cmd" \
		'/whole plan, median us/ {printf "%s\t%s\t%s\t%s\t%s\n", f, m, $(NF-1), $NF, c}' >>"$PLAN"
}

rc=0
for fab in $([ -n "$TABULATE" ] || echo "$FABRICS"); do
	bench "$fab" vswitch_ftree "$PEERS" || rc=1
	for engine in $OWN; do
		[ "$engine" = vswitch_ftree ] || bench "$fab" "$engine" "" || rc=1
	done
	plan "$fab" prepopulated || rc=1
	plan "$fab" dynamic || rc=1
done

OSM_VERSION=$(pkg_version opensm) \
python3 - "$DATA" "$MODE" "$BUDGET" "$PEERS" "$OWN" <<'PY' || rc=1
import csv, os, sys
data, mode, budget = sys.argv[1], sys.argv[2], sys.argv[3]
engines = sys.argv[4].split(",") + sys.argv[5].split()
rows = list(csv.DictReader(open(data + "/fig6.tsv"), delimiter="\t"))
plans = list(csv.DictReader(open(data + "/fig6-plan.tsv"), delimiter="\t"))
fabrics = []
for r in rows:
    if r["fabric"] not in fabrics:
        fabrics.append(r["fabric"])
# the papers' text (Fig. 6 itself has no data labels): nodes -> seconds
paper = {"ftree": {324: 0.012, 11664: 67}, "dfsssp": {324: 0.142, 11664: 625},
         "lash": {11664: 39145}}
def get(fab, eng):
    for r in rows:
        if r["fabric"] == fab and r["engine"] == eng:
            return r
def secs(r):
    """seconds for the plot, or None (killed, fell back, missing)"""
    if not r or not r["route_s"] or r["used"] != r["engine"]:
        return None
    return float(r["route_s"])
def fmt(v):
    return ("%.4f" if v < 0.01 else "%.3f" if v < 1 else "%.2f" if v < 10 else "%.1f") % v
def cell(r):
    if not r:
        return "not run"
    if r["budget"]:
        low = r["route_min_s"]
        return ("> %s s (budget, routing > %s s)" % (budget, low) if low
                else r["budget"])
    if r["used"] != r["engine"]:
        return "fell back to %s" % (r["used"] or "none")
    return fmt(float(r["route_s"])) + " s"
def plan_ms(fab, model, col):
    for p in plans:
        if p["fabric"] == fab and p["model"] == model:
            return float(p[col]) / 1000
hosts = {f: int(get(f, "vswitch_ftree")["hosts"]) if get(f, "vswitch_ftree") else 0 for f in fabrics}
sws = {f: get(f, "vswitch_ftree")["switches"] if get(f, "vswitch_ftree") else "?" for f in fabrics}
with open(data + "/fig6.dat", "w") as d:
    cols = ["nodes"] + engines + ["lid_swap_plan", "lid_copy_plan"] + ["paper_" + e for e in paper]
    d.write("# " + " ".join(cols) + "   (seconds; - = not measured or over budget)\n")
    for f in fabrics:
        v = [str(hosts[f])]
        for e in engines:
            s = secs(get(f, e))
            v.append("%.6f" % s if s is not None else "-")
        for model in ("prepopulated", "dynamic"):
            ms = plan_ms(f, model, "ftreeminrc_plan_us")
            v.append("%.6f" % (ms / 1000) if ms is not None else "-")
        for e in paper:
            x = paper[e].get(hosts[f])
            v.append(str(x) if x is not None else "-")
        d.write(" ".join(v) + "\n")
n = 2 + len(engines)
with open(data + "/fig6.gp", "w") as g:
    g.write('set title "Routing time inside opensm (ibsim) against fabric size"\n')
    g.write('set xlabel "nodes (36-port fat-trees)"\nset ylabel "seconds (log)"\n')
    g.write('set logscale y\nset format y "%g"\nset datafile missing "-"\n')
    g.write('set termoption noenhanced\nset key outside right\n')
    g.write('set grid ytics\nset xrange [-0.5:%g]\n' % (len(fabrics) - 0.5))
    parts = []
    for i, e in enumerate(engines):
        parts.append("'fig6.dat' using 0:%d:xtic(1) with linespoints lw 2 lc %d title '%s (ours)'" % (i + 2, i + 1, e))
    parts.append("'' using 0:%d with linespoints lw 2 dt 3 lc %d title 'LID swap: plan (ours)'" % (n, len(engines) + 1))
    parts.append("'' using 0:%d with linespoints lw 2 dt 3 lc %d title 'LID copy: plan (ours)'" % (n + 1, len(engines) + 2))
    parts.append("%s with lines dt 2 lc rgb 'gray50' title 'budget, %s s'" % (budget, budget))
    for i, e in enumerate(paper):
        if not any(hosts[f] in paper[e] for f in fabrics):
            continue
        lc = engines.index(e) + 1 if e in engines else len(engines) + 3
        parts.append("'' using 0:%d with points pt 7 ps 1.5 lc %d title 'paper: %s'" % (n + 2 + i, lc, e))
    g.write("plot " + ", \\\n     ".join(parts) + "\n")
out = []
w = out.append
w("## Fig. 6: routing time against fabric size\n")
w("The vSwitch routing paper's Fig. 6 and the ItRC paper's Fig. 7 are the same "
  "experiment: four 36-port fat-trees emulated by ibsim, routed by opensm. Ours: "
  "stock opensm under ibsim, one sweep per engine (`opensm -o`), the routing time "
  "being the span of opensm's own log from `building routing with '<engine>'` to "
  "`<engine> tables configured on all switches` (bench/bench.sh, which also "
  "queues the LFT blocks); OpenSM's engines run without the plugin, "
  "vswitch_ftree and sftree with it. A run is killed after %s s (`> %s s (budget)`, "
  "not plotted). Mode: %s.\n" % (budget, budget, mode))
w("![Routing time against fabric size](results/fig6.png)\n")
hdr = ["nodes / switches"] + engines + ["LID swap / copy: plan", "command"]
w("| " + " | ".join(hdr) + " |")
w("|" + "---|" * len(hdr))
for f in fabrics:
    c = ["%s / %s" % ("{:,}".format(hosts[f]), "{:,}".format(int(sws[f])))]
    for e in engines:
        t = cell(get(f, e))
        p = paper.get(e, {}).get(hosts[f])
        c.append(t + (" (paper %s s)" % p if p is not None else ""))
    sw, cp = plan_ms(f, "prepopulated", "ftreeminrc_plan_us"), plan_ms(f, "dynamic", "ftreeminrc_plan_us")
    c.append("%s / %s ms (paper: 0 s of path computation)" % (
        "%.3f" % sw if sw is not None else "-", "%.3f" % cp if cp is not None else "-"))
    cmds = sorted(set(r["command"] for r in rows if r["fabric"] == f))
    cmds += [p["command"] for p in plans if p["fabric"] == f]
    c.append("<br>".join("`%s`" % x for x in cmds))
    w("| " + " | ".join(c) + " |")
w("")
w("The papers give numbers only in their text (the bars carry no labels): ftree "
  "0.012 s at 324 nodes and 67 s at 11,664; dfsssp 0.142 s and 625 s; lash 39,145 s "
  "at 11,664 (the ItRC paper's Fig. 7 gives the same figures, measured on its "
  "8-core testbed machines; the routing paper's on an 8-core HP DL360p Gen8). "
  "LID swap / copy: the paper's bar is zero path computation; ours is the whole "
  "FTreeMinRC plan of a migration (median of %s random migrations, "
  "`osmcloud plan`: switch selection and the LFT blocks to send), on the vSwitch "
  "version of the same fabric (2 VFs per hypervisor), prepopulated LIDs (swap) "
  "and dynamic LIDs (copy).\n" % "100")
def ratio(e, nodes):
    r = [x for x in rows if x["engine"] == e and int(x["hosts"]) == nodes]
    return secs(r[0]) if r else None
notes = []
for e, pts in paper.items():
    for nodes, p in pts.items():
        s = ratio(e, nodes)
        k = [x for x in rows if x["engine"] == e and int(x["hosts"]) == nodes and x["budget"]]
        if k:
            notes.append("%s at %s nodes: ours killed at the budget (%s), paper %s s: "
                         "not measured to the end, %s" % (
                             e, "{:,}".format(nodes), k[0]["budget"], p,
                             "consistent with the paper's figure" if p > float(budget)
                             else "slower than the paper"))
        if s is not None:
            notes.append("%s at %s nodes: ours %s s, paper %s s (%.2gx)" % (
                e, "{:,}".format(nodes), fmt(s), p, s / p))
# bench.sh's disturbance figure per run: CPU time of other processes
import re
other, fab = [], None
for line in open(data + "/fig6-bench.txt", errors="replace"):
    m = re.match(r"== (\w+): ", line)
    if m:
        fab = m.group(1)
    m = re.match(r"\s+opensm -R (\S+) .* other CPU ([0-9.]+) s", line)
    # a killed run's own CPU time is lost with /usr/bin/time: not counted
    if m and fab and float(m.group(2)) >= 1 and "KILLED" not in line:
        other.append("%s %s: %s s" % (fab, m.group(1), m.group(2)))
if other:
    w("Disturbed runs: the machine was shared while measuring; bench.sh counts the "
      "CPU time other processes used during each opensm run, and these were "
      "not idle (a disturbance only ever adds time): %s. The full figures are "
      "in fig6-bench.txt beside this page's data.\n" % "; ".join(other))
if notes:
    w("Where ours differs: " + "; ".join(notes) + ". OpenSM here is Debian's "
      "%s on a 2-core virtual machine shared with other jobs, not the "
      "paper's OpenSM 3.3.16 on 8 cores: absolute seconds depend on both, the "
      "order of the engines and how their times grow with the fabric are what "
      "compares.\n" % os.environ.get("OSM_VERSION", "?"))
open(data + "/fig6.md", "w").write("\n".join(out) + "\n")
PY
exit $rc
